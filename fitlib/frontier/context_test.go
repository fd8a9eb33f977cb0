package frontier

import (
	"context"
	"testing"

	"github.com/gophernote/gophernote/fitlib/internal/ctxtest"
)

func TestFitAndBootstrapCancelled(t *testing.T) {
	z, y, _ := synthetic(13, 500, steep, 0.03)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	o := defaultOptions()
	o.Context = done
	_, err := Fit(z, y, o)
	ctxtest.WantCancelled(t, "Fit with a cancelled context", err, "0 of 23 starts finished")

	o.Context = ctxtest.NewErrAfter(200)
	o.Workers = 2
	_, err = Fit(z, y, o)
	ctxtest.WantCancelled(t, "Fit cancelled mid-run", err, "of 23 starts finished")

	// Bootstrap ignores the (cancelled) Context of the fit it starts from
	// and honours its own.
	o.Context, o.Workers = nil, 0
	res, err := Fit(z, y, o)
	if err != nil {
		t.Fatal(err)
	}
	res.Options.Context = done
	if _, err := Bootstrap(z, y, res, BootstrapOptions{Resamples: 4, Seed: 1}); err != nil {
		t.Fatalf("bootstrap without a Context: %v", err)
	}
	_, err = Bootstrap(z, y, res, BootstrapOptions{Resamples: 100000, Context: done})
	ctxtest.WantCancelled(t, "Bootstrap with a cancelled context", err, "0 of 100000 replicates finished")
	_, err = Bootstrap(z, y, res, BootstrapOptions{Resamples: 100000, Workers: 2, Context: ctxtest.NewErrAfter(500)})
	ctxtest.WantCancelled(t, "Bootstrap cancelled mid-run", err, "of 100000 replicates finished")
}
