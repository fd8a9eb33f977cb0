package worker

import (
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"4GiB": 4 << 30, "512MiB": 512 << 20, "2GB": 2e9, "1500000000": 1.5e9, "1.5G": 3 << 29, "64k": 64 << 10} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "lots", "-1GiB", "4QB"} {
		if _, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q): no error", bad)
		}
	}
	if n, src, err := memoryBudget("50%"); err != nil || n <= 0 || !strings.HasPrefix(src, "50% of ") {
		t.Errorf("memoryBudget(50%%) = %d %q %v", n, src, err)
	}
	if n, _, err := memoryBudget("off"); err != nil || n != 0 {
		t.Errorf("memoryBudget(off) = %d %v", n, err)
	}
}

// TestRunawayAllocation: with GOPHERNOTE_MEMORY_LIMIT, the worker sets
// the Go runtime's limit and its address-space limit, and a cell that
// allocates without end fails with Go's "fatal error: out of memory"
// (the allocation past the limit fails) instead of growing until the
// system's OOM killer ends something; a fresh worker takes over.
func TestRunawayAllocation(t *testing.T) {
	c := start(t, Options{Env: []string{envMemoryLimit + "=512MiB"}})
	lim, err := c.Limits()
	if err != nil || lim.Memory != 512<<20 || lim.Address < 512<<20 || !strings.Contains(lim.Source, "512MiB") {
		t.Fatalf("limits %+v, %v", lim, err)
	}
	pid := c.PID()
	_, r := run(t, c, "var chunks [][]byte\nfor {\n\tchunks = append(chunks, bytes.Repeat([]byte(\"x\"), 16<<20))\n}")
	if r.Err == nil || r.Err.Name != "fatal error" || !strings.HasPrefix(r.Err.Value, "out of memory (runtime: out of memory: cannot allocate") {
		t.Fatalf("runaway allocation: %+v", r.Err)
	}
	if _, r := run(t, c, "1 + 1"); text(r) != "2" || c.PID() == pid {
		t.Errorf("after: %q %v (worker %d, was %d)", text(r), r.Err, c.PID(), pid)
	}
}
