package jupytertest

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRobustness drives the kernel with jupyter_client: 50 connect /
// disconnect cycles then a cell that must still stream its output; a
// forged (badly signed) execute_request that must change nothing; and
// 1,000 cells in a row, reporting the kernel's RSS; interrupts by message
// and by SIGINT; a stdin round trip; and a shutdown_request after which
// the final idle arrives and the process exits 0 on its own.
func TestRobustness(t *testing.T) {
	requirePython(t, "jupyter_client")
	const cycles, cells = 50, 1000
	out := runPython(t, "robust.py", "50", "1000")
	checks := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("robust.py output %q: %v", line, err)
		}
		checks[v["check"].(string)] = v
	}
	if r := checks["reconnect"]; r == nil || r["status"] != "ok" || r["stdout"] != "still streaming\n" {
		t.Errorf("after %d reconnects: %v", cycles, r)
	}
	if r := checks["bad_signature"]; r == nil || r["shell_reply"] != false || r["iopub"] != false ||
		r["count_after"] != r["count_before"].(float64)+1 || len(r["value"].([]any)) != 1 || r["value"].([]any)[0] != "7" {
		t.Errorf("forged message changed something: %v", r)
	}
	r := checks["many_cells"]
	if r == nil || r["failed"] != 0.0 || len(r["value"].([]any)) != 1 || r["value"].([]any)[0] != "1000" {
		t.Fatalf("%d cells: %v", cells, r)
	}
	if r := checks["interrupt"]; r == nil || r["message"] != "Interrupted" || r["sigint"] != "Interrupted" ||
		len(r["value"].([]any)) != 1 || r["value"].([]any)[0] != "42" {
		t.Errorf("interrupts: %v", r)
	}
	if r := checks["stdin"]; r == nil || r["request"] != "input_request" || r["parent_ok"] != true || r["stdout"] != "hello Ada\n" {
		t.Errorf("stdin: %v", r)
	}
	if r := checks["shutdown"]; r == nil || r["reply"] != "shutdown_reply" || r["status"] != "ok" || r["idle"] != true || r["exit_code"] != 0.0 {
		t.Errorf("shutdown: %v", r)
	}
	before, after := r["rss_before"].(float64), r["rss_after"].(float64)
	t.Logf("kernel RSS over %d cells: %.1f MiB -> %.1f MiB (%.0f bytes/cell)", cells, before/(1<<20), after/(1<<20), (after-before)/cells)
}
