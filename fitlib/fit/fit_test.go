package fit

import (
	"context"
	"math"
	"math/big"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"gonum.org/v1/gonum/diff/fd"

	"github.com/gophernote/gophernote/fitlib/formula"
	"github.com/gophernote/gophernote/fitlib/internal/num"
)

func mustParse(t testing.TB, src string, vars ...string) *formula.Formula {
	t.Helper()
	f, err := formula.Parse(src, vars...)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// synth returns x in [1, 1000] log-spaced and y = 2 + 30 x^-0.5 times
// multiplicative noise.
func synth(n int, seed uint64) (x, y []float64) {
	r := rand.New(rand.NewPCG(seed, 2))
	for i := 0; i < n; i++ {
		xi := math.Pow(10, 3*float64(i)/float64(n-1))
		x = append(x, xi)
		y = append(y, (2+30*math.Pow(xi, -0.5))*math.Exp(0.02*r.NormFloat64()))
	}
	return x, y
}

// TestObjectiveGradientFD checks the engine's gradient (loss, chain rule
// through transforms, weights) against central finite differences for
// every loss and transform.
func TestObjectiveGradientFD(t *testing.T) {
	x, y := synth(40, 1)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	w := make([]float64, len(x))
	for i := range w {
		w[i] = float64(i%3) * 0.7
	}
	params := []Param{
		{Name: "E", Transform: Softplus, Lo: 0.5},
		{Name: "A", Transform: Log},
		{Name: "alpha", Transform: Logit, Lo: 0, Hi: 2},
	}
	for _, loss := range []Loss{Squared(), SquaredLog(), Huber(1e-2), {Kind: HuberLoss, Delta: 0.05}, Pinball(0.9, 50), {Kind: PinballLoss, Log: true, Tau: 0.3, Kappa: 10}} {
		for _, weights := range [][]float64{nil, w} {
			pb := Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: loss, Params: params, Weights: weights}
			pr, err := prepare(&pb)
			if err != nil {
				t.Fatal(err)
			}
			wk := newWorker(pr)
			for _, z := range [][]float64{{0.3, 2.9, -0.2}, {1.2, 3.6, 0.4}} {
				g := make([]float64, 3)
				wk.eval(z, g)
				num := fd.Gradient(nil, func(z []float64) float64 { return wk.eval(z, make([]float64, 3)) }, z, &fd.Settings{Formula: fd.Central, Step: 1e-6})
				for j := range g {
					if math.Abs(g[j]-num[j]) > 1e-6*math.Max(1, math.Abs(num[j])) {
						t.Errorf("%s weights=%v z=%v: dF/dz%d = %.10g, finite difference %.10g", loss, weights != nil, z, j, g[j], num[j])
					}
				}
			}
		}
	}
}

func TestObjectiveDoesNotAllocate(t *testing.T) {
	x, y := synth(500, 2)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	pb := Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: Huber(1e-3),
		Params: []Param{{Name: "A", Transform: Log}}}
	pr, err := prepare(&pb)
	if err != nil {
		t.Fatal(err)
	}
	wk := newWorker(pr)
	z, g := []float64{2, 3, 0.5}, make([]float64, 3)
	if a := testing.AllocsPerRun(100, func() { wk.eval(z, g) }); a != 0 {
		t.Errorf("formula objective+gradient allocates %v times per call", a)
	}
	c := loadChinchilla(t)
	hp := c.handProblem()
	pr2, _ := prepare(&hp)
	wk2 := newWorker(pr2)
	z5, g5 := []float64{6, 0.3, 7, 0.3, 0.5}, make([]float64, 5)
	if a := testing.AllocsPerRun(100, func() { wk2.eval(z5, g5) }); a != 0 {
		t.Errorf("hand-written objective path allocates %v times per call", a)
	}
	lb := newLBFGS(5)
	lb.ftol, lb.gtol, lb.maxIter, lb.maxEval = 2.2e-9, 1e-5, 15000, 15000
	if a := testing.AllocsPerRun(5, func() { lb.minimize(wk2.eval, z5) }); a != 0 {
		t.Errorf("a whole L-BFGS run allocates %v times", a)
	}
}

