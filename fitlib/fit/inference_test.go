package fit

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// line is y = a + b x with textbook least-squares quantities.
type line struct {
	x, y                []float64
	a, b, s2, xbar, sxx float64
	n                   int
}

func newLine() *line {
	l := &line{x: []float64{1, 2, 3, 5, 8, 13, 21, 34}, y: []float64{3.2, 4.1, 7.9, 9.4, 17.3, 25.1, 44.6, 68.2}}
	l.n = len(l.x)
	var sx, sy float64
	for i := range l.x {
		sx += l.x[i]
		sy += l.y[i]
	}
	l.xbar = sx / float64(l.n)
	ybar := sy / float64(l.n)
	var sxy float64
	for i := range l.x {
		l.sxx += (l.x[i] - l.xbar) * (l.x[i] - l.xbar)
		sxy += (l.x[i] - l.xbar) * (l.y[i] - ybar)
	}
	l.b = sxy / l.sxx
	l.a = ybar - l.b*l.xbar
	for i := range l.x {
		r := l.y[i] - l.a - l.b*l.x[i]
		l.s2 += r * r / float64(l.n-2)
	}
	return l
}

func (l *line) problem(t testing.TB) Problem {
	return Problem{Formula: mustParse(t, "a + b*x", "x"), Data: map[string][]float64{"x": l.x}, Y: l.y}
}

func near(t *testing.T, name string, got, want, rel float64) {
	t.Helper()
	if math.Abs(got-want) > rel*math.Max(math.Abs(want), 1e-300) {
		t.Errorf("%s = %.10g, want %.10g (relative %g)", name, got, want, rel)
	}
}

// TestLinearInference: for a straight line every delta-method quantity is
// exact, so the engine must match the textbook formulas: the confidence
// band s sqrt(1/n + (x0 - xbar)^2/Sxx), the prediction band with 1 + ...,
// the profile interval of b equal to b ± t SE (the F(1, n-2) test is exact
// for linear least squares), the Wald statistic ((b - b0)/SE)^2 with the
// t test's p-value, the likelihood-ratio test's exact F statistic
// (RSS0 - RSS)/s^2 and the Gaussian AIC — all with the model-based
// (textbook) standard errors, SEModel.
func TestLinearInference(t *testing.T) {
	l := newLine()
	pb := l.problem(t)
	res, err := Fit(pb, Options{GTol: 1e-10, SE: SEModel})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "a", res.Params[0], l.a, 1e-7)
	near(t, "b", res.Params[1], l.b, 1e-8)
	tq := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(l.n - 2)}.Quantile(0.975)
	x0 := []float64{0, 10, 50}
	band, err := Band(pb.Formula, res, map[string][]float64{"x": x0}, pb.Loss)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range x0 {
		se := math.Sqrt(l.s2 * (1/float64(l.n) + (v-l.xbar)*(v-l.xbar)/l.sxx))
		sp := math.Sqrt(l.s2 * (1 + 1/float64(l.n) + (v-l.xbar)*(v-l.xbar)/l.sxx))
		fit := l.a + l.b*v
		near(t, "band SE", band.SE[i], se, 1e-6)
		near(t, "band lower", band.Lo[i], fit-tq*se, 1e-6)
		near(t, "prediction upper", band.PredHi[i], fit+tq*sp, 1e-6)
	}
	// a derived quantity: the x where the line crosses 100, -(a - 100)/b
	d, err := Derive(res, "(100 - a)/b", nil)
	if err != nil {
		t.Fatal(err)
	}
	ga, gb := -1/l.b, -(100-l.a)/(l.b*l.b)
	v := ga*ga*res.Cov[0][0] + 2*ga*gb*res.Cov[0][1] + gb*gb*res.Cov[1][1]
	near(t, "derived value", d.Value[0], (100-l.a)/l.b, 1e-7)
	near(t, "derived SE", d.SE[0], math.Sqrt(v), 1e-9)
	dl, err := DeriveLog(res, "b", nil)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "DeriveLog value", dl.Value[0], l.b, 1e-12)
	near(t, "DeriveLog SE", dl.SE[0], res.SE[1], 1e-9)
	near(t, "DeriveLog lower", dl.Lo[0], l.b*math.Exp(-tq*res.SE[1]/l.b), 1e-9)
	if _, err := Derive(res, "c*b", nil); err == nil || !strings.Contains(err.Error(), "c is neither a fitted parameter") {
		t.Errorf("unknown name: %v", err)
	}
	seb := math.Sqrt(l.s2 / l.sxx)
	near(t, "SE(b)", res.SE[1], seb, 1e-6)
	prof, err := ProfileInterval(pb, res, "b", Options{GTol: 1e-10})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "profile lower", prof.Lo, l.b-tq*seb, 1e-5)
	near(t, "profile upper", prof.Hi, l.b+tq*seb, 1e-5)
	// with robust standard errors the statistic is rescaled to them: for a
	// line the profile is exactly quadratic, so the interval is b ± t SE
	rob, err := Fit(pb, Options{GTol: 1e-10, SE: SERobust})
	if err != nil {
		t.Fatal(err)
	}
	rprof, err := ProfileInterval(pb, rob, "b", Options{GTol: 1e-10})
	if err != nil {
		t.Fatal(err)
	}
	// the robust fit's interval uses the slope's Bell-McCaffrey degrees of
	// freedom, and so does its profile
	tRob := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: rob.RefDOF[1]}.Quantile(0.975)
	near(t, "robust profile upper", rprof.Hi, l.b+tRob*rob.SE[1], 1e-5)
	near(t, "robust interval upper", rob.Hi[1], l.b+tRob*rob.SE[1], 1e-9)
	if !strings.Contains(rprof.Note, "scaled by model-based / reported variance") {
		t.Errorf("note %q", rprof.Note)
	}
	if prof.Reference != "F(1, 6)" {
		t.Errorf("reference %q", prof.Reference)
	}
	w, err := Wald(res, []string{"b"}, []float64{1.9})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "Wald", w.Statistic, (l.b-1.9)*(l.b-1.9)/(seb*seb), 1e-6)
	tt := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(l.n - 2)}
	near(t, "Wald p (the t test)", w.P, 2*tt.Survival(math.Abs(l.b-1.9)/seb), 1e-6)
	// restricted: b fixed at 1.9
	pr := pb
	pr.Params = []Param{{Name: "b", Fixed: true, Init: 1.9}}
	rres, err := Fit(pr, Options{GTol: 1e-10})
	if err != nil {
		t.Fatal(err)
	}
	var rss, rss0 float64
	for i := range l.x {
		r := l.y[i] - l.a - l.b*l.x[i]
		rss += r * r
		r0 := l.y[i] - rres.Params[0] - 1.9*l.x[i]
		rss0 += r0 * r0
	}
	// with b fixed, a is the mean of y - 1.9 x
	var want float64
	for i := range l.x {
		want += (l.y[i] - 1.9*l.x[i]) / float64(l.n)
	}
	near(t, "a with b fixed", rres.Params[0], want, 1e-8)
	if rres.DOF != l.n-1 || !math.IsNaN(rres.SE[1]) || !rres.Fixed[1] {
		t.Errorf("fixed fit: DOF %d, SE %v, Fixed %v", rres.DOF, rres.SE, rres.Fixed)
	}
	lr, err := LikelihoodRatio(res, rres)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "LR (drop in RSS over s^2)", lr.Statistic, (rss0-rss)/l.s2, 1e-6)
	near(t, "LR p (the exact F test)", lr.P, distuv.F{D1: 1, D2: float64(l.n - 2)}.Survival((rss0-rss)/l.s2), 1e-6)
	if lr.DF != 1 || lr.DF2 != float64(l.n-2) {
		t.Errorf("LR df %d, %v", lr.DF, lr.DF2)
	}
	aic := float64(l.n)*math.Log(2*math.Pi*rss/float64(l.n)) + float64(l.n) + 2*3
	near(t, "AIC", res.AIC, aic, 1e-8)
	near(t, "BIC", res.BIC, aic-6+3*math.Log(float64(l.n)), 1e-8)
}

