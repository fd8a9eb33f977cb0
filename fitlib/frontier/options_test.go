package frontier

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/ctxtest"
)

// TestZeroOptionsAreDefaults: the zero Options and defaultOptions() fill to
// the same settings, the documented ones, and fit identically.
func TestZeroOptionsAreDefaults(t *testing.T) {
	zero, err := Options{}.filled()
	if err != nil {
		t.Fatal(err)
	}
	def, err := defaultOptions().filled()
	if err != nil {
		t.Fatal(err)
	}
	if *zero.Lambda != DefaultLambda || *def.Lambda != DefaultLambda {
		t.Fatalf("lambda %v %v", *zero.Lambda, *def.Lambda)
	}
	zero.Lambda, def.Lambda = nil, nil
	if !reflect.DeepEqual(zero, def) {
		t.Fatalf("zero Options fill to %+v, DefaultOptions to %+v", zero, def)
	}
	want := []Stage{{0.90, 10}, {0.95, 25}, {0.98, 50}, {0.98, 100}, {0.98, 200}, {0.98, 400}, {0.98, 800}, {0.98, 1000}}
	if zero.Tau != 0.98 || zero.Kappa != 1000 || zero.Penalty != PenaltyCentred || zero.Mean || zero.SE != SEBootstrap ||
		zero.Resamples != 1000 || !reflect.DeepEqual(zero.Stages, want) {
		t.Fatalf("defaults %+v", zero)
	}
	p, _ := PaperOptions().filled()
	if !reflect.DeepEqual(p.Stages, []Stage{{0.90, 10}, {0.95, 25}, {0.98, 50}}) || p.Penalty != PenaltyRaw || p.Mean || *p.Lambda != 1e-3 {
		t.Fatalf("paper options %+v", p)
	}
	z, y, _ := synthetic(5, 300, steep, 0.03)
	a, err := Fit(z, y, Options{Resamples: 20})
	if err != nil {
		t.Fatal(err)
	}
	o := defaultOptions()
	o.Resamples = 20
	b, err := Fit(z, y, o)
	if err != nil {
		t.Fatal(err)
	}
	if a.Params != b.Params || a.Objective != b.Objective || a.SE != b.SE {
		t.Fatalf("zero Options %+v, DefaultOptions %+v", a.Params, b.Params)
	}
}

