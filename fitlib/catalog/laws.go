package catalog

var families = []func() []Entry{kaplan, kaplanBatch, chinchillaLaws, computeLaws, muennighoff, gadre, bnsl, scaleRL, inferenceAware, kumar, precisionLaws, stepLaw,
	weightDecayLaws, moeLaws, sparsityLaws, transferLaws, emergence, coverage, bestOfN}

func kaplan() []Entry {
	const fam = "Kaplan et al. 2020"
	conv := "N: non-embedding parameters; D: tokens; C_min in PF-days (1 PF-day = 8.64e19 FLOP); loss in nats/token on WebText2"
	return []Entry{
		{Name: "kaplan-L(N)", Family: fam, Formula: "(Nc/N)^alphaN", Vars: []string{"N"},
			Params: map[string]float64{"Nc": 8.8e13, "alphaN": 0.076}, Units: "nats/token", Convention: conv,
			Source: "Kaplan et al. 2020, Scaling Laws for Neural Language Models, eq. (1.1)", ValidRange: map[string][]float64{"N": {1e5, 1.5e9}}},
		{Name: "kaplan-L(D)", Family: fam, Formula: "(Dc/D)^alphaD", Vars: []string{"D"},
			Params: map[string]float64{"Dc": 5.4e13, "alphaD": 0.095}, Units: "nats/token", Convention: conv,
			Source: "Kaplan et al. 2020, eq. (1.2)", ValidRange: map[string][]float64{"D": {2.2e7, 2.3e10}}},
		{Name: "kaplan-L(Cmin)", Family: fam, Formula: "(Cc/C)^alphaC", Vars: []string{"C"},
			Params: map[string]float64{"Cc": 3.1e8, "alphaC": 0.050}, Units: "C in PF-days; nats/token", Convention: conv,
			Source: "Kaplan et al. 2020, eq. (1.3)", ValidRange: map[string][]float64{"C": {1e-8, 1e1}}},
		{Name: "kaplan-L(N,D)", Family: fam, Formula: "((Nc/N)^(alphaN/alphaD) + Dc/D)^alphaD", Vars: []string{"N", "D"},
			Params: map[string]float64{"Nc": 6.4e13, "Dc": 1.8e13, "alphaN": 0.076, "alphaD": 0.103}, Units: "nats/token", Convention: conv,
			Source: "Kaplan et al. 2020, eq. (1.5), coefficients of Table 2", ValidRange: map[string][]float64{"N": {1e5, 1.5e9}, "D": {2.2e7, 2.3e10}}},
	}
}

func chinchillaLaws() []Entry {
	conv := "N: parameters including embeddings (Hoffmann et al. 2022 count); D: training tokens; C = 6ND"
	law := "E + A*N^(-alpha) + B*D^(-beta)"
	rng := map[string][]float64{"N": {7e7, 1.6e10}, "D": {5e9, 5e11}}
	return []Entry{
		{Name: "hoffmann-chinchilla", Family: "Chinchilla", Formula: law, Vars: []string{"N", "D"},
			Params: map[string]float64{"A": 406.4, "B": 410.7, "E": 1.69, "alpha": 0.34, "beta": 0.28}, Units: "nats/token (MassiveText)", Convention: conv,
			Source: "Hoffmann et al. 2022, Training Compute-Optimal LLMs, eq. (10)", ValidRange: rng},
		{Name: "besiroglu-chinchilla", Family: "Chinchilla", Formula: law, Vars: []string{"N", "D"},
			Params: map[string]float64{"A": 482.01, "B": 2085.43, "E": 1.8172, "alpha": 0.3478, "beta": 0.3658}, Units: "nats/token (MassiveText)", Convention: conv,
			Source: "Besiroglu et al. 2024, Chinchilla Scaling: A replication attempt, Table 1", ValidRange: rng},
	}
}

