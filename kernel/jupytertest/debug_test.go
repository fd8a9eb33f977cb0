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
	checkReplay(t, out, 50)
}

// checkReplay fails t for each step debug_replay.py found problems in, and
// unless its summary says it ran at least min steps and the kernel lived.
func checkReplay(t *testing.T, out string, min int) {
	t.Helper()
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
	if summary.Failed != 0 || !summary.Alive || summary.Steps < min {
		t.Fatalf("summary %+v", summary)
	}
}

// TestDebugLabRecording replays what JupyterLab itself sent in the browser
// test of the debugger (kernel/browsertest/lab, checks/debugger.js, saved
// with GOPHERNOTE_RECORD_DEBUG=kernel/jupytertest/testdata/debug_lab_recording.json):
// notebook 04 run up to its derivation cell, the debugger turned on, a
// breakpoint, the stop, two steps and continue — the same debug_request
// contents and execute_request codes in order — and compares every reply
// and event with the recorded one, ids and paths mapped.
func TestDebugLabRecording(t *testing.T) {
	requirePython(t, "jupyter_client", "ipykernel.compiler")
	out := runPython(t, "debug_replay.py", "--recording", testdataPath(t, "debug_lab_recording.json"))
	checkReplay(t, out, 40)
}

func testdataPath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
