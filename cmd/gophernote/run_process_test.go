package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeCells writes a notebook of Go code cells into dir.
func writeCells(t *testing.T, dir, name string, cells ...string) string {
	t.Helper()
	var cs []any
	for _, c := range cells {
		cs = append(cs, map[string]any{"cell_type": "code", "metadata": map[string]any{}, "execution_count": nil, "outputs": []any{}, "source": c})
	}
	data, _ := json.Marshal(map[string]any{"nbformat": 4, "nbformat_minor": 5, "cells": cs,
		"metadata": map[string]any{"kernelspec": map[string]any{"name": "gophernote", "language": "go", "display_name": "Go"}}})
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A log.Fatal in a notebook stops that cell: the notebook is written with
// the earlier cells' outputs and the cell's Exit error.
func TestRunNotebookSurvivesLogFatal(t *testing.T) {
	src := t.TempDir()
	nbPath := writeCells(t, src, "fatal.ipynb", `fmt.Println("first cell")`,
		"defer fmt.Println(\"deferred\")\nlog.SetFlags(0)\nlog.Fatal(\"boom\")", `fmt.Println("not reached")`)
	out := t.TempDir()
	stdout, stderr, code := run(t, nil, "run", nbPath, "--out", out)
	if code != 1 || !strings.Contains(stderr, "cell 2: Exit: exit status 1") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if !strings.Contains(stdout, "first cell") || strings.Contains(stdout, "deferred") {
		t.Errorf("stdout %q", stdout)
	}
	nb := readNB(t, filepath.Join(out, "fatal.ipynb"))
	if o := outputsOf(nb, 1); len(o) != 1 || o[0]["text"] != "first cell\n" {
		t.Errorf("cell 1 outputs %v", o)
	}
	o := outputsOf(nb, 2)
	if len(o) != 2 || o[0]["name"] != "stderr" || o[0]["text"] != "boom\n" || o[1]["output_type"] != "error" || o[1]["ename"] != "Exit" || o[1]["evalue"] != "exit status 1" {
		t.Errorf("cell 2 outputs %v", o)
	}
}

// A Go program run as a script ends as the compiled program would: with
// os.Exit's status, log.Fatal's 1, no deferred calls; its flag.Parse sees
// the arguments after "--" and os.Args[0] names the program.
func TestRunScriptExitStatusAndArgs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	exit := write("exit.go", "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tdefer fmt.Println(\"deferred\")\n\tfmt.Println(\"bye\")\n\tos.Exit(3)\n}\n")
	stdout, stderr, code := run(t, nil, "run", exit, "--out", t.TempDir())
	if code != 3 || stdout != "bye\n" || stderr != "" {
		t.Errorf("os.Exit(3): exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	fatal := write("fatal.go", "package main\n\nimport \"log\"\n\nfunc main() {\n\tlog.SetFlags(log.Lshortfile)\n\tlog.Fatalf(\"bad %d\", 2)\n}\n")
	stdout, stderr, code = run(t, nil, "run", fatal, "--out", t.TempDir())
	if code != 1 || stdout != "" || stderr != "fatal.go:7: bad 2\n" {
		t.Errorf("log.Fatal: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	args := write("args.go", "package main\n\nimport (\n\t\"flag\"\n\t\"fmt\"\n\t\"os\"\n\t\"path/filepath\"\n)\n\nfunc main() {\n\tn := flag.Int(\"n\", 1, \"count\")\n\tflag.Parse()\n\tfmt.Println(filepath.Base(os.Args[0]), *n, flag.Args())\n}\n")
	stdout, stderr, code = run(t, nil, "run", args, "--out", t.TempDir(), "--", "-n", "5", "rest")
	if code != 0 || stdout != "args 5 [rest]\n" {
		t.Errorf("args: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	stdout, stderr, code = run(t, nil, "run", args, "--out", t.TempDir(), "--", "-bogus")
	if code != 2 || !strings.HasPrefix(stderr, "flag provided but not defined: -bogus\nUsage of ") {
		t.Errorf("bad flag: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// A deadlocked program ends with an error naming the blocked line instead
// of hanging (gophernote run detects deadlocks).
func TestRunScriptDeadlock(t *testing.T) {
	p := filepath.Join(t.TempDir(), "dead.go")
	src := "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"before\")\n\tch := make(chan int)\n\tch <- 1\n}\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, nil, "run", p, "--out", t.TempDir(), "--timeout", "60s")
	if code != 1 || stdout != "before\n" || !strings.Contains(stderr, "Deadlock: all goroutines are asleep - deadlock! [at cell 1, 8:2]") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// A Go fatal error ends `gophernote run` as it ends the compiled program:
// Go's report on stderr ("fatal error: concurrent map writes" and the
// goroutine), exit status 2, the output before it printed; a notebook is
// written with the outputs it had, the crashed cell's error last, and the
// cells after it not run.
func TestRunFatalErrorEndsLikeGo(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "maps.go")
	src := `package main

import (
	"fmt"
	"sync"
)

func main() {
	fmt.Println("before the crash")
	m := map[int]int{}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 1000000; i++ {
				m[i] = i
			}
		}()
	}
	wg.Wait()
	fmt.Println("not reached")
}
`
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, nil, "run", prog, "--out", t.TempDir())
	if code != 2 || stdout != "before the crash\n" || !strings.Contains(stderr, "fatal error: concurrent map writes\n\ngoroutine ") {
		t.Errorf("script: exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}

	nbPath := writeCells(t, dir, "crash.ipynb", `fmt.Println("first cell")`,
		"fmt.Println(\"second cell\")\nvar mu sync.Mutex\nmu.Unlock()", `fmt.Println("not reached")`)
	out := t.TempDir()
	stdout, stderr, code = run(t, nil, "run", nbPath, "--out", out)
	if code != 2 || !strings.Contains(stderr, "fatal error: sync: unlock of unlocked mutex") || strings.Contains(stdout, "not reached") {
		t.Errorf("notebook: exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	nb := readNB(t, filepath.Join(out, "crash.ipynb"))
	if o := outputsOf(nb, 1); len(o) != 1 || o[0]["text"] != "first cell\n" {
		t.Errorf("cell 1 outputs %v", o)
	}
	o := outputsOf(nb, 2)
	if len(o) != 2 || o[0]["text"] != "second cell\n" || o[1]["ename"] != "fatal error" || o[1]["evalue"] != "sync: unlock of unlocked mutex [at 3:1]" {
		t.Errorf("cell 2 outputs %v", o)
	}
	if o := outputsOf(nb, 3); len(o) != 0 {
		t.Errorf("cell 3 ran after the crash: %v", o)
	}
}
