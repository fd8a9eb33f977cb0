package runner

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/nbtest"
)

// runOut runs `gophernote run args...` in process, writing into a fresh
// output directory, and returns that directory, stdout, stderr and the
// exit code.
func runOut(t *testing.T, args ...string) (dir, stdout, stderr string, code int) {
	t.Helper()
	dir = t.TempDir()
	var o, e bytes.Buffer
	code = runMain(append(args, "--out", dir), testConfig(&o, &e))
	return dir, o.String(), e.String(), code
}

// The written notebooks' readers (kernel/nbtest, shared with cmd/gophernote).
var (
	readNB    = nbtest.Read
	cellN     = nbtest.Cell
	outputsOf = nbtest.Outputs
	joined    = nbtest.Joined
)

func TestRunNotebook(t *testing.T) {
	dir, stdout, stderr, code := runOut(t, "testdata/ok.ipynb")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "hello from cell 2\n") {
		t.Errorf("stream not echoed; stdout:\n%s", stdout)
	}
	nb := readNB(t, filepath.Join(dir, "ok.ipynb"))

	if outs := outputsOf(nb, 1); outs != nil {
		t.Errorf("markdown cell got outputs %v", outs)
	}
	c2 := outputsOf(nb, 2)
	if len(c2) != 1 || c2[0]["output_type"] != "stream" || c2[0]["name"] != "stdout" || joined(c2[0]["text"]) != "hello from cell 2\n" {
		t.Errorf("cell 2 outputs %v", c2)
	}
	if cellN(nb, 2)["execution_count"] != 1.0 {
		t.Errorf("cell 2 execution_count %v", cellN(nb, 2)["execution_count"])
	}

	c3 := outputsOf(nb, 3)
	if len(c3) != 1 || c3[0]["output_type"] != "display_data" {
		t.Fatalf("cell 3 outputs %v", c3)
	}
	data := c3[0]["data"].(map[string]any)
	for _, k := range []string{"image/png", "image/svg+xml", "text/plain"} {
		if _, ok := data[k]; !ok {
			t.Errorf("cell 3 plot lacks %s", k)
		}
	}
	f, err := os.Open(filepath.Join(dir, "ok_cell3_1.png"))
	if err != nil {
		t.Fatalf("plot PNG file: %v", err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil || img.Bounds().Dx() != 1152 {
		t.Errorf("plot PNG: %v, bounds %v (want 1152 pixels: the 576-pixel layout at density 2)", err, img)
	}
	if md, _ := c3[0]["metadata"].(map[string]any); md == nil || md["image/png"].(map[string]any)["width"] != 576.0 {
		t.Errorf("cell 3 plot metadata %v, want image/png width 576 (shown at the layout's size)", c3[0]["metadata"])
	}
	svg, err := os.ReadFile(filepath.Join(dir, "ok_cell3_1.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(svg, new(struct{})); err != nil {
		t.Errorf("plot SVG does not parse: %v", err)
	}
	if !strings.Contains(stdout, "ok_cell3_1.png") {
		t.Errorf("image path not printed:\n%s", stdout)
	}

	c4 := outputsOf(nb, 4)
	if len(c4) != 1 || c4[0]["output_type"] != "execute_result" || c4[0]["execution_count"] != 3.0 ||
		joined(c4[0]["data"].(map[string]any)["text/plain"]) != "42" {
		t.Errorf("cell 4 outputs %v", c4)
	}

	// The update replaced the first Markdown output in place.
	c5 := outputsOf(nb, 5)
	if len(c5) != 2 {
		t.Fatalf("cell 5 has %d outputs, want 2: %v", len(c5), c5)
	}
	if got := joined(c5[0]["data"].(map[string]any)["text/markdown"]); got != "second" {
		t.Errorf("updated markdown = %q, want second", got)
	}
	if got := joined(c5[1]["data"].(map[string]any)["text/latex"]); got != `$$E = C^{-\alpha}$$` {
		t.Errorf("latex = %q", got)
	}

	if c := cellN(nb, 6); c["execution_count"] != nil || len(c["outputs"].([]any)) != 0 {
		t.Errorf("empty cell executed: %v", c)
	}
	c7 := outputsOf(nb, 7)
	if len(c7) != 1 || joined(c7[0]["text"]) != "a\nb\n" {
		t.Errorf("cell 7 streams not merged: %v", c7)
	}
	if cellN(nb, 7)["execution_count"] != 5.0 {
		t.Errorf("cell 7 execution_count %v, want 5", cellN(nb, 7)["execution_count"])
	}
	md := nb["metadata"].(map[string]any)["kernelspec"].(map[string]any)
	if md["name"] != "gophernote" {
		t.Errorf("kernelspec lost: %v", md)
	}
}

func TestRunStopsAtFirstError(t *testing.T) {
	dir, stdout, stderr, code := runOut(t, "testdata/error.ipynb")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "cell 2") || !strings.Contains(stderr, "index out of range") {
		t.Errorf("stderr does not name the cell and error:\n%s", stderr)
	}
	nb := readNB(t, filepath.Join(dir, "error.ipynb"))
	c2 := outputsOf(nb, 2)
	if len(c2) != 1 || c2[0]["output_type"] != "error" || !strings.Contains(c2[0]["evalue"].(string), "index out of range") {
		t.Errorf("cell 2 outputs %v", c2)
	}
	if c3 := cellN(nb, 3); c3["execution_count"] != nil || len(c3["outputs"].([]any)) != 0 {
		t.Errorf("cell after the error ran: %v", c3)
	}
}

func TestRunAllowErrors(t *testing.T) {
	dir, stdout, stderr, code := runOut(t, "testdata/error.ipynb", "--allow-errors")
	if code != 0 {
		t.Fatalf("exit %d, want 0\n%s\n%s", code, stdout, stderr)
	}
	nb := readNB(t, filepath.Join(dir, "error.ipynb"))
	if c3 := outputsOf(nb, 3); len(c3) != 1 || joined(c3[0]["text"]) != "after\n" {
		t.Errorf("cell 3 outputs %v", c3)
	}
}

func TestRunTimeout(t *testing.T) {
	dir, stdout, stderr, code := runOut(t, "testdata/timeout.ipynb", "--timeout", "300ms", "--allow-errors")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	nb := readNB(t, filepath.Join(dir, "timeout.ipynb"))
	c1 := outputsOf(nb, 1)
	if len(c1) != 1 || c1[0]["ename"] != "Timeout" || !strings.Contains(c1[0]["evalue"].(string), "--timeout 300ms") {
		t.Errorf("cell 1 outputs %v", c1)
	}
	if c2 := outputsOf(nb, 2); len(c2) != 1 || joined(c2[0]["text"]) != "still alive\n" {
		t.Errorf("cell 2 outputs %v", c2)
	}
}

func TestRunBadInput(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"testdata/bad_json.ipynb"}, 1, "testdata/bad_json.ipynb: not a notebook: invalid JSON at line 1:34: invalid character ','"},
		{[]string{"testdata/v3.ipynb"}, 1, "nbformat 3 is not supported, only 4"},
		{[]string{"testdata/python.ipynb"}, 1, `notebook is for kernel "python3" (language python), not Go`},
		{[]string{"testdata/missing.ipynb"}, 1, "testdata/missing.ipynb: no such file"},
		{[]string{"testdata/ok.txt"}, 2, "want a .ipynb notebook or a .go file"},
		{[]string{}, 2, "missing FILE.ipynb or FILE.go"},
		{[]string{"a.ipynb", "b.ipynb"}, 2, "one file at a time"},
		{[]string{"a.ipynb", "--timeout", "x"}, 2, `invalid value "x" for flag -timeout`},
	}
	for _, c := range cases {
		_, stdout, stderr, code := runOut(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q (stdout %q)", c.args, code, stderr, c.code, c.want, stdout)
		}
	}
}

