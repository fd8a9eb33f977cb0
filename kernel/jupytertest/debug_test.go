package jupytertest

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestDebugProtocol replays the debug_request sequence JupyterLab's
// debugger sends (testdata/debug_session.json) through jupyter_client and
// checks every reply (testdata/debug_replay.py): debugInfo before
// initialize, dumpCell's path (Murmur2, checked with ipykernel's own
// implementation), breakpoints (one moved to the next statement, one in
// an unknown file unverified), a stop in a cell with its stack, variables
// (nested), evaluate, rich and idle inspection, next twice, continue, a
// second execute_request queued while stopped, malformed requests, an
// interrupt while stopped, and disconnect while stopped.
func TestDebugProtocol(t *testing.T) {
	requirePython(t, "jupyter_client", "ipykernel.compiler")
	out := runPython(t, "debug_replay.py", testdataPath(t, "debug_session.json"))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var summary struct {
		Summary bool
		Steps   int
		Failed  int
		Alive   bool
	}
	for _, l := range lines {
		var step map[string]any
		if err := json.Unmarshal([]byte(l), &step); err != nil {
			t.Fatalf("debug_replay.py output %q: %v", l, err)
		}
		if p, ok := step["problems"]; ok {
			t.Errorf("step %v (%v): %v", step["step"], step["command"], p)
		}
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &summary); err != nil || !summary.Summary {
		t.Fatalf("no summary: %q", lines[len(lines)-1])
	}
	if summary.Failed != 0 || !summary.Alive || summary.Steps < 50 {
		t.Fatalf("summary %+v", summary)
	}
}

func testdataPath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