// TestLinearLeastSquaresExact fits y = a + b x by squared error and
// compares with the normal equations solved in exact rational arithmetic;
// the model-based standard errors (SEModel) with the textbook s^2 (X'X)^-1.
func TestLinearLeastSquaresExact(t *testing.T) {
	xs := []int64{1, 2, 3, 5, 8, 13, 21}
	ys := []int64{3, 4, 8, 9, 17, 25, 44}
	var x, y []float64
	n := big.NewRat(int64(len(xs)), 1)
	sx, sy, sxx, sxy := new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)
	for i := range xs {
		x, y = append(x, float64(xs[i])), append(y, float64(ys[i]))
		bx, by := big.NewRat(xs[i], 1), big.NewRat(ys[i], 1)
		sx.Add(sx, bx)
		sy.Add(sy, by)
		sxx.Add(sxx, new(big.Rat).Mul(bx, bx))
		sxy.Add(sxy, new(big.Rat).Mul(bx, by))
	}
	// b = (n Sxy - Sx Sy) / (n Sxx - Sx^2), a = (Sy - b Sx)/n
	den := new(big.Rat).Sub(new(big.Rat).Mul(n, sxx), new(big.Rat).Mul(sx, sx))
	b := new(big.Rat).Quo(new(big.Rat).Sub(new(big.Rat).Mul(n, sxy), new(big.Rat).Mul(sx, sy)), den)
	a := new(big.Rat).Quo(new(big.Rat).Sub(sy, new(big.Rat).Mul(b, sx)), n)
	af, _ := a.Float64()
	bf, _ := b.Float64()
	f := mustParse(t, "a + b*x", "x")
	for _, m := range []Method{LBFGS, GonumLBFGS} {
		r, err := Fit(Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y}, Options{Method: m, GTol: 1e-10, SE: SEModel})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.Params[0]-af) > 1e-7 || math.Abs(r.Params[1]-bf) > 1e-8 || !r.Converged() {
			t.Errorf("%v: a, b = %v (%s), exact %v %v", m, r.Params, r.Reason, af, bf)
		}
		// SE(b) = sqrt(s^2 n / (n Sxx - Sx^2)), SE(a) = sqrt(s^2 Sxx / (n Sxx - Sx^2)).
		s2 := r.Objective / float64(len(x)-2)
		d, _ := den.Float64()
		sxxf, _ := sxx.Float64()
		seb, sea := math.Sqrt(s2*float64(len(x))/d), math.Sqrt(s2*sxxf/d)
		if math.Abs(r.SE[0]-sea) > 1e-5*sea || math.Abs(r.SE[1]-seb) > 1e-5*seb || r.SEKind != SELeastSquares {
			t.Errorf("%v: SE %v (%s), want %v %v", m, r.SE, r.SEKind, sea, seb)
		}
	}
}

