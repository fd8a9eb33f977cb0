package chinchilla

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gophernote/gophernote/fitlib/internal/ctxtest"
)

// cancelAfter is a progress counter that cancels after k resamples.
type cancelAfter struct {
	k      int64
	n      atomic.Int64
	cancel context.CancelFunc
}

func (c *cancelAfter) Add(n int) {
	if c.n.Add(int64(n)) >= c.k {
		c.cancel()
	}
}

// promptly runs f and fails when it takes longer than 10 s (liveness).
func promptly(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatalf("%s did not return within 10 s of the cancellation", what)
		return nil
	}
}

func TestBootstrapCancelled(t *testing.T) {
	r := testRuns(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var res *BootstrapResult
	err := promptly(t, "Bootstrap with a cancelled context", func() error {
		var err error
		res, err = Bootstrap(r, BootstrapOptions{Resamples: 1000000, Context: ctx})
		return err
	})
	ctxtest.WantCancelled(t, "Bootstrap with a cancelled context", err, "0 of 1000000 resamples finished")
	if res != nil {
		t.Error("a cancelled Bootstrap returned a result")
	}
}

func TestBootstrapCancelledMidRun(t *testing.T) {
	r := testRuns(t)
	for _, workers := range []int{1, 4} {
		ctx, cancel := context.WithCancel(context.Background())
		c := &cancelAfter{k: 25, cancel: cancel}
		err := promptly(t, "Bootstrap cancelled mid-run", func() error {
			_, err := Bootstrap(r, BootstrapOptions{Resamples: 1000000, Workers: workers, Context: ctx, Progress: c})
			return err
		})
		cancel()
		ctxtest.WantCancelled(t, "Bootstrap cancelled mid-run", err, "of 1000000 resamples finished")
		// No resample starts after the cancellation; the ones running
		// when it came may still finish.
		if got := c.n.Load(); got < c.k || got > c.k+int64(workers) {
			t.Errorf("workers %d: %d resamples finished, want %d to %d", workers, got, c.k, c.k+int64(workers))
		}
		time.Sleep(20 * time.Millisecond)
		if got := c.n.Load(); got > c.k+int64(workers) {
			t.Errorf("workers %d: resamples still finishing after Bootstrap returned (%d)", workers, got)
		}
	}
	// A nil Context is never cancelled, and a context cancelled only
	// after Bootstrap returned changes nothing.
	ctx, cancel := context.WithCancel(context.Background())
	a, err := Bootstrap(r, BootstrapOptions{Resamples: 8, Seed: 3, Context: ctx})
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bootstrap(r, BootstrapOptions{Resamples: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Alpha {
		if a.Alpha[i] != b.Alpha[i] {
			t.Fatalf("resample %d: alpha %v with a context, %v without", i, a.Alpha[i], b.Alpha[i])
		}
	}
}

func TestGridFitCancelled(t *testing.T) {
	r := testRuns(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, method := range []string{"engine", "bfgs"} {
		err := promptly(t, "GridFit with a cancelled context", func() error {
			_, err := GridFit(r, FitOptions{Method: method, Context: ctx})
			return err
		})
		ctxtest.WantCancelled(t, method+": GridFit with a cancelled context", err, "of 4500 starts finished")
	}
	_, err := FitHuberLikelihood(r, FitOptions{Context: ctx})
	ctxtest.WantCancelled(t, "FitHuberLikelihood with a cancelled context", err, "0 of 4500 starts finished")
}

func TestGridFitCancelledMidRun(t *testing.T) {
	r := testRuns(t)
	for _, method := range []string{"engine", "bfgs"} {
		ctx := ctxtest.NewErrAfter(300)
		var res *FitResult
		err := promptly(t, method+": GridFit cancelled mid-run", func() error {
			var err error
			res, err = GridFit(r, FitOptions{Method: method, Workers: 2, Context: ctx})
			return err
		})
		ctxtest.WantCancelled(t, method+": GridFit cancelled mid-run", err, "of 4500 starts finished")
		if res != nil {
			t.Errorf("%s: a cancelled GridFit returned a result", method)
		}
	}
	ctx := ctxtest.NewErrAfter(300)
	err := promptly(t, "FitHuberLikelihood cancelled mid-run", func() error {
		_, err := FitHuberLikelihood(r, FitOptions{Workers: 2, Context: ctx})
		return err
	})
	ctxtest.WantCancelled(t, "FitHuberLikelihood cancelled mid-run", err, "of 4500 starts finished")
}
