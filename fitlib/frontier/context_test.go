package frontier

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
)

// errAfter is a context whose Err turns to context.Canceled after k calls:
// a deterministic "cancelled mid-run".
type errAfter struct {
	context.Context
	k atomic.Int64
}

func newErrAfter(k int64) *errAfter {
	c := &errAfter{Context: context.Background()}
	c.k.Store(k)
	return c
}

func (c *errAfter) Err() error {
	if c.k.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

func wantCancelled(t *testing.T, what string, err error, frag string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error after the cancellation", what)
	}
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "cancelled") || !strings.Contains(err.Error(), frag) {
		t.Errorf("%s: error %q, want one wrapping context.Canceled that says cancelled and %q", what, err, frag)
	}
}

func TestFitAndBootstrapCancelled(t *testing.T) {
	z, y, _ := synthetic(13, 500, steep, 0.03)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	o := DefaultOptions()
	o.Context = done
	_, err := Fit(z, y, o)
	wantCancelled(t, "Fit with a cancelled context", err, "0 of 23 starts finished")

	o.Context = newErrAfter(200)
	o.Workers = 2
	_, err = Fit(z, y, o)
	wantCancelled(t, "Fit cancelled mid-run", err, "of 23 starts finished")

	// Bootstrap ignores the (cancelled) Context of the fit it starts from
	// and honours its own.
	o.Context, o.Workers = nil, 0
	res, err := Fit(z, y, o)
	if err != nil {
		t.Fatal(err)
	}
	res.Options.Context = done
	if _, err := Bootstrap(z, y, res, BootstrapOptions{Replicates: 4, Seed: 1}); err != nil {
		t.Fatalf("bootstrap without a Context: %v", err)
	}
	_, err = Bootstrap(z, y, res, BootstrapOptions{Replicates: 100000, Context: done})
	wantCancelled(t, "Bootstrap with a cancelled context", err, "0 of 100000 replicates finished")
	_, err = Bootstrap(z, y, res, BootstrapOptions{Replicates: 100000, Workers: 2, Context: newErrAfter(500)})
	wantCancelled(t, "Bootstrap cancelled mid-run", err, "of 100000 replicates finished")
}
