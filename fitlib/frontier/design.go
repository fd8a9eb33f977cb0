package frontier

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// DesignOptions configure the budgeted I-optimal design.
type DesignOptions struct {
	Budget    float64 // total cost allowed (same units as the costs)
	Bins      int     // equal-mass bins whose midpoints form the variance grid (default 10)
	MinPerBin int     // smallest bin (default 1)
	Ridge     float64 // information-matrix ridge (default 1e-6)
	// Balance weights the bin-balance bonus
	// log(n_b + 1 + 1e-6) - log(n_b + 1e-6) added to the variance drop of
	// a candidate whose bin already holds n_b selected models; 0 gives the
	// plain I-optimal greedy design.
	Balance float64
	// Seed orders the candidate scan: candidates with equal score (models
	// fine-tuned from one base model share z and cost) are then chosen in
	// a seeded random order rather than file order.
	Seed uint64
	// Anchors first takes, budget permitting, the candidates nearest to
	// min z, max z and the sigmoid's shoulders z* -/+ 1.543/b (z* = -a/b),
	// the seeding of Zhang et al. (2026), Sec. 6, before the greedy steps.
	Anchors bool
}

// Selection is a chosen evaluation set.
type Selection struct {
	Indices  []int   // chosen candidates, in the order chosen
	Cost     float64 // their total cost
	Variance float64 // integrated prediction variance at the grid (ridge included)
	Grid     []float64
}

// Design greedily selects candidates (compute z, cost > 0) for evaluating
// the sigmoid frontier at reference parameters ref: at each step it adds
// the affordable candidate with the largest drop in integrated prediction
// variance sum_k j(z_k)' M^-1 j(z_k) / K per unit cost (plus the balance
// bonus), where M = ridge I + sum_{selected} j j' and j = dq/dtheta. The
// grid z_k are the equal-mass bin midpoints of the candidates (Zhang et al.
// 2026, Sec. 6, I-optimal design). M^-1 is updated by Sherman-Morrison.
//
// The Jacobian is taken in the centred parameterisation
// (y0, L, a + b zbar, b), zbar the mean candidate z: prediction variance
// is invariant to this linear change of parameters (up to the ridge), and
// the information matrix stays well conditioned at z ~ 23.
func Design(ref Params, z, cost []float64, opt DesignOptions) (*Selection, error) {
	if err := ref.Valid(); err != nil {
		return nil, err
	}
	if len(z) != len(cost) {
		return nil, fmt.Errorf("frontier: design: %d candidates but %d costs", len(z), len(cost))
	}
	if len(z) == 0 {
		return nil, fmt.Errorf("frontier: design: no candidates")
	}
	for i := range z {
		if math.IsNaN(z[i]) || math.IsInf(z[i], 0) {
			return nil, fmt.Errorf("frontier: design: candidate %d: compute %v not finite", i+1, z[i])
		}
		if !(cost[i] > 0) || math.IsInf(cost[i], 0) {
			return nil, fmt.Errorf("frontier: design: candidate %d: cost %v must be positive", i+1, cost[i])
		}
	}
	if !(opt.Budget > 0) {
		return nil, fmt.Errorf("frontier: design: budget %v must be positive", opt.Budget)
	}
	if opt.Bins <= 0 {
		opt.Bins = 10
	}
	if opt.MinPerBin <= 0 {
		opt.MinPerBin = 1
	}
	if opt.Ridge <= 0 {
		opt.Ridge = 1e-6
	}
	edges, err := EqualMassEdges("design candidates", z, opt.Bins, opt.MinPerBin)
	if err != nil {
		return nil, err
	}
	grid := Midpoints(edges)
	jac := centredJacobian(ref, z)
	// A = mean_k j_k j_k'
	var A [16]float64
	for _, g := range grid {
		j := jac(g)
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				A[4*r+c] += j[r] * j[c] / float64(len(grid))
			}
		}
	}
	J := make([][4]float64, len(z))
	bin := make([]int, len(z))
	for i, v := range z {
		J[i] = jac(v)
		bin[i] = BinOf(edges, v)
	}
	var Minv [16]float64
	for r := 0; r < 4; r++ {
		Minv[5*r] = 1 / opt.Ridge
	}
	binN := make([]int, len(edges)-1)
	used := make([]bool, len(z))
	sel := &Selection{Grid: grid}
	const eps = 1e-6
	order := rand.New(rand.NewPCG(opt.Seed, 0xde51)).Perm(len(z))
	take := func(i int, v [4]float64, den float64) {
		used[i] = true
		binN[bin[i]]++
		sel.Indices = append(sel.Indices, i)
		sel.Cost += cost[i]
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				Minv[4*r+c] -= v[r] * v[c] / den
			}
		}
	}
	sm := func(i int) ([4]float64, float64) {
		var v [4]float64
		j := &J[i]
		for r := 0; r < 4; r++ {
			v[r] = Minv[4*r]*j[0] + Minv[4*r+1]*j[1] + Minv[4*r+2]*j[2] + Minv[4*r+3]*j[3]
		}
		return v, 1 + j[0]*v[0] + j[1]*v[1] + j[2]*v[2] + j[3]*v[3]
	}
	if opt.Anchors {
		lo, hi := zRange(z)
		targets := []float64{lo, hi}
		if ref.B > 0 {
			zs := ref.Midpoint()
			targets = append(targets, zs-1.543/ref.B, zs+1.543/ref.B)
		}
		for _, tz := range targets {
			best := -1
			for _, i := range order {
				if used[i] || sel.Cost+cost[i] > opt.Budget {
					continue
				}
				if best < 0 || math.Abs(z[i]-tz) < math.Abs(z[best]-tz) {
					best = i
				}
			}
			if best >= 0 {
				v, den := sm(best)
				take(best, v, den)
			}
		}
	}
	for {
		left := opt.Budget - sel.Cost
		best, bestScore := -1, 0.0
		var bestV [4]float64
		var bestDen float64
		for _, i := range order {
			if used[i] || cost[i] > left {
				continue
			}
			v, den := sm(i)
			vav := 0.0
			for r := 0; r < 4; r++ {
				vav += v[r] * (A[4*r]*v[0] + A[4*r+1]*v[1] + A[4*r+2]*v[2] + A[4*r+3]*v[3])
			}
			gain := vav / den
			if opt.Balance > 0 {
				n := float64(binN[bin[i]])
				gain += opt.Balance * (math.Log(n+1+eps) - math.Log(n+eps))
			}
			if s := gain / cost[i]; s > bestScore {
				best, bestScore, bestV, bestDen = i, s, v, den
			}
		}
		if best < 0 {
			break
		}
		take(best, bestV, bestDen)
	}
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			sel.Variance += A[4*r+c] * Minv[4*c+r]
		}
	}
	return sel, nil
}

