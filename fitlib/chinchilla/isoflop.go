package chinchilla

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/gophernote/gophernote/fitlib/fit"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// IsoFLOPRuns are runs of IsoFLOP sweeps (Approach 2 of Hoffmann et al.
// 2022, sect. 3.2) as named columns: compute C, model size N, tokens D and
// loss. A literal of your own runs works; FitIsoFLOP reads C, N and Loss
// (the tokens of a run on budget C are C/(6N)), so D may be left out.
type IsoFLOPRuns struct {
	C, N, D, Loss []float64
}

// BudgetTolerance is the relative difference below which two runs'
// compute values count as one IsoFLOP budget: compute written as 6 N D in
// floating point differs in the last digits (1e18 becomes
// 9.999999999999999e17), and one budget must not split into two.
const BudgetTolerance = 1e-6

// GenerateIsoFLOP makes IsoFLOP sweeps from law p: for each budget,
// points model sizes log-spaced over [N_opt/spread, N_opt*spread] around
// the law's true optimum, D = C/(6N), and loss L(N, D) exp(noise z) with z
// standard normal from an independent stream per budget.
func GenerateIsoFLOP(p Params, budgets []float64, points int, spread, noise float64, seed uint64) (*IsoFLOPRuns, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if points < 3 || !(spread > 1) || noise < 0 {
		return nil, fmt.Errorf("chinchilla: IsoFLOP needs points >= 3 (got %d), spread > 1 (got %g), noise >= 0 (got %g)", points, spread, noise)
	}
	out := &IsoFLOPRuns{}
	for bi, c := range budgets {
		if !(c > 0) || math.IsInf(c, 0) {
			return nil, fmt.Errorf("chinchilla: budget %d = %g must be positive and finite", bi, c)
		}
		rng := streamRNG(seed, uint64(bi))
		nOpt := p.NOpt(c)
		for k := 0; k < points; k++ {
			u := -1 + 2*float64(k)/float64(points-1)
			n := nOpt * math.Pow(spread, u)
			d := c / (6 * n)
			out.C = append(out.C, c)
			out.N = append(out.N, n)
			out.D = append(out.D, d)
			out.Loss = append(out.Loss, p.Loss(n, d)*math.Exp(noise*rng.NormFloat64()))
		}
	}
	return out, nil
}

// Budget is one IsoFLOP profile and its parabola fits.
type Budget struct {
	C          float64
	NOpt, DOpt float64   // parabola vertices (fitted separately in log N and log D)
	CoefN      []float64 // L = q0 + q1 x + q2 x^2, x = ln N - XMean
	XMean      float64
	CoefD      []float64 // the same in y = ln D - YMean
	YMean      float64
	MinLoss    float64 // parabola value at the N vertex
	N, Loss    []float64
}

// IsoFLOPFit is Approach 2: per-budget vertices and the exponents of
// N_opt ∝ C^a and D_opt ∝ C^b with leave-one-budget-out jackknife. Its
// Outcome: StatusExact (closed forms: least-squares parabolas and
// regressions), Objective the residual sum of squares of the two log-log
// regressions (ln N_opt and ln D_opt on ln C), SEKind SEJackknife.
type IsoFLOPFit struct {
	fit.Outcome
	Budgets      []Budget
	A, B         float64 // log-log regression slopes
	InterceptA   float64 // ln N_opt = InterceptA + A ln C
	SumAB        float64 // a + b (1 up to the two parabolas' disagreement)
	AJack, BJack []float64
	ASE, BSE     float64   // jackknife standard errors
	ACI, BCI     []float64 // a ± 1.96 SE
}

// parabola fits q0 + q1 x + q2 x^2 by least squares (gonum QR) on x
// centred at its mean.
func parabola(x, y []float64) (coef []float64, mean float64, err error) {
	n := len(x)
	mean = stat.Mean(x, nil)
	a := mat.NewDense(n, 3, nil)
	for i := range x {
		u := x[i] - mean
		a.Set(i, 0, 1)
		a.Set(i, 1, u)
		a.Set(i, 2, u*u)
	}
	var q mat.QR
	q.Factorize(a)
	var sol mat.Dense
	if err := q.SolveTo(&sol, false, mat.NewDense(n, 1, append([]float64(nil), y...))); err != nil {
		return nil, 0, err
	}
	return []float64{sol.At(0, 0), sol.At(1, 0), sol.At(2, 0)}, mean, nil
}

