package catalog

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
)

// Khatri et al. 2025, "The Art of Scaling Reinforcement Learning Compute
// for LLMs" (ScaleRL, arXiv 2510.13786), eq. (1):
// R_C - R_0 = (A - R_0)/(1 + (C_mid/C)^B), C in training GPU-hours (GB200),
// R the mean@16 pass rate on 1,000 held-out Polaris-53k prompts, R_0 the
// reward at zero RL compute, A the asymptote, B the efficiency exponent
// and C_mid the compute at which half the gain A - R_0 is reached.
// Their App. A (Table 1) prints (C_mid, B, A) for the large runs of their
// sect. 5; the paper prints no R_0, so R0 is an input of the entries (the
// user's own starting pass rate), not a coefficient.

const scaleRLSrc = "Khatri et al. 2025, The Art of Scaling Reinforcement Learning Compute for LLMs (arXiv 2510.13786)"

// ScaleRLRun is one row of Khatri et al.'s Table 1.
type ScaleRLRun struct {
	Name string
	Cmid float64 // GPU-hours
	B    float64
	A    float64
}

// ScaleRLTable returns Table 1 of Khatri et al. 2025 (App. A, "C_mid, B,
// and A values for the large scale runs in Section 5"): the 8B dense
// ScaleRL run, its 32k-generation-length, 8/24/32 generations per prompt
// and batch 512/2048 variants, the 17Bx16 MoE (Scout) run, and the math
// and code curves of the joint math+code run.
func ScaleRLTable() []ScaleRLRun {
	return []ScaleRLRun{
		{"ScaleRL", 2542, 1.92, 0.610},
		{"ScaleRL-32k", 11272, 1.89, 0.645},
		{"ScaleRL-8gen", 2542, 2.44, 0.585},
		{"ScaleRL-24gen", 3054, 2.22, 0.590},
		{"ScaleRL-32gen", 2936, 2.07, 0.595},
		{"ScaleRL-Scout", 4242, 1.65, 0.710},
		{"ScaleRL-bs512", 2818, 1.77, 0.605},
		{"ScaleRL-bs2048", 10909, 1.70, 0.645},
		{"ScaleRL-math+code (math)", 2896, 2.05, 0.595},
		{"ScaleRL-math+code (code)", 1675, 1.09, 0.615},
	}
}

// ScaleRLFormula is eq. (1) solved for R_C.
const ScaleRLFormula = "R0 + (A - R0)/(1 + (Cmid/C)^B)"

func scaleRL() []Entry {
	var out []Entry
	for _, r := range ScaleRLTable() {
		var name, conv string
		switch r.Name {
		case "ScaleRL":
			name, conv = "scalerl-sigmoid", "8B dense model, 16k generation length, 48 generations per prompt, batch 768"
		case "ScaleRL-Scout":
			name, conv = "scalerl-sigmoid-scout", "17Bx16 MoE (Llama-4 Scout) model"
		default:
			continue
		}
		out = append(out, Entry{Name: name, Family: "ScaleRL (Khatri et al. 2025)", Formula: ScaleRLFormula, Vars: []string{"C", "R0"},
			Params: map[string]float64{"A": r.A, "B": r.B, "Cmid": r.Cmid},
			Units:  "C in training GPU-hours; R0: pass rate before RL; mean@16 pass rate", Convention: conv + "; RL compute only; pass rate on 1,000 held-out Polaris-53k prompts",
			Source:     scaleRLSrc + ", eq. (1); coefficients: App. A, Table 1 (" + r.Name + ")",
			ValidRange: map[string][]float64{"C": {1500, 1e5}, "R0": {0, 0.5}},
			Note:       "R0 (the pass rate before RL) is not printed; it is an input. Fits exclude roughly the first 1.5k GPU-hours; A is stable to about +-0.02 across fitting ranges (their App. A)"})
	}
	return out
}

// ScaleRLOptions configure FitScaleRL. Zero values give Khatri et al.'s
// recipe (App. A): A on the grid 0.450, 0.455, ..., 0.800, C_mid on 100
// linearly spaced values in [100, 40000] GPU-hours, B fitted by least
// squares for each pair, points below 1,500 GPU-hours excluded, no
// cancellation and no progress reports.
type ScaleRLOptions struct {
	R0         float64   // pass rate at zero RL compute (required: the paper fixes it)
	MinCompute float64   // points with C below this are left out (default 1500)
	KeepAll    bool      // keep every point (no MinCompute cut)
	AGrid      []float64 // nil: 0.450 to 0.800 step 0.005
	CmidGrid   []float64 // nil: 100 values, linearly spaced in [100, 40000]
	// Refine polishes the grid optimum by a continuous least-squares fit
	// of (A, B, C_mid) from it (the paper stops at the grid).
	Refine bool
	// Context, when set, stops the grid once cancelled (no further value
	// of A starts), with an error wrapping its Err.
	Context context.Context
	// Progress, when set, is called with the grid values of A done and
	// their total, at most about 100 times and once at the end, never
	// concurrently.
	Progress func(done, total int)
}