func TestBadDataErrors(t *testing.T) {
	f := mustParse(t, "E + A * N^(-alpha)", "N")
	good := func() Problem {
		return Problem{Formula: f, Data: map[string][]float64{"N": {1, 2, 3, 4}}, Y: []float64{3, 2, 1.5, 1.2}, YName: "loss", Loss: Huber(1e-3)}
	}
	cases := []struct {
		mod  func(p *Problem)
		want string
	}{
		{func(p *Problem) { p.Data["N"] = []float64{1, 2, math.NaN(), 4} }, "column N row 2: value NaN is not finite"},
		{func(p *Problem) { p.Y = []float64{3, math.Inf(1), 1, 1} }, "column loss row 1: value +Inf"},
		{func(p *Problem) { p.Y = []float64{3, 2, 0, 1} }, "column loss row 2: value 0 must be > 0"},
		{func(p *Problem) { p.Data["N"] = []float64{1, 2, 3} }, "column N has 3 rows but loss has 4"},
		{func(p *Problem) { p.Data = map[string][]float64{"C": {1, 2, 3, 4}} }, `no data column "N"`},
		{func(p *Problem) { p.Weights = []float64{1, 1, 0, 0} }, "2 rows with positive weight for 3 parameters"},
		{func(p *Problem) { p.Weights = []float64{1, -1, 1, 1} }, "weight of row 1"},
		{func(p *Problem) { p.Params = []Param{{Name: "beta"}} }, `"beta", which is not a parameter`},
		{func(p *Problem) { p.Params = []Param{{Name: "A", Transform: Log, Grid: []float64{10, -1}}} }, "parameter A: value -1 is outside its domain (0, inf)"},
		{func(p *Problem) { p.Params = []Param{{Name: "alpha", Transform: Logit, Lo: 1, Hi: 1}} }, "parameter alpha: logit bounds"},
		{func(p *Problem) { p.Loss = Huber(0) }, "Huber delta = 0"},
		{func(p *Problem) { p.Loss = Pinball(1.5, 10) }, "pinball tau = 1.5"},
		{func(p *Problem) { p.Objective = func(p, g, w []float64) float64 { return 0 } }, "not both"},
		{func(p *Problem) { p.Formula = mustParse(t, "2*N", "N") }, "no parameters"},
	}
	for _, tc := range cases {
		pb := good()
		tc.mod(&pb)
		_, err := Fit(pb, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want it to contain %q", err, tc.want)
		}
	}
	if _, err := Fit(good(), Options{Starts: [][]float64{{1, 2}}}); err == nil || !strings.Contains(err.Error(), "Starts[0] has 2 values for 3 parameters") {
		t.Errorf("bad explicit start: %v", err)
	}
}

