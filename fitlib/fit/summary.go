package fit

import (
	"fmt"
	"math"
	"strings"
)

// Summary is a plain-text report of the fit: one line per parameter with
// its standard error, then the objective, convergence and start counts.
func (r *Result) Summary() string {
	var b strings.Builder
	w := 5
	for _, n := range r.Names {
		w = max(w, len(n))
	}
	fmt.Fprintf(&b, "%-*s  %14s  %12s\n", w, "param", "value", "std. error")
	for i, n := range r.Names {
		se := "-"
		if i < len(r.SE) && !math.IsNaN(r.SE[i]) {
			se = fmt.Sprintf("%.6g", r.SE[i])
		}
		fmt.Fprintf(&b, "%-*s  %14.8g  %12s\n", w, n, r.Params[i], se)
	}
	fmt.Fprintf(&b, "%s = %.10g over %d rows\n", r.Loss, r.Objective, r.Rows)
	fmt.Fprintf(&b, "%s (%s, %d iterations, %d evaluations; start %d of %d, %d converged, %d evaluations in all)\n",
		r.Status, r.Method, r.Iterations, r.Evaluations, r.Start, r.Starts, r.ConvStarts, r.TotalEvals)
	if len(r.AtBound) > 0 {
		fmt.Fprintf(&b, "at a bound: %s\n", strings.Join(r.AtBound, ", "))
	}
	if r.SEKind != "" {
		fmt.Fprintf(&b, "standard errors: %s\n", r.SEKind)
	}
	return b.String()
}
