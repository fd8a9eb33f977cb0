// Package browserenv is what the real-browser tests share: a freshly built
// gophernote with its kernelspec under a temporary prefix, a Jupyter server
// process with every Jupyter directory private to the test, the directory
// screenshots are kept in, and a summary of a saved notebook's outputs for
// comparing a browser run with `gophernote run`.
package browserenv

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/kernel/runner"
)

// Kernel is a gophernote binary built for the test and installed as the
// kernelspec "gophernote" under Prefix.
type Kernel struct {
	Bin         string // the binary
	JupyterPath string // Prefix/share/jupyter, for $JUPYTER_PATH
}

// BuildKernel builds cmd/gophernote into dir and installs its kernelspec
// under dir/prefix.
func BuildKernel(t testing.TB, dir string) Kernel {
	t.Helper()
	bin := filepath.Join(dir, "gophernote")
	if b, err := exec.Command("go", "build", "-o", bin, "github.com/gophernote/gophernote/cmd/gophernote").CombinedOutput(); err != nil {
		t.Fatalf("building gophernote: %v\n%s", err, b)
	}
	prefix := filepath.Join(dir, "prefix")
	if b, err := exec.Command(bin, "install", "--prefix", prefix).CombinedOutput(); err != nil {
		t.Fatalf("gophernote install --prefix: %v\n%s", err, b)
	}
	return Kernel{Bin: bin, JupyterPath: filepath.Join(prefix, "share", "jupyter")}
}

