package frontier

import (
	"math"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// q98Beta13 is the 0.98 quantile of Beta(1, 3): its CDF is 1 - (1-x)^3,
// so x = 1 - 0.02^(1/3) = 0.728558...
var q98Beta13 = 1 - math.Cbrt(0.02)

// betaScene is a synthetic leaderboard with a known 0.98 quantile: scores
// y = F(z) B, F(z) = Y0 + L sigmoid(B (z - Mid)), B ~ Beta(1, 3) (drawn by
// inversion, 1 - (1-U)^(1/3)), z ~ U(20, 26), optionally rounded to the
// midpoints of Levels equal cells (the leaderboard has 26 distinct compute
// values; fewer distinct z also make the fit faster). The true frontier is
// Q_0.98(y | z) = q98Beta13 F(z).
type betaScene struct {
	Y0, L, B, Mid float64
	N, Levels     int
}

// issueScene is issue 13's scatter: a pure sigmoid frontier (floor 0, top
// 1, slope 1.5) times Beta(1, 3) noise, 2,000 points.
var issueScene = betaScene{Y0: 0, L: 1, B: 1.5, Mid: 23, N: 2000}

func (s betaScene) draw(seed uint64) (z, y []float64) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	z, y = make([]float64, s.N), make([]float64, s.N)
	for i := range z {
		u := rng.Float64()
		if s.Levels > 0 {
			u = (math.Floor(u*float64(s.Levels)) + 0.5) / float64(s.Levels)
		}
		z[i] = 20 + 6*u
		y[i] = s.F(z[i]) * (1 - math.Cbrt(1-rng.Float64()))
	}
	return z, y
}

// F is the sigmoid that scales the noise; Truth the 0.98 quantile.
func (s betaScene) F(z float64) float64 { return s.Y0 + s.L*num.Sigmoid(s.B*(z-s.Mid)) }
func (s betaScene) Truth() Params {
	return Params{Y0: q98Beta13 * s.Y0, L: q98Beta13 * s.L, A: -s.B * s.Mid, B: s.B}
}

// checkZ are the three compute values of the recovery and coverage tests:
// low (q = 0.035 on issueScene), middle and high end of the data.
var checkZ = []float64{21, 23, 25}

// TestRecoverBetaSigmoidQuantile is issue 13's recovery test: on 2,000-point
// sigmoid x Beta(1,3) scatters, the default options recover the true 0.98
// quantile within 4 standard errors at three compute values and the slope
// within 4 standard errors, with in-sample coverage within 0.005 of 0.98,
// for 5 seeds.
func TestRecoverBetaSigmoidQuantile(t *testing.T) {
	truth := issueScene.Truth()
	for seed := uint64(1); seed <= 5; seed++ {
		z, y := issueScene.draw(seed)
		r, err := Fit(z, y, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Converged() {
			t.Errorf("seed %d: not converged: %s", seed, r.Reason)
		}
		for _, zz := range checkZ {
			q, se := r.Params.At(zz), r.QuantileSE(zz)
			if d := (q - truth.At(zz)) / se; math.Abs(d) > 4 || !(se > 0) {
				t.Errorf("seed %d z %v: q = %.4f, truth %.4f, SE %.4f: %+.1f SE", seed, zz, q, truth.At(zz), se, d)
			}
		}
		if d := (r.Params.B - truth.B) / r.SE.B; math.Abs(d) > 4 {
			t.Errorf("seed %d: slope %.3f, truth %.3f, SE %.3f", seed, r.Params.B, truth.B, r.SE.B)
		}
		if math.Abs(r.Coverage-0.98) > 0.005 {
			t.Errorf("seed %d: in-sample coverage %.4f", seed, r.Coverage)
		}
	}
}

// coverageStats summarise a simulation: per compute value, the share of
// datasets whose 95% interval (Result.Interval: the percentile bootstrap
// interval) covers the true quantile, the same for the normal interval
// q -+ 1.96 SE, the mean SE over the standard deviation of the estimates,
// the mean of (q - truth)/SE, and the sandwich's mean SE over that
// standard deviation (computed on the same fits).
type coverageStats struct {
	Cover, NormalCover, SERatio, MeanZ, SandwichRatio []float64
	Failed                                            int
}

// coverageRun fits r datasets of scene s (seeds 1..r) with opt, two at a
// time (one worker each), and summarises them at zs.
func coverageRun(s betaScene, r int, opt Options, zs []float64) coverageStats {
	truth := s.Truth()
	type rec struct {
		q, se, lo, hi, sw []float64
		ok                bool
	}
	recs := make([]rec, r)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				z, y := s.draw(uint64(i + 1))
				o := opt
				o.Workers = 1
				o.Seed = uint64(i + 1)
				res, err := Fit(z, y, o)
				if err != nil || len(res.Samples) < 2 {
					continue
				}
				rc := rec{ok: true}
				sw := *res
				obj := newSigmoidObjective(z, y, nil)
				obj.configure(res.Options)
				cov, _, err := sandwich(res.Params, z, y, obj, res.Options)
				sw.Samples = nil
				sw.setCov(cov)
				for _, zz := range zs {
					lo, hi := res.Interval(zz, 0.95)
					rc.q = append(rc.q, res.Params.At(zz))
					rc.se = append(rc.se, res.QuantileSE(zz))
					rc.lo, rc.hi = append(rc.lo, lo), append(rc.hi, hi)
					v := math.NaN()
					if err == nil {
						v = sw.QuantileSE(zz)
					}
					rc.sw = append(rc.sw, v)
				}
				recs[i] = rc
			}
		}()
	}
	for i := 0; i < r; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	var st coverageStats
	for k, zz := range zs {
		tq := truth.At(zz)
		var n, cov, ncov, m, m2, mse, msw, mz float64
		for _, rc := range recs {
			if !rc.ok {
				continue
			}
			n++
			d := rc.q[k] - tq
			if rc.lo[k] <= tq && tq <= rc.hi[k] {
				cov++
			}
			if math.Abs(d) <= 1.96*rc.se[k] {
				ncov++
			}
			m += rc.q[k]
			m2 += rc.q[k] * rc.q[k]
			mse += rc.se[k]
			mz += d / rc.se[k]
			msw += rc.sw[k]
		}
		sd := math.Sqrt((m2 - m*m/n) / (n - 1))
		st.Cover = append(st.Cover, cov/n)
		st.NormalCover = append(st.NormalCover, ncov/n)
		st.SERatio = append(st.SERatio, mse/n/sd)
		st.MeanZ = append(st.MeanZ, mz/n)
		st.SandwichRatio = append(st.SandwichRatio, msw/n/sd)
	}
	for _, rc := range recs {
		if !rc.ok {
			st.Failed++
		}
	}
	return st
}

