package monkeys

import (
	"fmt"
	"math"
	"time"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/passk"
	"gonum.org/v1/gonum/stat"
)

// PowerLawFit is a least-squares power law -log(pass_B@k) ≈ A·k^(-B),
// fitted as the straight line log(-log pass_B@k) = log A - B·log k
// (ordinary least squares in log-log space, the paper's estimator). Its
// Outcome is the record of every fitlib fit: StatusExact (a closed form),
// Objective the residual sum of squares of the log-log line.
type PowerLawFit struct {
	fit.Outcome
	A, B float64
	// R2 is the coefficient of determination of the log-log line.
	R2 float64
	// Ks and NegLogPass are the points used (k, -log pass_B@k).
	Ks, NegLogPass []float64
	// Dropped counts grid points left out because pass_B@k was 0 (no
	// problem solved: -log is infinite) or 1 (-log is 0, log undefined).
	Dropped int
}

// Parameters returns A (> 0: the line's intercept is log A) and B; the
// fit gives no standard errors.
func (f *PowerLawFit) Parameters() []fit.FittedParam {
	return []fit.FittedParam{fit.NewFittedParam("A", f.A).Bounded(0, math.Inf(1), fit.Log), fit.NewFittedParam("B", f.B)}
}

// Param returns A or B.
func (f *PowerLawFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(f.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("monkeys: power law: %w", err)
	}
	return p, nil
}

// Predict returns A·k^(-B).
func (f *PowerLawFit) Predict(k float64) float64 { return f.A * math.Pow(k, -f.B) }

// PaperKs returns the 101 values of k from 1 to 10,000 on which the
// llmonkeys data files tabulate pass@k (pythia_math_avg_pass_at_k.csv,
// Schaeffer et al. 2025 code, LARGE_LANGUAGE_MONKEYS_ORIGINAL_Ks_LIST).
func PaperKs() []int {
	return []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 64, 68, 72, 76, 80,
		84, 88, 92, 96, 100, 105, 110, 115, 120, 125, 130, 135, 140, 145, 150, 156, 162, 168, 175, 182, 189, 193, 200,
		216, 233, 267, 300, 333, 367, 400, 433, 467, 500, 550, 600, 650, 700, 750, 800, 850, 900, 950, 1000, 1067, 1133,
		1200, 1367, 1500, 1750, 2000, 2333, 2667, 3000, 3333, 3667, 4000, 4333, 4667, 5000, 5333, 5667, 6000, 6333, 6667,
		7000, 7333, 7667, 8000, 8500, 9000, 9500, 10000}
}

// LogKs returns n log-spaced values from kmin to kmax (not rounded).
func LogKs(kmin, kmax float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		t := 0.0
		if n > 1 {
			t = float64(i) / float64(n-1)
		}
		out[i] = math.Exp(math.Log(kmin) + t*(math.Log(kmax)-math.Log(kmin)))
	}
	return out
}

// IntLogKs returns the distinct integers among n log-spaced values from 1
// to kmax (as float64): a grid for comparisons with simulated attempts,
// which only exist at whole k.
func IntLogKs(kmax float64, n int) []float64 {
	var out []float64
	for _, k := range LogKs(1, kmax, n) {
		k = math.Round(k)
		if len(out) == 0 || k > out[len(out)-1] {
			out = append(out, k)
		}
	}
	return out
}

// KsUpTo returns the values of PaperKs not above kmax.
func KsUpTo(kmax int) []int {
	var out []int
	for _, k := range PaperKs() {
		if k <= kmax {
			out = append(out, k)
		}
	}
	return out
}

