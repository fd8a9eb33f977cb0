package chinchilla

import "github.com/gophernote/gophernote/fitlib/fit"

// PitfallRow is one fit of the mean-versus-sum comparison: its record
// (Outcome: the objective it minimized, Status, Reason, Iterations, ...)
// and the sum objective at its result.
type PitfallRow struct {
	Reduction string // "sum" or "mean"
	Stopping  string // the stopping rule
	Params    Params
	SumHuber  float64 // the sum objective at the result, comparable across rows
	fit.Outcome
}

// MeanPitfall fits runs from Hoffmann et al.'s unrounded estimates with
// the sum and with the mean of the Huber log residuals, each under three
// stopping rules: gonum BFGS's default, gonum BFGS with a one-iteration
// absolute decrease test of 2.2e-9 (L-BFGS-B's default ftol, which acts as
// an absolute test when f < 1), and the fit engine with scipy's L-BFGS-B
// rules. Rows: sum then mean, rules in that order. Dividing the objective by the number of runs
// changes nothing for a gradient-based stop but makes an absolute
// decrease test stop earlier (Besiroglu et al. 2024, sect. 4: Hoffmann et
// al.'s optimizer stopped early because of the loss scale).
func MeanPitfall(r *Runs) ([]*PitfallRow, error) {
	var out []*PitfallRow
	type rule struct {
		name   string
		method Method
		tol    float64
	}
	rules := []rule{
		{"gonum BFGS, default stop (f decrease < 1e-10 over 100 iterations, or max-norm gradient < 1e-12)", GonumBFGS, 0},
		{"gonum BFGS, stop when one step decreases f by < 2.2e-9 (L-BFGS-B ftol-like)", GonumBFGS, 2.2e-9},
		{"fit engine, scipy L-BFGS-B rules (ftol 2.2e-9 relative to max(abs f, 1), pgtol 1e-5)", Engine, 0},
	}
	for _, mean := range []bool{false, true} {
		for _, ru := range rules {
			res, err := FitGrid(r, FitOptions{Mean: mean, Method: ru.method, FuncAbsTol: ru.tol, Starts: [][]float64{HoffmannUnrounded().ToTheta()}, Workers: 1, ScipyFTol: true})
			if err != nil {
				return nil, err
			}
			row := PitfallRow{Reduction: "sum", Stopping: ru.name, Params: res.Params,
				SumHuber: r.HuberObjective(res.Theta, nil, DefaultDelta, false), Outcome: res.Outcome}
			if mean {
				row.Reduction = "mean"
			}
			out = append(out, &row)
		}
	}
	return out, nil
}
