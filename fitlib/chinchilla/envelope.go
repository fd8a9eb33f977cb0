package chinchilla

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/gophernote/gophernote/fitlib/fit"
	"gonum.org/v1/gonum/stat"
)

// Curves are training curves as named columns: run id, model size N,
// compute C = 6 N D at each checkpoint, tokens D and loss. A literal of
// your own curves works; FitEnvelope reads Run, N, C and Loss.
type Curves struct {
	Run           []int
	N, C, D, Loss []float64
}

// GenerateCurves makes one training curve per model size from law p:
// checkpoints at points token counts log-spaced in [dMin, dMax], loss
// L(N, D) exp(noise z) (independent stream per run). The law has no learning-rate
// schedule, so a checkpoint stands for a run trained to that length —
// Hoffmann et al. (2022) ran separate cosine cycles for this reason.
func GenerateCurves(p Params, sizes []float64, dMin, dMax float64, points int, noise float64, seed uint64) (*Curves, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if points < 2 || !(dMin > 0) || !(dMax > dMin) || noise < 0 {
		return nil, fmt.Errorf("chinchilla: curves need points >= 2, 0 < dMin < dMax, noise >= 0 (got %d, %g, %g, %g)", points, dMin, dMax, noise)
	}
	out := &Curves{}
	for r, n := range sizes {
		if !(n > 0) {
			return nil, fmt.Errorf("chinchilla: size %d = %g must be > 0", r, n)
		}
		rng := streamRNG(seed, uint64(r))
		for k := 0; k < points; k++ {
			d := dMin * math.Pow(dMax/dMin, float64(k)/float64(points-1))
			out.Run = append(out.Run, r)
			out.N = append(out.N, n)
			out.D = append(out.D, d)
			out.C = append(out.C, 6*n*d)
			out.Loss = append(out.Loss, p.Loss(n, d)*math.Exp(noise*rng.NormFloat64()))
		}
	}
	return out, nil
}

// EnvelopeFit is Approach 1: the lower envelope of loss against compute
// over all runs and the model size that attains it. Its Outcome:
// StatusExact (the envelope is read off the curves, the exponent is a
// least-squares line), Objective the residual sum of squares of ln N_opt
// on ln C over the interior points.
type EnvelopeFit struct {
	fit.Outcome
	C, NOpt, Loss []float64 // envelope on a log grid of compute
	Interior      []bool    // the argmin is neither the smallest nor the largest model
	A, InterceptA float64   // ln N_opt = InterceptA + A ln C over interior points
}

