package catalog

import (
	"fmt"
	"math"
)

// Inference-aware laws: Sardana et al. 2024 (lifetime FLOPs, see
// InferenceOptimal) and Train-to-Test (T^2) of Roberts et al. 2026,
// "Test-Time Scaling Makes Overtraining Compute-Optimal" (arXiv
// 2604.01411v1).
//
// T^2, sect. 3, eqs. (1)-(2): choose N, D and the number of repeated
// samples k under two separate budgets, 6ND <= C_train and 2Nk <= C_inf,
// C_inf being "the inference FLOPs per-token served" (sect. 3.3), so that
// k = C_inf/(2N): smaller models get more samples. Approach 1 (sect. 3.1)
// models the negative log pass@k as a Chinchilla law plus a power law in
// k, L(N, D, k) = E + A/N^alpha + B/D^beta + G/k^gamma; at k = 1 it is a
// Chinchilla law with E' = E + G. Approach 2 (sect. 3.2) models pass@k as
// 1 - B(a, b + k)/B(a, b) with Beta(a, b) per-question accuracies whose
// mean and size follow the Chinchilla loss. The paper fits both per task
// (eight tasks) but prints the fitted coefficients only as figures, so the
// t2-loss entry carries Hoffmann et al.'s coefficients for the N and D
// terms (the comparison of their Fig. 2) and illustrative G, gamma; the
// printed number reproduced is the inference budget of their Fig. 2 setup.

const t2Src = "Roberts et al. 2026, Test-Time Scaling Makes Overtraining Compute-Optimal (Train-to-Test, T^2; arXiv 2604.01411)"

func inferenceAware() []Entry {
	return []Entry{
		{Name: "sardana-lifetime-flops", Family: "Sardana et al. 2024", Formula: "6*N*D + 2*N*Dinf", Vars: []string{"N", "D", "Dinf"},
			Params: map[string]float64{}, Units: "FLOP", Convention: "6 FLOP per parameter per training token, 2 per inference token",
			Source: "Sardana et al. 2024, Beyond Chinchilla-Optimal, sect. 2 (objective); optimum: InferenceOptimal", ValidRange: map[string][]float64{"N": {1e9, 1e11}, "D": {1e11, 1e13}, "Dinf": {0, 1e13}}},
		{Name: "t2-inference-flops", Family: "T² (Roberts et al. 2026)", Formula: "2*N*k", Vars: []string{"N", "k"},
			Params: map[string]float64{}, Units: "FLOP per token served", Convention: "k repeated samples; one forward pass costs 2N FLOP per token; the training budget is the separate constraint 6ND <= C_train",
			Source:     t2Src + ", sect. 3, eqs. (1)-(2) and sect. 3.3 (C_inf = 2Nk)",
			ValidRange: map[string][]float64{"N": {5e6, 1e11}, "k": {1, 1000}}},
		{Name: "t2-loss", Family: "T² (Roberts et al. 2026)", Formula: "E + A*N^(-alpha) + B*D^(-beta) + G*k^(-gamma)", Vars: []string{"N", "D", "k"},
			Params: map[string]float64{"E": 1.69, "A": 406.4, "B": 410.7, "alpha": 0.34, "beta": 0.28, "G": 0.5, "gamma": 0.3},
			Units:  "negative log pass@k (task NLL)", Convention: "N parameters, D training tokens, k samples; with C_inf fixed, k = C_inf/(2N) (T2Optimal)",
			Source:     t2Src + ", sect. 3.1 (Approach 1) and 3.3",
			ValidRange: map[string][]float64{"N": {5e6, 1e9}, "D": {5e7, 1.2e11}, "k": {1, 1000}},
			Note: "form as printed; the per-task fits appear only in figures, so E, A, B, alpha, beta are Hoffmann et al. 2022's and G = 0.5, gamma = 0.3 are illustrative: " +
				"refit on your own task (fitlib/fit) before reading numbers off it; no published number reproduced"},
		{Name: "t2-accuracy", Family: "T² (Roberts et al. 2026)", Formula: t2AccuracyFormula, Vars: []string{"L", "k"},
			Params: map[string]float64{"theta0": 3, "theta1": 3, "theta2": 0.9, "theta3": 1, "theta4": -0.2},
			Units:  "mean pass@k", Convention: "L: the Chinchilla loss estimate of the model (N, D); k samples; per-question accuracy ~ Beta(mu nu, (1 - mu) nu)",
			Source:     t2Src + ", sect. 3.2 (Approach 2) and 3.3",
			ValidRange: map[string][]float64{"L": {2, 5}, "k": {1, 1000}},
			Note: "form as printed: mu = theta2/(1 + exp(theta1 (L - theta0))), nu = exp(theta3 + theta4 L), pass@k = 1 - B(mu nu, (1 - mu) nu + k)/B(mu nu, (1 - mu) nu); " +
				"the per-task theta are not printed, these are illustrative; no published number reproduced",
			TeX: `1 - \frac{B(\mu\nu, (1-\mu)\nu + k)}{B(\mu\nu, (1-\mu)\nu)},\; \mu = \frac{\theta_2}{1 + e^{\theta_1 (L - \theta_0)}},\; \nu = e^{\theta_3 + \theta_4 L}`},
	}
}

