package jupytertest

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestFatalCallsKeepTheKernel sends cells that would end or replace a Go
// program (log.Fatal, a logger's Fatalf, os.Exit, syscall.Exec, a kill of
// the kernel's own pid) through jupyter_client: each gets an execute_reply
// with the error, the kernel stays alive, and the next cell runs. It also
// checks what a cell sees of the process: println on stderr, os.Args of a
// fresh program.
func TestFatalCallsKeepTheKernel(t *testing.T) {
	requirePython(t, "jupyter_client")
	out := runPython(t, "fatal.py")
	got := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("fatal.py output %q: %v", line, err)
		}
		got[v["check"].(string)] = v
	}
	want := []struct {
		check, ename, evalue, stdout, stderr string
	}{
		{"log.Fatal", "Exit", "exit status 1", "", "boom\n"},
		{"logger.Fatalf", "Exit", "exit status 1", "", "app: code 7\n"},
		{"os.Exit", "Exit", "exit status 3", "before\n", ""},
		{"syscall.Exec", "Panic", "syscall.Exec is refused in a gophernote cell: it would replace the kernel's process; run programs with os/exec [at 1:1]", "", ""},
		{"kill self", "Panic", "syscall.Kill(", "", ""},
	}
	for _, w := range want {
		r := got[w.check]
		if r == nil {
			t.Errorf("%s: no reply", w.check)
			continue
		}
		if r["status"] != "error" || r["ename"] != w.ename || !strings.HasPrefix(r["evalue"].(string), w.evalue) ||
			r["stdout"] != w.stdout || r["stderr"] != w.stderr || r["alive"] != true {
			t.Errorf("%s: %v; want error %s %q, stdout %q, stderr %q, kernel alive", w.check, r, w.ename, w.evalue, w.stdout, w.stderr)
		}
	}
	if r := got["println"]; r == nil || r["status"] != "ok" || r["stderr"] != "to stderr 1.5\n" || r["stdout"] != "" {
		t.Errorf("println: %v", r)
	}
	if r := got["os.Args"]; r == nil || r["status"] != "ok" || r["stdout"] != "[notebook]\n0\n" {
		t.Errorf("os.Args and flag.Parse in the kernel: %v", r)
	}
	if r := got["alive"]; r == nil || r["alive"] != true || r["status"] != "ok" || len(r["value"].([]any)) != 1 || r["value"].([]any)[0] != "42" {
		t.Errorf("after the fatal calls: %v", r)
	}
}
