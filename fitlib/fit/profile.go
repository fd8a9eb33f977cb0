package fit

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// Profile is a profile-likelihood interval for one parameter: the
// parameter is held at a sequence of values, the others refitted, and the
// interval holds the values whose likelihood-ratio statistic
// 2 c (F(fixed) - F(best)) stays below the critical value. c is 1 for a
// negative log-likelihood and m/s_psi^2 for the row losses (the robust
// drop-in-dispersion statistic of Schrader & Hettmansperger 1980, which is
// delta RSS / s^2 for squared error); the critical value is the
// F(1, nu) quantile when the fit reports Student t intervals, nu the
// parameter's RefDOF (DOF = n - p for model-based fits: the exact test for
// linear least squares, as lmfit's conf_interval uses; Bell-McCaffrey's
// for the HC2 sandwich), and the chi-squared(1) quantile otherwise. Unlike estimate ± q SE the interval
// follows the objective, so it can be asymmetric. When the fit reports
// robust or bootstrap standard errors the statistic is rescaled to their
// variance (see Note).
type Profile struct {
	Name      string
	Estimate  float64
	Lo, Hi    float64 // NaN-free; equal to a bound of the parameter's domain when the profile never crosses there
	Level     float64
	Critical  float64
	Reference string
	Values    []float64 // the fixed values tried, sorted
	Stat      []float64 // the statistic at Values
	Refits    int
	Note      string
}

// ProfileInterval computes the profile interval of parameter name at the
// fit's Level. res must be the fit of pb (with standard errors, which
// give the statistic's scale and the first step). opt configures the
// refits (defaults as Fit; starts are ignored, every refit starts at the
// previous one's optimum).
func ProfileInterval(pb Problem, res *Result, name string, opt Options) (*Profile, error) {
	if res == nil || res.SE == nil || len(res.RefDOF) != len(res.Params) {
		return nil, fmt.Errorf("fit: ProfileInterval needs a fit with standard errors")
	}
	j := -1
	for k, n := range res.Names {
		if n == name {
			j = k
		}
	}
	if j < 0 {
		return nil, fmt.Errorf("fit: ProfileInterval: no parameter %s (parameters %v)", name, res.Names)
	}
	if res.Fixed[j] {
		return nil, fmt.Errorf("fit: ProfileInterval: parameter %s is fixed", name)
	}
	if !(res.lrScale > 0) || math.IsInf(res.lrScale, 0) {
		return nil, fmt.Errorf("fit: ProfileInterval needs a likelihood or a row loss; %s is neither", res.lossName())
	}
	byName := map[string]Param{}
	for _, q := range pb.Params {
		byName[q.Name] = q
	}
	var crit float64
	ref := "chi-squared(1)"
	if nu := res.RefDOF[j]; nu > 0 && nu != float64(res.DOF) {
		// the parameter's Bell-McCaffrey degrees of freedom (HC2 fits), so
		// that the profile interval of a line is its t interval
		crit = distuv.F{D1: 1, D2: nu}.Quantile(res.Level)
		ref = fmt.Sprintf("F(1, %.4g)", nu)
	} else if res.DOF > 0 {
		crit = distuv.F{D1: 1, D2: float64(res.DOF)}.Quantile(res.Level)
		ref = fmt.Sprintf("F(1, %d)", res.DOF)
	} else {
		crit = distuv.ChiSquared{K: 1}.Quantile(res.Level)
	}
	out := &Profile{Name: name, Estimate: res.Params[j], Level: res.Level, Critical: crit, Reference: ref}
	// When the reported standard errors are not the model-based ones (the
	// robust sandwich, the bootstrap), the likelihood-ratio statistic is
	// rescaled by model variance / reported variance of the parameter, so
	// that its curvature matches them (the one-parameter case of Chandler
	// and Bate's 2007 adjustment of a misspecified likelihood).
	adjust := 1.0
	if res.modelVar != nil && !math.IsNaN(res.modelVar[j]) && res.SE[j] > 0 {
		adjust = res.modelVar[j] / (res.SE[j] * res.SE[j])
		if math.Abs(adjust-1) > 1e-12 {
			out.Note = fmt.Sprintf("statistic scaled by model-based / reported variance = %.3g", adjust)
		}
	}
	warm := append([]float64(nil), res.Params...)
	refit := func(v float64) (float64, bool, error) {
		params := make([]Param, len(res.Names))
		for k, n := range res.Names {
			q := byName[n]
			q.Name, q.Grid, q.Init = n, nil, warm[k]
			if k == j {
				q.Fixed, q.Init = true, v
			}
			params[k] = q
		}
		if _, err := params[j].inverse(v); err != nil {
			return 0, false, nil // outside the domain
		}
		p := pb
		p.Params = params
		o := opt
		o.Starts, o.RandomStarts, o.SE, o.KeepStarts, o.Progress = nil, 0, SENone, false, nil
		r, err := Fit(p, o)
		if err != nil {
			return 0, false, err
		}
		out.Refits++
		if r.Objective < res.Objective {
			// a lower objective with the parameter fixed: the fit was
			// not at its optimum
			return 0, false, fmt.Errorf("fit: ProfileInterval: with %s = %g the objective %.10g is below the fit's %.10g: refit the model first", name, v, r.Objective, res.Objective)
		}
		copy(warm, r.Params)
		s := 2 * res.lrScale * adjust * (r.Objective - res.Objective)
		out.Values = append(out.Values, v)
		out.Stat = append(out.Stat, s)
		return s, true, nil
	}
	step := res.SE[j]
	if math.IsNaN(step) || step == 0 {
		step = 0.1 * math.Max(math.Abs(res.Params[j]), 1e-3)
	}
	var notes []string
	for _, side := range []float64{-1, 1} {
		copy(warm, res.Params)
		inside, outside := res.Params[j], math.NaN()
		bound := math.NaN()
		for k := 0; k < 30; k++ {
			v := res.Params[j] + side*step*math.Pow(2, float64(k)-1)
			s, ok, err := refit(v)
			if err != nil {
				return nil, err
			}
			if !ok {
				bound = v
				break
			}
			if s > crit {
				outside = v
				break
			}
			inside = v
		}
		var end float64
		switch {
		case !math.IsNaN(outside):
			a, b := inside, outside
			for k := 0; k < 40 && math.Abs(b-a) > 1e-6*step; k++ {
				m := (a + b) / 2
				s, ok, err := refit(m)
				if err != nil {
					return nil, err
				}
				if ok && s <= crit {
					a = m
				} else {
					b = m
				}
			}
			end = (a + b) / 2
		default:
			end = inside
			what := "the parameter's domain"
			if math.IsNaN(bound) {
				what = "2^28 standard errors"
			}
			notes = append(notes, fmt.Sprintf("the profile stays below the critical value up to %s on the %s side", what, map[float64]string{-1: "lower", 1: "upper"}[side]))
		}
		if side < 0 {
			out.Lo = end
		} else {
			out.Hi = end
		}
	}
	if len(notes) > 0 {
		out.Note = strings.TrimSpace(out.Note + " " + strings.Join(notes, "; "))
	}
	idx := make([]int, len(out.Values))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return out.Values[idx[a]] < out.Values[idx[b]] })
	v, s := make([]float64, len(idx)), make([]float64, len(idx))
	for i, k := range idx {
		v[i], s[i] = out.Values[k], out.Stat[k]
	}
	out.Values, out.Stat = v, s
	return out, nil
}