func TestRunScript(t *testing.T) {
	dir, stdout, stderr, code := runOut(t, "testdata/script.go")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "script says 9\n") {
		t.Errorf("stdout:\n%s", stdout)
	}
	for _, name := range []string{"script_1.png", "script_1.svg", "script_2.html"} {
		path := filepath.Join(dir, name)
		if _, err := os.Stat(path); err != nil {
			t.Errorf("display file: %v", err)
		}
		if !strings.Contains(stdout, path) {
			t.Errorf("path %s not printed:\n%s", path, stdout)
		}
	}
	if !strings.Contains(stdout, "x  x²\n-  --\n1   1\n2   4\n") {
		t.Errorf("table text not printed:\n%s", stdout)
	}
}

func TestRunScriptNeedsMain(t *testing.T) {
	src := filepath.Join(t.TempDir(), "lib.go")
	os.WriteFile(src, []byte("package lib\nfunc F() {}\n"), 0o644)
	_, _, stderr, code := runOut(t, src)
	if code != 1 || !strings.Contains(stderr, "package lib, want package main") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	os.WriteFile(src, []byte("package main\nfunc F() {}\n"), 0o644)
	_, _, stderr, code = runOut(t, src)
	if code != 1 || !strings.Contains(stderr, "no func main") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestRunCellCodeScript: a .go file without a package clause is cell code,
// run as one cell: imports optional, statements at the top level, its
// final value printed; errors name the file's line:col. A leading comment
// does not make it a program file, and a package clause after a comment
// still does.
func TestRunCellCodeScript(t *testing.T) {
	src := filepath.Join(t.TempDir(), "cells.go")
	os.WriteFile(src, []byte("// cell code\nx := 6\nfmt.Println(\"x is\", x)\nx * 7\n"), 0o644)
	_, stdout, stderr, code := runOut(t, src)
	if code != 0 || stdout != "x is 6\n42\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want \"x is 6\\n42\\n\"", code, stdout, stderr)
	}
	os.WriteFile(src, []byte("x := []int{1, 2}\n\nfmt.Println(x[5])\n"), 0o644)
	_, _, stderr, code = runOut(t, src)
	if code != 1 || !strings.Contains(stderr, "index out of range [5] with length 2") || !strings.Contains(stderr, "3:") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	os.WriteFile(src, []byte("// Command hello.\npackage main\n\nfunc main() { println(\"hi\") }\n"), 0o644)
	_, _, stderr, code = runOut(t, src)
	if code != 0 || stderr != "hi\n" {
		t.Errorf("package main after a comment: exit %d, stderr %q", code, stderr)
	}
}