func TestBoundsAndFixedErrors(t *testing.T) {
	l := newLine()
	pb := l.problem(t)
	for _, tc := range []struct {
		p    []Param
		want string
	}{
		{[]Param{{Name: "a", Lo: 1}}, "need a Transform"},
		{[]Param{{Name: "a", Transform: Log, Hi: 3}}, "Hi = 3 is ignored by the Log transform"},
		{[]Param{{Name: "a", Fixed: true, Grid: []float64{1, 2}}}, "Fixed but has a Grid"},
		{[]Param{{Name: "a", Fixed: true, Transform: Log, Init: -1}}, "fixed parameter a: value Init = -1 is outside"},
		{[]Param{{Name: "a", Fixed: true, Init: 1}, {Name: "b", Fixed: true, Init: 1}}, "every parameter is Fixed"},
	} {
		p := pb
		p.Params = tc.p
		if _, err := Fit(p, Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.p, err, tc.want)
		}
	}
	res, _ := Fit(pb, Options{})
	if _, err := ProfileInterval(pb, res, "c", Options{}); err == nil {
		t.Error("profile of an unknown parameter accepted")
	}
	if _, err := Wald(res, []string{"a"}, []float64{1, 2}); err == nil {
		t.Error("Wald with mismatched lengths accepted")
	}
	if _, err := Fit(pb, Options{Level: 1.2}); err == nil {
		t.Error("Level 1.2 accepted")
	}
}

