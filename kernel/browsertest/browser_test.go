package browsertest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/png"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The cells the browser runs: a plot (shown inline as PNG) and a formula.
var cells = []string{
	`import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"github.com/gophernote/gophernote/kernel/display"
)
p := plot.New()
p.Title.Text = "browser test"
pts := make(plotter.XYs, 50)
for i := range pts {
	pts[i].X = float64(i)
	pts[i].Y = float64(i * i)
}
line, _ := plotter.NewLine(pts)
p.Add(line)
display.Plot(p, display.PNGOnly()) // PNG only: given both, the notebook shows the SVG`,
	"display.LaTeX(`L(C) = E + \\frac{A}{C^{\\alpha}}`)",
}

// result is what drive.js prints.
type result struct {
	PNG      struct{ Width, Height int }
	MathText string
	Errors   []string
	MathJax  []string
}

func TestNotebookInChromium(t *testing.T) {
	for _, need := range []string{"/usr/bin/chromium", "/usr/bin/python3"} {
		if _, err := os.Stat(need); err != nil {
			t.Fatalf("%s is required (Debian packages chromium, jupyter-notebook): %v", need, err)
		}
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is required: %v", err)
	}
	if _, err := os.Stat("testdata/node_modules/playwright-core"); err != nil {
		t.Fatal("playwright-core is not installed: run `npm ci --prefix kernel/browsertest/testdata`")
	}
	out := outDir(t)
	tmp := t.TempDir()

	bin := filepath.Join(tmp, "gophernote")
	if b, err := exec.Command("go", "build", "-o", bin, "github.com/gophernote/gophernote/cmd/gophernote").CombinedOutput(); err != nil {
		t.Fatalf("building gophernote: %v\n%s", err, b)
	}
	prefix := filepath.Join(tmp, "prefix")
	if b, err := exec.Command(bin, "install", "--prefix", prefix).CombinedOutput(); err != nil {
		t.Fatalf("gophernote install --prefix: %v\n%s", err, b)
	}
	work := filepath.Join(tmp, "work")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeNotebook(filepath.Join(work, "browser.ipynb")); err != nil {
		t.Fatal(err)
	}

	port, token := freePort(t), randomHex(16)
	srv := startNotebook(t, tmp, work, filepath.Join(prefix, "share", "jupyter"), port, token)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	waitUp(t, srv, base+"/api/status?token="+token)

	shot := filepath.Join(out, "notebook.png")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "testdata/drive.js", base+"/notebooks/browser.ipynb?token="+token, shot)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("browser: %v\n%s\nnotebook server log:\n%s", err, stderr.String(), srv.log.String())
	}
	var r result
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &r); err != nil {
		t.Fatalf("drive.js output %q: %v", stdout.String(), err)
	}
	t.Logf("browser saw: %+v; screenshot %s", r, shot)
	if r.PNG.Width != 576 || r.PNG.Height != 384 {
		t.Errorf("inline PNG is %dx%d, want the default plot size 576x384", r.PNG.Width, r.PNG.Height)
	}
	// MathJax typesets α as U+1D6FC (mathematical italic) and leaves no TeX.
	if !strings.ContainsAny(r.MathText, "α𝛼") || strings.Contains(r.MathText, `\frac`) {
		t.Errorf("typeset formula text %q: want the law typeset (an alpha, no TeX source)", r.MathText)
	}
	if len(r.Errors) > 0 {
		t.Errorf("cells failed in the browser: %q", r.Errors)
	}
	for _, u := range r.MathJax {
		if !strings.HasPrefix(u, base+"/") {
			t.Errorf("MathJax loaded from %s, not from the local notebook server", u)
		}
	}
	if len(r.MathJax) == 0 {
		t.Error("the page never requested MathJax.js")
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 800 || b.Dy() < 600 {
		t.Errorf("screenshot is only %v", b)
	}

	t.Run("tour", func(t *testing.T) { runTour(t, node, bin, base, token, work, out) })
	t.Run("widgets-protocol1", func(t *testing.T) { runWidgetsProtocol1(t, node, base, token, work, out) })
}