func TestParseRunArgs(t *testing.T) {
	o, err := parseRunArgs([]string{"--allow-errors", "nb.ipynb", "--out", "d", "--timeout", "2s"})
	if err != nil {
		t.Fatal(err)
	}
	want := runOptions{file: "nb.ipynb", out: "d", allowErrors: true, timeout: 2e9}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("got %+v, want %+v", o, want)
	}
}

// TestRunRefusesBuildFlags: go build's flags, typed as for go run, are
// refused naming them before anything runs (the program is interpreted:
// no compiler or linker honours them); the program's own arguments after
// -- are not flags of the run.
func TestRunRefusesBuildFlags(t *testing.T) {
	src := filepath.Join(t.TempDir(), "p.go")
	os.WriteFile(src, []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"ran\") }\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-gcflags=-d=maymorestack=main.f", src}, "go build flag -gcflags=-d=maymorestack=main.f is refused"},
		{[]string{src, "-race"}, "go build flag -race is refused"},
		{[]string{"-gcflags", "-l=4", src}, "go build flag -gcflags=-l=4 is refused"},
		{[]string{"-race", "-gcflags=all=-d=checkptr=0", src}, "go build flags -race -gcflags=all=-d=checkptr=0 are refused"},
		{[]string{"--tags", "x", src}, "go build flag --tags=x is refused"},
	} {
		_, stdout, stderr, code := runOut(t, c.args...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "gophernote run: "+src+": UsageError: "+c.want+": gophernote interprets the program") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
	// After --, -race is the program's argument.
	_, stdout, _, code := runOut(t, src, "--", "-race")
	if code != 0 || stdout != "ran\n" {
		t.Errorf("-- -race: exit %d, stdout %q", code, stdout)
	}
}