// ScaleRLFit is the result of FitScaleRL. Its Outcome is the grid
// search's record: StatusGrid, Objective the squared error of the pass
// rates at the grid optimum, Evaluations the squared errors computed.
type ScaleRLFit struct {
	fit.Outcome
	A, B, Cmid float64 // grid optimum (the paper's recipe)
	Points     int     // points used (C >= MinCompute)
	// Refined is the continuous least-squares fit of (A, B, C_mid) from
	// the grid optimum when ScaleRLOptions.Refine is set (nil otherwise):
	// a fit.Result, with its own record and parameters.
	Refined *fit.Result
	r0      float64
}

// Parameters returns the grid optimum's A (in (R0, 1)), B and C_mid (> 0);
// the grid gives no standard errors.
func (f *ScaleRLFit) Parameters() []fit.FittedParam {
	return []fit.FittedParam{fit.NewFittedParam("A", f.A).Bounded(f.r0, 1, fit.Identity),
		fit.NewFittedParam("B", f.B).Bounded(0.01, 50, fit.Identity), fit.NewFittedParam("Cmid", f.Cmid).Bounded(0, math.Inf(1), fit.Identity)}
}

// Param returns A, B or Cmid of the grid optimum (Refined.Param those of
// the refinement).
func (f *ScaleRLFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(f.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("catalog: ScaleRL: %w", err)
	}
	return p, nil
}

