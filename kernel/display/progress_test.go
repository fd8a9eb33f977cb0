package display

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is advanced by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

func TestProgressThrottle(t *testing.T) {
	f := install(t)
	clk := &fakeClock{t: time.Unix(1000, 0)}
	p := newProgress(1000, "fit <a>", clk.now)
	// 999 steps 1ms apart: 0.999s, so at most one update per 100ms.
	for i := 0; i < 999; i++ {
		clk.advance(time.Millisecond)
		p.Add(1)
	}
	if n := len(f.bundles); n < 9 || n > 11 {
		t.Fatalf("%d bundles after 999 steps in 0.999s, want 1 + ~9 throttled updates", n)
	}
	before := len(f.bundles)
	clk.advance(time.Millisecond)
	p.Add(1) // reaches the total: the final update is sent unthrottled
	p.Done() // already done: nothing more
	p.Add(5)
	if len(f.bundles) != before+1 {
		t.Fatalf("final: %d bundles, want %d", len(f.bundles), before+1)
	}
	if f.updates[0] {
		t.Error("first progress output sent as update")
	}
	for i, b := range f.bundles {
		if b.ID != p.Handle().ID() {
			t.Fatalf("bundle %d id %q, want %q", i, b.ID, p.Handle().ID())
		}
		if i > 0 && !f.updates[i] {
			t.Fatalf("bundle %d not an update", i)
		}
	}
	last := f.bundles[len(f.bundles)-1]
	txt := last.Data["text/plain"].(string)
	if !strings.HasPrefix(txt, "fit <a> [##############################] 1000/1000 (100%) 1s done") {
		t.Errorf("final text %q", txt)
	}
	if h := last.Data["text/html"].(string); !strings.Contains(h, "fit &lt;a&gt;") || !strings.Contains(h, `value="1000" max="1000"`) {
		t.Errorf("final html %q", h)
	}
}

func TestProgressSetAndUnknownTotal(t *testing.T) {
	f := install(t)
	clk := &fakeClock{t: time.Unix(0, 0)}
	p := newProgress(0, "", clk.now)
	clk.advance(time.Second)
	p.Set(42)
	p.Done()
	if len(f.bundles) != 3 {
		t.Fatalf("%d bundles, want 3", len(f.bundles))
	}
	if got := f.bundles[1].Data["text/plain"]; got != "progress: 42 (1s)" {
		t.Errorf("text %q", got)
	}
	if got := f.bundles[2].Data["text/plain"]; got != "progress: 42 (1s) done" {
		t.Errorf("text %q", got)
	}
}

func TestProgressConcurrentWorkers(t *testing.T) {
	f := install(t)
	p := NewProgress(400, "workers")
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				p.Add(1)
			}
		}()
	}
	wg.Wait()
	f.mu.Lock()
	defer f.mu.Unlock()
	last := f.bundles[len(f.bundles)-1].Data["text/plain"].(string)
	if !strings.Contains(last, "400/400 (100%)") || !strings.HasSuffix(last, "done") {
		t.Errorf("final state %q", last)
	}
}

// TestProgressUpdate: Update(done, total) has fitlib's Progress signature;
// it sets the total and reaching it sends the final state.
func TestProgressUpdate(t *testing.T) {
	f := install(t)
	clk := &fakeClock{t: time.Unix(0, 0)}
	p := newProgress(0, "resamples", clk.now)
	var progress func(done, total int) = p.Update
	clk.advance(time.Second)
	progress(10, 40)
	progress(40, 40)
	last := f.bundles[len(f.bundles)-1].Data["text/plain"].(string)
	if !strings.Contains(last, "40/40") || !strings.HasSuffix(last, "done") {
		t.Errorf("final bar %q, want 40/40 done", last)
	}
}
