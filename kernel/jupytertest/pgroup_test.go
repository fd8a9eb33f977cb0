package jupytertest

import "testing"

// TestNoOrphans: a process a cell started with exec.Command ends when the
// kernel restarts (km.restart_kernel()), shuts down (shutdown_request),
// is killed (shutdown_kernel(now=True): SIGKILL of the kernel's process
// group, which the worker is not in) and when the worker crashes: the
// worker leads a process group of its own, which the kernel ends, and
// which the worker ends when the kernel dies.
func TestNoOrphans(t *testing.T) {
	requirePython(t, "jupyter_client")
	got := pythonChecks(t, "pgroup.py")
	for _, c := range []string{"restart", "crash", "shutdown", "kill"} {
		r := got[c]
		if r == nil {
			t.Errorf("%s: no report", c)
			continue
		}
		if r["gone"] != true {
			t.Errorf("%s: the cell's child process %v is still running", c, r["child"])
		}
	}
	if r := got["restart"]; r != nil && r["alive_before"] != true {
		t.Errorf("the child was not running before the restart: %v", r)
	}
}