// Muennighoff et al. 2023, "Scaling Data-Constrained Language Models",
// eqs. (5)-(7): effective data D' = U_D + U_D R_D* (1 - exp(-R_D/R_D*))
// with R_D = D/U_D - 1 repetitions, and effective parameters N' likewise
// with U_N = min(N, N_opt(U_D)) and R_N = N/U_N - 1. The N_opt convention
// is the one of the authors' repository README (huggingface/datablations):
// N_opt(U_D) = (U_D G)^(beta/alpha) G with G = (alpha A/(beta B))^(1/(alpha+beta)),
// i.e. the model size for which U_D tokens are Chinchilla-optimal.
const muennighoffLaw = "exp(e) + exp(a)/(min(N, (U*((alpha*exp(a))/(beta*exp(b)))^(1/(alpha+beta)))^(beta/alpha)*((alpha*exp(a))/(beta*exp(b)))^(1/(alpha+beta))) * (1 + rn*(1 - exp(-(N/min(N, (U*((alpha*exp(a))/(beta*exp(b)))^(1/(alpha+beta)))^(beta/alpha)*((alpha*exp(a))/(beta*exp(b)))^(1/(alpha+beta))) - 1)/rn))))^alpha + exp(b)/(U*(1 + rd*(1 - exp(-(D/U - 1)/rd))))^beta"

func muennighoff() []Entry {
	return []Entry{{Name: "muennighoff-data-constrained", Family: "Muennighoff et al. 2023", Formula: muennighoffLaw,
		Vars: []string{"N", "D", "U"},
		// the fitted values printed in the datablations README
		Params: map[string]float64{"a": 6.255414, "b": 7.3049974, "e": 0.6254804, "alpha": 0.3526596, "beta": 0.3526596, "rd": 15.387756, "rn": 5.309743},
		Units:  "nats/token (C4)", Convention: "N: parameters; D: total training tokens; U: unique tokens; A = e^a, B = e^b, E = e^e",
		Source:     "Muennighoff et al. 2023, Scaling Data-Constrained Language Models, eqs. (5)-(7); coefficients and U_N convention from the huggingface/datablations README",
		ValidRange: map[string][]float64{"N": {1e7, 9e9}, "D": {1e8, 9e11}, "U": {1e8, 1e11}},
		Note:       "R_D* = 15.39: repeated tokens lose value with a 1/e scale of about 15 repetitions",
		TeX:        `E + \frac{A}{N'^{\alpha}} + \frac{B}{D'^{\beta}},\; D' = U_D + U_D R_D^* (1 - e^{-R_D/R_D^*}),\; N' = U_N + U_N R_N^* (1 - e^{-R_N/R_N^*}),\; U_N = \min(N, N_{opt}(U_D))`}}
}

// bnslParams are the result of FitBNSL on the 14 `fit` rows of
// bnsl/bnsl_4digit_addition.csv (a test refits and compares).
var bnslParams = map[string]float64{"a": 0.41719181, "b": 2.2736894, "c0": 0.055149177, "c1": 5.6942344, "d1": 612.80314, "f1": 0.05926355}

func bnsl() []Entry {
	return []Entry{{Name: "bnsl-4digit-addition", Family: "Caballero et al. 2023", Formula: BNSLFormula, Vars: []string{"x"},
		Params: bnslParams, Units: "x: training set size; test cross-entropy", Convention: "one break (n = 1)",
		Source:     "Caballero et al. 2023, Broken Neural Scaling Laws, eq. (1); data: ethancaballero/broken_neural_scaling_laws (4-digit addition)",
		ValidRange: map[string][]float64{"x": {100, 1200}},
		Note:       "coefficients fitted here (FitBNSL) on the fit rows; evaluated in log space so (x/d)^(1/f) never overflows"}}
}

// kumar: Kumar et al. 2024, "Scaling Laws for Precision", eq. (3):
// N_eff = N (1 - exp(-P_w/gamma_w)) with fitted gamma_w = 2.6745.
func kumar() []Entry {
	return []Entry{{Name: "kumar-precision-Neff", Family: "Kumar et al. 2024", Formula: "N*(1 - exp(-P/gammaw))", Vars: []string{"N", "P"},
		Params: map[string]float64{"gammaw": 2.6745}, Units: "parameters", Convention: "P: weight bits in post-training-free quantised-training",
		Source: "Kumar et al. 2024, Scaling Laws for Precision, eq. (3)", ValidRange: map[string][]float64{"N": {3e7, 2e9}, "P": {2, 16}}}}
}