// FitScaleRL fits eq. (1) of Khatri et al. 2025 to a pass-rate curve r
// against RL compute c (GPU-hours) by their grid recipe: for every (A,
// C_mid) on the grid, the B minimising the squared error in R (a bounded
// one-dimensional search over log B in [0.01, 50], written here because
// gonum has no bounded scalar minimiser), keeping the pair with the least
// squared error.
func FitScaleRL(c, r []float64, opt ScaleRLOptions) (*ScaleRLFit, error) {
	if len(c) != len(r) {
		return nil, fmt.Errorf("catalog: FitScaleRL: %d compute values but %d pass rates", len(c), len(r))
	}
	if math.IsNaN(opt.R0) || opt.R0 < 0 || opt.R0 >= 1 {
		return nil, fmt.Errorf("catalog: FitScaleRL: R0 = %g must be in [0, 1)", opt.R0)
	}
	minC := opt.MinCompute
	switch {
	case minC < 0:
		return nil, fmt.Errorf("catalog: FitScaleRL: MinCompute = %g, need >= 0 (0 means 1500; KeepAll keeps every point)", minC)
	case opt.KeepAll:
		minC = math.Inf(-1)
	case minC == 0:
		minC = 1500
	}
	var xs, ys []float64
	for i := range c {
		if !(c[i] > 0) || math.IsInf(c[i], 0) {
			return nil, fmt.Errorf("catalog: FitScaleRL: compute[%d] = %g must be positive and finite", i, c[i])
		}
		if math.IsNaN(r[i]) || math.IsInf(r[i], 0) {
			return nil, fmt.Errorf("catalog: FitScaleRL: pass rate[%d] = %g is not finite", i, r[i])
		}
		if c[i] >= minC {
			xs = append(xs, c[i])
			ys = append(ys, r[i])
		}
	}
	if len(xs) < 3 {
		return nil, fmt.Errorf("catalog: FitScaleRL: %d points at C >= %g GPU-hours; need at least 3", len(xs), minC)
	}
	aGrid := opt.AGrid
	if aGrid == nil {
		// the paper's grid, less the values an asymptote cannot take (A > R0)
		for i := 0; i <= 70; i++ {
			if a := 0.450 + 0.005*float64(i); a > opt.R0 {
				aGrid = append(aGrid, a)
			}
		}
	}
	cGrid := opt.CmidGrid
	if cGrid == nil {
		for i := 0; i < 100; i++ {
			cGrid = append(cGrid, 100+(40000-100)*float64(i)/99)
		}
	}
	if len(aGrid) == 0 || len(cGrid) == 0 {
		return nil, fmt.Errorf("catalog: FitScaleRL: empty grid (%d values of A above R0 = %g, %d of C_mid)", len(aGrid), opt.R0, len(cGrid))
	}
	for _, a := range aGrid {
		if !(a > opt.R0) || math.IsInf(a, 0) {
			return nil, fmt.Errorf("catalog: FitScaleRL: grid asymptote A = %g must exceed R0 = %g", a, opt.R0)
		}
	}
	for _, m := range cGrid {
		if !(m > 0) || math.IsInf(m, 0) {
			return nil, fmt.Errorf("catalog: FitScaleRL: grid C_mid = %g must be positive and finite", m)
		}
	}
	sse := func(a, b, cm float64) float64 {
		var s float64
		for i, x := range xs {
			d := opt.R0 + (a-opt.R0)/(1+math.Pow(cm/x, b)) - ys[i]
			s += d * d
		}
		return s
	}
	t0 := time.Now()
	best := &ScaleRLFit{Points: len(xs), r0: opt.R0}
	best.Objective = math.Inf(1)
	// one row of the grid (one A) per job; rows are compared in order
	// afterwards, so the result does not depend on the number of workers
	type cell struct{ b, cm, sse float64 }
	rows := make([]cell, len(aGrid))
	tick := par.Ticker(opt.Progress, len(aGrid))
	cancelled := func() bool { return opt.Context != nil && opt.Context.Err() != nil }
	par.For(runtime.GOMAXPROCS(0), len(aGrid), func() func(int) {
		return func(i int) {
			rows[i] = cell{sse: math.Inf(1)}
			if cancelled() {
				return
			}
			defer tick()
			a := aGrid[i]
			rows[i] = cell{sse: math.Inf(1)}
			for _, cm := range cGrid {
				b := bestB(func(b float64) float64 { return sse(a, b, cm) })
				if s := sse(a, b, cm); s < rows[i].sse {
					rows[i] = cell{b, cm, s}
				}
			}
		}
	})
	if cancelled() {
		return nil, fmt.Errorf("catalog: FitScaleRL cancelled: %w", opt.Context.Err())
	}
	for i, r := range rows {
		if r.sse < best.Objective {
			best.A, best.B, best.Cmid, best.Objective = aGrid[i], r.b, r.cm, r.sse
		}
	}
	best.Status, best.GradNorm, best.Evaluations = fit.StatusGrid, math.NaN(), len(aGrid)*len(cGrid)*48 // 47 in bestB, one at its optimum
	best.Reason = fmt.Sprintf("grid optimum over %d values of A and %d of C_mid, B by golden-section search in log B on [0.01, 50] (Khatri et al.'s recipe)", len(aGrid), len(cGrid))
	if math.IsInf(best.Objective, 0) || math.IsNaN(best.Objective) {
		return nil, fmt.Errorf("catalog: FitScaleRL: no grid point gives a finite squared error (pass rates out of range?)")
	}
	if opt.Refine {
		e, err := Lookup("scalerl-sigmoid")
		if err != nil {
			return nil, err
		}
		f, err := e.Compile()
		if err != nil {
			return nil, err
		}
		r0 := make([]float64, len(xs))
		for i := range r0 {
			r0[i] = opt.R0
		}
		res, err := fit.Fit(fit.Problem{Formula: f, Data: map[string][]float64{"C": xs, "R0": r0}, Y: ys, YName: "pass rate",
			Params: []fit.Param{
				{Name: "A", Init: best.A, Transform: fit.Logit, Lo: opt.R0, Hi: 1},
				{Name: "B", Init: best.B, Transform: fit.Log},
				{Name: "Cmid", Init: best.Cmid, Transform: fit.Log},
			}}, fit.Options{FTol: 1e-15, GTol: 1e-10, SE: fit.SENone, Context: opt.Context})
		if err != nil {
			return nil, fmt.Errorf("catalog: FitScaleRL refinement: %w", err)
		}
		best.Refined = res
	}
	best.Time = time.Since(t0)
	return best, nil
}

// bestB minimises f over B in [0.01, 50] by golden-section search in
// log B (45 steps: log B to about 1e-8).
func bestB(f func(b float64) float64) float64 {
	return math.Exp(num.GoldenMin(func(lb float64) float64 { return f(math.Exp(lb)) }, math.Log(0.01), math.Log(50), 45, 0))
}

// halfGainCompute recovers C_mid from an entry as the compute at which
// half the gain A - R0 is reached (bisection in log C), for References.
func halfGainCompute(e Entry, r0 float64) (float64, error) {
	a := e.Params["A"]
	if !(a != r0) {
		return 0, fmt.Errorf("catalog %s: no gain to halve: A = R0 = %g", e.Name, r0)
	}
	lo, hi := math.Log(1.0), math.Log(1e9)
	for i := 0; i < 200; i++ {
		m := (lo + hi) / 2
		v, err := e.Eval(map[string]float64{"C": math.Exp(m), "R0": r0})
		if err != nil {
			return 0, err
		}
		if (v-r0)/(a-r0) < 0.5 {
			lo = m
		} else {
			hi = m
		}
	}
	return math.Exp((lo + hi) / 2), nil
}
