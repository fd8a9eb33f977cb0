// Package par runs indexed jobs on a fixed number of goroutines for the
// fitlib packages (bootstrap resamples, multi-start fits). It is internal
// so that it needs no yaegi symbol table.
package par

import (
	"sync"
	"sync/atomic"
)

// For runs job(i) for every i in [0, n) on up to workers goroutines; each
// goroutine builds its job function (and its scratch) once with mk. With
// workers <= 1 (or n <= 1) the jobs run in order on the calling goroutine.
// Workers claim indices with an atomic counter rather than a channel: on a
// loaded machine every channel hand-off waits for the OS to schedule the
// sender, which made two workers slower than one. Callers write results
// by index, so they do not depend on the number of workers.
func For(workers, n int, mk func() func(int)) {
	if workers > n {
		workers = n
	}
	if workers <= 1 {
		if n <= 0 {
			return
		}
		job := mk()
		for i := 0; i < n; i++ {
			job(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			job := mk()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				job(i)
			}
		}()
	}
	wg.Wait()
}

// Ticker returns a function that records one finished job of total and
// reports the count to report (fitlib's Options.Progress): calls to report
// never overlap, come in increasing order, at most about 100 times, and
// always once when the last job finishes. A nil report gives a no-op.
func Ticker(report func(done, total int), total int) func() {
	if report == nil {
		return func() {}
	}
	var mu sync.Mutex
	done, every := 0, total/100
	if every < 1 {
		every = 1
	}
	return func() {
		mu.Lock()
		defer mu.Unlock()
		done++
		if done%every == 0 || done == total {
			report(done, total)
		}
	}
}
