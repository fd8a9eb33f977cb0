package monkeys

import (
	"context"
	"errors"
	"math"
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
		_, err := BacktestSynthetic(truth, 64, BacktestOptions{SampleSizes: []int{100, 1000}, Seeds: 100, Seed: 2,
			Estimators: []Estimator{EstLeastSquares, EstBetaBinomial}, Workers: 2, Context: c.ctx})
		if err == nil || !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), c.frag) {
			t.Errorf("Synthetic cancelled: error %v, want one wrapping context.Canceled with %q", err, c.frag)
		}
	}
}

// TestMLECancelled: a cancelled context stops the MLE fit between L-BFGS
// iterations and the error says so.
func TestMLECancelled(t *testing.T) {
	truth, err := NewBeta(0.3, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Simulate(truth, 128, 1000, 5)
	if err != nil {
		t.Fatal(err)
	}
	_, err = FitBetaBinomial(c, MLEOptions{Context: ctxtest.NewErrAfter(3)})
	ctxtest.WantCancelled(t, "FitBetaBinomial", err, "Beta-binomial fit")
	done, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Analyze(c, AnalyzeOptions{Context: done})
	ctxtest.WantCancelled(t, "Analyze", err, "cancelled")
	if _, err := FitBetaBinomial(c, MLEOptions{Context: context.Background()}); err != nil {
		t.Errorf("live context: %v", err)
	}
}

// TestAnalyzeScale: the default p_max is the authors' (m+1)/m · max c/n
// for the maximum-likelihood fits and max c/n for the discretized ones;
// AnalyzeOptions.Scale overrides it for every distributional fit, and a
// value below max c/n is an error.
func TestAnalyzeScale(t *testing.T) {
	truth, err := NewBeta(0.4, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Simulate(truth, 200, 500, 11)
	if err != nil {
		t.Fatal(err)
	}
	def, err := Analyze(c, AnalyzeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m := float64(c.Len()); def.BetaBinomial.Scale != (m+1)*c.MaxPHat()/m || def.Kumaraswamy.Scale != def.BetaBinomial.Scale ||
		def.Discretized.Scale != c.MaxPHat() || def.DiscretizedKuma.Scale != c.MaxPHat() {
		t.Errorf("default scales %v, %v / %v, %v; want (m+1)/m max c/n %v, max c/n %v", def.BetaBinomial.Scale, def.Kumaraswamy.Scale,
			def.Discretized.Scale, def.DiscretizedKuma.Scale, (float64(c.Len())+1)*c.MaxPHat()/float64(c.Len()), c.MaxPHat())
	}
	one, err := Analyze(c, AnalyzeOptions{Scale: 1})
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]float64{"beta": one.BetaBinomial.Scale, "kuma": one.Kumaraswamy.Scale, "disc": one.Discretized.Scale, "disc kuma": one.DiscretizedKuma.Scale} {
		if s != 1 {
			t.Errorf("%s scale %v, want 1", name, s)
		}
	}
	// On unscaled data (true p_max = 1, largest c/n 0.588 here) the fit
	// with the true scale recovers Beta(0.4, 4); the default truncation
	// bends beta to about 2.1 (measured: 2.08 against 4.47).
	if d1, d0 := math.Abs(one.BetaBinomial.Beta-4), math.Abs(def.BetaBinomial.Beta-4); d1 > 1 || d0 < 1.5 {
		t.Errorf("beta with Scale 1: %v, default: %v, truth 4", one.BetaBinomial.Beta, def.BetaBinomial.Beta)
	}
	if _, err := Analyze(c, AnalyzeOptions{Scale: c.MaxPHat() / 2}); err == nil || !strings.Contains(err.Error(), "AnalyzeOptions.Scale") {
		t.Errorf("scale below max c/n: %v", err)
	}
}
