package chinchilla

import (
	"fmt"
	"math"
)

// Summary builds the final JSON summary of notebooks/06_chinchilla.ipynb
// with exactly the keys its issue names: grid_fit {A, B, E, alpha, beta,
// objective, starts, seconds}, huber_likelihood_fit {A, B, E, alpha,
// beta}, bootstrap_95 {alpha: [lo, hi], beta: [lo, hi]},
// optimal_allocation [{params, flops, tokens, tokens_per_param}] (the
// TableSizes under table's coefficients) and approach_exponents
// {approach1, approach2, approach3} (rows of CompareApproaches, in order).
func Summary(grid, ml *LawFit, boot *BootstrapResult, table Params, cmp []Comparison) (map[string]any, error) {
	if grid == nil || ml == nil || boot == nil {
		return nil, fmt.Errorf("chinchilla: Summary needs the grid fit, the likelihood fit and the bootstrap")
	}
	if len(boot.Lo) != 5 || len(boot.Hi) != 5 {
		return nil, fmt.Errorf("chinchilla: Summary: bootstrap intervals missing")
	}
	if len(cmp) != 3 {
		return nil, fmt.Errorf("chinchilla: Summary needs the 3 approach rows of CompareApproaches, got %d", len(cmp))
	}
	rows, err := table.AllocationTable(TableSizes())
	if err != nil {
		return nil, err
	}
	r4 := func(x float64) float64 { return round(x, 4) }
	params := func(p Params) map[string]any {
		return map[string]any{"A": round(p.A, 2), "B": round(p.B, 2), "E": r4(p.E), "alpha": r4(p.Alpha), "beta": r4(p.Beta)}
	}
	g := params(grid.Params)
	g["objective"] = grid.Objective
	g["starts"] = grid.Starts
	g["seconds"] = round(grid.Time.Seconds(), 2)
	var alloc []map[string]any
	for _, a := range rows {
		alloc = append(alloc, map[string]any{"params": a.Params, "flops": sig(a.FLOPs, 4), "tokens": sig(a.Tokens, 4), "tokens_per_param": round(a.TokensPerParam, 2)})
	}
	return map[string]any{
		"grid_fit":             g,
		"huber_likelihood_fit": params(ml.Params),
		"bootstrap_95": map[string]any{
			"alpha": []float64{r4(boot.Lo[3]), r4(boot.Hi[3])},
			"beta":  []float64{r4(boot.Lo[4]), r4(boot.Hi[4])},
		},
		"optimal_allocation": alloc,
		"approach_exponents": map[string]any{"approach1": r4(cmp[0].A), "approach2": r4(cmp[1].A), "approach3": r4(cmp[2].A)},
	}, nil
}

func round(x float64, digits int) float64 {
	s := math.Pow(10, float64(digits))
	return math.Round(x*s) / s
}

// sig rounds x to n significant digits.
func sig(x float64, n int) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	e := math.Floor(math.Log10(math.Abs(x)))
	s := math.Pow(10, float64(n-1)-e)
	return math.Round(x*s) / s
}