// TestRunTour runs the README's main job on the tour notebook and checks
// what each part of the tour must show.
func TestRunTour(t *testing.T) {
	dir, stdout, stderr, code := runOut(t, "../../notebooks/00_tour.ipynb")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	nb := readNB(t, filepath.Join(dir, "00_tour.ipynb"))
	seen := map[string]int{}
	var summary map[string]any
	for _, c := range nb["cells"].([]any) {
		cell := c.(map[string]any)
		outs, _ := cell["outputs"].([]any)
		for _, o := range outs {
			out := o.(map[string]any)
			if out["output_type"] == "error" {
				t.Errorf("tour cell failed: %v", out)
			}
			data, _ := out["data"].(map[string]any)
			for k := range data {
				seen[k]++
			}
			if js, ok := data["application/json"].(map[string]any); ok {
				summary = js
			}
		}
	}
	for _, k := range []string{"image/png", "image/svg+xml", "text/latex", "text/html", "application/json"} {
		if seen[k] == 0 {
			t.Errorf("the tour shows no %s output", k)
		}
	}
	if a, _ := summary["alpha"].(float64); a < 0.045 || a > 0.055 {
		t.Errorf("fitted alpha = %v, want about 0.05 (summary %v)", summary["alpha"], summary)
	}
	// Two figures: the fitted law over the data and its residuals.
	matches, _ := filepath.Glob(filepath.Join(dir, "00_tour_cell*_1.png"))
	if len(matches) != 2 {
		t.Errorf("tour plot files: %v", matches)
	}
}

// TestReadNotebookErrors checks that malformed notebooks get an error that
// names the file and the cell or field at fault.
func TestReadNotebookErrors(t *testing.T) {
	cases := []struct{ json, want string }{
		{`{"nbformat": 4, "cells": [{"cell_type": "code", "source": ["a", 1]}]}`, "cell 1: source line 2 is float64, want a string"},
		{`{"nbformat": 4, "cells": [{"source": "x"}]}`, "cell 1: no cell_type"},
		{`{"nbformat": 4, "cells": [{"cell_type": "heading", "source": "x"}]}`, "cell 1: cell_type heading, want code, markdown or raw"},
		{`{"nbformat": 4, "cells": [{"cell_type": "code"}]}`, "cell 1: no source"},
		{`{"nbformat": 4, "cells": {}}`, "not an nbformat 4 notebook"},
		{`{"cells": []}`, `not a notebook: no "nbformat" field`},
		{"{\n  \"nbformat\": 4,\n  x\n}", "not a notebook: invalid JSON at line 3:3"},
		{`[]`, "not a notebook: json: cannot unmarshal array"},
	}
	for _, c := range cases {
		path := filepath.Join(t.TempDir(), "nb.ipynb")
		if err := os.WriteFile(path, []byte(c.json), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := readNotebook(path)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: err = %v, want it to name the file and contain %q", c.json, err, c.want)
		}
	}
}

func TestRunScriptPanic(t *testing.T) {
	_, stdout, stderr, code := runOut(t, "testdata/script_panic.go")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	if stdout != "before the panic\n" {
		t.Errorf("stdout %q", stdout)
	}
	if !strings.Contains(stderr, "testdata/script_panic.go: Panic: ") || !strings.Contains(stderr, "index out of range") {
		t.Errorf("stderr does not name the file and the panic:\n%s", stderr)
	}
	if strings.Contains(stderr, scriptMain) || !strings.Contains(stderr, "main") {
		t.Errorf("stderr should call the function main:\n%s", stderr)
	}
}

