package monkeys

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/fitlib/internal/ctxtest"
)

func TestSyntheticCancelled(t *testing.T) {
	truth, err := NewBeta(0.3, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	mid := ctxtest.NewErrAfter(10)
	for _, c := range []struct {
		ctx  context.Context
		frag string
	}{{done, "(0 of 400 tasks finished)"}, {mid, "of 400 tasks finished"}} {
		_, err := Synthetic(truth, 64, BacktestOptions{SampleSizes: []int{100, 1000}, Seeds: 100, Seed: 2,
			Estimators: []string{EstLeastSquares, EstBetaBinomial}, Workers: 2, Context: c.ctx})
		if err == nil || !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), c.frag) {
			t.Errorf("Synthetic cancelled: error %v, want one wrapping context.Canceled with %q", err, c.frag)
		}
	}
}