// TestObjectiveDefinitions: Result.Objective is, at the fitted parameters,
// the documented objective summed point by point here: the defaults' sum
// of rho_1000 plus 1e-3 (b^2 + (a + b zbar)^2); Lambda(0) without a
// penalty; EnhancedOptions' mean of rho_50 plus 1e-3 b^2. An explicit
// Lambda is copied, and a negative one is an error naming lambda.
func TestObjectiveDefinitions(t *testing.T) {
	z, y, _ := synthetic(9, 400, steep, 0.03)
	zbar := 0.0
	for _, v := range z {
		zbar += v
	}
	zbar /= float64(len(z))
	loss := func(p Params, kappa float64) float64 {
		s := 0.0
		for i := range z {
			s += SmoothedPinball(y[i]-p.At(z[i]), 0.98, kappa)
		}
		return s
	}
	lam := 0.0
	cases := []struct {
		name string
		opt  Options
		want func(p Params) float64
	}{
		{"defaults", Options{}, func(p Params) float64 {
			e := p.A + p.B*zbar
			return loss(p, 1000) + 1e-3*(p.B*p.B+e*e)
		}},
		{"Lambda(0)", Options{Lambda: &lam}, func(p Params) float64 { return loss(p, 1000) }},
		{"EnhancedOptions", EnhancedOptions(), func(p Params) float64 { return loss(p, 50)/float64(len(z)) + 1e-3*p.B*p.B }},
		{"PaperOptions", PaperOptions(), func(p Params) float64 { return loss(p, 50) + 1e-3*(p.A*p.A+p.B*p.B) }},
	}
	for _, c := range cases {
		c.opt.SE = SENone
		r, err := Fit(z, y, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		if w := c.want(r.Params); math.Abs(w-r.Objective) > 1e-10*math.Abs(w) {
			t.Errorf("%s: Result.Objective %.12g, objective at the fit %.12g", c.name, r.Objective, w)
		}
	}
	lam = -1 // the fits above copied the value
	if _, err := Fit(z, y, Options{Lambda: &lam}); err == nil || !strings.Contains(err.Error(), "lambda = -1") {
		t.Errorf("negative lambda: %v", err)
	}
	if _, err := Fit(z, y, Options{Penalty: 7}); err == nil || !strings.Contains(err.Error(), "unknown penalty 7") {
		t.Errorf("penalty 7: %v", err)
	}
	if _, err := Fit(z, y, Options{SE: 9}); err == nil || !strings.Contains(err.Error(), "standard-error method 9") {
		t.Errorf("SE 9: %v", err)
	}
}

// TestNewtonMatchesLBFGS: the Newton steps of the later continuation stages
// reach the same optimum as L-BFGS alone, start by start.
func TestNewtonMatchesLBFGS(t *testing.T) {
	defer func() { lbfgsOnly = false }()
	for seed := uint64(1); seed <= 2; seed++ {
		z, y := issueScene.draw(seed)
		o := Options{SE: SENone, KeepStarts: true}
		lbfgsOnly = true
		a, err := Fit(z, y, o)
		if err != nil {
			t.Fatal(err)
		}
		lbfgsOnly = false
		b, err := Fit(z, y, o)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(a.Objective-b.Objective) > 1e-9*a.Objective || maxGap(a.Params, b.Params, 20, 26) > 1e-5 || !b.Converged() {
			t.Errorf("seed %d: L-BFGS %.12g %+v, Newton %.12g %+v (%s)", seed, a.Objective, a.Params, b.Objective, b.Params, b.Reason)
		}
		for i := range a.PerStart {
			if b.PerStart[i].Objective > a.PerStart[i].Objective*(1+1e-9) {
				t.Errorf("seed %d start %d: Newton %.12g above L-BFGS %.12g", seed, i, b.PerStart[i].Objective, a.PerStart[i].Objective)
			}
		}
	}
}

// TestBootstrapSE: the default standard errors are those of Bootstrap with
// the fit's Resamples and Seed: the same replicates, Cov their sample
// covariance, QuantileSE their standard deviation at z, Corr the
// correlation, and Interval their percentile interval.
func TestBootstrapSE(t *testing.T) {
	z, y, _ := synthetic(17, 600, steep, 0.03)
	r, err := Fit(z, y, Options{Resamples: 50, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Samples) != 50 || r.SEKind != fit.SEBoot {
		t.Fatalf("%d replicates, %s", len(r.Samples), r.SEKind)
	}
	band, err := Bootstrap(z, y, r, BootstrapOptions{Resamples: 50, Seed: 4, Grid: []float64{22}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(band.params, r.Samples) {
		t.Fatal("Bootstrap with the fit's seed and count gives other replicates")
	}
	var m [4]float64
	for _, p := range band.params {
		v := p.Vector()
		for i := range m {
			m[i] += v[i] / 50
		}
	}
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			c := 0.0
			for _, p := range band.params {
				v := p.Vector()
				c += (v[i] - m[i]) * (v[j] - m[j]) / 49
			}
			if math.Abs(c-r.Cov[i][j]) > 1e-12*math.Max(1, math.Abs(c)) {
				t.Fatalf("Cov[%d][%d] = %v, sample covariance %v", i, j, r.Cov[i][j], c)
			}
			if want := c / math.Sqrt(r.Cov[i][i]*r.Cov[j][j]); math.Abs(r.Corr[i][j]-want) > 1e-9 {
				t.Fatalf("Corr[%d][%d] = %v, want %v", i, j, r.Corr[i][j], want)
			}
		}
	}
	var s, s2 float64
	for _, p := range band.params {
		s += p.At(22)
		s2 += p.At(22) * p.At(22)
	}
	sd := math.Sqrt((s2 - s*s/50) / 49)
	if got := r.QuantileSE(22); math.Abs(got-sd) > 1e-12 {
		t.Fatalf("QuantileSE(22) = %v, replicate sd %v", got, sd)
	}
	if lo, hi := r.Interval(22, 0.95); lo != band.BandLo[0] || hi != band.BandHi[0] {
		t.Fatalf("Interval %v %v, band %v %v", lo, hi, band.BandLo[0], band.BandHi[0])
	}
	// The shared bootstrap shape: Samples, SE and intervals of the
	// parameters from the same resamples.
	if len(band.Samples) != 50 || band.Resamples != 50 || band.Names[3] != "b" {
		t.Fatalf("shape: %d samples, %d resamples, names %v", len(band.Samples), band.Resamples, band.Names)
	}
	for j := 0; j < 4; j++ {
		if math.Abs(band.SE[j]-math.Sqrt(r.Cov[j][j])) > 1e-12*band.SE[j] {
			t.Fatalf("SE[%d] = %v, sqrt(Cov) %v", j, band.SE[j], math.Sqrt(r.Cov[j][j]))
		}
	}
	// The sandwich option gives delta-method standard errors and says so.
	sw, err := Fit(z, y, Options{SE: SESandwich})
	if err != nil {
		t.Fatal(err)
	}
	if sw.SEKind != fit.SEQuantileSandwich || !(sw.Bandwidth > 0) || sw.Samples != nil || !(sw.QuantileSE(22) > 0) {
		t.Fatalf("sandwich: %s %v", sw.SEKind, sw.QuantileSE(22))
	}
	none, err := Fit(z, y, Options{SE: SENone})
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(none.QuantileSE(22)) || !math.IsNaN(none.SE.B) {
		t.Fatalf("SENone: %v %v", none.QuantileSE(22), none.SE)
	}
}

// TestFitCancelledDuringSE: a fit cancelled while bootstrapping its
// standard errors returns the cancellation, naming the bootstrap.
func TestFitCancelledDuringSE(t *testing.T) {
	z, y, _ := synthetic(13, 500, steep, 0.03)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	testHookBootstrap = cancel // cancel as the bootstrap starts
	defer func() { testHookBootstrap = nil }()
	o := Options{Resamples: 100000, Workers: 2}
	o.Context = ctx
	_, err := Fit(z, y, o)
	ctxtest.WantCancelled(t, "Fit cancelled in its bootstrap", err, "bootstrap cancelled")
}

// TestMethodsAndTasksAreCopies: changing the slices Methods and Tasks
// return does not change the package's lists.
func TestMethodsAndTasksAreCopies(t *testing.T) {
	m, ts := Methods(), Tasks()
	m[0], ts[0] = MethodISpline, "y"
	if Methods()[0] != MethodSigmoid || Tasks()[0] != "IFEval" {
		t.Fatal("Methods or Tasks returned the package's own slice")
	}
	c := TaskColumns(LeaderboardFile)
	c["BBH"] = "nonsense"
	if TaskColumns(LeaderboardFile)["BBH"] != "leaderboard_bbh_acc_norm_none" {
		t.Fatal("TaskColumns returned the package's own map")
	}
}

// TestCurveLabels: every curve of PlotFrontier gets its own legend label:
// the method, what differs from the defaults for a sigmoid, Label when
// set, and " #k" for a repeat.
func TestCurveLabels(t *testing.T) {
	z, y, _ := synthetic(3, 300, steep, 0.03)
	var models []*MethodFit
	for _, o := range []Options{{}, PaperOptions(), EnhancedOptions(), {}} {
		o.SE = SENone
		m, err := FitMethod(MethodSigmoid, z, y, MethodOptions{Fit: o})
		if err != nil {
			t.Fatal(err)
		}
		models = append(models, m)
	}
	c, err := FitMethod(MethodConstant, z, y, MethodOptions{})
	if err != nil {
		t.Fatal(err)
	}
	models = append(models, c, &MethodFit{Method: MethodConstant, Level: 0.5, Label: "a guess"})
	got := curveLabels(models)
	want := []string{"sigmoid", "sigmoid (kappa 50, 0.001 (a^2 + b^2))", "sigmoid (kappa 50, 0.001 b^2, mean loss)", "sigmoid #2", "constant", "a guess"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("labels %q, want %q", got, want)
	}
	pts := &Points{Task: "synthetic", Z: z, Y: y}
	p, err := PlotFrontier(pts, models, nil)
	if err != nil {
		t.Fatal(err)
	}
	render(t, p, "frontier with repeated methods")
}