// t2AccuracyFormula is Approach 2 of T^2 with the Beta-function ratio
// written through log-gamma: with a = mu nu, b = (1 - mu) nu (so a + b = nu),
// B(a, b + k)/B(a, b) = exp(lgamma(b + k) + lgamma(nu) - lgamma(b) - lgamma(nu + k)).
const t2AccuracyFormula = "1 - exp(lgamma((1 - theta2/(1 + exp(theta1*(L - theta0))))*exp(theta3 + theta4*L) + k) + lgamma(exp(theta3 + theta4*L))" +
	" - lgamma((1 - theta2/(1 + exp(theta1*(L - theta0))))*exp(theta3 + theta4*L)) - lgamma(exp(theta3 + theta4*L) + k))"

// T2Compute returns the two T^2 budgets a configuration uses: training
// 6ND and inference 2Nk FLOPs per token served (Roberts et al. 2026,
// eqs. (1)-(2)). They are separate constraints, not one sum.
func T2Compute(n, d, k float64) (train, inferencePerToken float64, err error) {
	for i, v := range []float64{n, d, k} {
		if !(v >= 0) || math.IsInf(v, 0) {
			return 0, 0, fmt.Errorf("catalog: T2Compute: %s = %g must be >= 0 and finite", []string{"N", "D", "k"}[i], v)
		}
	}
	return 6 * n * d, 2 * n * k, nil
}

// T2Result is the T^2 optimum of a t2-loss law under both budgets.
type T2Result struct {
	N, D, K        float64 // optimal parameters, training tokens, samples (k = C_inf/(2N))
	TokensPerParam float64
	Loss           float64
	// The Chinchilla optimum of the same law's N and D terms at C_train
	// (k = 1, the single-pass allocation T^2 compares against).
	ChinchillaN, ChinchillaD float64
}

// T2Optimal minimises Approach 1 of T^2 with both budgets spent,
// L(N, C_train/(6N), C_inf/(2N)), over N with at least one sample
// (N <= C_inf/2) and one training token (N <= C_train/6). In x = log N
// the loss is E + A e^(-alpha x) + B' e^(beta x) + G' e^(gamma x), a sum
// of exponentials and so convex: the optimum is where dL/dx changes
// sign, found by bisection to machine precision in x. e must have the
// parameters of the t2-loss entry, with A, B, alpha, beta > 0 and
// E, G, gamma >= 0.
func T2Optimal(e Entry, ctrain, cinf float64) (T2Result, error) {
	for _, k := range []string{"E", "A", "B", "alpha", "beta", "G", "gamma"} {
		v, ok := e.Params[k]
		if !ok {
			return T2Result{}, fmt.Errorf("catalog: T2Optimal: entry %s has no parameter %s (use t2-loss)", e.Name, k)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return T2Result{}, fmt.Errorf("catalog: T2Optimal: parameter %s = %g must be finite and >= 0", k, v)
		}
		if v == 0 && (k == "A" || k == "B" || k == "alpha" || k == "beta") {
			return T2Result{}, fmt.Errorf("catalog: T2Optimal: parameter %s must be > 0 (without it there is no trade-off between N and D)", k)
		}
	}
	if !(ctrain > 6) || math.IsInf(ctrain, 0) || !(cinf >= 2) || math.IsInf(cinf, 0) {
		return T2Result{}, fmt.Errorf("catalog: T2Optimal: budgets C_train = %g and C_inf = %g must be finite, C_train > 6 and C_inf >= 2", ctrain, cinf)
	}
	p := e.Params
	loss := func(n float64) float64 {
		return p["E"] + p["A"]*math.Pow(n, -p["alpha"]) + p["B"]*math.Pow(ctrain/(6*n), -p["beta"]) + p["G"]*math.Pow(cinf/(2*n), -p["gamma"])
	}
	// dL/dx = -alpha A e^(-alpha x) + beta B' e^(beta x) + gamma G' e^(gamma x)
	// is increasing; bisect on its sign (to machine precision in x, which a
	// search on L itself cannot reach: L is flat to O(dx^2) there).
	dl := func(x float64) float64 {
		n := math.Exp(x)
		return -p["alpha"]*p["A"]*math.Pow(n, -p["alpha"]) + p["beta"]*p["B"]*math.Pow(ctrain/(6*n), -p["beta"]) +
			p["gamma"]*p["G"]*math.Pow(cinf/(2*n), -p["gamma"])
	}
	lo, hi := 0.0, math.Log(math.Min(cinf/2, ctrain/6))
	switch {
	case dl(lo) >= 0:
		hi = lo
	case dl(hi) <= 0:
		lo = hi
	}
	for i := 0; i < 200 && hi > lo; i++ {
		m := (lo + hi) / 2
		if m == lo || m == hi {
			break
		}
		if dl(m) < 0 {
			lo = m
		} else {
			hi = m
		}
	}
	n := math.Exp((lo + hi) / 2)
	r := T2Result{N: n, D: ctrain / (6 * n), K: cinf / (2 * n), Loss: loss(n)}
	r.TokensPerParam = r.D / r.N
	// Chinchilla optimum of A N^-alpha + B D^-beta at C = 6ND: N = G (C/6)^(beta/(alpha+beta)),
	// G = (alpha A/(beta B))^(1/(alpha+beta)) (Hoffmann et al. 2022, eq. (4)).
	al, be := p["alpha"], p["beta"]
	gg := math.Pow(al*p["A"]/(be*p["B"]), 1/(al+be))
	r.ChinchillaN = gg * math.Pow(ctrain/6, be/(al+be))
	r.ChinchillaD = ctrain / (6 * r.ChinchillaN)
	return r, nil
}
