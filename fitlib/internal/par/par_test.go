package par

import (
	"sync/atomic"
	"testing"
)

func TestFor(t *testing.T) {
	for _, workers := range []int{-1, 0, 1, 2, 7, 100} {
		for _, n := range []int{0, 1, 5, 1000} {
			hits := make([]int32, n)
			var built atomic.Int32
			For(workers, n, func() func(int) {
				built.Add(1)
				return func(i int) { atomic.AddInt32(&hits[i], 1) }
			})
			for i, h := range hits {
				if h != 1 {
					t.Fatalf("workers %d, n %d: job %d ran %d times", workers, n, i, h)
				}
			}
			if b := int(built.Load()); b > max(1, min(workers, n)) || n > 0 && b < 1 {
				t.Errorf("workers %d, n %d: mk called %d times", workers, n, b)
			}
		}
	}
}

// TestTicker: reports arrive in order, never overlap, at most about 100 of
// them, and the last one is the total.
func TestTicker(t *testing.T) {
	var got []int
	inside := false
	tick := Ticker(func(done, total int) {
		if inside {
			t.Error("overlapping report")
		}
		inside = true
		if total != 1000 {
			t.Errorf("total %d", total)
		}
		got = append(got, done)
		inside = false
	}, 1000)
	For(4, 1000, func() func(int) { return func(int) { tick() } })
	if len(got) == 0 || len(got) > 101 || got[len(got)-1] != 1000 {
		t.Fatalf("%d reports, last %v", len(got), got)
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Fatalf("reports out of order: %v", got)
		}
	}
	Ticker(nil, 5)() // a nil report is a no-op
}
