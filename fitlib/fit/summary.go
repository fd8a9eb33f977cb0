package fit

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// Report is a plain-text fit report in the manner of lmfit's fit_report:
// fit statistics (loss, rows, free parameters, degrees of freedom,
// objective, log-likelihood, AIC, BIC, convergence), one row per
// parameter (value, standard error, relative error, interval, flags) and
// the correlations above 0.1 in magnitude. The same content as HTML is
// ReportHTML; MIMEBundle gives both to a notebook.
func (r *Result) Report() string {
	var b strings.Builder
	b.WriteString("[[Fit statistics]]\n")
	for _, kv := range r.statistics() {
		fmt.Fprintf(&b, "    %-22s %s\n", kv[0]+":", kv[1])
	}
	b.WriteString("[[Parameters]]\n")
	rows := r.parameterRows()
	width := make([]int, len(rows[0]))
	for _, row := range rows {
		for j, c := range row {
			width[j] = max(width[j], len([]rune(c)))
		}
	}
	for _, row := range rows {
		b.WriteString("   ")
		for j, c := range row {
			pad := strings.Repeat(" ", width[j]-len([]rune(c)))
			if j == 0 || j == len(row)-1 {
				fmt.Fprintf(&b, " %s%s", c, pad)
			} else {
				fmt.Fprintf(&b, " %s%s", pad, c)
			}
		}
		b.WriteString("\n")
	}
	if corr := r.correlationRows(0.1); len(corr) > 0 {
		b.WriteString("[[Correlations]] (|corr| > 0.1)\n")
		for _, c := range corr {
			fmt.Fprintf(&b, "    C(%s, %s) = %+.4f\n", c.a, c.b, c.v)
		}
	}
	if r.SEKind != "" {
		fmt.Fprintf(&b, "standard errors: %s\n", r.SEKind)
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// Summary is the text report (Report).
func (r *Result) Summary() string { return r.Report() }

// String is the text report, so that printing a result shows it.
func (r *Result) String() string { return r.Report() }

// ReportHTML is Report as HTML tables.
func (r *Result) ReportHTML() string {
	var b strings.Builder
	esc := html.EscapeString
	b.WriteString(`<div class="gophernote-fit-report">`)
	b.WriteString("<table><caption style=\"text-align:left\"><b>Fit statistics</b></caption>")
	for _, kv := range r.statistics() {
		fmt.Fprintf(&b, "<tr><th style=\"text-align:left\">%s</th><td style=\"text-align:left\">%s</td></tr>", esc(kv[0]), esc(kv[1]))
	}
	b.WriteString("</table><table><caption style=\"text-align:left\"><b>Parameters</b></caption>")
	for i, row := range r.parameterRows() {
		b.WriteString("<tr>")
		for j, c := range row {
			tag, align := "td", "right"
			if i == 0 {
				tag = "th"
			}
			if j == 0 || j == len(row)-1 {
				align = "left"
			}
			fmt.Fprintf(&b, "<%s style=\"text-align:%s\">%s</%s>", tag, align, esc(c), tag)
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</table>")
	if k := len(r.Corr); k > 0 {
		b.WriteString("<table><caption style=\"text-align:left\"><b>Correlations</b></caption><tr><th></th>")
		for _, n := range r.Names {
			fmt.Fprintf(&b, "<th>%s</th>", esc(n))
		}
		b.WriteString("</tr>")
		for i, n := range r.Names {
			fmt.Fprintf(&b, "<tr><th style=\"text-align:left\">%s</th>", esc(n))
			for j := range r.Names {
				v := r.Corr[i][j]
				if math.IsNaN(v) {
					b.WriteString("<td></td>")
					continue
				}
				fmt.Fprintf(&b, "<td style=\"text-align:right\">%+.3f</td>", v)
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</table>")
	}
	if r.SEKind != "" {
		fmt.Fprintf(&b, "<p><small>standard errors: %s</small></p>", esc(r.SEKind))
	}
	b.WriteString("</div>")
	return b.String()
}

// MIMEBundle returns the report as text/html and text/plain, for a
// notebook cell whose final value is the result (gophernote's display
// layer renders any value with this method; the package does not import
// it).
func (r *Result) MIMEBundle() map[string]string {
	return map[string]string{"text/html": r.ReportHTML(), "text/plain": r.Report()}
}

func (r *Result) statistics() [][2]string {
	g := func(v float64) string {
		if math.IsNaN(v) {
			return "-"
		}
		return fmt.Sprintf("%.8g", v)
	}
	free := 0
	for j := range r.Names {
		if j >= len(r.Fixed) || !r.Fixed[j] {
			free++
		}
	}
	conv := "no"
	if r.Converged {
		conv = "yes"
	}
	out := [][2]string{
		{"loss", r.Loss},
		{"rows", fmt.Sprint(r.Rows)},
		{"free parameters", fmt.Sprint(free)},
		{"objective", g(r.Objective)},
		{"converged", conv + ": " + r.Status},
		{"method", fmt.Sprintf("%s, %d iterations, %d evaluations (start %d of %d; %d converged; %d evaluations in all)", r.Method, r.Iterations, r.Evaluations, r.Start, r.Starts, r.ConvStarts, r.TotalEvaluations)},
	}
	if r.DOF > 0 {
		dof := fmt.Sprint(r.DOF)
		if r.bm != nil {
			var parts []string
			for j, n := range r.Names {
				if j < len(r.RefDOF) && r.RefDOF[j] > 0 {
					parts = append(parts, fmt.Sprintf("%s %.3g", n, r.RefDOF[j]))
				}
			}
			dof += " (n - p); intervals' Bell-McCaffrey: " + strings.Join(parts, ", ")
		}
		out = append(out, [2]string{"degrees of freedom", dof})
	}
	if !math.IsNaN(r.StepSE) && r.StepSE != 0 {
		out = append(out, [2]string{"distance to optimum", fmt.Sprintf("%.2g standard errors (Newton step)", r.StepSE)})
	}
	if !math.IsNaN(r.LogLik) && r.LogLikKind != "" {
		out = append(out,
			[2]string{"log-likelihood", g(r.LogLik) + " (" + r.LogLikKind + ")"},
			[2]string{"AIC", g(r.AIC)}, [2]string{"BIC", g(r.BIC)})
	}
	if len(r.AtBound) > 0 {
		out = append(out, [2]string{"at a bound", strings.Join(r.AtBound, ", ")})
	}
	return out
}

// parameterRows is the parameter table with its header row.
func (r *Result) parameterRows() [][]string {
	lvl := r.Level
	if lvl == 0 {
		lvl = 0.95
	}
	rows := [][]string{{"name", "value", "std. error", "rel. error", fmt.Sprintf("%g%% lower", 100*lvl), fmt.Sprintf("%g%% upper", 100*lvl), "note"}}
	f := func(v float64) string {
		if math.IsNaN(v) {
			return "-"
		}
		return fmt.Sprintf("%.6g", v)
	}
	at := func(s []float64, j int) float64 {
		if j < len(s) {
			return s[j]
		}
		return math.NaN()
	}
	for j, n := range r.Names {
		se := at(r.SE, j)
		rel := "-"
		if !math.IsNaN(se) && r.Params[j] != 0 {
			rel = fmt.Sprintf("%.2f%%", 100*se/math.Abs(r.Params[j]))
		}
		note := ""
		switch {
		case j < len(r.Fixed) && r.Fixed[j]:
			note = "fixed"
		case containsString(r.AtBound, n):
			note = "at bound"
		}
		rows = append(rows, []string{n, f(r.Params[j]), f(se), rel, f(at(r.Lo, j)), f(at(r.Hi, j)), note})
	}
	return rows
}

type corrPair struct {
	a, b string
	v    float64
}

// correlationRows lists the pairs with |correlation| above min, largest
// first.
func (r *Result) correlationRows(min float64) []corrPair {
	var out []corrPair
	for i := range r.Corr {
		for j := i + 1; j < len(r.Corr); j++ {
			if v := r.Corr[i][j]; math.Abs(v) > min {
				out = append(out, corrPair{r.Names[i], r.Names[j], v})
			}
		}
	}
	for i := 1; i < len(out); i++ {
		for k := i; k > 0 && math.Abs(out[k].v) > math.Abs(out[k-1].v); k-- {
			out[k], out[k-1] = out[k-1], out[k]
		}
	}
	return out
}

func containsString(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
