package fit

import (
	"math"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// TestStatusNames: every status has its own name, and Converged holds for
// exactly the convergences (StatusGradient through StatusGrid).
func TestStatusNames(t *testing.T) {
	seen := map[string]Status{}
	for s := StatusNotRun; s <= StatusFailed; s++ {
		n := s.String()
		if strings.HasPrefix(n, "Status(") || n == "" {
			t.Errorf("status %d has no name", int(s))
		}
		if o, dup := seen[n]; dup {
			t.Errorf("statuses %d and %d are both %q", int(o), int(s), n)
		}
		seen[n] = s
		want := s >= StatusGradient && s <= StatusGrid
		if s.Converged() != want {
			t.Errorf("%v: Converged %v, want %v", s, s.Converged(), want)
		}
	}
	if got := Status(99).String(); got != "Status(99)" {
		t.Errorf("unknown status %q", got)
	}
	for k := SENotComputed; k <= SEConditional; k++ {
		if strings.HasPrefix(k.String(), "SEKind(") {
			t.Errorf("SE kind %d has no text", int(k))
		}
	}
	for k := LogLikNotComputed; k <= LogLikSumOfLosses; k++ {
		if strings.HasPrefix(k.String(), "LogLikKind(") {
			t.Errorf("log-likelihood kind %d has no text", int(k))
		}
	}
}

// TestParametersView: the per-parameter view of a fit is its slices,
// bounds and flags, parameter by parameter; Param finds one by name and
// names the others when asked for one the fit lacks.
func TestParametersView(t *testing.T) {
	l := newLine()
	pb := l.problem(t)
	pb.Params = []Param{{Name: "a", Init: 1, Fixed: true}, {Name: "b", Transform: Log, Lo: 0.5, Init: 2}}
	res, err := Fit(pb, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ps := res.Parameters()
	if len(ps) != 2 || ps[0].Name != "a" || ps[1].Name != "b" {
		t.Fatalf("parameters %+v", ps)
	}
	a, b := ps[0], ps[1]
	if !a.Fixed || a.Value != 1 || !math.IsNaN(a.SE) || a.Level != 0 || !math.IsInf(a.Min, -1) || a.Transform != Identity {
		t.Errorf("fixed a: %+v", a)
	}
	if b.Fixed || b.Value != res.Params[1] || b.SE != res.SE[1] || b.Lo != res.Lo[1] || b.Hi != res.Hi[1] || b.Level != res.Level ||
		b.Min != 0.5 || !math.IsInf(b.Max, 1) || b.Transform != Log || !(b.SE > 0) {
		t.Errorf("b: %+v, result %v SE %v [%v, %v]", b, res.Params[1], res.SE[1], res.Lo[1], res.Hi[1])
	}
	if p, err := res.Param("b"); err != nil || p != b {
		t.Errorf("Param(b) = %+v, %v", p, err)
	}
	if _, err := res.Param("c"); err == nil || err.Error() != `fit: no parameter "c" (parameters a, b)` {
		t.Errorf("Param(c): %v", err)
	}
	if v := Values(ps); v[0] != 1 || v[1] != res.Params[1] {
		t.Errorf("Values %v", v)
	}
}

// TestReportRendering: the one report drops the columns no parameter has
// (standard errors, intervals), notes fixed and bounded parameters,
// prints the record's reason, the standard-error kind, warnings and
// notes, escapes its HTML and passes the MIMEBundle rule (R3).
func TestReportRendering(t *testing.T) {
	r := &Report{Title: "law <x>", Outcome: Outcome{Objective: 1.5, Status: StatusExact, Reason: "closed form", GradNorm: math.NaN(),
		Warnings: []string{"few points"}},
		Params: []FittedParam{NewFittedParam("k", 2), NewFittedParam("c", 0.5).Bounded(0, 1, Logit)},
		Stats:  []Stat{{Name: "points", Value: "7"}}, Notes: []string{"a note"}}
	r.Params[0].Fixed = true
	txt := r.String()
	for _, want := range []string{"law <x>\n", "objective:             1.5", "status:                exact", "reason:                closed form",
		"points:                7", "name value note", "k        2 fixed", "c      0.5 in (0, 1)", "warning: few points", "a note"} {
		if !strings.Contains(txt, want) {
			t.Errorf("text report lacks %q:\n%s", want, txt)
		}
	}
	for _, not := range []string{"std. error", "95%", "iterations", "max |gradient|", "time:", "standard errors:"} {
		if strings.Contains(txt, not) {
			t.Errorf("text report has %q though nothing fills it:\n%s", not, txt)
		}
	}
	r.Params[1] = r.Params[1].WithSE(0.1, 0.3, 0.7, 0.9)
	r.Outcome.SEKind = SEInverseHess
	txt = r.String()
	for _, want := range []string{"std. error", "90% lower", "0.3", "0.7", "standard errors: inverse observed information"} {
		if !strings.Contains(txt, want) {
			t.Errorf("text report with SEs lacks %q:\n%s", want, txt)
		}
	}
	b := r.MIMEBundle()
	if err := report.Check(b); err != nil {
		t.Error(err)
	}
	if !strings.Contains(b["text/html"], "law &lt;x&gt;") || strings.Contains(b["text/html"], "law <x>") {
		t.Errorf("HTML not escaped: %.200s", b["text/html"])
	}
}
