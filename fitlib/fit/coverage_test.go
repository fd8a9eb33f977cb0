package fit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"sort"
	"strconv"
	"testing"
	"time"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/gophernote/gophernote/fitlib/formula"
	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
)

// Coverage of the 95% intervals every fit reports, by simulation: data
// drawn from a known law, fitted with default options, and the fraction of
// datasets whose interval holds the true value counted per parameter.
//
// Why these numbers. With D datasets a calibrated interval's coverage has
// binomial standard deviation sqrt(0.95 * 0.05 / D): 0.0154 at D = 200,
// 0.0069 at D = 1000, 0.0034 at 4000. The window 93-97% is +-1.3 standard
// deviations at 200 datasets (a calibrated method would fail it one time
// in five, so a fixed seed would pass or fail by luck), +-2.9 at 1000 and
// +-5.8 at 4000. So the closed-form cases run 4000 datasets (cheap), the
// pinball cases 2000 and the bootstrap case 1000, and all require 93-97%;
// GOPHERNOTE_COVERAGE=N runs N
// datasets (the thorough run uses 4000: GOPHERNOTE_COVERAGE=4000 go test
// -run 'TestCoverage' ./fitlib/fit, which also runs TestCoverageGrid), and
// N < 1000 widens the window to 90-98.5%: a standard error off by a factor
// of 2 either way gives about 68% or 99.99% and still fails. Run time of
// TestCoverage on this 2-core machine: 0.2-1.3 s per closed-form case,
// 7 and 10 s for the pinball cases, 13 s for the bootstrap case (about
// 35 s in all).
//
// The cases cover each loss at the sizes and noise the review of issue 13
// found wrong: heteroscedastic noise (squared-log, Huber, pinball),
// outliers (Huber), more than 30 residual degrees of freedom (squared),
// and fits started away from the truth. TestCoverageGrid (behind
// GOPHERNOTE_COVERAGE) measures the wider grid behind SEAuto's choice; at
// 1000 datasets per design (squared-log and Huber(1e-3) fits of
// E + A N^-alpha, noise 1% or 1%-4% growing along N, or 10% outliers of
// sd 10%):
//
//	design (1000 datasets)    model-based      HC3, t(n-p)    SEAuto: HC2, Bell-McCaffrey
//	sq-log n=10               0.948-0.952      0.976-0.979    0.958-0.970
//	sq-log n=33               0.923-0.939      0.952-0.954    0.948-0.954
//	sq-log n=60               0.930-0.935      0.940-0.944    0.938-0.940
//	sq-log 1-4x n=20          0.905-0.973      0.935-0.971    0.934-0.976
//	sq-log 1-4x n=60          0.918-0.929      0.929-0.940    0.927-0.939
//	Huber 1e-3 n=10           0.966-0.968      -              0.945-0.969
//	Huber 1e-3 1-4x n=20      0.907-0.983      -              0.919-0.973
//	Huber 1e-3 10% out n=50   0.991-0.993      -              0.960-0.965
//	Huber 1e-2 10% out n=20   0.979-0.983      -              0.961-0.967
//	pinball line 1-4x n=100   0.860-0.997      (Powell sandwich, n^-1/3: 0.931-0.964; n^-1/5: 0.941-0.972)
//
// (the model-based column for Huber with the residual-SD bandwidth used
// before; the others with the robust scale min(SD, IQR/1.349) and the
// Huber window correction h'^2 = h^2 - delta^2/3). No closed form is
// within 93-97% on every design: SEAuto's worst are conservative (A and
// alpha at 10-20 rows with noise growing along N: up to 0.981) and the
// asymptote E under fourfold heteroscedasticity (0.919 with Huber at 20
// rows, 0.927 squared at 60), where the few rows that fix E carry the
// largest noise. TestCoverageGrid prints the whole grid.
//
// Measured before this change (Huber sandwich from the raw Hessian, normal
// quantile), on the repro: coverage 0.47-0.52, SE / sd of the
// estimates 0.23-0.29, 7 of 200 fits without SE. After: see the t.Logf
// lines (go test -v -run TestCoverage).

