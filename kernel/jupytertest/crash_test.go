package jupytertest

import (
	"encoding/json"
	"strings"
	"testing"
)

// pythonChecks runs a script printing JSON lines {"check": NAME, ...} and
// returns them by name.
func pythonChecks(t *testing.T, script string, args ...string) map[string]map[string]any {
	t.Helper()
	out := runPython(t, script, args...)
	got := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%s output %q: %v", script, line, err)
		}
		got[v["check"].(string)] = v
	}
	return got
}

// TestFatalErrorsRestartTheWorker sends cells that end a Go program with
// a runtime fatal error through jupyter_client: each execute_reply (and
// the error on iopub) carries Go's words, the output written before the
// crash arrives, the kernel stays, a fresh worker process takes over and
// the traceback says which cells' state is gone; %rerun brings it back,
// stopping at the first cell that fails. A SIGKILL of the worker (what
// the OOM killer sends), a crash while no cell runs, a goroutine's nil
// dereference and runtime.Goexit end as the issue says.
func TestFatalErrorsRestartTheWorker(t *testing.T) {
	requirePython(t, "jupyter_client")
	got := pythonChecks(t, "crash.py")
	str := func(r map[string]any, k string) string { s, _ := r[k].(string); return s }
	crash := func(name, ename, evalue string) map[string]any {
		t.Helper()
		r := got[name]
		if r == nil {
			t.Errorf("%s: no report", name)
			return nil
		}
		ie, _ := r["iopub_error"].(map[string]any)
		switch {
		case r["status"] != "error" || r["ename"] != ename || !strings.HasPrefix(str(r, "evalue"), evalue):
			t.Errorf("%s: reply %v %q %q, want error %q %q...", name, r["status"], r["ename"], r["evalue"], ename, evalue)
		case ie == nil || ie["ename"] != r["ename"] || ie["evalue"] != r["evalue"]:
			t.Errorf("%s: iopub error %v, want the reply's", name, ie)
		case r["alive"] != true || r["new_worker"] == nil || r["new_worker"] == r["old_worker"]:
			t.Errorf("%s: kernel alive %v, worker %v -> %v: want the kernel alive and a new worker", name, r["alive"], r["old_worker"], r["new_worker"])
		}
		t.Logf("%s: %s: %s (%.1f s)", name, r["ename"], r["evalue"], r["seconds"])
		return r
	}
	if r := crash("concurrent map writes", "fatal error", "concurrent map writes [in a goroutine the cell started]"); r != nil {
		tb := str(r, "traceback")
		if r["stdout"] != "before the crash\n" {
			t.Errorf("output before the crash: %q", r["stdout"])
		}
		for _, w := range []string{"goroutine ", "state died with it", "cells [1], [2], [4], [5] and [6]", "A fresh worker process has started", "%rerun"} {
			if !strings.Contains(tb, w) {
				t.Errorf("traceback lacks %q:\n%s", w, tb)
			}
		}
	}
	if r := got["state gone"]; r == nil || r["ename"] != "CompileError" || !strings.Contains(str(r, "evalue"), "undefined: base") {
		t.Errorf("after the crash: %v", r)
	}
	if r := got["rerun"]; r == nil || r["status"] != "error" || !strings.Contains(str(r, "evalue"), "re-running cell [5]") ||
		!strings.Contains(str(r, "evalue"), "no such file") || r["stdout"] != "side effect\n" {
		t.Errorf("%%rerun (cell [5] fails now, [6] must not run): %v", r)
	}
	if r := got["after rerun"]; r == nil || r["status"] != "ok" || len(r["value"].([]any)) != 1 || r["value"].([]any)[0] != "14" {
		t.Errorf("state after %%rerun: %v", r)
	}
	if r := crash("out of memory", "fatal error", "out of memory"); r != nil && !strings.Contains(str(r, "evalue"), "cannot allocate") {
		t.Errorf("out of memory: evalue %q lacks the runtime's line", r["evalue"])
	}
	if r := crash("unlock of unlocked mutex", "fatal error", "sync: unlock of unlocked mutex [at 3:1]"); r != nil && r["stdout"] != "one\n" {
		t.Errorf("unlock: stdout %q", r["stdout"])
	}
	crash("stack overflow", "fatal error", "stack overflow (runtime: goroutine stack exceeds 1000000000-byte limit) [at 3:1]")
	if r := got["killed"]; r == nil || r["ename"] != "signal" || !strings.HasPrefix(str(r, "evalue"), "killed") ||
		r["alive"] != true || r["new_worker"] == nil || r["new_worker"] == r["old_worker"] {
		t.Errorf("SIGKILL of the worker: %v", r)
	}
	if r := got["idle crash"]; r == nil || !strings.Contains(str(r, "said"), "fatal error: sync: unlock of unlocked mutex") ||
		len(r["value"].([]any)) != 1 || r["value"].([]any)[0] != "2" || r["new_worker"] == r["old_worker"] {
		t.Errorf("crash while no cell ran: %v", r)
	}
	if r := got["goroutine nil dereference"]; r == nil || r["ename"] != "Panic" ||
		r["evalue"] != "runtime error: invalid memory address or nil pointer dereference [in the goroutine started at 5:1]" || r["worker"] != r["old_worker"] {
		t.Errorf("nil dereference in a goroutine: %v", r)
	}
	if r := got["Goexit"]; r == nil || r["ename"] != "Goexit" || !strings.HasPrefix(str(r, "evalue"), "runtime.Goexit ended the cell [at 2:1]") || r["stdout"] != "one\n" {
		t.Errorf("runtime.Goexit: %v", r)
	}
	if r := got["alive"]; r == nil || r["alive"] != true || len(r["value"].([]any)) != 1 || r["value"].([]any)[0] != "42" {
		t.Errorf("at the end: %v", r)
	}
}