// stepLaw: Li et al. 2025, "Predictable Scale: Part I — Optimal
// Hyperparameter Scaling Law in Large Language Model Pretraining" (Step
// Law, arXiv 2503.04715), eqs. (1)-(2): eta_opt = 1.79 N^-0.713 D^0.307,
// B_opt = 0.58 D^0.571, N non-embedding parameters, D tokens. B is in
// tokens: the authors' fitting code (step-law/steplaw, code/fit_tool.py)
// regresses log(bs x seq_len) and log lr linearly on log N and log D. The
// printed coefficients are the published result; no worked (N, D) example
// was found in the reachable sources, so the reproduced numbers are the
// printed exponents, recovered from the entries by log-log differences
// (References).
func stepLaw() []Entry {
	src := "Li et al. 2025, Predictable Scale Part I (Step Law, arXiv 2503.04715), eqs. (1)-(2); batch in tokens as in code/fit_tool.py of step-law/steplaw"
	rng := map[string][]float64{"N": {6e7, 1e9}, "D": {2e9, 1e11}}
	note := "coefficients as printed (3 significant figures); no worked (N, D) example was found in the reachable sources, so the reproduced numbers are the printed exponents, recovered from the entry"
	return []Entry{
		{Name: "steplaw-lr", Family: "Step Law (Li et al. 2025)", Formula: "c*N^(-p)*D^q", Vars: []string{"N", "D"},
			Params: map[string]float64{"c": 1.79, "p": 0.713, "q": 0.307}, Units: "peak learning rate", Convention: "N: non-embedding parameters; D: tokens",
			Source: src, ValidRange: rng, Note: note},
		{Name: "steplaw-batch", Family: "Step Law (Li et al. 2025)", Formula: "c*D^q", Vars: []string{"D"},
			Params: map[string]float64{"c": 0.58, "q": 0.571}, Units: "batch size in tokens", Convention: "D: tokens",
			Source: src, ValidRange: map[string][]float64{"D": {2e9, 1e11}}, Note: note},
	}
}

// emergence: Schaeffer et al. 2023, "Are Emergent Abilities of Large
// Language Models a Mirage?", sect. 2: with per-token correctness p
// independent over a length-L target, exact match is p^L (sharp in p) while
// the expected token edit distance (substitutions) is L (1 - p) (linear).
func emergence() []Entry {
	src := "Schaeffer et al. 2023, Are Emergent Abilities of LLMs a Mirage?, sect. 2"
	return []Entry{
		{Name: "schaeffer-exact-match", Family: "Schaeffer et al. 2023", Formula: "p^Ltok", Vars: []string{"p", "Ltok"},
			Params: map[string]float64{}, Units: "probability", Convention: "p: per-token probability of the correct token; Ltok: target length",
			Source: src, ValidRange: map[string][]float64{"p": {0.01, 1}, "Ltok": {1, 10}}},
		{Name: "schaeffer-edit-distance", Family: "Schaeffer et al. 2023", Formula: "Ltok*(1 - p)", Vars: []string{"p", "Ltok"},
			Params: map[string]float64{}, Units: "tokens", Convention: "expected token edit distance (substitutions only)",
			Source: src, ValidRange: map[string][]float64{"p": {0.01, 1}, "Ltok": {1, 10}}},
	}
}

// coverage: Brown et al. 2024, "Large Language Monkeys", sect. 3: coverage
// (pass@k) against samples k follows c(k) ≈ exp(a k^-b); a, b here are
// fitted by FitCoverage to Pythia 12B on MATH (llmonkeys data) and a test
// refits them.
var coverageParams = map[string]float64{"a": -4.1128942, "b": 0.37016360}

func coverage() []Entry {
	return []Entry{{Name: "brown-coverage", Family: "Brown et al. 2024", Formula: "exp(a*k^(-b))", Vars: []string{"k"},
		Params: coverageParams, Units: "fraction of problems solved", Convention: "k: samples per problem",
		Source:     "Brown et al. 2024, Large Language Monkeys, sect. 3 (exponentiated power law)",
		ValidRange: map[string][]float64{"k": {1, 10000}},
		Note:       "a, b fitted here to Pythia 12B MATH mean pass@k (llmonkeys/pythia_math_avg_pass_at_k.csv)"}}
}

// bestOfN: the KL divergence between best-of-n sampling and the base
// policy, log n - (n-1)/n (Stiennon et al. 2020, App. G.3; Beirami et al.
// 2024 show it is an upper bound, exact for continuous rewards).
func bestOfN() []Entry {
	return []Entry{{Name: "best-of-n-kl", Family: "Best-of-n", Formula: "log(n) - (n - 1)/n", Vars: []string{"n"},
		Params: map[string]float64{}, Units: "nats", Convention: "n samples, keep the highest reward",
		Source:     "Stiennon et al. 2020, Learning to summarize from human feedback, App. G.3; Beirami et al. 2024",
		ValidRange: map[string][]float64{"n": {1, 1024}}}}
}