// TestRunScriptProgress checks that a progress bar in a script prints its
// first and final states without a line per update.
func TestRunScriptProgress(t *testing.T) {
	_, stdout, stderr, code := runOut(t, "testdata/script_progress.go")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	var bars []string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(l, "work [") {
			bars = append(bars, l)
		}
	}
	// 30 steps of 20ms: 0.6s, so the first state, at most one more within
	// the echo interval on a slow machine, and the final one.
	if len(bars) < 2 || len(bars) > 3 || !strings.HasSuffix(bars[len(bars)-1], "done") ||
		!strings.HasPrefix(bars[0], "work [....") {
		t.Errorf("progress lines %q", bars)
	}
	if i := strings.Index(stdout, "# done\n"); i < 0 || i < strings.Index(stdout, bars[len(bars)-1]) {
		t.Errorf("markdown text missing or printed before the final progress state:\n%s", stdout)
	}
}

// TestRunCtrlCInterruptsCell: SIGINT during `gophernote run` interrupts the
// running cell (in the worker process: the run sends the interrupt), writes
// the notebook with the Interrupted error and exits 130. (That the cell's
// display.Context() is cancelled with it is TestInterrupt's in
// kernel/worker.)
func TestRunCtrlCInterruptsCell(t *testing.T) {
	dir := t.TempDir()
	nbPath := filepath.Join(dir, "ctrlc.ipynb")
	nb := `{"cells": [
 {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, "source": "fmt.Println(\"waiting\")\n<-display.Context().Done()\nfmt.Println(\"not reached\")\nselect {}"},
 {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, "source": "fmt.Println(\"after\")"}
], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	if err := os.WriteFile(nbPath, []byte(nb), 0o644); err != nil {
		t.Fatal(err)
	}
	o := &watchWriter{want: "waiting\n", seen: make(chan struct{})}
	var e bytes.Buffer
	code := make(chan int, 1)
	go func() { code <- runMain([]string{nbPath, "--out", dir + "/out"}, testConfig(o, &e)) }()
	// Wait for the blocking cell, then press Ctrl-C.
	select {
	case <-o.seen:
	case <-time.After(60 * time.Second):
		t.Fatal("the cell did not start within 60 s")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	var status int
	select {
	case status = <-code:
	case <-time.After(10 * time.Second):
		t.Fatal("gophernote run did not return within 10 s of SIGINT")
	}
	if status != 130 {
		t.Errorf("exit status %d, want 130; stderr:\n%s", status, e.String())
	}
	if !strings.Contains(e.String(), "interrupted (SIGINT) in cell 1") {
		t.Errorf("stderr %q does not report the interrupt", e.String())
	}
	got := readNB(t, filepath.Join(dir, "out", "ctrlc.ipynb"))
	outs := outputsOf(got, 1)
	if len(outs) == 0 || outs[len(outs)-1]["ename"] != "Interrupted" {
		t.Errorf("cell 1 outputs %v, want an Interrupted error", outs)
	}
	if len(outputsOf(got, 2)) != 0 || strings.Contains(o.String(), "after") {
		t.Errorf("the cell after the interrupt ran: stdout %q, cell 2 %v", o.String(), outputsOf(got, 2))
	}
}

// watchWriter is a stdout that closes seen once want has been written.
type watchWriter struct {
	mu   sync.Mutex
	b    bytes.Buffer
	want string
	seen chan struct{}
	once sync.Once
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.b.Write(p)
	if strings.Contains(w.b.String(), w.want) {
		w.once.Do(func() { close(w.seen) })
	}
	return len(p), nil
}

func (w *watchWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}
