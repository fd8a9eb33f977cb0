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
