package chinchilla

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gophernote/gophernote/fitlib/internal/ctxtest"
)

// cancelAfter is a Progress function that cancels once k resamples are
// reported finished.
type cancelAfter struct {
	k      int64
	n      atomic.Int64
	cancel context.CancelFunc
}

func (c *cancelAfter) progress(done, total int) {
	c.n.Store(int64(done))
	if int64(done) >= c.k {
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
		res, err = Bootstrap(r, besFit(), BootstrapOptions{Resamples: 1000000, Context: ctx})
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
		// 2,500 resamples: Progress reports every 25th, so the first
		// report cancels.
		c := &cancelAfter{k: 25, cancel: cancel}
		err := promptly(t, "Bootstrap cancelled mid-run", func() error {
			_, err := Bootstrap(r, besFit(), BootstrapOptions{Resamples: 2500, Workers: workers, Context: ctx, Progress: c.progress})
			return err
		})
		cancel()
		ctxtest.WantCancelled(t, "Bootstrap cancelled mid-run", err, "of 2500 resamples finished")
		// No resample starts after the cancellation; the ones running
		// when it came may still finish.
		var finished int64
		if i := strings.Index(err.Error(), "("); i < 0 {
			t.Fatal(err)
		} else if _, e := fmt.Sscanf(err.Error()[i:], "(%d of", &finished); e != nil {
			t.Fatal(e, err)
		}
		if finished < c.k || finished > c.k+int64(workers) {
			t.Errorf("workers %d: %d resamples finished, want %d to %d", workers, finished, c.k, c.k+int64(workers))
		}
	}
	// A nil Context is never cancelled, and a context cancelled only
	// after Bootstrap returned changes nothing.
	ctx, cancel := context.WithCancel(context.Background())
	a, err := Bootstrap(r, besFit(), BootstrapOptions{Resamples: 8, Seed: 3, Context: ctx})
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bootstrap(r, besFit(), BootstrapOptions{Resamples: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Samples {
		if a.Samples[i][3] != b.Samples[i][3] {
			t.Fatalf("resample %d: alpha %v with a context, %v without", i, a.Samples[i][3], b.Samples[i][3])
		}
	}
}

func TestFitGridCancelled(t *testing.T) {
	r := testRuns(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, method := range []Method{Engine, GonumBFGS} {
		err := promptly(t, "FitGrid with a cancelled context", func() error {
			_, err := FitGrid(r, FitOptions{Method: method, Context: ctx})
			return err
		})
		ctxtest.WantCancelled(t, method.String()+": FitGrid with a cancelled context", err, "of 4500 starts finished")
	}
	_, err := FitHuberLikelihood(r, FitOptions{Context: ctx})
	ctxtest.WantCancelled(t, "FitHuberLikelihood with a cancelled context", err, "0 of 4500 starts finished")
}

func TestFitGridCancelledMidRun(t *testing.T) {
	r := testRuns(t)
	for _, method := range []Method{Engine, GonumBFGS} {
		ctx := ctxtest.NewErrAfter(300)
		var res *LawFit
		err := promptly(t, method.String()+": FitGrid cancelled mid-run", func() error {
			var err error
			res, err = FitGrid(r, FitOptions{Method: method, Workers: 2, Context: ctx})
			return err
		})
		ctxtest.WantCancelled(t, method.String()+": FitGrid cancelled mid-run", err, "of 4500 starts finished")
		if res != nil {
			t.Errorf("%s: a cancelled FitGrid returned a result", method)
		}
	}
	ctx := ctxtest.NewErrAfter(300)
	err := promptly(t, "FitHuberLikelihood cancelled mid-run", func() error {
		_, err := FitHuberLikelihood(r, FitOptions{Workers: 2, Context: ctx})
		return err
	})
	ctxtest.WantCancelled(t, "FitHuberLikelihood cancelled mid-run", err, "of 4500 starts finished")
}
