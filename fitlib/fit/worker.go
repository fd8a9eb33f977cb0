package fit

import (
	"math"

	"github.com/gophernote/gophernote/fitlib/formula"
)

// worker owns every buffer one goroutine needs to evaluate the objective:
// after newWorker, evaluation does not allocate.
type worker struct {
	pr    *prepared
	ev    *formula.Evaluator
	pred  []float64
	dp    [][]float64
	dp1   [][]float64 // first row of each dp column
	coef  []float64
	w     []float64 // row weights of the current fit (nil: all 1)
	p, gp []float64 // natural parameters and gradient
	evals int
	vps   *vpScratch // variable projection's inner solver (Method VarPro)
}

func newWorker(pr *prepared) *worker {
	k := len(pr.names)
	wk := &worker{pr: pr, p: append([]float64(nil), pr.base...), gp: make([]float64, k), w: pr.weights}
	if pr.ev != nil {
		wk.ev = pr.ev.Clone()
		wk.pred = make([]float64, pr.n)
		wk.coef = make([]float64, pr.n)
		wk.dp = make([][]float64, k)
		wk.dp1 = make([][]float64, k)
		for j := range wk.dp {
			wk.dp[j] = make([]float64, pr.n)
			wk.dp1[j] = wk.dp[j][:1]
		}
	}
	return wk
}

// eval is the objective in optimizer coordinates z (one per free
// parameter), gradient into gz.
func (wk *worker) eval(z, gz []float64) float64 {
	wk.evals++
	pr := wk.pr
	for k, j := range pr.free {
		p, dpdz := pr.params[j].forward(z[k])
		wk.p[j] = p
		gz[k] = dpdz
	}
	var f float64
	if pr.vp != nil {
		f = wk.innerSolve() // also the outer gradient (envelope theorem)
	} else {
		f = wk.natural(wk.p, wk.gp)
	}
	for k, j := range pr.free {
		gz[k] *= wk.gp[j]
	}
	if math.IsNaN(f) {
		return math.Inf(1)
	}
	return f
}

// natural is the objective at natural parameters p, gradient into g.
func (wk *worker) natural(p, g []float64) float64 {
	pr := wk.pr
	if pr.fn != nil {
		return pr.fn(p, g, wk.w)
	}
	if wk.ev.Len() == 1 && pr.n > 1 {
		// A law without data variables: one value for every row.
		if err := wk.ev.ValueGrad(p, wk.pred[:1], wk.dp1); err != nil {
			return math.NaN()
		}
		broadcast(wk.pred)
		for _, c := range wk.dp {
			broadcast(c)
		}
	} else if err := wk.ev.ValueGrad(p, wk.pred, wk.dp); err != nil {
		return math.NaN() // cannot happen: lengths are fixed by prepare
	}
	var f float64
	if pr.loss.Kind == HuberLoss && pr.loss.Log {
		f = wk.huberLog()
	} else {
		f = wk.generic()
	}
	if math.IsInf(f, 1) || math.IsNaN(f) {
		for j := range g {
			g[j] = 0
		}
		return f
	}
	c := wk.coef
	for j, col := range wk.dp {
		col = col[:len(c)]
		s := 0.0
		for i, v := range col {
			s += c[i] * v
		}
		g[j] = s
	}
	return f
}

// huberLog is the loss loop of Huber on log residuals (the Besiroglu et al.
// recipe), written out for speed; coef[i] = w_i psi(r_i) dr_i/dpred_i.
func (wk *worker) huberLog() float64 {
	pr := wk.pr
	d := pr.loss.Delta
	pred, ly, c := wk.pred, pr.ly[:len(wk.pred)], wk.coef[:len(wk.pred)]
	w := wk.w
	f := 0.0
	for i, q := range pred {
		if !(q > 0) {
			return math.Inf(1)
		}
		r := ly[i] - math.Log(q)
		var rho, psi float64
		switch {
		case r > d:
			rho, psi = d*(r-d/2), d
		case r < -d:
			rho, psi = d*(-r-d/2), -d
		default:
			rho, psi = r*r/2, r
		}
		if w != nil {
			rho, psi = rho*w[i], psi*w[i]
		}
		f += rho
		c[i] = -psi / q
	}
	return f
}

func (wk *worker) generic() float64 {
	pr := wk.pr
	l := &pr.loss
	f := 0.0
	for i, q := range wk.pred {
		var r, dr float64
		if l.Log {
			if !(q > 0) {
				return math.Inf(1)
			}
			r, dr = pr.ly[i]-math.Log(q), -1/q
		} else {
			r, dr = pr.y[i]-q, -1
		}
		rho, psi := l.rho(r)
		if wk.w != nil {
			rho, psi = rho*wk.w[i], psi*wk.w[i]
		}
		f += rho
		wk.coef[i] = psi * dr
	}
	return f
}

func broadcast(c []float64) {
	for i := 1; i < len(c); i++ {
		c[i] = c[0]
	}
}