// FitIsoFLOP groups runs into budgets — compute values within
// BudgetTolerance (relative) of the budget's smallest are one budget,
// labelled by their median — fits a parabola in (ln N, L) and
// another in (ln D, L) per budget, takes the vertices as N_opt(C) and
// D_opt(C), and regresses their logs on ln C.
func FitIsoFLOP(runs *IsoFLOPRuns) (*IsoFLOPFit, error) {
	if runs == nil {
		return nil, fmt.Errorf("chinchilla: FitIsoFLOP: no runs")
	}
	t0 := time.Now()
	c, n, loss := runs.C, runs.N, runs.Loss
	if len(c) != len(n) || len(c) != len(loss) {
		return nil, fmt.Errorf("chinchilla: FitIsoFLOP: columns differ in length: C %d, N %d, Loss %d", len(c), len(n), len(loss))
	}
	order := make([]int, len(c))
	for i := range c {
		if !(c[i] > 0) || !(n[i] > 0) || !(loss[i] > 0) || math.IsInf(c[i]+n[i]+loss[i], 0) {
			return nil, fmt.Errorf("chinchilla: FitIsoFLOP: row %d: C = %g, N = %g, loss = %g must be positive and finite", i, c[i], n[i], loss[i])
		}
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return c[order[a]] < c[order[b]] })
	var groups [][]int
	var cs []float64
	for k := 0; k < len(order); {
		first := c[order[k]]
		j := k
		for j < len(order) && c[order[j]] <= first*(1+BudgetTolerance) {
			j++
		}
		cs = append(cs, c[order[k+(j-k)/2]]) // the median: a value of the budget
		idx := append([]int(nil), order[k:j]...)
		sort.Ints(idx) // the runs of a budget in input order
		groups = append(groups, idx)
		k = j
	}
	if len(cs) < 3 {
		return nil, fmt.Errorf("chinchilla: IsoFLOP needs at least 3 budgets, got %d", len(cs))
	}
	out := &IsoFLOPFit{}
	for g, cv := range cs {
		idx := groups[g]
		if len(idx) < 3 {
			return nil, fmt.Errorf("chinchilla: budget C = %g has %d runs; a parabola needs 3", cv, len(idx))
		}
		var xs, ys, ls, ns []float64
		for _, i := range idx {
			xs = append(xs, math.Log(n[i]))
			ys = append(ys, math.Log(c[i]/(6*n[i])))
			ls = append(ls, loss[i])
			ns = append(ns, n[i])
		}
		qn, mx, err := parabola(xs, ls)
		if err != nil {
			return nil, fmt.Errorf("chinchilla: budget C = %g: %w", cv, err)
		}
		qd, my, err := parabola(ys, ls)
		if err != nil {
			return nil, fmt.Errorf("chinchilla: budget C = %g: %w", cv, err)
		}
		if !(qn[2] > 0) || !(qd[2] > 0) {
			return nil, fmt.Errorf("chinchilla: budget C = %g: the fitted parabola opens downwards (no minimum); widen or recentre the sweep", cv)
		}
		xv := -qn[1] / (2 * qn[2])
		yv := -qd[1] / (2 * qd[2])
		out.Budgets = append(out.Budgets, Budget{C: cv, NOpt: math.Exp(mx + xv), DOpt: math.Exp(my + yv),
			CoefN: qn, XMean: mx, CoefD: qd, YMean: my, MinLoss: qn[0] + qn[1]*xv + qn[2]*xv*xv, N: ns, Loss: ls})
	}
	slopes := func(skip int) (a, ia, b float64) {
		var lc, ln, ld []float64
		for i, bg := range out.Budgets {
			if i == skip {
				continue
			}
			lc = append(lc, math.Log(bg.C))
			ln = append(ln, math.Log(bg.NOpt))
			ld = append(ld, math.Log(bg.DOpt))
		}
		ia, a = stat.LinearRegression(lc, ln, nil, false)
		_, b = stat.LinearRegression(lc, ld, nil, false)
		return a, ia, b
	}
	out.A, out.InterceptA, out.B = slopes(-1)
	out.SumAB = out.A + out.B
	k := len(out.Budgets)
	for i := 0; i < k; i++ {
		a, _, b := slopes(i)
		out.AJack = append(out.AJack, a)
		out.BJack = append(out.BJack, b)
	}
	out.ASE = jackSE(out.AJack)
	out.BSE = jackSE(out.BJack)
	out.ACI = []float64{out.A - 1.96*out.ASE, out.A + 1.96*out.ASE}
	out.BCI = []float64{out.B - 1.96*out.BSE, out.B + 1.96*out.BSE}
	var lc, ln, ld []float64
	for _, bg := range out.Budgets {
		lc, ln, ld = append(lc, math.Log(bg.C)), append(ln, math.Log(bg.NOpt)), append(ld, math.Log(bg.DOpt))
	}
	ib, _ := stat.LinearRegression(lc, ld, nil, false)
	out.Outcome = fit.Outcome{Status: fit.StatusExact, GradNorm: math.NaN(), SEKind: fit.SEJackknife, Time: time.Since(t0),
		Reason:    fmt.Sprintf("closed form: a least-squares parabola per budget (%d budgets), then ln N_opt and ln D_opt regressed on ln C", k),
		Objective: olsSSE(lc, ln, out.InterceptA, out.A) + olsSSE(lc, ld, ib, out.B)}
	return out, nil
}