// TestReport: the text report has no HTML; the HTML report has the same
// numbers in tables; MIMEBundle carries both.
func TestReport(t *testing.T) {
	l := newLine()
	res, err := Fit(l.problem(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	txt, h := res.Report().String(), res.Report().HTML()
	if strings.Contains(txt, "<t") || strings.Contains(txt, "</") {
		t.Errorf("text report contains markup:\n%s", txt)
	}
	for _, want := range []string{"[[Fit statistics]]", "[[Parameters]]", "[[Correlations]]", "C(a, b) =", "AIC:", "BIC:", "degrees of freedom:    6"} {
		if !strings.Contains(txt, want) {
			t.Errorf("text report lacks %q:\n%s", want, txt)
		}
	}
	for _, want := range []string{"<table>", "<th style=\"text-align:left\">AIC</th>", ">b</th>", "Correlations"} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML report lacks %q", want)
		}
	}
	m := res.MIMEBundle()
	if m["text/plain"] != txt || m["text/html"] != h || res.String() != txt {
		t.Error("MIMEBundle/String differ from the reports")
	}
}

// TestConvergenceOnStatisticalScale: a loose gradient tolerance stops the
// optimizer early; the engine polishes the best start until the Newton
// step is below 0.01 standard errors. A criterion no fit can meet is
// reported as not converged with the distance.
func TestConvergenceOnStatisticalScale(t *testing.T) {
	x, y := synth(40, 12)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	pb := Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: Huber(1e-3),
		Params: []Param{{Name: "E", Init: 1}, {Name: "A", Init: 10}, {Name: "alpha", Init: 0.3}}}
	loose, err := Fit(pb, Options{GTol: 1e-3, Method: NelderMead})
	if err != nil {
		t.Fatal(err)
	}
	tight, err := Fit(pb, Options{GTol: 1e-12, FTol: 1e-15})
	if err != nil {
		t.Fatal(err)
	}
	if !loose.Converged() || !(loose.StepSE <= 0.01) {
		t.Errorf("loose fit: %s, step %v SE", loose.Reason, loose.StepSE)
	}
	for j := range loose.Params {
		if d := math.Abs(loose.Params[j]-tight.Params[j]) / tight.SE[j]; d > 0.02 {
			t.Errorf("%s: %.3g SE from the tight optimum", loose.Names[j], d)
		}
	}
	r, err := Fit(pb, Options{ConvergeSE: 1e-300})
	if err != nil {
		t.Fatal(err)
	}
	if r.Converged() || !strings.Contains(r.Reason, "standard errors from the optimum") {
		t.Errorf("impossible criterion: converged=%v %q", r.Converged(), r.Reason)
	}
}

// TestExtrapolate: a line fitted to x < 10 and checked on x >= 10; the
// residuals, RMSE and its delta-method SE match a direct computation.
func TestExtrapolate(t *testing.T) {
	l := newLine()
	pb := l.problem(t)
	ex, err := Extrapolate(pb, "x", 10, Options{GTol: 1e-10})
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Train) != 5 || len(ex.Test) != 3 || ex.Test[0] != 5 {
		t.Fatalf("train %v test %v", ex.Train, ex.Test)
	}
	a, b := ex.Fit.Params[0], ex.Fit.Params[1]
	var e []float64
	for _, i := range ex.Test {
		e = append(e, l.y[i]-a-b*l.x[i])
	}
	var s2, s4 float64
	for k, r := range e {
		near(t, "residual", ex.Residual[k], r, 1e-9)
		s2 += r * r / 3
		s4 += r * r * r * r / 3
	}
	near(t, "RMSE", ex.RMSE, math.Sqrt(s2), 1e-9)
	near(t, "RMSE SE", ex.RMSESE, math.Sqrt((s4-s2*s2)*3/2/3)/(2*math.Sqrt(s2)), 1e-9)
	if _, err := Extrapolate(pb, "x", 100, Options{}); err == nil {
		t.Error("nothing held out accepted")
	}
}

// TestBootstrapDeriveAndBand: for a constant fitted by least squares the
// bootstrap estimates of "m" are the resampled means, so Derive and Band
// must reproduce the bootstrap's own percentile interval.
func TestBootstrapDeriveAndBand(t *testing.T) {
	x, y := synth(25, 13)
	f := mustParse(t, "m + 0*x", "x")
	b, err := Bootstrap(Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y}, BootstrapOptions{Resamples: 100, Seed: 2, Fit: Options{GTol: 1e-9}})
	if err != nil {
		t.Fatal(err)
	}
	d, err := b.Derive("2*m", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "lower", d.Lo[0], 2*b.Lo[0], 1e-12)
	near(t, "upper", d.Hi[0], 2*b.Hi[0], 1e-12)
	band, err := b.Band(f, map[string][]float64{"x": {1, 2}}, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "band lower", band.Lo[1], b.Lo[0], 1e-12)
	if !(band.PredLo[0] < band.Lo[0] && band.PredHi[0] > band.Hi[0]) {
		t.Errorf("prediction band [%v, %v] not wider than the curve's [%v, %v]", band.PredLo[0], band.PredHi[0], band.Lo[0], band.Hi[0])
	}
	se := b.SE
	near(t, "bootstrap SE", d.SE[0], 2*se[0], 1e-9)
}
