package chinchilla

import "fmt"

// PitfallRow is one fit of the mean-versus-sum comparison.
type PitfallRow struct {
	Reduction  string // "sum" or "mean"
	Stopping   string // the stopping rule
	Params     Params
	SumHuber   float64 // the sum objective at the result, comparable across rows
	Iterations int
	Status     string
}

// MeanPitfall fits runs from Hoffmann et al.'s unrounded estimates with
// the sum and with the mean of the Huber log residuals, each under
// gonum's default stopping rule and under a one-iteration absolute
// decrease test of 2.2e-9 (L-BFGS-B's default ftol, which acts as an
// absolute test when f < 1). Dividing the objective by the number of runs
// changes nothing for a gradient-based stop but makes an absolute
// decrease test stop earlier (Besiroglu et al. 2024, sect. 4: Hoffmann et
// al.'s optimizer stopped early because of the loss scale).
func MeanPitfall(r *Runs) ([]PitfallRow, error) {
	var out []PitfallRow
	for _, mean := range []bool{false, true} {
		for _, tol := range []float64{0, 2.2e-9} {
			res, err := GridFit(r, FitOptions{Mean: mean, FuncAbsTol: tol, Starts: [][]float64{HoffmannUnrounded().ToTheta()}, Workers: 1})
			if err != nil {
				return nil, err
			}
			row := PitfallRow{Reduction: "sum", Stopping: "gonum default (|Δf| < 1e-10 over 100 iterations, |∇f|∞ < 1e-12)",
				Params: res.Params, SumHuber: r.HuberObjective(res.Theta, nil, DefaultDelta, false),
				Iterations: res.Iterations, Status: res.Status}
			if mean {
				row.Reduction = "mean"
			}
			if tol > 0 {
				row.Stopping = fmt.Sprintf("one-step |Δf| < %.1e (L-BFGS-B ftol-like)", tol)
			}
			out = append(out, row)
		}
	}
	return out, nil
}
