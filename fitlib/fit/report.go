package fit

import (
	"fmt"
	"html"
	"math"
	"strings"
	"time"
)

// Stat is one line of a report's fit statistics.
type Stat struct {
	Name, Value string
}

// Report is the fit report of fitlib — the one form in which every fit
// of every package shows itself, in the manner of lmfit's fit_report:
// the fit statistics (the record's objective, status, reason,
// iterations, evaluations, time and gradient, then the fit's own
// statistics), one row per parameter (value, standard error, relative
// error, interval, domain and flags), the correlations above 0.1 in
// magnitude, how the standard errors were computed, the warnings and
// notes. String is the text, HTML the same as HTML tables, MIMEBundle
// both for a notebook cell. Each result's Report method builds one; a
// Report built by hand renders the same way.
type Report struct {
	Title   string
	Outcome Outcome
	Params  []FittedParam
	Stats   []Stat      // the fit's own statistics, shown after the record's
	Corr    [][]float64 // correlations in the order of Params; nil for none
	Notes   []string    // lines under the tables
}

// Report is the fit report: Outcome, the fit statistics (loss, rows,
// free parameters, method and starts, degrees of freedom, distance to the
// optimum, log-likelihood, AIC, BIC), one row per parameter and the
// correlations.
func (r *Result) Report() *Report {
	rep := &Report{Title: r.title, Outcome: r.Outcome, Params: r.Parameters(), Corr: r.Corr}
	free := 0
	for j := range r.Names {
		if j >= len(r.Fixed) || !r.Fixed[j] {
			free++
		}
	}
	method := r.Method.String()
	if len(r.Inner) > 0 {
		method += "; inner " + strings.Join(r.Inner, ", ")
	}
	rep.Stats = []Stat{
		{"loss", r.lossName()},
		{"rows", fmt.Sprint(r.Rows)},
		{"free parameters", fmt.Sprint(free)},
		{"method", fmt.Sprintf("%s (start %d of %d; %d converged; %d evaluations in all)", method, r.Start, r.Starts, r.ConvStarts, r.TotalEvaluations)},
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
		rep.Stats = append(rep.Stats, Stat{"degrees of freedom", dof})
	}
	if !math.IsNaN(r.StepSE) && r.StepSE != 0 {
		rep.Stats = append(rep.Stats, Stat{"distance to optimum", fmt.Sprintf("%.2g standard errors (Newton step)", r.StepSE)})
	}
	if !math.IsNaN(r.LogLik) && r.LogLikKind != LogLikNotComputed {
		rep.Stats = append(rep.Stats,
			Stat{"log-likelihood", num8(r.LogLik) + " (" + r.LogLikKind.String() + ")"},
			Stat{"AIC", num8(r.AIC)}, Stat{"BIC", num8(r.BIC)})
	}
	if len(r.AtBound) > 0 {
		rep.Stats = append(rep.Stats, Stat{"at a bound", strings.Join(r.AtBound, ", ")})
	}
	return rep
}

// String is the text report, so that printing a result shows it.
func (r *Result) String() string { return r.Report().String() }

// MIMEBundle returns the report as text/html and text/plain, for a
// notebook cell whose final value is the result (gophernote's display
// layer renders any value with this method; the package does not import
// it).
func (r *Result) MIMEBundle() map[string]string { return r.Report().MIMEBundle() }

// MIMEBundle returns the report as text/html and text/plain.
func (r *Report) MIMEBundle() map[string]string {
	return map[string]string{"text/html": r.HTML(), "text/plain": r.String()}
}

func num8(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.8g", v)
}

func num6(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.6g", v)
}

// statistics are the record's lines, then the fit's own.
func (r *Report) statistics() []Stat {
	o := &r.Outcome
	out := []Stat{{"objective", num8(o.Objective)}, {"status", o.Status.String()}}
	if o.Reason != "" {
		out = append(out, Stat{"reason", o.Reason})
	}
	if o.Iterations > 0 || o.Evaluations > 0 {
		out = append(out, Stat{"iterations", fmt.Sprintf("%d (%d evaluations)", o.Iterations, o.Evaluations)})
	}
	if !math.IsNaN(o.GradNorm) {
		out = append(out, Stat{"max |gradient|", fmt.Sprintf("%.3g", o.GradNorm)})
	}
	if o.Time > 0 {
		out = append(out, Stat{"time", roundTime(o.Time).String()})
	}
	return append(out, r.Stats...)
}

// roundTime keeps three significant digits.
func roundTime(d time.Duration) time.Duration {
	for unit := time.Duration(1); unit < time.Hour; unit *= 10 {
		if d < 1000*unit {
			return d.Round(unit)
		}
	}
	return d.Round(time.Second)
}

// columns says which parameter columns the report has: standard errors,
// intervals (and their level).
func (r *Report) columns() (se, interval bool, level float64) {
	for _, p := range r.Params {
		se = se || !math.IsNaN(p.SE)
		if p.Level > 0 && !math.IsNaN(p.Lo) {
			interval = true
			if level == 0 {
				level = p.Level
			}
		}
	}
	return se, interval, level
}