// RandomSelection draws candidates in a seeded random order, keeping each
// one that still fits the budget: the baseline design at equal cost.
func RandomSelection(cost []float64, budget float64, seed uint64) []int {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	order := rng.Perm(len(cost))
	var out []int
	spent := 0.0
	for _, i := range order {
		if cost[i] > 0 && spent+cost[i] <= budget {
			out = append(out, i)
			spent += cost[i]
		}
	}
	return out
}

// centredJacobian returns j(v) = ref.Jacobian(v) with the slope column
// taken about zbar, the mean of z: the parameters (y0, L, a + b zbar, b).
func centredJacobian(ref Params, z []float64) func(float64) [4]float64 {
	zbar := 0.0
	for _, v := range z {
		zbar += v
	}
	zbar /= float64(len(z))
	return func(v float64) [4]float64 {
		j := ref.Jacobian(v)
		j[3] = j[2] * (v - zbar)
		return j
	}
}

// integratedVariance returns mean_k j(z_k)' M^-1 j(z_k) for the selected
// set with the same centring and ridge as Design, by direct inversion (used
// to check the Sherman-Morrison updates).
func integratedVariance(ref Params, z []float64, sel []int, grid []float64, ridge float64) float64 {
	jac := centredJacobian(ref, z)
	var M [4][4]float64
	for r := 0; r < 4; r++ {
		M[r][r] = ridge
	}
	for _, i := range sel {
		j := jac(z[i])
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				M[r][c] += j[r] * j[c]
			}
		}
	}
	inv := invert4(M)
	s := 0.0
	for _, g := range grid {
		j := jac(g)
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				s += j[r] * inv[r][c] * j[c]
			}
		}
	}
	return s / float64(len(grid))
}