// TestBoundReported: the least-squares optimum of a constant lies above the
// Logit upper bound, so the fit must end there and say so.
func TestBoundReported(t *testing.T) {
	f := mustParse(t, "p + 0*x", "x")
	r, err := Fit(Problem{Formula: f, Data: map[string][]float64{"x": {1, 2, 3}}, Y: []float64{2, 2.1, 1.9},
		Params: []Param{{Name: "p", Transform: Logit, Lo: 0, Hi: 1}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.AtBound) != 1 || r.AtBound[0] != "p" || math.Abs(r.Params[0]-1) > 1e-5 || !math.IsNaN(r.SE[0]) {
		t.Errorf("p = %v, AtBound %v, SE %v; want p at its upper bound 1, reported, SE NaN", r.Params, r.AtBound, r.SE)
	}
	// A Log parameter whose least-squares value would be negative.
	r, err = Fit(Problem{Formula: f, Data: map[string][]float64{"x": {1, 2, 3}}, Y: []float64{-2, -1, -1.5},
		Params: []Param{{Name: "p", Transform: Log, Init: 3}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.AtBound) != 1 || r.Params[0] > 1e-3 || r.Params[0] <= 0 {
		t.Errorf("p = %v, AtBound %v; want p just above 0 and reported", r.Params, r.AtBound)
	}
	// Inside the bounds: no report, and the Log transform keeps A > 0.
	x, y := synth(30, 3)
	g := mustParse(t, "E + A * x^(-alpha)", "x")
	r, err = Fit(Problem{Formula: g, Data: map[string][]float64{"x": x}, Y: y, Loss: SquaredLog(),
		Params: []Param{{Name: "A", Transform: Log, Init: 10}, {Name: "E", Transform: Log, Init: 1}, {Name: "alpha", Init: 1}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.AtBound) != 0 || !r.Converged() || math.Abs(r.Params[1]-30)/30 > 0.1 || math.Abs(r.Params[2]-0.5) > 0.05 {
		t.Errorf("fit %v %v (%s), want about E=2 A=30 alpha=0.5", r.Names, r.Params, r.Reason)
	}
}

// TestFallbackToNelderMead: an objective whose gradient points the wrong
// way defeats L-BFGS; Nelder-Mead then finds the minimum, and the status
// says so. Without the fallback the fit must not claim convergence.
func TestFallbackToNelderMead(t *testing.T) {
	obj := func(p, g, w []float64) float64 {
		dx, dy := p[0]-1, p[1]+2
		g[0], g[1] = -2*dx, -20*dy // wrong sign
		return dx*dx + 10*dy*dy
	}
	pb := Problem{Objective: obj, Params: []Param{{Name: "x", Init: 4}, {Name: "y", Init: 3}}}
	// no standard errors: the wrong-signed gradient makes the observed
	// information negative definite, which the convergence check reports
	// as "not converged" (TestSingularCurvatureNotConverged)
	r, err := Fit(pb, Options{SE: SENone})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Converged() || r.Method != NelderMead || r.Status != StatusFallback || !strings.Contains(r.Reason, "Nelder-Mead") ||
		math.Abs(r.Params[0]-1) > 1e-3 || math.Abs(r.Params[1]+2) > 1e-3 {
		t.Errorf("fallback: %v %v %q converged=%v", r.Params, r.Method, r.Reason, r.Converged())
	}
	r, err = Fit(pb, Options{NoFallback: true, SE: SENone})
	if err != nil {
		t.Fatal(err)
	}
	if r.Converged() || !strings.HasPrefix(r.Reason, "failed") {
		t.Errorf("without fallback the fit claims %q converged=%v", r.Reason, r.Converged())
	}
	r, _ = Fit(pb, Options{MaxIter: 1, Method: NelderMead})
	if r.Converged() {
		t.Errorf("one Nelder-Mead iteration claims convergence: %s", r.Reason)
	}
}

func TestMultiStartDeterministic(t *testing.T) {
	x, y := synth(50, 4)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	pb := Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: Huber(1e-2),
		Params: []Param{{Name: "A", Transform: Log, Grid: []float64{1, 100}}, {Name: "alpha", Grid: []float64{0.1, 1}}}}
	var first *Result
	for _, workers := range []int{1, 2, 5} {
		r, err := Fit(pb, Options{RandomStarts: 7, Seed: 9, Workers: workers, KeepStarts: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.Starts != 11 || len(r.PerStart) != 11 {
			t.Fatalf("%d starts, want 4 grid + 7 random", r.Starts)
		}
		if first == nil {
			first = r
			continue
		}
		for j := range r.Params {
			if r.Params[j] != first.Params[j] || r.Start != first.Start {
				t.Errorf("workers=%d: %v (start %d), workers=1: %v (start %d)", workers, r.Params, r.Start, first.Params, first.Start)
			}
		}
	}
	if first.PerStart[1].Start[1] != 1 || first.PerStart[2].Start[1] != 100 {
		t.Errorf("grid order: first parameter varies slowest, got %v %v", first.PerStart[0].Start, first.PerStart[1].Start)
	}
}

// TestLeaveOutWeightsAndBacktest: zero weights leave rows out exactly as
// fitting the copied subset does.
func TestLeaveOutWeightsAndBacktest(t *testing.T) {
	x, y := synth(60, 5)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	params := []Param{{Name: "A", Init: 20}, {Name: "alpha", Init: 0.4}, {Name: "E", Init: 1}}
	pb := Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: SquaredLog(), Params: params}
	var rows []int
	var sx, sy []float64
	for i := 0; i < 40; i++ {
		rows = append(rows, i)
		sx, sy = append(sx, x[i]), append(sy, y[i])
	}
	w := make([]float64, len(y))
	for _, i := range rows {
		w[i] = 1
	}
	pw := pb
	pw.Weights = w
	a, err := Fit(pw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Fit(Problem{Formula: f, Data: map[string][]float64{"x": sx}, Y: sy, Loss: SquaredLog(), Params: params}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for j := range a.Params {
		if math.Abs(a.Params[j]-b.Params[j]) > 1e-6*math.Max(1, math.Abs(b.Params[j])) {
			t.Errorf("zero weights %v, fit on the copied subset %v", a.Params, b.Params)
		}
	}
	bt, err := Backtest(pb, rows, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(bt.Test) != 20 || bt.Test[0] != 40 {
		t.Fatalf("test rows %v", bt.Test)
	}
	mean := 0.0
	for k, i := range bt.Test {
		p := a.Params
		pred := p[0] + p[1]*math.Pow(x[i], -p[2]) // parameters in order of appearance: E, A, alpha
		r := math.Log(y[i]) - math.Log(pred)
		if math.Abs(bt.Residual[k]-r) > 1e-6 {
			t.Errorf("row %d residual %v, want %v", i, bt.Residual[k], r)
		}
		mean += r * r / 20
	}
	if math.Abs(bt.TestLoss-mean) > 1e-6*mean {
		t.Errorf("test loss %v, want %v", bt.TestLoss, mean)
	}
}

func TestBootstrap(t *testing.T) {
	x, y := synth(40, 6)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	pb := Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: SquaredLog(),
		Params: []Param{{Name: "A", Init: 20}, {Name: "alpha", Init: 0.4}, {Name: "E", Init: 1}}}
	a, err := Bootstrap(pb, BootstrapOptions{Resamples: 60, Seed: 3, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var reports []int
	b, err := Bootstrap(pb, BootstrapOptions{Resamples: 60, Seed: 3, Workers: 3, Progress: func(done, total int) {
		if total != 60 {
			t.Errorf("progress total %d, want 60", total)
		}
		reports = append(reports, done)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) == 0 || reports[len(reports)-1] != 60 {
		t.Errorf("progress reports %v: want the last at 60", reports)
	}
	if b.Resamples != 60 || b.Level != 0.95 {
		t.Errorf("Resamples %d, Level %v", b.Resamples, b.Level)
	}
	cov := b.Cov()
	for j := range b.Names {
		if b.Estimate[j] != b.Fit.Params[j] || math.Abs(b.SE[j]-math.Sqrt(cov[j][j])) > 1e-12*math.Abs(b.SE[j]) {
			t.Errorf("%s: Estimate %v (fit %v), SE %v (cov %v)", b.Names[j], b.Estimate[j], b.Fit.Params[j], b.SE[j], math.Sqrt(cov[j][j]))
		}
	}
	for j := range a.Lo {
		if a.Lo[j] != b.Lo[j] || a.Hi[j] != b.Hi[j] {
			t.Errorf("bootstrap depends on workers: %v %v vs %v %v", a.Lo, a.Hi, b.Lo, b.Hi)
		}
		if !(a.Lo[j] < a.Fit.Params[j] && a.Fit.Params[j] < a.Hi[j]) {
			t.Errorf("%s: estimate %v outside its interval [%v, %v]", a.Names[j], a.Fit.Params[j], a.Lo[j], a.Hi[j])
		}
	}
	if len(a.Samples)+a.Failed != 60 {
		t.Errorf("%d samples + %d failed != 60", len(a.Samples), a.Failed)
	}
	// Brute force: for a constant fitted by least squares each refit is
	// the mean of its resample; redraw the same resamples and compare.
	ys := y[:25]
	m := mustParse(t, "m + 0*x", "x")
	c, err := Bootstrap(Problem{Formula: m, Data: map[string][]float64{"x": x[:25]}, Y: ys}, BootstrapOptions{Resamples: 40, Seed: 11, Fit: Options{GTol: 1e-9}})
	if err != nil || c.Failed != 0 {
		t.Fatal(err, c.Failed)
	}
	var means []float64
	for b := 0; b < 40; b++ {
		r := rand.New(rand.NewPCG(11, uint64(b)))
		s := 0.0
		for range ys {
			s += ys[r.IntN(len(ys))]
		}
		means = append(means, s/float64(len(ys)))
		if math.Abs(c.Samples[b][0]-means[b]) > 1e-8 {
			t.Errorf("resample %d: refit %v, brute-force mean %v", b, c.Samples[b][0], means[b])
		}
	}
	sort.Float64s(means)
	if math.Abs(c.Lo[0]-num.QuantileSorted(means, 0.025)) > 1e-8 || math.Abs(c.Hi[0]-num.QuantileSorted(means, 0.975)) > 1e-8 {
		t.Errorf("interval [%v, %v], brute force [%v, %v]", c.Lo[0], c.Hi[0], num.QuantileSorted(means, 0.025), num.QuantileSorted(means, 0.975))
	}
	if _, err := Bootstrap(Problem{Objective: func(p, g, w []float64) float64 { return p[0] * p[0] }, Params: []Param{{Name: "p"}}}, BootstrapOptions{}); err == nil {
		t.Error("bootstrap of a row-less objective accepted")
	}
}

// TestDefaultResamplesEndpointError measures what DefaultResamples buys:
// the Monte Carlo standard deviation of the 2.5% percentile of B draws of
// a normal estimate (SE 1) is sqrt(0.025 x 0.975 / B) / phi(1.96), 0.19
// at B = 200 and 0.084 at B = 1000, as DefaultResamples' comment says.
func TestDefaultResamplesEndpointError(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, B := range []int{200, DefaultResamples} {
		const reps = 2000
		ends := make([]float64, reps)
		draw := make([]float64, B)
		for k := range ends {
			for i := range draw {
				draw[i] = r.NormFloat64()
			}
			sort.Float64s(draw)
			ends[k] = num.QuantileSorted(draw, 0.025)
		}
		sd := num.SD(ends)
		want := math.Sqrt(0.025*0.975/float64(B)) / (math.Exp(-1.959964*1.959964/2) / math.Sqrt(2*math.Pi))
		t.Logf("B = %d: end point SD %.4f SE, asymptotic %.4f", B, sd, want)
		if math.Abs(sd/want-1) > 0.1 {
			t.Errorf("B = %d: end point SD %.4f, asymptotic %.4f", B, sd, want)
		}
	}
}

func TestQuantileMatchesNumpyLinear(t *testing.T) {
	// numpy.quantile([1, 2, 3, 4], q): 1.75 at 0.25, 2.5 at 0.5, 3.25 at 0.75.
	for q, want := range map[float64]float64{0: 1, 0.25: 1.75, 0.5: 2.5, 0.75: 3.25, 1: 4} {
		if got := num.QuantileSorted([]float64{1, 2, 3, 4}, q); got != want {
			t.Errorf("quantile(%v) = %v, want %v", q, got, want)
		}
	}
}

// TestConstantLawAndSummary: a law without data variables is one value
// for every row; least squares gives the mean, SE = s/sqrt(n): for a mean
// the default HC2 sandwich is exactly the classical SE (every leverage is
// 1/n) and its Bell-McCaffrey degrees of freedom are n - 1.
func TestConstantLawAndSummary(t *testing.T) {
	y := []float64{1, 2, 4, 7}
	r, err := Fit(Problem{Formula: mustParse(t, "m"), Y: y}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s2 := (2.5*2.5 + 1.5*1.5 + 0.5*0.5 + 3.5*3.5) / 3 // residuals from the mean 3.5
	if math.Abs(r.Params[0]-3.5) > 1e-8 || math.Abs(r.SE[0]-math.Sqrt(s2/4)) > 1e-6 {
		t.Errorf("m = %v SE %v, want 3.5 and %v", r.Params[0], r.SE[0], math.Sqrt(s2/4))
	}
	if math.Abs(r.RefDOF[0]-3) > 1e-9 {
		t.Errorf("Bell-McCaffrey DOF of a mean of 4 = %v, want 3", r.RefDOF[0])
	}
	sum := r.String()
	for _, want := range []string{"m ", "3.5", "loss:                  squared error", "rows:                  4", "status:                converged", "robust sandwich (HC2)", "1.32288", "-0.709981", "7.70998"} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	if _, err := Fit(Problem{Objective: func(p, g, w []float64) float64 { return 0 }, Rows: 1, Params: []Param{{Name: "a"}, {Name: "b"}}}, Options{}); err == nil || !strings.Contains(err.Error(), "1 rows with positive weight for 2 parameters") {
		t.Errorf("objective with too few rows: %v", err)
	}
}

func TestCancelAndProgress(t *testing.T) {
	x, y := synth(50, 8)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	pb := Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: SquaredLog(),
		Params: []Param{{Name: "A", Grid: []float64{1, 10, 100}}, {Name: "alpha", Grid: []float64{0.1, 0.5, 1}}}}
	var calls []int
	r, err := Fit(pb, Options{Workers: 3, Progress: func(done, total int) {
		if total != 9 {
			t.Errorf("total %d", total)
		}
		calls = append(calls, done)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 9 || calls[8] != 9 || r.NotRun != 0 {
		t.Errorf("progress calls %v, not run %d", calls, r.NotRun)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	r, err = Fit(pb, Options{Workers: 1, Context: ctx, Progress: func(done, total int) {
		if n++; n == 2 {
			cancel()
		}
	}})
	if err == nil || !strings.Contains(err.Error(), "cancelled (2 of 9 starts finished)") || r == nil || r.NotRun != 7 {
		t.Fatalf("cancelled fit: %v, %+v", err, r)
	}
	if math.IsNaN(r.Objective) || r.Start > 1 {
		t.Errorf("best of the finished starts expected, got start %d objective %v", r.Start, r.Objective)
	}
}

// TestLossValues: Huber matches scipy.special.huber(delta, r) (r^2/2 inside,
// delta(|r| - delta/2) outside); the smoothed pinball tends to the check
// loss max(tau u, (tau-1) u) as kappa grows and equals log(2)/kappa at 0.
func TestLossValues(t *testing.T) {
	h := Huber(1)
	for r, want := range map[float64]float64{0.5: 0.125, -0.5: 0.125, 3: 2.5, -3: 2.5, 1: 0.5} {
		if got, _ := h.rho(r); got != want {
			t.Errorf("Huber(1)(%v) = %v, want %v", r, got, want)
		}
	}
	p := Pinball(0.9, 1e4)
	for u, want := range map[float64]float64{2: 1.8, -2: 0.2, 0.5: 0.45, -0.5: 0.05} {
		if got, _ := p.rho(u); math.Abs(got-want) > 1e-3 {
			t.Errorf("pinball(0.9)(%v) = %v, want about %v", u, got, want)
		}
	}
	p7 := Pinball(0.3, 7)
	if got, d := p7.rho(0); math.Abs(got-math.Ln2/7) > 1e-15 || math.Abs(d-(0.5+0.3-1)) > 1e-15 {
		t.Errorf("pinball at 0: %v, %v; want log(2)/7 and tau - 1/2", got, d)
	}
	p1 := Pinball(0.5, 1)
	if got, _ := p1.rho(800); math.IsInf(got, 0) || math.Abs(got-400) > 1e-9 {
		t.Errorf("pinball overflows at large u: %v", got)
	}
}

// TestLimitsReported: a start stopped by MaxIter or MaxEval says so and
// does not claim convergence.
func TestLimitsReported(t *testing.T) {
	x, y := synth(30, 9)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	pb := Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: SquaredLog(),
		Params: []Param{{Name: "E", Init: 0.1}, {Name: "A", Init: 1}, {Name: "alpha", Init: 2}}}
	for _, tc := range []struct {
		opt  Options
		want string
	}{{Options{MaxIter: 2}, "iteration limit"}, {Options{MaxEval: 3}, "evaluation limit"}} {
		r, err := Fit(pb, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if r.Converged() || !strings.Contains(r.Reason, tc.want) {
			t.Errorf("%+v: status %q converged=%v", tc.opt, r.Reason, r.Converged())
		}
	}
}

// TestColumnMistakes: the silent mistakes of a formula fit are errors.
// The pitfall of the issue: the Chinchilla law parsed over N only makes D a
// parameter, and a fit given a D column used to ignore it and return
// nonsense with a nil error.
func TestColumnMistakes(t *testing.T) {
	n := []float64{1e8, 3e8, 1e9, 3e9, 1e10, 3e10, 1e8, 1e9, 1e10}
	d := []float64{2e9, 6e9, 2e10, 6e10, 2e11, 6e11, 2e11, 2e10, 2e9}
	y := make([]float64, len(n))
	for i := range n {
		y[i] = 1.7 + 400*math.Pow(n[i], -0.34) + 410*math.Pow(d[i], -0.28)
	}
	cols := map[string][]float64{"N": n, "D": d}
	cases := []struct {
		name, src string
		vars      []string
		data      map[string][]float64
		want      []string
	}{
		{"D forgotten", "E + A*N^(-alpha) + B*D^(-beta)", []string{"N"}, cols,
			[]string{"parameter D with the name of a data column", `formula.Parse("E + A*N^(-alpha) + B*D^(-beta)", "N", "D")`}},
		{"unused variable", "E + A*N^(-alpha)", []string{"N", "D"}, cols,
			[]string{"does not use the variable D"}},
		{"extra column", "E + A*N^(-alpha)", []string{"N"}, cols,
			[]string{"data column D not read by", "remove it from Data"}},
	}
	for _, c := range cases {
		f := mustParse(t, c.src, c.vars...)
		_, err := Fit(Problem{Formula: f, Data: c.data, Y: y, Loss: SquaredLog()}, Options{})
		if err == nil {
			t.Errorf("%s: fit accepted", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", c.name, err, w)
			}
		}
	}
	// The law parsed over both columns fits.
	f := mustParse(t, "E + A*N^(-alpha) + B*D^(-beta)", "N", "D")
	res, err := Fit(Problem{Formula: f, Data: cols, Y: y, Loss: SquaredLog(), Params: []Param{
		{Name: "E", Init: 1.5}, {Name: "A", Transform: Log, Init: 300}, {Name: "B", Transform: Log, Init: 300},
		{Name: "alpha", Init: 0.3}, {Name: "beta", Init: 0.3}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Derive: a data column named like a fitted parameter is ambiguous.
	if _, err := Derive(res, "alpha*N", map[string][]float64{"N": {1}, "alpha": {1}}); err == nil || !strings.Contains(err.Error(), "name of a fitted parameter") {
		t.Errorf("Derive with a column named alpha: %v", err)
	}
}

// TestNoFiniteStartIsAnError: a fit whose every start has an infinite
// objective (here log of a law that is 0 at the start) returns an error,
// not zeros with a nil error.
func TestNoFiniteStartIsAnError(t *testing.T) {
	f := mustParse(t, "A*x^(-alpha)", "x")
	_, err := Fit(Problem{Formula: f, Data: map[string][]float64{"x": {1, 2, 3, 4}}, Y: []float64{4, 3, 2.5, 2}, Loss: SquaredLog()}, Options{})
	if err == nil || !strings.Contains(err.Error(), "no start reached a finite objective") {
		t.Errorf("Fit from A = 0: %v", err)
	}
	g := mustParse(t, "E + A*x^(-alpha)", "x")
	_, err = Fit(Problem{Formula: g, Data: map[string][]float64{"x": {1, 2, 3, 4}}, Y: []float64{4, 3, 2.5, 2}, Loss: SquaredLog(),
		Params: []Param{{Name: "alpha", Init: 0.5}}}, Options{Method: VarPro})
	if err == nil || !strings.Contains(err.Error(), "no start reached a finite objective") {
		t.Errorf("VarPro from E = A = 0: %v", err)
	}
}