// runTour runs notebooks/00_tour.ipynb in the browser, lets the front end
// save it, and checks that its outputs equal those of `gophernote run`.
func runTour(t *testing.T, node, bin, base, token, work, out string) {
	src := filepath.Join("..", "..", "notebooks", "00_tour.ipynb")
	raw, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(work, "00_tour.ipynb")
	if err := os.WriteFile(saved, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(out, "tour.png")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "testdata/drive.js", base+"/notebooks/00_tour.ipynb?token="+token, shot, "tour")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("browser (tour): %v\n%s", err, stderr.String())
	}
	var r result
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &r); err != nil {
		t.Fatalf("drive.js output %q: %v", stdout.String(), err)
	}
	t.Logf("browser saw: %+v; screenshot %s", r, shot)
	if len(r.Errors) > 0 {
		t.Fatalf("tour cells failed in the browser: %q", r.Errors)
	}
	if r.PNG.Width < 200 || r.PNG.Height < 100 {
		t.Errorf("tour plot shown at %dx%d", r.PNG.Width, r.PNG.Height)
	}
	// The tour's law has its fitted numbers substituted: L(C) = 24.9 C^{-0.0499}.
	if !strings.Contains(r.MathText, "0.0499") || strings.Contains(r.MathText, `\`) {
		t.Errorf("tour formula text %q: want the fitted law typeset (no TeX source left)", r.MathText)
	}

	headless := t.TempDir()
	if b, err := exec.Command(bin, "run", src, "--out", headless).CombinedOutput(); err != nil {
		t.Fatalf("gophernote run %s: %v\n%s", src, err, b)
	}
	want := outputsOf(t, filepath.Join(headless, "00_tour.ipynb"))
	got := outputsOf(t, saved)
	withOutput := 0
	for _, outs := range want {
		if len(outs) > 0 {
			withOutput++
		}
	}
	if withOutput < 6 {
		t.Fatalf("headless tour has outputs in only %d code cells: nothing to compare", withOutput)
	}
	if len(want) != len(got) {
		t.Fatalf("browser-saved tour has %d code cells, headless %d", len(got), len(want))
	}
	for i := range want {
		if strings.Join(got[i], "\n") != strings.Join(want[i], "\n") {
			t.Errorf("code cell %d outputs differ:\nbrowser:  %q\nheadless: %q", i+1, got[i], want[i])
		}
	}
}

// outputsOf summarises each code cell's outputs as comparable strings:
// streams (consecutive chunks joined), and for rich outputs the MIME types
// with the text of text/plain, text/latex and application/json (images are
// compared by type only: the front end does not re-encode them, but the
// bytes are not part of the contract).
func outputsOf(t *testing.T, path string) [][]string {
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
				text := joinText(o.Text)
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
							desc += " " + k + "=" + elapsed.ReplaceAllString(joinText(x), "<elapsed> done")
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

// joinText accepts nbformat's multiline strings (a string or a list).
func joinText(v any) string {
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

// outDir is $GOPHERNOTE_TEST_OUT/browsertest, or a temporary directory.
func outDir(t *testing.T) string {
	if d := os.Getenv("GOPHERNOTE_TEST_OUT"); d != "" {
		d = filepath.Join(d, "browsertest")
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

func writeNotebook(path string) error { return writeCells(path, cells) }

// writeCells writes a Go notebook with the given code cells.
func writeCells(path string, cells []string) error {
	var cs []map[string]any
	for i, src := range cells {
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

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// server is a running notebook server and its log.
type server struct {
	cmd  *exec.Cmd
	log  *syncBuffer
	done chan struct{} // closed when the process has exited
	err  error         // its exit status, valid once done is closed
}

// startNotebook runs Debian's classic notebook on 127.0.0.1:port with every
// Jupyter directory inside tmp, and stops it (and its kernels) at cleanup.
func startNotebook(t *testing.T, tmp, work, jupyterPath string, port int, token string) *server {
	t.Helper()
	cmd := exec.Command("/usr/bin/python3", "-m", "notebook", "--no-browser",
		"--ip=127.0.0.1", fmt.Sprintf("--port=%d", port), "--port-retries=0", "--allow-root",
		"--NotebookApp.token="+token, "--notebook-dir="+work)
	home := filepath.Join(tmp, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(os.Environ(),
		"HOME="+home,
		"JUPYTER_PATH="+jupyterPath,
		"JUPYTER_CONFIG_DIR="+filepath.Join(tmp, "jupyter-config"),
		"JUPYTER_DATA_DIR="+filepath.Join(tmp, "jupyter-data"),
		"JUPYTER_RUNTIME_DIR="+filepath.Join(tmp, "jupyter-runtime"),
		"IPYTHONDIR="+filepath.Join(tmp, "ipython"),
	)
	s := &server{cmd: cmd, log: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = s.log, s.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the notebook server: %v", err)
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
			t.Logf("notebook server log:\n%s", s.log.String())
		}
	})
	return s
}

// waitUp polls url until the server answers 200.
func waitUp(t *testing.T, s *server, url string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-s.done:
			t.Fatalf("notebook server exited: %v\n%s", s.err, s.log.String())
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
	t.Fatalf("notebook server not up after 90s:\n%s", s.log.String())
}