// covCase is one simulation design.
type covCase struct {
	name  string
	n     int // rows per dataset
	truth map[string]float64
	// problem draws one dataset with r and returns its fit problem.
	problem func(r *rand.Rand) Problem
	opt     Options
	// datasets is the default number of datasets when it is not 4000:
	// 1000 for the bootstrap (200 refits each), 2000 for the slower
	// pinball fits.
	datasets int
}

func powerLawData(r *rand.Rand, n int, noise func(r *rand.Rand) float64, logNoise bool) (x, y []float64) {
	for i := 0; i < n; i++ {
		xi := math.Pow(10, 6+4*float64(i)/float64(n-1))
		mu := 1.8 + 400*math.Pow(xi, -0.34)
		x = append(x, xi)
		if logNoise {
			y = append(y, mu*math.Exp(noise(r)))
		} else {
			y = append(y, mu+noise(r))
		}
	}
	return x, y
}

var covPowerLaw = map[string]float64{"E": 1.8, "A": 400, "alpha": 0.34}

func covParams() []Param {
	return []Param{{Name: "E", Init: 1.8, Transform: Log}, {Name: "A", Init: 400, Transform: Log}, {Name: "alpha", Init: 0.34}}
}

func gaussNoise(s float64) func(*rand.Rand) float64 {
	return func(r *rand.Rand) float64 { return s * r.NormFloat64() }
}