// FitLeastSquares is the paper's estimator: pass_B@k from the counts on
// the grid ks (nil: PaperKs up to the largest n), then FitPowerLaw. A
// problem with fewer samples than k counts as solved when it has a
// success, as best-of-N jailbreaking data that stop at the first success
// are scored (passk.Counts.CurveFirstSuccess).
func FitLeastSquares(c passk.Counts, ks []int) (*PowerLawFit, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if ks == nil {
		nmax := 0
		for _, n := range c.N {
			if n > nmax {
				nmax = n
			}
		}
		ks = KsUpTo(nmax)
	}
	pass, err := c.CurveFirstSuccess(ks)
	if err != nil {
		return nil, fmt.Errorf("monkeys: %w", err)
	}
	kf := make([]float64, len(ks))
	y := make([]float64, len(ks))
	for i, k := range ks {
		kf[i] = float64(k)
		y[i] = -math.Log(pass[i])
	}
	f, err := FitPowerLaw(kf, y)
	if err != nil {
		return nil, fmt.Errorf("monkeys: %s: %w", label(c), err)
	}
	return f, nil
}

// FitPowerLaw fits log y = log A - B·log k by ordinary least squares
// (gonum stat.LinearRegression), skipping points with y = 0 or y = +Inf
// (counted in Dropped). At least two usable points are needed.
func FitPowerLaw(ks, y []float64) (*PowerLawFit, error) {
	if len(ks) != len(y) {
		return nil, fmt.Errorf("monkeys: %d k values but %d y values", len(ks), len(y))
	}
	t0 := time.Now()
	f := &PowerLawFit{}
	var lx, ly []float64
	for i := range ks {
		if !(ks[i] > 0) || math.IsNaN(y[i]) || y[i] < 0 {
			return nil, fmt.Errorf("monkeys: point %d: k = %v, -log pass = %v: need k > 0 and a value >= 0", i, ks[i], y[i])
		}
		if y[i] == 0 || math.IsInf(y[i], 1) {
			f.Dropped++
			continue
		}
		f.Ks = append(f.Ks, ks[i])
		f.NegLogPass = append(f.NegLogPass, y[i])
		lx = append(lx, math.Log(ks[i]))
		ly = append(ly, math.Log(y[i]))
	}
	if len(lx) < 2 {
		return nil, fmt.Errorf("monkeys: power-law fit needs 2 points with 0 < pass@k < 1, have %d (%d dropped)", len(lx), f.Dropped)
	}
	icpt, slope := stat.LinearRegression(lx, ly, nil, false)
	f.A, f.B = math.Exp(icpt), -slope
	f.R2 = stat.RSquared(lx, ly, nil, icpt, slope)
	var sse float64
	for i := range lx {
		r := ly[i] - icpt - slope*lx[i]
		sse += r * r
	}
	f.Outcome = fit.Outcome{Objective: sse, Status: fit.StatusExact, GradNorm: math.NaN(), Time: time.Since(t0),
		Reason: fmt.Sprintf("closed form: least squares of log(-log pass) on log k over %d points", len(lx))}
	return f, nil
}

// PowerLawLS is the paper's route from a distribution to an exponent:
// evaluate -log(1 - F(k)) on the grid ks, then FitPowerLaw. Against the
// closed form (Asymptote) it shows the least-squares estimator's finite-k
// bias: Beta(0.15, 3.5) over 101 log-spaced k in [1, 1e4] gives B ≈ 0.24
// although the asymptotic exponent is 0.15.
func (d Dist) PowerLawLS(ks []float64) (*PowerLawFit, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	y := make([]float64, len(ks))
	for i, k := range ks {
		if !(k > 0) {
			return nil, fmt.Errorf("monkeys: ks[%d] = %v, need k > 0", i, k)
		}
		y[i] = d.NegLogPass(k)
	}
	return FitPowerLaw(ks, y)
}

// LocalSlopes returns d log y / d log k between consecutive points, at
// their geometric mid-points mids (NaN where a y is not positive): a power
// law has constant slope -B; an exponential tail keeps steepening.
func LocalSlopes(ks, y []float64) (mids, slopes []float64) {
	for i := 1; i < len(ks) && i < len(y); i++ {
		mids = append(mids, math.Sqrt(ks[i]*ks[i-1]))
		s := math.NaN()
		if y[i] > 0 && y[i-1] > 0 && ks[i] > ks[i-1] {
			s = (math.Log(y[i]) - math.Log(y[i-1])) / (math.Log(ks[i]) - math.Log(ks[i-1]))
		}
		slopes = append(slopes, s)
	}
	return mids, slopes
}
