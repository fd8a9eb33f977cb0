package jupytertest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/fitlib/data"
)

const python = "/usr/bin/python3"

// env is the environment for Python clients: the kernelspec installed
// under a temporary prefix, and a private runtime dir.
var (
	tmpRoot string
	binary  string
	env     []string
)

func TestMain(m *testing.M) {
	if listing() {
		os.Exit(m.Run()) // `go test -list` (make fuzz) needs no binary
	}
	os.Exit(setupAndRun(m))
}

// listing reports whether the test binary only lists tests.
func listing() bool {
	flag.Parse()
	f := flag.Lookup("test.list")
	return f != nil && f.Value.String() != ""
}

func setupAndRun(m *testing.M) int {
	var err error
	tmpRoot, err = os.MkdirTemp("", "gophernote-jupytertest")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmpRoot)
	binary = filepath.Join(tmpRoot, "gophernote")
	if out, err := exec.Command("go", "build", "-o", binary, "github.com/gophernote/gophernote/cmd/gophernote").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building gophernote: %v\n%s", err, out)
		return 1
	}
	prefix := filepath.Join(tmpRoot, "prefix")
	if out, err := exec.Command(binary, "install", "--prefix", prefix).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "gophernote install: %v\n%s", err, out)
		return 1
	}
	env = append(os.Environ(),
		"JUPYTER_PATH="+filepath.Join(prefix, "share", "jupyter"),
		"JUPYTER_RUNTIME_DIR="+filepath.Join(tmpRoot, "runtime"),
		"JUPYTER_PLATFORM_DIRS=1",
		"PYDEVD_DISABLE_FILE_VALIDATION=1",
		"PYTHONDONTWRITEBYTECODE=1",
	)
	env = append(env, dataEnv()...)
	return m.Run()
}

// dataEnv names the dataset folder for the kernels, which run in tmpRoot
// where data.Dirs' walk up from the working directory finds nothing (the
// recorded notebook 04 session loads the Pythia table): the first of
// data.Dirs, seen from this package's folder, holding the table; nothing
// when $GOPHERNOTE_DATA is set already or no folder has it.
func dataEnv() []string {
	if os.Getenv(data.EnvVar) != "" {
		return nil
	}
	for _, d := range data.Dirs() {
		if _, err := os.Stat(filepath.Join(d, "pythia_checkpoints")); err == nil {
			if abs, err := filepath.Abs(d); err == nil {
				return []string{data.EnvVar + "=" + abs}
			}
		}
	}
	return nil
}

// requirePython fails the test when a Debian Python module the real-client
// tests need is missing (.ci/run installs them).
func requirePython(t *testing.T, modules ...string) {
	t.Helper()
	for _, mod := range modules {
		if err := exec.Command(python, "-c", "import "+mod).Run(); err != nil {
			t.Fatalf("%s cannot import %s: install the Debian packages listed in .ci/run", python, mod)
		}
	}
}

// runPython runs a script from testdata with args and returns its stdout;
// stderr is logged. A non-zero exit fails the test.
func runPython(t *testing.T, script string, args ...string) string {
	t.Helper()
	out, errOut, err := runPythonRaw(script, args...)
	if strings.TrimSpace(errOut) != "" {
		t.Logf("%s stderr:\n%s", script, errOut)
	}
	if err != nil {
		t.Fatalf("%s %v: %v\nstdout:\n%s", script, args, err, out)
	}
	return out
}

func runPythonRaw(script string, args ...string) (stdout, stderr string, err error) {
	abs, _ := filepath.Abs(filepath.Join("testdata", script))
	cmd := exec.Command(python, append([]string{"-Xfrozen_modules=off", abs}, args...)...)
	cmd.Env = env
	cmd.Dir = tmpRoot
	// A kernel the script left behind holds its stdout: do not wait for it.
	cmd.WaitDelay = 10 * time.Second
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}
