package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"image/png"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// binary is the gophernote binary built once for these tests.
var binary string

func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.list"); f != nil && f.Value.String() != "" {
		os.Exit(m.Run()) // `go test -list` (make fuzz) needs no binary
	}
	dir, err := os.MkdirTemp("", "gophernote-cmd-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "gophernote")
	out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	if err != nil {
		os.RemoveAll(dir)
		panic("building gophernote: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// run executes the binary with args and extra environment.
func run(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runIn(t, "", append(os.Environ(), env...), args...)
}

// wantFail asserts a non-zero exit with exactly one stderr line containing
// every fragment.
func wantFail(t *testing.T, env []string, frags []string, args ...string) {
	t.Helper()
	_, stderr, code := run(t, env, args...)
	if code == 0 {
		t.Errorf("%v: exit 0, want failure", args)
	}
	if lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n"); len(lines) != 1 {
		t.Errorf("%v: stderr has %d lines, want 1:\n%s", args, len(lines), stderr)
	}
	for _, f := range frags {
		if !strings.Contains(stderr, f) {
			t.Errorf("%v: stderr %q lacks %q", args, stderr, f)
		}
	}
}

func TestVersion(t *testing.T) {
	out, _, code := run(t, nil, "version")
	if code != 0 || !strings.Contains(out, "gophernote "+version) || !strings.Contains(out, "go go1.") || !strings.Contains(out, "yaegi ") {
		t.Errorf("version: code %d, output %q", code, out)
	}
}

func TestUsage(t *testing.T) {
	_, stderr, code := run(t, nil)
	if code != 2 || !strings.Contains(stderr, "usage: gophernote") {
		t.Errorf("no args: code %d stderr %q", code, stderr)
	}
	_, stderr, code = run(t, nil, "frobnicate")
	if code != 2 || !strings.Contains(stderr, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: code %d stderr %q", code, stderr)
	}
	out, _, code := run(t, nil, "help")
	if code != 0 || !strings.Contains(out, "kernel CONNECTION_FILE") {
		t.Errorf("help: %d %q", code, out)
	}
}

// kernelspecs lists kernelspecs as `jupyter kernelspec list --json` does,
// running jupyter_client's kernelspec application directly (Debian ships
// the `jupyter-kernelspec` command in a separate package, jupyter-client).
func kernelspecs(t *testing.T, env []string) map[string]string {
	t.Helper()
	cmd := exec.Command("/usr/bin/python3", "-Xfrozen_modules=off", "-m", "jupyter_client.kernelspecapp", "list", "--json")
	cmd.Env = append(os.Environ(), append([]string{"PYDEVD_DISABLE_FILE_VALIDATION=1"}, env...)...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("jupyter kernelspec list: %v", err)
	}
	var list struct {
		Kernelspecs map[string]struct {
			ResourceDir string `json:"resource_dir"`
		} `json:"kernelspecs"`
	}
	if err := json.Unmarshal(out, &list); err != nil {
		t.Fatalf("kernelspec list output %q: %v", out, err)
	}
	specs := map[string]string{}
	for name, s := range list.Kernelspecs {
		specs[name] = s.ResourceDir
	}
	return specs
}

func checkSpecDir(t *testing.T, dir string) {
	t.Helper()
	var spec kernelSpec
	b, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	if len(spec.Argv) != 3 || spec.Argv[0] != binary || spec.Argv[1] != "kernel" || spec.Argv[2] != "{connection_file}" {
		t.Errorf("argv = %q, want [%s kernel {connection_file}]", spec.Argv, binary)
	}
	if spec.DisplayName != "Go (gophernote)" || spec.Language != "go" || spec.InterruptMode != "message" {
		t.Errorf("spec = %+v", spec)
	}
	for _, size := range []int{32, 64} {
		f, err := os.Open(filepath.Join(dir, "logo-"+strconv.Itoa(size)+"x"+strconv.Itoa(size)+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("logo %d: %v", size, err)
		}
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Errorf("logo %d is %v", size, b)
		}
		// The centre is drawn (opaque), the corner is transparent.
		if _, _, _, a := img.At(size/2, size/2+size/8).RGBA(); a == 0 {
			t.Errorf("logo %d: centre transparent", size)
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("logo %d: corner opaque", size)
		}
	}
}

func TestInstallPrefix(t *testing.T) {
	tmp := t.TempDir()
	out, stderr, code := run(t, nil, "install", "--prefix", tmp, "--name", "gn-test")
	if code != 0 {
		t.Fatalf("install: %d %s", code, stderr)
	}
	dir := filepath.Join(tmp, "share", "jupyter", "kernels", "gn-test")
	if !strings.Contains(out, dir) {
		t.Errorf("install output %q does not name %s", out, dir)
	}
	checkSpecDir(t, dir)
	specs := kernelspecs(t, []string{"JUPYTER_PATH=" + filepath.Join(tmp, "share", "jupyter")})
	if specs["gn-test"] != dir {
		t.Errorf("jupyter sees %v, want gn-test at %s", specs, dir)
	}
}

func TestInstallUser(t *testing.T) {
	home := t.TempDir()
	env := []string{"HOME=" + home, "JUPYTER_DATA_DIR=", "XDG_DATA_HOME="}
	if _, stderr, code := run(t, env, "install", "--user"); code != 0 {
		t.Fatalf("install --user: %d %s", code, stderr)
	}
	dir := filepath.Join(home, ".local", "share", "jupyter", "kernels", "gophernote")
	checkSpecDir(t, dir)
	if specs := kernelspecs(t, env); specs["gophernote"] != dir {
		t.Errorf("jupyter sees %v, want gophernote at %s", specs, dir)
	}
	// No flag means --user.
	home2 := t.TempDir()
	if _, stderr, code := run(t, []string{"HOME=" + home2, "JUPYTER_DATA_DIR=", "XDG_DATA_HOME="}, "install"); code != 0 {
		t.Fatalf("install: %d %s", code, stderr)
	}
	checkSpecDir(t, filepath.Join(home2, ".local", "share", "jupyter", "kernels", "gophernote"))
}

// TestInstallSysPrefix points PATH at a `jupyter` whose #! interpreter
// reports a temporary sys.prefix, so the test does not write into /usr.
func TestInstallSysPrefix(t *testing.T) {
	tmp := t.TempDir()
	prefix := filepath.Join(tmp, "prefix")
	python := filepath.Join(tmp, "fakepython")
	if err := os.WriteFile(python, []byte("#!/bin/sh\necho "+prefix+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(tmp, "bin")
	os.Mkdir(bin, 0o755)
	if err := os.WriteFile(filepath.Join(bin, "jupyter"), []byte("#!"+python+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := run(t, []string{"PATH=" + bin + ":/usr/bin:/bin"}, "install", "--sys-prefix"); code != 0 {
		t.Fatalf("install --sys-prefix: %d %s", code, stderr)
	}
	checkSpecDir(t, filepath.Join(prefix, "share", "jupyter", "kernels", "gophernote"))
	// The real Debian jupyter's Python reports /usr.
	if p := shebang("/usr/bin/jupyter"); p != "" && p != "/usr/bin/python3" {
		t.Logf("note: /usr/bin/jupyter runs %s", p)
	}
}

func TestInstallErrors(t *testing.T) {
	wantFail(t, nil, []string{"mutually exclusive"}, "install", "--user", "--prefix", "/tmp/x")
	wantFail(t, nil, []string{"flag provided but not defined", "-bogus"}, "install", "--bogus")
	wantFail(t, nil, []string{"kernel name", "a/b"}, "install", "--prefix", t.TempDir(), "--name", "a/b")
	wantFail(t, nil, []string{"unexpected argument"}, "install", "extra")
	wantFail(t, nil, []string{"--prefix needs a directory"}, "install", "--prefix", "")
}

func writeConn(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "kernel.json")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func connJSON(ports [5]int, scheme string) string {
	b, _ := json.Marshal(map[string]any{
		"transport": "tcp", "ip": "127.0.0.1", "shell_port": ports[0], "iopub_port": ports[1],
		"stdin_port": ports[2], "control_port": ports[3], "hb_port": ports[4],
		"signature_scheme": scheme, "key": "k",
	})
	return string(b)
}

func TestKernelErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.json")
	wantFail(t, nil, []string{"connection file", "nope.json", "no such file"}, "kernel", missing)
	wantFail(t, nil, []string{"invalid JSON", "kernel.json"}, "kernel", writeConn(t, "{not json"))
	ports := [5]int{}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	busy := l.Addr().(*net.TCPAddr).Port
	for i := range ports {
		ports[i] = busy + 1 + i // only the shell port matters below
	}
	wantFail(t, nil, []string{`signature_scheme "hmac-md5"`}, "kernel", writeConn(t, connJSON(ports, "hmac-md5")))
	ports[0] = busy
	wantFail(t, nil, []string{"shell", strconv.Itoa(busy), "address already in use"}, "kernel", writeConn(t, connJSON(ports, "hmac-sha256")))
	wantFail(t, nil, []string{"connection file"}, "kernel")
}

// TestKernelSIGTERM: the kernel exits 0 on SIGTERM.
func TestKernelSIGTERM(t *testing.T) {
	var ports [5]int
	for i := range ports {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ports[i] = l.Addr().(*net.TCPAddr).Port
		l.Close()
	}
	cmd := exec.Command(binary, "kernel", writeConn(t, connJSON(ports, "hmac-sha256")))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the shell port accepts connections.
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(ports[0]))
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("kernel never listened: %s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	cmd.Process.Signal(os.Interrupt) // SIGINT interrupts a cell; it must not stop the kernel
	select {
	case err := <-exited:
		t.Fatalf("kernel exited on SIGINT: %v\n%s", err, stderr.String())
	case <-time.After(300 * time.Millisecond):
	}
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit after SIGTERM: %v\n%s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("kernel still running 10s after SIGTERM")
	}
}

// TestSysPrefixDebian: with Debian's jupyter on PATH, --sys-prefix means
// /usr (its #! is /usr/bin/python3, whose sys.prefix is /usr), where
// Jupyter looks in /usr/share/jupyter/kernels.
func TestSysPrefixDebian(t *testing.T) {
	if _, err := os.Stat("/usr/bin/jupyter"); err != nil {
		t.Fatalf("Debian's jupyter is missing (install the packages in .ci/run): %v", err)
	}
	t.Setenv("PATH", "/usr/bin:/bin")
	p, err := pythonSysPrefix()
	if err != nil || p != "/usr" {
		t.Errorf("pythonSysPrefix() = %q, %v; want /usr", p, err)
	}
}