// parameterRows is the parameter table with its header row.
func (r *Report) parameterRows() [][]string {
	se, interval, level := r.columns()
	head := []string{"name", "value"}
	if se {
		head = append(head, "std. error", "rel. error")
	}
	if interval {
		head = append(head, fmt.Sprintf("%g%% lower", 100*level), fmt.Sprintf("%g%% upper", 100*level))
	}
	rows := [][]string{append(head, "note")}
	for _, p := range r.Params {
		row := []string{p.Name, num6(p.Value)}
		if se {
			rel := "-"
			if !math.IsNaN(p.SE) && p.Value != 0 {
				rel = fmt.Sprintf("%.2f%%", 100*p.SE/math.Abs(p.Value))
			}
			row = append(row, num6(p.SE), rel)
		}
		if interval {
			lo, hi := p.Lo, p.Hi
			if p.Level != level {
				lo, hi = math.NaN(), math.NaN()
			}
			row = append(row, num6(lo), num6(hi))
		}
		rows = append(rows, append(row, paramNote(p)))
	}
	return rows
}

// paramNote is the note column: fixed, at a bound, and the domain of a
// bounded parameter.
func paramNote(p FittedParam) string {
	var notes []string
	if p.Fixed {
		notes = append(notes, "fixed")
	}
	if p.AtBound {
		notes = append(notes, "at bound")
	}
	lo, hi := !math.IsInf(p.Min, -1) && !math.IsNaN(p.Min), !math.IsInf(p.Max, 1) && !math.IsNaN(p.Max)
	switch {
	case lo && hi:
		notes = append(notes, fmt.Sprintf("in (%g, %g)", p.Min, p.Max))
	case lo:
		notes = append(notes, fmt.Sprintf("> %g", p.Min))
	case hi:
		notes = append(notes, fmt.Sprintf("< %g", p.Max))
	}
	return strings.Join(notes, ", ")
}

type corrPair struct {
	a, b string
	v    float64
}

// correlationRows lists the pairs with |correlation| above min, largest
// first.
func (r *Report) correlationRows(min float64) []corrPair {
	var out []corrPair
	for i := range r.Corr {
		for j := i + 1; j < len(r.Corr[i]) && j < len(r.Params) && i < len(r.Params); j++ {
			if v := r.Corr[i][j]; math.Abs(v) > min {
				out = append(out, corrPair{r.Params[i].Name, r.Params[j].Name, v})
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

// footer is the lines under the tables: how the standard errors were
// computed, the warnings and the notes.
func (r *Report) footer() []string {
	var out []string
	if r.Outcome.SEKind != SENotComputed {
		out = append(out, "standard errors: "+r.Outcome.SEKind.String())
	}
	for _, w := range r.Outcome.Warnings {
		out = append(out, "warning: "+w)
	}
	return append(out, r.Notes...)
}

// String is the text report.
func (r *Report) String() string {
	var b strings.Builder
	if r.Title != "" {
		b.WriteString(r.Title + "\n")
	}
	b.WriteString("[[Fit statistics]]\n")
	for _, kv := range r.statistics() {
		fmt.Fprintf(&b, "    %-22s %s\n", kv.Name+":", kv.Value)
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
		var line strings.Builder
		line.WriteString("   ")
		for j, c := range row {
			pad := strings.Repeat(" ", width[j]-len([]rune(c)))
			if j == 0 || j == len(row)-1 {
				fmt.Fprintf(&line, " %s%s", c, pad)
			} else {
				fmt.Fprintf(&line, " %s%s", pad, c)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	if corr := r.correlationRows(0.1); len(corr) > 0 {
		b.WriteString("[[Correlations]] (|corr| > 0.1)\n")
		for _, c := range corr {
			fmt.Fprintf(&b, "    C(%s, %s) = %+.4f\n", c.a, c.b, c.v)
		}
	}
	for _, l := range r.footer() {
		b.WriteString(l + "\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// HTML is the report as HTML tables (every text escaped).
func (r *Report) HTML() string {
	var b strings.Builder
	esc := html.EscapeString
	b.WriteString(`<div class="gophernote-fit-report">`)
	if r.Title != "" {
		fmt.Fprintf(&b, "<p><b>%s</b></p>", esc(r.Title))
	}
	b.WriteString("<table><caption style=\"text-align:left\"><b>Fit statistics</b></caption>")
	for _, kv := range r.statistics() {
		fmt.Fprintf(&b, "<tr><th style=\"text-align:left\">%s</th><td style=\"text-align:left\">%s</td></tr>", esc(kv.Name), esc(kv.Value))
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
	if k := len(r.Corr); k > 0 && k == len(r.Params) {
		b.WriteString("<table><caption style=\"text-align:left\"><b>Correlations</b></caption><tr><th></th>")
		for _, p := range r.Params {
			fmt.Fprintf(&b, "<th>%s</th>", esc(p.Name))
		}
		b.WriteString("</tr>")
		for i, p := range r.Params {
			fmt.Fprintf(&b, "<tr><th style=\"text-align:left\">%s</th>", esc(p.Name))
			for j := range r.Params {
				v := math.NaN()
				if j < len(r.Corr[i]) {
					v = r.Corr[i][j]
				}
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
	for _, l := range r.footer() {
		fmt.Fprintf(&b, "<p><small>%s</small></p>", esc(l))
	}
	b.WriteString("</div>")
	return b.String()
}

func containsString(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