// olsSSE is the residual sum of squares of the line y = icpt + slope x.
func olsSSE(x, y []float64, icpt, slope float64) float64 {
	var s float64
	for i := range x {
		r := y[i] - icpt - slope*x[i]
		s += r * r
	}
	return s
}

// Parameters returns the exponents a and b with their jackknife standard
// errors and 95% normal intervals (ACI, BCI).
func (f *IsoFLOPFit) Parameters() []fit.FittedParam {
	return []fit.FittedParam{
		fit.NewFittedParam("a", f.A).WithSE(f.ASE, at(f.ACI, 0), at(f.ACI, 1), 0.95),
		fit.NewFittedParam("b", f.B).WithSE(f.BSE, at(f.BCI, 0), at(f.BCI, 1), 0.95),
	}
}

// Param returns the exponent a or b.
func (f *IsoFLOPFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(f.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("chinchilla: IsoFLOP: %w", err)
	}
	return p, nil
}

// jackSE is the leave-one-out jackknife standard error
// sqrt((k-1)/k sum (t_i - mean t)^2).
func jackSE(t []float64) float64 {
	m := stat.Mean(t, nil)
	var s float64
	for _, v := range t {
		s += (v - m) * (v - m)
	}
	k := float64(len(t))
	return math.Sqrt((k - 1) / k * s)
}

// WidthBias is the vertex bias of IsoFLOP parabolas for one sweep width.
type WidthBias struct {
	Spread        float64 // sweep covers N_opt/Spread .. N_opt*Spread
	VertexRelErr  float64 // mean over budgets of N_vertex/N_opt - 1 (noise-free)
	ExponentErr   float64 // fitted a minus the true beta/(alpha+beta) (noise-free)
	NoisyExpMean  float64 // mean fitted a over Seeds noisy replicates
	NoisyExpSD    float64 // its standard deviation
	NoisyVertexSD float64 // sd over replicates of the mean log vertex error
}

// VertexBias quantifies how the sweep width biases Approach 2 on law p:
// with noise-free data the parabola, fitted to a curve that is not a
// parabola in ln N (A e^-alpha x + B' e^beta x, asymmetric when alpha !=
// beta), puts the vertex off the true optimum; with noise, narrow sweeps
// are noisier. budgets, points and noise as in GenerateIsoFLOP; seeds
// noisy replicates per width.
func VertexBias(p Params, budgets []float64, points int, spreads []float64, noise float64, seeds int) ([]WidthBias, error) {
	var out []WidthBias
	trueA := p.ExponentA()
	for _, s := range spreads {
		runs, err := GenerateIsoFLOP(p, budgets, points, s, 0, 0)
		if err != nil {
			return nil, err
		}
		f, err := FitIsoFLOP(runs)
		if err != nil {
			return nil, fmt.Errorf("spread %g: %w", s, err)
		}
		wb := WidthBias{Spread: s, ExponentErr: f.A - trueA}
		for _, bg := range f.Budgets {
			wb.VertexRelErr += bg.NOpt/p.NOpt(bg.C) - 1
		}
		wb.VertexRelErr /= float64(len(f.Budgets))
		var as, vs []float64
		for sd := 0; sd < seeds; sd++ {
			runs, err := GenerateIsoFLOP(p, budgets, points, s, noise, uint64(1000+sd))
			if err != nil {
				return nil, err
			}
			f, err := FitIsoFLOP(runs)
			if err != nil {
				continue // a noisy narrow sweep can lose its curvature
			}
			as = append(as, f.A)
			var v float64
			for _, bg := range f.Budgets {
				v += math.Log(bg.NOpt / p.NOpt(bg.C))
			}
			vs = append(vs, v/float64(len(f.Budgets)))
		}
		if len(as) > 1 {
			wb.NoisyExpMean, wb.NoisyExpSD = stat.MeanStdDev(as, nil)
			_, wb.NoisyVertexSD = stat.MeanStdDev(vs, nil)
		}
		out = append(out, wb)
	}
	return out, nil
}

// DefaultBudgets are nine IsoFLOP budgets 6e18 .. 3e21 FLOP, the range of
// Hoffmann et al. (2022), Fig. 3.
func DefaultBudgets() []float64 {
	return []float64{6e18, 1e19, 3e19, 6e19, 1e20, 3e20, 6e20, 1e21, 3e21}
}