// FitEnvelope takes, at each of grid compute values log-spaced over the
// range where at least two curves overlap, every curve's loss interpolated
// linearly in ln C, keeps the minimum and its run's N, and regresses
// ln N_opt on ln C over the points whose argmin is an interior size. It
// reads the curves' Run, N, C and Loss columns.
func FitEnvelope(cv *Curves, grid int) (*EnvelopeFit, error) {
	if cv == nil {
		return nil, fmt.Errorf("chinchilla: FitEnvelope: no curves")
	}
	t0 := time.Now()
	run, n, c, loss := cv.Run, cv.N, cv.C, cv.Loss
	if len(run) != len(n) || len(n) != len(c) || len(c) != len(loss) {
		return nil, fmt.Errorf("chinchilla: FitEnvelope: columns differ in length: Run %d, N %d, C %d, Loss %d", len(run), len(n), len(c), len(loss))
	}
	type pt struct{ lc, l float64 }
	curves := map[int][]pt{}
	size := map[int]float64{}
	for i := range run {
		if !(c[i] > 0) || !(loss[i] > 0) || !(n[i] > 0) {
			return nil, fmt.Errorf("chinchilla: envelope row %d: N, C and loss must be > 0", i)
		}
		curves[run[i]] = append(curves[run[i]], pt{math.Log(c[i]), loss[i]})
		size[run[i]] = n[i]
	}
	if len(curves) < 3 || grid < 3 {
		return nil, fmt.Errorf("chinchilla: envelope needs >= 3 runs and grid >= 3")
	}
	var sizes []float64
	lo, hi := math.Inf(1), math.Inf(-1)
	for r, ps := range curves {
		sort.Slice(ps, func(i, j int) bool { return ps[i].lc < ps[j].lc })
		curves[r] = ps
		lo = math.Min(lo, ps[0].lc)
		hi = math.Max(hi, ps[len(ps)-1].lc)
		sizes = append(sizes, size[r])
	}
	sort.Float64s(sizes)
	out := &EnvelopeFit{}
	var xs, ys []float64
	for g := 0; g < grid; g++ {
		lc := lo + (hi-lo)*float64(g)/float64(grid-1)
		best, bestN, cover := math.Inf(1), 0.0, 0
		for r, ps := range curves {
			if lc < ps[0].lc || lc > ps[len(ps)-1].lc {
				continue
			}
			cover++
			k := sort.Search(len(ps), func(i int) bool { return ps[i].lc >= lc })
			var l float64
			if k == 0 {
				l = ps[0].l
			} else {
				t := (lc - ps[k-1].lc) / (ps[k].lc - ps[k-1].lc)
				l = ps[k-1].l + t*(ps[k].l-ps[k-1].l)
			}
			if l < best {
				best, bestN = l, size[r]
			}
		}
		if cover < 2 {
			continue
		}
		interior := bestN > sizes[0] && bestN < sizes[len(sizes)-1]
		out.C = append(out.C, math.Exp(lc))
		out.NOpt = append(out.NOpt, bestN)
		out.Loss = append(out.Loss, best)
		out.Interior = append(out.Interior, interior)
		if interior {
			xs = append(xs, lc)
			ys = append(ys, math.Log(bestN))
		}
	}
	if len(xs) < 3 {
		return nil, fmt.Errorf("chinchilla: only %d envelope points have an interior optimal size; widen the size range", len(xs))
	}
	out.InterceptA, out.A = stat.LinearRegression(xs, ys, nil, false)
	out.Outcome = fit.Outcome{Status: fit.StatusExact, GradNorm: math.NaN(), Time: time.Since(t0), Objective: olsSSE(xs, ys, out.InterceptA, out.A),
		Reason: fmt.Sprintf("closed form: the lowest interpolated loss at %d compute values, ln N_opt regressed on ln C over the %d interior ones", grid, len(xs))}
	return out, nil
}

// Parameters returns the exponent a of N_opt ∝ C^a and the intercept
// (ln N_opt = intercept + a ln C); the fit gives no standard errors.
func (f *EnvelopeFit) Parameters() []fit.FittedParam {
	return []fit.FittedParam{fit.NewFittedParam("a", f.A), fit.NewFittedParam("intercept", f.InterceptA)}
}

// Param returns a or intercept.
func (f *EnvelopeFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(f.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("chinchilla: envelope: %w", err)
	}
	return p, nil
}

// Comparison is one row of the three-approach table.
type Comparison struct {
	Approach string
	A        float64 // N_opt ∝ C^a
	Note     string
}

// CompareApproaches estimates a by the three approaches on data generated
// from law p (the Approach-3 fit): Approach 1 on 40 generated curves
// (5e7 .. 3e10 parameters, 1e8 .. 2e12 tokens, 0.5% noise), Approach 2 on
// DefaultBudgets IsoFLOP sweeps (9 sizes over ±4x, 0.5% noise), Approach 3
// read off p; seed makes it reproducible.
func CompareApproaches(p Params, seed uint64) ([]Comparison, *EnvelopeFit, *IsoFLOPFit, error) {
	var sizes []float64
	for i := 0; i < 40; i++ {
		sizes = append(sizes, 5e7*math.Pow(3e10/5e7, float64(i)/39))
	}
	cv, err := GenerateCurves(p, sizes, 1e8, 2e12, 60, 0.005, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	env, err := FitEnvelope(cv, 80)
	if err != nil {
		return nil, nil, nil, err
	}
	iso, err := GenerateIsoFLOP(p, DefaultBudgets(), 9, 4, 0.005, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	ifit, err := FitIsoFLOP(iso)
	if err != nil {
		return nil, nil, nil, err
	}
	rows := []Comparison{
		{"Approach 1 (training-curve envelope)", env.A, "generated curves from the fitted law, 0.5% noise"},
		{"Approach 2 (IsoFLOP parabolas)", ifit.A, fmt.Sprintf("generated sweeps ±4x, 0.5%% noise; jackknife 95%% [%.3f, %.3f]", ifit.ACI[0], ifit.ACI[1])},
		{"Approach 3 (parametric fit)", p.ExponentA(), "beta/(alpha+beta) of the fit"},
	}
	return rows, env, ifit, nil
}