// coverageScenes are the scenes of the coverage tests, 2,000 points on 50
// distinct compute values: one with an interior floor and top, and issue
// 13's pure sigmoid (floor 0: the true frontier sits on the constraint
// y0 >= 0).
var coverageScenes = []struct {
	name  string
	scene betaScene
}{
	{"interior scene", betaScene{Y0: 0.1, L: 0.8, B: 1.5, Mid: 23, N: 2000, Levels: 50}},
	{"issue scene (y0 = 0)", betaScene{Y0: 0, L: 1, B: 1.5, Mid: 23, N: 2000, Levels: 50}},
}

// TestFrontierSECoverage: the default (bootstrap) uncertainty is honest.
// Over 200 simulated 2,000-point datasets of the interior scene (48 s of
// CPU with the default 1,000 resamples: 26 s on 2 cores), the 95%
// intervals of Result.Interval at z = 21, 23, 25 cover the true 0.98
// quantile 93-97% of the time pooled over the three compute values
// (measured 0.938; 0.945 with 200 resamples) and 88-99% at each (0.960,
// 0.885, 0.970; one binomial SE over 200 datasets is 0.015), and the mean
// SE is 0.75-1.33 times the estimates' spread (1.08, 0.96, 1.08): standard errors off by a factor 2 either way would cover about
// 68% or 99.99% and fail. GOPHERNOTE_LONG=1 runs 1,000 datasets of each
// scene (about 4 minutes of CPU) and requires 93-97% at each compute value
// (measured: interior 0.961, 0.942, 0.945; issue scene 0.961, 0.944,
// 0.941; normal intervals 0.930-0.970). The normal intervals and the
// sandwich's SE ratio are logged beside.
func TestFrontierSECoverage(t *testing.T) {
	r, perZ, scenes := 200, [2]float64{0.88, 0.99}, coverageScenes[:1]
	if os.Getenv("GOPHERNOTE_LONG") == "1" {
		r, perZ, scenes = 1000, [2]float64{0.93, 0.97}, coverageScenes
	}
	for _, sc := range scenes {
		t0 := time.Now()
		st := coverageRun(sc.scene, r, Options{}, checkZ)
		t.Logf("%s, %d datasets (%v): 95%% interval coverage %.3f at z = %v (normal intervals %.3f); mean SE / sd %.2f; mean (q - truth)/SE %+.2f; sandwich SE / sd %.2f; %d fits failed",
			sc.name, r, time.Since(t0).Round(time.Second), st.Cover, checkZ, st.NormalCover, st.SERatio, st.MeanZ, st.SandwichRatio, st.Failed)
		pooled := 0.0
		for k := range checkZ {
			pooled += st.Cover[k] / float64(len(checkZ))
			if c := st.Cover[k]; c < perZ[0] || c > perZ[1] {
				t.Errorf("%s: z = %v: 95%% intervals covered %.3f, want %.2f-%.2f", sc.name, checkZ[k], c, perZ[0], perZ[1])
			}
			if q := st.SERatio[k]; q < 0.75 || q > 1.33 {
				t.Errorf("%s: z = %v: mean SE / spread of the estimates = %.2f, want 0.75-1.33", sc.name, checkZ[k], q)
			}
		}
		if pooled < 0.93 || pooled > 0.97 {
			t.Errorf("%s: pooled coverage %.3f, want 0.93-0.97", sc.name, pooled)
		}
		// Why the sandwich is not the default: one bandwidth cannot serve
		// compute values whose score spread differs 10-fold, and at the
		// low end its SE is far below the estimates' spread.
		if st.SandwichRatio[0] > 0.8 {
			t.Errorf("%s: sandwich SE / spread at z = %v is %.2f: the measured understatement (0.55-0.65) is gone; revisit SESandwich's doc", sc.name, checkZ[0], st.SandwichRatio[0])
		}
		if st.Failed > 0 {
			t.Errorf("%s: %d of %d fits failed", sc.name, st.Failed, r)
		}
	}
}

