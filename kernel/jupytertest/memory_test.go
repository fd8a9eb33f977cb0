package jupytertest

import "testing"

// TestMemoryIsReturned measures, through jupyter_client, the RSS of the
// kernel and its worker process (from /proc): 2 GB allocated and dropped
// (in a function, and held by a global the next cell sets to nil) is back
// within 256 MB of the baseline within 15 s; 200 cells redefining a 1 MiB
// buffer keep less than 16 MB after a collection; 50 MB printed keep less
// than 64 MB. The deadlines are the bounds the figures must be reached
// in, polled, not timings.
func TestMemoryIsReturned(t *testing.T) {
	requirePython(t, "jupyter_client")
	got := pythonChecks(t, "memory.py")
	mb := func(v any) float64 { f, _ := v.(float64); return f / (1 << 20) }
	for _, c := range []struct {
		check string
		limit float64 // MiB
	}{{"2GB dropped", 256}, {"2GB global dropped", 256}, {"200 redefinitions", 16}, {"50MB printed", 64}} {
		r := got[c.check]
		if r == nil {
			t.Errorf("%s: no report", c.check)
			continue
		}
		t.Logf("%s: peak %+.0f MiB, then %+.1f MiB after %.1f s", c.check, mb(r["peak"]), mb(r["delta"]), r["seconds"])
		if s, ok := r["status"]; ok && s != "ok" {
			t.Errorf("%s: the cell failed: %v", c.check, r)
		}
		if f, ok := r["failed"].(float64); ok && f != 0 {
			t.Errorf("%s: %v cells failed", c.check, f)
		}
		if d := mb(r["delta"]); d >= c.limit {
			t.Errorf("%s: %+.1f MiB kept (RSS of the kernel and its worker), want < %v", c.check, d, c.limit)
		}
	}
	if r := got["2GB dropped"]; r != nil && mb(r["peak"]) < 1024 {
		t.Errorf("the 2 GB cell did not show in RSS (peak %+.0f MiB): the test measures nothing", mb(r["peak"]))
	}
	if r := got["50MB printed"]; r != nil && r["received"] != 50e6 {
		t.Errorf("50MB printed: the client received %v bytes, want 50,000,000", r["received"])
	}
}