// pinballShift is the population minimizer c of the smoothed pinball
// loss of eps - c for eps = s (Z - z_tau): E sigmoid(kappa (eps - c)) =
// 1 - tau, solved by bisection with the expectation by 2000-point
// quadrature. It is the offset the smoothed estimator targets.
func pinballShift(tau, kappa, s float64) float64 {
	zt := distuv.UnitNormal.Quantile(tau)
	m := func(c float64) float64 {
		const k = 2000
		sum := 0.0
		for i := 0; i < k; i++ {
			z := distuv.UnitNormal.Quantile((float64(i) + 0.5) / k)
			sum += num.Sigmoid(kappa * (s*(z-zt) - c))
		}
		return sum/k - (1 - tau)
	}
	lo, hi := -s, s
	for i := 0; i < 100; i++ {
		mid := (lo + hi) / 2
		if m(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

func coverageCases(t *testing.T) []covCase {
	law := mustParse(t, "E + A * N^(-alpha)", "N")
	pl := func(r *rand.Rand, n int, loss Loss, noise func(*rand.Rand) float64, logNoise bool) Problem {
		x, y := powerLawData(r, n, noise, logNoise)
		return Problem{Formula: law, Data: map[string][]float64{"N": x}, Y: y, Loss: loss, Params: covParams()}
	}
	const tau, kappa, ps = 0.9, 200.0, 0.05
	pinTruth := map[string]float64{"E": 1.8 + pinballShift(tau, kappa, ps), "A": 400, "alpha": 0.34}
	zt := distuv.UnitNormal.Quantile(tau)
	// Binomial counts k of m trials with logit p = a + b log10 x: the
	// negative log-likelihood as an Objective (honours row weights).
	glm := func(r *rand.Rand) Problem {
		const n, m = 10, 40
		x := make([]float64, n)
		k := make([]float64, n)
		for i := range x {
			x[i] = float64(i) * 4 / (n - 1) // log10 x in [0, 4]
			p := num.Sigmoid(-2 + 1.2*x[i])
			for j := 0; j < m; j++ {
				if r.Float64() < p {
					k[i]++
				}
			}
		}
		return Problem{Rows: n, Params: []Param{{Name: "a", Init: -1}, {Name: "b", Init: 1}},
			Objective: func(p, g, w []float64) float64 {
				f := 0.0
				g[0], g[1] = 0, 0
				for i := range x {
					wi := 1.0
					if w != nil {
						wi = w[i]
					}
					eta := p[0] + p[1]*x[i]
					// -log lik = m softplus(eta) - k eta
					f += wi * (m*num.Softplus(eta) - k[i]*eta)
					d := wi * (m*num.Sigmoid(eta) - k[i])
					g[0] += d
					g[1] += d * x[i]
				}
				return f
			}}
	}
	// The Chinchilla-style Huber objective written by hand, declared a sum
	// of losses: its standard errors come from the bootstrap.
	huberObj := func(r *rand.Rand) Problem {
		x, y := powerLawData(r, 40, gaussNoise(0.01), true)
		lx, ly := make([]float64, len(x)), make([]float64, len(y))
		for i := range x {
			lx[i], ly[i] = math.Log(x[i]), math.Log(y[i])
		}
		const d = 1e-3
		return Problem{Rows: len(x), ObjectiveIs: SumOfLosses, Params: covParams(),
			Objective: func(p, g, w []float64) float64 {
				f := 0.0
				g[0], g[1], g[2] = 0, 0, 0
				for i := range x {
					wi := 1.0
					if w != nil {
						wi = w[i]
					}
					if wi == 0 {
						continue
					}
					t := math.Exp(-p[2] * lx[i])
					q := p[0] + p[1]*t
					if !(q > 0) {
						return math.Inf(1)
					}
					res := ly[i] - math.Log(q)
					h, psi := (&Loss{Kind: HuberLoss, Delta: d}).rho(res)
					f += wi * h
					c := -wi * psi / q
					g[0] += c
					g[1] += c * t
					g[2] += c * p[1] * t * -lx[i]
				}
				return f
			}}
	}
	return []covCase{
		{name: "squared (linear residuals), n=10", n: 10, truth: covPowerLaw,
			problem: func(r *rand.Rand) Problem { return pl(r, 10, Squared(), gaussNoise(0.02), false) }},
		{name: "squared log residuals, n=10", n: 10, truth: covPowerLaw,
			problem: func(r *rand.Rand) Problem { return pl(r, 10, SquaredLog(), gaussNoise(0.01), true) }},
		{name: "Huber(1e-3) log residuals, n=10 (the issue's repro)", n: 10, truth: covPowerLaw,
			problem: func(r *rand.Rand) Problem { return pl(r, 10, Huber(1e-3), gaussNoise(0.01), true) }},
		{name: "Huber(1e-2) log residuals, n=50", n: 50, truth: covPowerLaw,
			problem: func(r *rand.Rand) Problem { return pl(r, 50, Huber(1e-2), gaussNoise(0.01), true) }},
		{name: "smoothed pinball(0.9, 200), n=100", n: 100, truth: pinTruth, datasets: 2000,
			problem: func(r *rand.Rand) Problem {
				return pl(r, 100, Pinball(tau, kappa), func(r *rand.Rand) float64 { return ps * (r.NormFloat64() - zt) }, false)
			}},
		{name: "negative log-likelihood Objective (binomial), 10 rows", n: 10, truth: map[string]float64{"a": -2, "b": 1.2},
			problem: glm},
		// 200 resamples per dataset, not the DefaultResamples (1000) a
		// notebook user gets: at 1000 this case takes 97 s here and its
		// percentile intervals cover 0.971-0.976 (conservative: the pairs
		// bootstrap's spread is 1.11-1.13 times the estimates' at 40 rows);
		// GOPHERNOTE_COVERAGE runs it with the default.
		{name: "sum-of-losses Objective (Huber 1e-3), n=40, bootstrap", n: 40, truth: covPowerLaw,
			problem: huberObj, datasets: 1000, opt: Options{Resamples: 200}},
		{name: "squared log residuals, n=60 (57 residual DOF)", n: 60, truth: covPowerLaw,
			problem: func(r *rand.Rand) Problem { return pl(r, 60, SquaredLog(), gaussNoise(0.01), true) }},
		{name: "squared log residuals, noise 1%-4% growing along N, n=32", n: 32, truth: covPowerLaw,
			problem: func(r *rand.Rand) Problem { return pl(r, 32, SquaredLog(), growingNoise(0.01, 32), true) }},
		{name: "Huber(1e-3) log residuals, 10% outliers (sd 10% vs 1%), n=50", n: 50, truth: covPowerLaw,
			problem: func(r *rand.Rand) Problem { return pl(r, 50, Huber(1e-3), contaminated, true) }},
		{name: "Huber(1e-3) log residuals, noise 1%-4% growing along N, n=50", n: 50, truth: covPowerLaw,
			problem: func(r *rand.Rand) Problem { return pl(r, 50, Huber(1e-3), growingNoise(0.01, 50), true) }},
		{name: "pinball(0.9, 5000) of a line, noise sd 0.05-0.5 growing along x, n=200", n: 200, truth: map[string]float64{"c0": 1, "c1": 2}, datasets: 2000,
			problem: func(r *rand.Rand) Problem { return pinballLine(r, 200) }},
		{name: "Huber(1e-3) log residuals, n=10, started at E=1, A=100, alpha=0.5", n: 10, truth: covPowerLaw,
			problem: func(r *rand.Rand) Problem {
				p := pl(r, 10, Huber(1e-3), gaussNoise(0.01), true)
				p.Params = []Param{{Name: "E", Init: 1, Transform: Log}, {Name: "A", Init: 100, Transform: Log}, {Name: "alpha", Init: 0.5}}
				return p
			}},
		{name: "squared log residuals, n=20, grid of starts away from the truth", n: 20, truth: covPowerLaw,
			problem: func(r *rand.Rand) Problem {
				p := pl(r, 20, SquaredLog(), gaussNoise(0.01), true)
				p.Params = []Param{{Name: "E", Grid: []float64{0.5, 3}, Transform: Log}, {Name: "A", Grid: []float64{30, 3000}, Transform: Log}, {Name: "alpha", Grid: []float64{0.2, 0.6}}}
				return p
			}},
	}
}

// growingNoise is Gaussian noise whose sd grows linearly from s at the
// first of n rows to 4s at the last.
func growingNoise(s float64, n int) func(*rand.Rand) float64 {
	i := 0
	return func(r *rand.Rand) float64 {
		e := s * (1 + 3*float64(i%n)/float64(n-1)) * r.NormFloat64()
		i++
		return e
	}
}

// contaminated is 1% Gaussian noise with 10% of rows drawn at sd 10%.
func contaminated(r *rand.Rand) float64 {
	if r.Float64() < 0.1 {
		return 0.1 * r.NormFloat64()
	}
	return 0.01 * r.NormFloat64()
}

// pinballLine is the 0.9-quantile regression of y = 1 + 2x + s(x)(Z -
// z_0.9), s(x) = 0.05 (1 + 9x) on x in [0, 1]: the 0.9 quantile of y is
// 1 + 2x exactly, and with kappa 5000 the smoothing's shift is below
// 2e-6 (pinballShift at sd 0.05 and 0.5), 1e-4 of the estimates' spread.
func pinballLine(r *rand.Rand, n int) Problem {
	zt := distuv.UnitNormal.Quantile(0.9)
	var x, y []float64
	for k := 0; k < n; k++ {
		xi := float64(k) / float64(n-1)
		x = append(x, xi)
		y = append(y, 1+2*xi+0.05*(1+9*xi)*(r.NormFloat64()-zt))
	}
	return Problem{Formula: mustParseQuiet("c0 + c1*x", "x"), Data: map[string][]float64{"x": x}, Y: y, Loss: Pinball(0.9, 5000),
		Params: []Param{{Name: "c0", Init: 1}, {Name: "c1", Init: 1}}}
}

// coverageDatasets is the number of datasets per case (see the comment
// at the top) and whether the short window applies.
func coverageDatasets(t *testing.T, def int) (int, bool) {
	d := 4000 // closed forms: about 1 s per case
	if def > 0 {
		d = def
	}
	if v := os.Getenv("GOPHERNOTE_COVERAGE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 200 {
			t.Fatalf("GOPHERNOTE_COVERAGE=%q: need an integer >= 200", v)
		}
		d = n
	}
	return d, d < 1000
}

// TestCoverage: 95% intervals hold the truth 93-97% of the time for every
// loss the engine offers (squared, squared-log, Huber, pinball, NLL
// Objective, sum-of-losses Objective), fitted with default options.
func TestCoverage(t *testing.T) {
	for _, c := range coverageCases(t) {
		t.Run(c.name, func(t *testing.T) {
			D, short := coverageDatasets(t, c.datasets)
			if os.Getenv("GOPHERNOTE_COVERAGE") != "" {
				c.opt.Resamples = 0 // the default
			}
			lo, hi := 0.93, 0.97
			if short {
				lo, hi = 0.90, 0.985
			}
			t0 := time.Now()
			res := make([]*Result, D)
			errs := make([]error, D)
			par.For(runtime.GOMAXPROCS(0), D, func() func(int) {
				return func(i int) {
					r := rand.New(rand.NewPCG(uint64(i), 0xc0))
					opt := c.opt
					opt.Workers, opt.Seed = 1, uint64(i)
					res[i], errs[i] = Fit(c.problem(r), opt)
				}
			})
			names := res[0].Names
			cover := make([]int, len(names))
			notConv, noSE := 0, 0
			est := make([][]float64, len(names))
			seMed := make([][]float64, len(names))
			for i, r := range res {
				if errs[i] != nil {
					t.Fatalf("dataset %d: %v", i, errs[i])
				}
				if !r.Converged() {
					notConv++
				}
				for j, n := range names {
					if math.IsNaN(r.SE[j]) {
						noSE++
						continue
					}
					est[j] = append(est[j], r.Params[j])
					seMed[j] = append(seMed[j], r.SE[j])
					if r.Lo[j] <= c.truth[n] && c.truth[n] <= r.Hi[j] {
						cover[j]++
					}
				}
			}
			if notConv > 0 || noSE > 0 {
				t.Errorf("%d of %d fits not converged, %d standard errors missing (first status: %s)", notConv, D, noSE, res[0].Reason)
			}
			for j, n := range names {
				cv := float64(cover[j]) / float64(D)
				ratio := num.Median(seMed[j]) / sdev(est[j])
				robust := num.Median(seMed[j]) / iqrSD(est[j])
				t.Logf("%s: coverage %.3f over %d datasets; median SE / sd of estimates %.2f (/ IQR/1.349: %.2f) (%s)", n, cv, D, ratio, robust, res[0].SEKind.String()[:min(len(res[0].SEKind.String()), 40)])
				if cv < lo || cv > hi {
					t.Errorf("%s: 95%% intervals covered the truth %.3f of %d times, want %.2f-%.3f", n, cv, D, lo, hi)
				}
			}
			t.Logf("%d datasets in %.1fs", D, time.Since(t0).Seconds())
		})
	}
}

// iqrSD is the interquartile range over 1.349, the standard deviation of
// a normal sample, robust to the few wild estimates of small samples.
func iqrSD(x []float64) float64 {
	s := append([]float64(nil), x...)
	sort.Float64s(s)
	return (num.QuantileSorted(s, 0.75) - num.QuantileSorted(s, 0.25)) / 1.349
}

func sdev(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m += v / float64(len(x))
	}
	s := 0.0
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	return math.Sqrt(s / float64(len(x)-1))
}

func mustParseQuiet(src string, vars ...string) *formula.Formula {
	f, err := formula.Parse(src, vars...)
	if err != nil {
		panic(err)
	}
	return f
}

// TestCoverageGrid (GOPHERNOTE_COVERAGE set) measures the wider grid of
// designs behind SEAuto's choice, summarised at the top of this file:
// squared-log and Huber fits of E + A N^-alpha at 10-200 rows with 1%
// noise, noise growing fourfold along N, or 10% outliers, and pinball
// fits of a line with constant or growing noise. It logs the coverage of
// each parameter and fails only outside 90-98.5% (the designs at the
// edges of 93-97% are listed at the top).
func TestCoverageGrid(t *testing.T) {
	if os.Getenv("GOPHERNOTE_COVERAGE") == "" {
		t.Skip("the wider coverage grid: set GOPHERNOTE_COVERAGE=N (N datasets per design)")
	}
	D, _ := coverageDatasets(t, 0)
	law := mustParse(t, "E + A * N^(-alpha)", "N")
	type design struct {
		name  string
		n     int
		loss  Loss
		noise func(n int) func(*rand.Rand) float64
	}
	homo := func(n int) func(*rand.Rand) float64 { return gaussNoise(0.01) }
	grow := func(n int) func(*rand.Rand) float64 { return growingNoise(0.01, n) }
	cont := func(int) func(*rand.Rand) float64 { return contaminated }
	var designs []design
	for _, n := range []int{10, 20, 33, 60, 200} {
		designs = append(designs, design{fmt.Sprintf("squared-log, n=%d", n), n, SquaredLog(), homo},
			design{fmt.Sprintf("squared-log, noise 1-4x, n=%d", n), n, SquaredLog(), grow})
	}
	for _, n := range []int{10, 20, 50, 100} {
		designs = append(designs, design{fmt.Sprintf("Huber(1e-3), n=%d", n), n, Huber(1e-3), homo},
			design{fmt.Sprintf("Huber(1e-3), noise 1-4x, n=%d", n), n, Huber(1e-3), grow},
			design{fmt.Sprintf("Huber(1e-3), 10%% outliers, n=%d", n), n, Huber(1e-3), cont},
			design{fmt.Sprintf("Huber(1e-2), 10%% outliers, n=%d", n), n, Huber(1e-2), cont})
	}
	for _, d := range designs {
		res := make([]*Result, D)
		par.For(runtime.GOMAXPROCS(0), D, func() func(int) {
			return func(i int) {
				r := rand.New(rand.NewPCG(uint64(i), 0xd1))
				x, y := powerLawData(r, d.n, d.noise(d.n), true)
				res[i], _ = Fit(Problem{Formula: law, Data: map[string][]float64{"N": x}, Y: y, Loss: d.loss, Params: covParams()}, Options{Workers: 1, Seed: uint64(i)})
			}
		})
		line := ""
		for j, nm := range res[0].Names {
			cover := 0
			for _, r := range res {
				if r != nil && r.Lo[j] <= covPowerLaw[nm] && covPowerLaw[nm] <= r.Hi[j] {
					cover++
				}
			}
			cv := float64(cover) / float64(D)
			line += fmt.Sprintf(" %s %.3f", nm, cv)
			if cv < 0.90 || cv > 0.985 {
				t.Errorf("%s: %s covered %.3f", d.name, nm, cv)
			}
		}
		t.Logf("%-34s%s", d.name, line)
	}
	for _, n := range []int{50, 100, 400} {
		res := make([]*Result, D)
		par.For(runtime.GOMAXPROCS(0), D, func() func(int) {
			return func(i int) {
				r := rand.New(rand.NewPCG(uint64(i), 0xf2))
				res[i], _ = Fit(pinballLine(r, n), Options{Workers: 1})
			}
		})
		line := ""
		for j, nm := range res[0].Names {
			cover := 0
			for _, r := range res {
				if r != nil && r.Lo[j] <= float64(j+1) && float64(j+1) <= r.Hi[j] {
					cover++
				}
			}
			line += fmt.Sprintf(" %s %.3f", nm, float64(cover)/float64(D))
		}
		t.Logf("pinball line, noise 0.05-0.5, n=%d:%s", n, line)
	}
}