// TestObjectiveChoices pins the measurements behind the defaults on issue
// 13's scatters (2,000 points, seeds 1-3, truth b = 1.5, q(21) = 0.0346),
// averaged over seeds:
//
//	objective                           b      q(21) - truth  coverage
//	default (kappa 1000, centred)       1.61   -0.002..0.000  0.981
//	kappa 1000, lambda (a^2 + b^2)      1.30   +0.01          0.986
//	kappa 200, centred                  1.68   +0.006         0.986
//	kappa 50, centred                   1.77   +0.057         0.988
//	PaperOptions (kappa 50, a^2 + b^2)  0.97   +0.067         0.988
//	EnhancedOptions (mean, kappa 50)    0.71   +0.09          0.987
//
// kappa 50 lifts the low end by 0.06 (about 25 standard errors; the scores
// there span 0.01, less than the smoothing scale 1/kappa = 0.02) and
// over-covers; kappa 200 still leaves +0.006 (3 SE); with raw z the a^2
// penalty shrinks the slope by 15% even on the summed loss (a = -35, so
// lambda a^2 = 1.2 against a loss of about 10); the averaged loss of the
// released fitter halves the slope.
func TestObjectiveChoices(t *testing.T) {
	truth := issueScene.Truth()
	type avg struct{ b, q21, cov float64 }
	fit := func(o Options) avg {
		var a avg
		for seed := uint64(1); seed <= 3; seed++ {
			z, y := issueScene.draw(seed)
			o.SE = SENone
			r, err := Fit(z, y, o)
			if err != nil {
				t.Fatal(err)
			}
			a.b += r.Params.B / 3
			a.q21 += (r.Params.At(21) - truth.At(21)) / 3
			a.cov += r.Coverage / 3
		}
		return a
	}
	def := fit(Options{})
	raw := fit(Options{Penalty: PenaltyRaw})
	k200 := fit(Options{Kappa: 200})
	k50 := fit(Options{Kappa: 50})
	paper := fit(PaperOptions())
	enh := fit(EnhancedOptions())
	t.Logf("default %+v; raw penalty %+v; kappa 200 %+v; kappa 50 %+v; paper %+v; enhanced %+v", def, raw, k200, k50, paper, enh)
	if math.Abs(def.b-1.5) > 0.2 || math.Abs(def.q21) > 0.003 || math.Abs(def.cov-0.98) > 0.003 {
		t.Errorf("default: %+v, want b within 0.2 of 1.5, q(21) within 0.003, coverage within 0.003 of 0.98", def)
	}
	if raw.b > 1.4 || raw.cov < 0.984 {
		t.Errorf("raw-z penalty should shrink the slope: %+v", raw)
	}
	if k200.q21 < 0.003 || k50.q21 < 0.04 || k50.cov < 0.986 {
		t.Errorf("smoothing bias should show at kappa 200 (%+v) and 50 (%+v)", k200, k50)
	}
	if paper.b > 1.2 || paper.q21 < 0.05 || enh.b > 0.8 || enh.q21 < 0.07 {
		t.Errorf("paper objective %+v, released fitter's %+v: expected the flattened, lifted fits measured", paper, enh)
	}
}
