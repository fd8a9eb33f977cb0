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

	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
)

// Coverage of the 95% intervals every fit reports, by simulation: data
// drawn from a known law, fitted with default options, and the fraction of
// datasets whose interval holds the true value counted per parameter.
//
// Why these numbers. With D datasets a calibrated interval's coverage has
// binomial standard deviation sqrt(0.95 * 0.05 / D): 0.0154 at D = 200,
// 0.0069 at D = 1000. The window 93-97% is +-1.3 standard deviations at
// 200 datasets (a calibrated method would fail it one time in five, so a
// fixed seed would pass or fail by luck) and +-2.9 at 1000. So the test
// runs 1000 datasets per case and requires 93-97%; GOPHERNOTE_COVERAGE=N
// runs N datasets (the thorough run uses 4000: GOPHERNOTE_COVERAGE=4000
// go test -run TestCoverage ./fitlib/fit), and GOPHERNOTE_COVERAGE=200 the
// short version, whose window widens to 90-98.5%: a standard error off by
// a factor of 2 either way gives about 68% or 99.99% and still fails.
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
	heavy   bool // bootstrap per dataset: fewer datasets in the default run
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
		const d = 1e-3
		return Problem{Rows: len(x), ObjectiveIs: SumOfLosses, Params: covParams(),
			Objective: func(p, g, w []float64) float64 {
				f := 0.0
				g[0], g[1], g[2] = 0, 0, 0
				for i, xi := range x {
					wi := 1.0
					if w != nil {
						wi = w[i]
					}
					if wi == 0 {
						continue
					}
					t := math.Pow(xi, -p[2])
					q := p[0] + p[1]*t
					if !(q > 0) {
						return math.Inf(1)
					}
					res := math.Log(y[i]) - math.Log(q)
					h, psi := (&Loss{Kind: HuberLoss, Delta: d}).rho(res)
					f += wi * h
					c := -wi * psi / q
					g[0] += c
					g[1] += c * t
					g[2] += c * p[1] * t * -math.Log(xi)
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
		{name: "smoothed pinball(0.9, 200), n=100", n: 100, truth: pinTruth,
			problem: func(r *rand.Rand) Problem {
				return pl(r, 100, Pinball(tau, kappa), func(r *rand.Rand) float64 { return ps * (r.NormFloat64() - zt) }, false)
			}},
		{name: "negative log-likelihood Objective (binomial), 10 rows", n: 10, truth: map[string]float64{"a": -2, "b": 1.2},
			problem: glm},
		{name: "sum-of-losses Objective (Huber 1e-3), n=40, bootstrap", n: 40, truth: covPowerLaw,
			problem: huberObj, heavy: true},
	}
}

// coverageDatasets is the number of datasets per case (see the comment
// at the top) and whether the short window applies.
func coverageDatasets(t *testing.T, heavy bool) (int, bool) {
	d := 1000
	if heavy {
		d = 200 // a bootstrap of 200 resamples per dataset: 1000 take 75 s on 2 cores
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
			D, short := coverageDatasets(t, c.heavy)
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
				if !r.Converged {
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
				t.Errorf("%d of %d fits not converged, %d standard errors missing (first status: %s)", notConv, D, noSE, res[0].Status)
			}
			for j, n := range names {
				cv := float64(cover[j]) / float64(D)
				ratio := num.Median(seMed[j]) / sdev(est[j])
				robust := num.Median(seMed[j]) / iqrSD(est[j])
				t.Logf("%s: coverage %.3f over %d datasets; median SE / sd of estimates %.2f (/ IQR/1.349: %.2f) (%s)", n, cv, D, ratio, robust, res[0].SEKind[:min(len(res[0].SEKind), 40)])
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

var _ = fmt.Sprint