// OutDir is $GOPHERNOTE_TEST_OUT/name (created), where screenshots are
// kept, or a temporary directory when the variable is unset.
func OutDir(t testing.TB, name string) string {
	t.Helper()
	if d := os.Getenv("GOPHERNOTE_TEST_OUT"); d != "" {
		d = filepath.Join(d, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// FreePort returns a TCP port free on 127.0.0.1.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Token returns a random hex token of n bytes.
func Token(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// JupyterEnv is the environment of a Jupyter server whose configuration,
// data, runtime and home directories live under tmp, finding kernelspecs
// under jupyterPath.
func JupyterEnv(t testing.TB, tmp, jupyterPath string) []string {
	t.Helper()
	home := filepath.Join(tmp, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	return append(append(os.Environ(), dataEnv()...),
		"HOME="+home,
		"JUPYTER_PATH="+jupyterPath,
		"JUPYTER_CONFIG_DIR="+filepath.Join(tmp, "jupyter-config"),
		"JUPYTER_DATA_DIR="+filepath.Join(tmp, "jupyter-data"),
		"JUPYTER_RUNTIME_DIR="+filepath.Join(tmp, "jupyter-runtime"),
		"IPYTHONDIR="+filepath.Join(tmp, "ipython"),
	)
}

// dataEnv names the dataset folder for kernels started under a temporary
// HOME: without it they would miss the user cache that `gophernote data
// fetch` (make deps) filled on a machine without ../shared/data, and
// download everything again. It is the first folder of data.Dirs holding a
// catalogued table, or nothing when $GOPHERNOTE_DATA is set already.
func dataEnv() []string {
	if os.Getenv(data.EnvVar) != "" {
		return nil
	}
	for _, d := range data.Dirs() {
		if _, err := os.Stat(filepath.Join(d, "chinchilla", "svg_extracted_data.csv")); err == nil {
			if abs, err := filepath.Abs(d); err == nil {
				return []string{data.EnvVar + "=" + abs}
			}
		}
	}
	return nil
}

// Server is a running server process and its log.
type Server struct {
	Name string
	cmd  *exec.Cmd
	log  *SyncBuffer
	done chan struct{} // closed when the process has exited
	err  error         // its exit status, valid once done is closed
}

// Log returns what the server printed so far.
func (s *Server) Log() string { return s.log.String() }

// StartServer starts cmd in its own process group and stops the group
// (the server and its kernels) at cleanup; on failure the log is printed.
func StartServer(t testing.TB, name string, cmd *exec.Cmd) *Server {
	t.Helper()
	s := &Server{Name: name, cmd: cmd, log: &SyncBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = s.log, s.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the %s: %v", name, err)
	}
	go func() { s.err = cmd.Wait(); close(s.done) }()
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-s.done
		}
		if t.Failed() {
			t.Logf("%s log:\n%s", name, s.log.String())
		}
	})
	return s
}

// WaitUp polls url until the server answers 200, failing the test when
// the server exits or 90 s pass.
func (s *Server) WaitUp(t testing.TB, url string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-s.done:
			t.Fatalf("%s exited: %v\n%s", s.Name, s.err, s.log.String())
		default:
		}
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("%s not up after 90s:\n%s", s.Name, s.log.String())
}

// SyncBuffer is a bytes.Buffer safe for a process's stdout and stderr.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// WriteNotebook writes an nbformat 4.5 notebook of code cells with the
// gophernote kernelspec to path.
func WriteNotebook(path string, sources ...string) error {
	var cs []map[string]any
	for i, src := range sources {
		cs = append(cs, map[string]any{
			"cell_type": "code", "id": fmt.Sprintf("cell%d", i+1), "metadata": map[string]any{},
			"source": src, "outputs": []any{}, "execution_count": nil,
		})
	}
	nb := map[string]any{
		"nbformat": 4, "nbformat_minor": 5, "cells": cs,
		"metadata": map[string]any{
			"kernelspec":    map[string]any{"name": "gophernote", "display_name": "Go (gophernote)", "language": "go"},
			"language_info": map[string]any{"name": "go"},
		},
	}
	data, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// Outputs summarises each code cell's outputs of the notebook at path as
// comparable strings: streams (consecutive chunks joined), and for rich
// outputs the MIME types with the text of text/plain, text/latex and
// application/json (images are compared by type only: the front end does
// not re-encode them, but the bytes are not part of the contract).
func Outputs(t testing.TB, path string) [][]string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells []struct {
			CellType string `json:"cell_type"`
			Outputs  []struct {
				OutputType string                     `json:"output_type"`
				Name       string                     `json:"name"`
				Text       any                        `json:"text"`
				Data       map[string]json.RawMessage `json:"data"`
			} `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(raw, &nb); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var cells [][]string
	for _, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		var outs []string
		for _, o := range c.Outputs {
			switch o.OutputType {
			case "stream":
				text := JoinText(o.Text)
				if n := len(outs); n > 0 && strings.HasPrefix(outs[n-1], "stream:"+o.Name+":") {
					outs[n-1] += text
				} else {
					outs = append(outs, "stream:"+o.Name+":"+text)
				}
			default:
				var keys []string
				for k := range o.Data {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				desc := o.OutputType + ":" + strings.Join(keys, ",")
				for _, k := range []string{"text/plain", "text/latex", "application/json"} {
					if v, ok := o.Data[k]; ok {
						var x any
						_ = json.Unmarshal(v, &x)
						if k == "application/json" {
							b, _ := json.Marshal(x)
							desc += " " + k + "=" + string(b)
						} else {
							desc += " " + k + "=" + elapsed.ReplaceAllString(JoinText(x), "<elapsed> done")
						}
					}
				}
				outs = append(outs, desc)
			}
		}
		cells = append(cells, outs)
	}
	return cells
}

// elapsed matches the wall time a finished progress bar reports ("1.2s
// done"): it differs from run to run, so it is masked before comparing.
var elapsed = regexp.MustCompile(`[0-9][0-9.hmsµun]* done`)

// JoinText accepts nbformat's multiline strings (a string or a list).
func JoinText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		var b strings.Builder
		for _, s := range x {
			fmt.Fprint(&b, s)
		}
		return b.String()
	}
	return fmt.Sprint(v)
}

// CompareOutputs fails t for each code cell whose outputs in the notebook
// got differ from those in want (see Outputs); want must have outputs in at
// least minCells cells.
func CompareOutputs(t testing.TB, got, want string, minCells int) {
	t.Helper()
	w, g := Outputs(t, want), Outputs(t, got)
	withOutput := 0
	for _, outs := range w {
		if len(outs) > 0 {
			withOutput++
		}
	}
	if withOutput < minCells {
		t.Fatalf("%s has outputs in only %d code cells: nothing to compare", want, withOutput)
	}
	if len(w) != len(g) {
		t.Fatalf("%s has %d code cells, %s %d", got, len(g), want, len(w))
	}
	// Elapsed times (a fit report's "time:", %time's lines) differ between
	// any two runs: compared masked, as the notebooks' own re-run test does.
	for i := range w {
		if runner.MaskTimes(strings.Join(g[i], "\n")) != runner.MaskTimes(strings.Join(w[i], "\n")) {
			t.Errorf("code cell %d outputs differ:\nbrowser:  %q\nheadless: %q", i+1, g[i], w[i])
		}
	}
}

// ValidateNotebook fails t when nbformat (Debian's python3-nbformat) does
// not accept the notebook at path.
func ValidateNotebook(t testing.TB, path string) {
	t.Helper()
	const script = "import sys, nbformat\nnb = nbformat.read(sys.argv[1], as_version=4)\nnbformat.validate(nb)\nprint(nb.nbformat, nb.nbformat_minor)"
	out, err := exec.Command("/usr/bin/python3", "-c", script, path).CombinedOutput()
	if err != nil {
		t.Errorf("nbformat rejects %s: %v\n%s", path, err, out)
	}
}
