package catalog

// The laws behind the constants table (§9) of the scaling-law handbook
// (../shared/seeds/004_e412cb73c4a27344.txt, "大模型 Scaling Law 学习笔记",
// material to August 2026) that the catalog did not already hold, each with
// the coefficients the handbook prints (the section is named in Source).
// Where the handbook warns that a sign or bracket may have been lost, the
// entry's Note says what was checked and how; doc.go lists the rows that
// are observations without a law.

import (
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/formula"
)

const handbookSrc = "handbook (seeds/004) "

// computeLaws: C = 6ND, the training-compute identity every entry of the
// catalog that counts FLOPs uses.
func computeLaws() []Entry {
	return []Entry{{Name: "compute-6ND", Family: "Compute accounting", Formula: "6*N*D", Vars: []string{"N", "D"},
		Params: map[string]float64{}, Units: "N parameters; D training tokens; training FLOP",
		Convention: "6 FLOP per parameter per token (2 forward, 4 backward); attention FLOPs O(n_ctx d) per token ignored; inference costs 2N per token",
		Source:     "Kaplan et al. 2020, sect. 2.1; Hoffmann et al. 2022, Table 3; " + handbookSrc + "§1.1",
		ValidRange: map[string][]float64{"N": {7e7, 2.8e11}, "D": {5e9, 6e12}},
		Note:       "long contexts (32K+) or small models with long contexts: use the exact FLOPs per token instead (DeepSeek's M, C = M D)"}}
}

// kaplanBatch: Kaplan et al. 2020, sect. 5.1: the critical batch size
// depends on the loss only, B_crit(L) = B*/L^(1/alpha_B), B* = 2e8 tokens,
// alpha_B = 0.21; and sect. 6: the compute-efficient allocation N ∝
// C_min^0.73, B ∝ C_min^0.24, S ∝ C_min^0.03, D = B S ∝ C_min^0.27.
func kaplanBatch() []Entry {
	const fam = "Kaplan et al. 2020"
	conv := "N: non-embedding parameters; D: tokens; C_min in PF-days (1 PF-day = 8.64e19 FLOP); loss in nats/token on WebText2"
	return []Entry{
		{Name: "kaplan-critical-batch", Family: fam, Formula: "Bstar/L^(1/alphaB)", Vars: []string{"L"},
			Params: map[string]float64{"Bstar": 2e8, "alphaB": 0.21}, Units: "L: training loss in nats/token; critical batch size in tokens",
			Convention: conv, Source: "Kaplan et al. 2020, sect. 5.1; " + handbookSrc + "§2.2, §9",
			ValidRange: map[string][]float64{"L": {2.5, 6}},
			Note:       "depends on the loss only, not on N or D (McCandlish et al. 2018's gradient noise scale); below B_crit a larger batch saves time almost linearly, above it only steps"},
		{Name: "kaplan-allocation-N", Family: fam, Formula: "r^pN", Vars: []string{"r"},
			Params: map[string]float64{"pN": 0.73}, Units: "r: multiple of C_min; growth factor of the compute-efficient N or D",
			Convention: conv, Source: "Kaplan et al. 2020, sect. 6 (N ∝ C_min^0.73); " + handbookSrc + "§2.2",
			ValidRange: map[string][]float64{"r": {1, 1e4}},
			Note:       "B ∝ C_min^0.24 and S ∝ C_min^0.03 go with it; Chinchilla's 0.46-0.50 replaced it (see hoffmann-chinchilla, besiroglu-chinchilla)"},
		{Name: "kaplan-allocation-D", Family: fam, Formula: "r^pD", Vars: []string{"r"},
			Params: map[string]float64{"pD": 0.27}, Units: "r: multiple of C_min; growth factor of the compute-efficient N or D",
			Convention: conv, Source: "Kaplan et al. 2020, sect. 6 (D = B S ∝ C_min^0.27); " + handbookSrc + "§2.2",
			ValidRange: map[string][]float64{"r": {1, 1e4}}},
	}
}

// Clark et al. 2022 fit log10 L = a log10 N + b log10 Ê + c log10 N
// log10 Ê + d per routing method, Ê a saturating transform of the expert
// count with fitted E_start and E_max; clarkEhat is that transform, as
// Ludziejewski et al. 2025 reuse it (Ê(1) = E_start, Ê → E_max).
const clarkEhat = "(1/(1/(E - 1 + 1/(1/Es - 1/Emax)) + 1/Emax))"

func moeLaws() []Entry {
	clarkLaw := "10^(a*log10(N) + b*log10(" + clarkEhat + ") + c*log10(N)*log10(" + clarkEhat + ") + d)"
	clarkTeX := `\log_{10} L = a \log_{10} N + b \log_{10} \hat E + c \log_{10} N \log_{10} \hat E + d,\; \frac{1}{\hat E} = \frac{1}{E - 1 + (1/E_{start} - 1/E_{max})^{-1}} + \frac{1}{E_{max}}`
	clark := func(key, router string, a, b, c, d, es, em float64) Entry {
		return Entry{Name: "clark-moe-" + key, Family: "Clark et al. 2022", Formula: clarkLaw, Vars: []string{"N", "E"},
			Params: map[string]float64{"a": a, "b": b, "c": c, "d": d, "Es": es, "Emax": em},
			Units:  "N: dense parameters per token; E: experts; validation loss in nats/token",
			Convention: "N: parameters of the dense model each token passes through (active parameters); E: experts per routed layer; " +
				"logs base 10; routing by " + router,
			Source:     "Clark et al. 2022, Unified Scaling Laws for Routed Language Models (arXiv 2202.01169), " + router + " row; " + handbookSrc + "§5.1",
			ValidRange: map[string][]float64{"N": {1.5e7, 1.3e9}, "E": {1, 512}},
			Note: "the handbook prints the bilinear law and the coefficients; the saturating transform of E is the form of the paper as Ludziejewski et al. 2025 reuse it, " +
				"not read from the paper here (the search corpus holds only its abstract and introduction); logs are base 10 (natural logs would put a 1B dense model near 0.6 nats); " +
				"the effective N exponent is a + c log10 Ê: more experts, weaker N scaling",
			TeX: clarkTeX}
	}
	ludzEhat := clarkEhat
	ludzLaw := "a*" + ludzEhat + "^delta*N^(-(alpha + gamma*log(" + ludzEhat + "))) + b*" + ludzEhat + "^omega*D^(-(beta + zeta*log(" + ludzEhat + "))) + c"
	return []Entry{
		clark("sbase", "S-BASE", -0.082, -0.108, 0.009, 1.104, 1.847, 314.5),
		clark("rlr", "RL-R", -0.083, -0.126, 0.012, 1.111, 1.880, 470.0),
		clark("hash", "HASH", -0.087, -0.136, 0.012, 1.157, 4.175, 477.7),
		{Name: "krajewski-granularity", Family: "Krajewski et al. 2024", Formula: "c + (g/G^gamma + a)/N^alpha + b/D^beta", Vars: []string{"N", "D", "G"},
			Params: map[string]float64{"a": 18.1, "alpha": 0.115, "b": 30.8, "beta": 0.147, "g": 2.1, "gamma": 0.58, "c": 0.47},
			Units:  "N parameters; D tokens; G = d_ff/d_expert granularity; loss in nats/token",
			Convention: "G = 1 is the classic expert of one full FFN; granularity scales only the parameter term, G → ∞ leaves a = 18.1; " +
				"the compute model F = (12 d² c_f + d E G c_r) D n_blocks (routing cost c_r) has no printed coefficients, so G_opt (8 at 1e18 FLOPs to 64 at 1e25) is not reproduced",
			Source:     "Krajewski, Ludziejewski et al. 2024, Scaling Laws for Fine-Grained Mixture of Experts (arXiv 2402.07871); " + handbookSrc + "§5.1",
			ValidRange: map[string][]float64{"N": {1e8, 4e9}, "D": {1e9, 1e11}, "G": {1, 16}},
			Note:       "ranges approximate (the handbook gives none); the paper argues Clark et al.'s diminishing MoE returns are an artefact of not modelling D jointly"},
		{Name: "ludziejewski-joint-moe", Family: "Ludziejewski et al. 2025", Formula: ludzLaw, Vars: []string{"N", "D", "E"},
			Params:     map[string]float64{"a": 35.91, "alpha": 0.1889, "delta": -0.2285, "gamma": -0.0098, "b": 35.98, "beta": 0.1775, "omega": -0.5529, "zeta": 0.0259, "c": 1.3637, "Es": 2.07, "Emax": 290.45},
			Units:      "N: active parameters; D tokens; E experts; loss in nats/token",
			Convention: "N = N_act, the parameters active per token; E = 1 is dense; Ê the saturating expert count of Clark et al. (E_start, E_max); natural logs",
			Source:     "Ludziejewski, Pióro, Krajewski et al. 2025, Joint MoE Scaling Laws: Mixture of Experts Can Be Memory Efficient (arXiv 2502.05172); " + handbookSrc + "§5.1",
			ValidRange: map[string][]float64{"N": {1e8, 2.7e9}, "D": {2e9, 1e11}, "E": {1, 32}},
			Note: "SIGN CHANGED: delta = -0.2285 where the handbook (which warns its signs may be wrong) and a second transcription print +0.2285. " +
				"With +0.2285 the law gives more experts a higher loss at equal active parameters and tokens (N = 1e9, D = 2e10: 2.573 dense, 3.238 at E = 8) and " +
				"loses the paper's memory-matched comparison, against the paper's result; every assignment of the signs of delta, gamma, omega, zeta that makes more experts help has delta < 0, " +
				"and this one (the fewest changes) restores both (TestLudziejewskiSigns). The paper's own table could not be read here (only its first page is in the search corpus).",
			TeX: `a \hat E^{\delta} N^{-(\alpha + \gamma \ln \hat E)} + b \hat E^{\omega} D^{-(\beta + \zeta \ln \hat E)} + c`},
		{Name: "zhao-five-factor-moe", Family: "Zhao et al. 2025",
			Formula: "(e*G + f/G + m*S^2 + n*S)*(1/N^alpha + k/Na^alpha + h*Na/N) + a/N^alpha + b/D^beta + c/Na^alpha + eps", Vars: []string{"N", "D", "Na", "G", "S"},
			Params: map[string]float64{"e": 0.1577, "f": 7.2446, "m": 5.1395, "n": -3.2363, "k": 0.0013, "h": 0.0450, "a": 38.051, "alpha": 0.2383, "b": 27129.05, "beta": 0.4694, "c": 31.096, "eps": 1.8182},
			Units:  "N total parameters; D tokens; Na activated parameters; G granularity; S shared-expert share; loss in nats/token",
			Convention: "N total and Na activated parameters; G expert granularity; S the share of the shared experts; " +
				"optima: G_opt = sqrt(f/e), S_opt = -n/(2m), both independent of N, Na and D; (Na/N)_opt from d L/d Na = 0",
			Source:     "Zhao et al. 2025, Towards a Comprehensive Scaling Law of Mixture-of-Experts (Tencent Hunyuan, arXiv 2509.23678); " + handbookSrc + "§5.1",
			ValidRange: map[string][]float64{"N": {1e9, 7e11}, "D": {1e10, 2e13}, "Na": {1e8, 4e10}, "G": {1, 32}, "S": {0, 0.6}},
			Note:       "the printed signs reproduce the paper's derived optima (G_opt ≈ 7, S_opt ≈ 0.31, activation ratio about 40% at 30B and 22% at 671B total), a check of the signs"},
	}
}

// sparsityLaws: Frantar et al. 2023, L(S, N, D) = (a_S (1-S)^b_S + c_S)
// (1/N)^b_N + (a_D/D)^b_D + c, N the non-zero parameters.
func sparsityLaws() []Entry {
	law := "(aS*(1 - S)^bS + cS)*(1/N)^bN + (aD/D)^bD + c"
	conv := "S: fraction of weights pruned (unstructured); N: non-zero parameters (not the total); sparsity scales the capacity coefficient only, not the exponents"
	src := "Frantar, Riquelme, Houlsby, Alistarh, Evci 2023, Scaling Laws for Sparsely-Connected Foundation Models (arXiv 2309.08520), "
	return []Entry{
		{Name: "frantar-sparsity-t5", Family: "Frantar et al. 2023", Formula: law, Vars: []string{"S", "N", "D"},
			Params: map[string]float64{"aS": 16.8, "bS": 0.722, "cS": 45.0, "bN": 0.245, "aD": 6.90e8, "bD": 0.203, "c": 0.651},
			Units:  "S sparsity; N non-zero parameters; D tokens; T5 loss on C4", Convention: conv,
			Source:     src + "T5/C4 row; " + handbookSrc + "§4.7",
			ValidRange: map[string][]float64{"S": {0, 0.875}, "N": {1e6, 1e8}, "D": {1e9, 1e11}},
			Note:       "dense-equivalent size: N_dense/N = ((a_S + c_S)/(a_S (1-S)^b_S + c_S))^(1/b_N), about 2.16 at S = 0.75; non-structured sparsity rarely speeds up general hardware"},
		{Name: "frantar-sparsity-vit", Family: "Frantar et al. 2023", Formula: law, Vars: []string{"S", "N", "D"},
			Params: map[string]float64{"aS": 2.94e2, "bS": 0.821, "cS": 4.68e2, "bN": 0.392, "aD": 2.37e8, "bD": 0.890, "c": 4.517},
			Units:  "S sparsity; N non-zero parameters; D images; ViT loss on JFT-4B", Convention: conv,
			Source:     src + "ViT/JFT-4B row; " + handbookSrc + "§4.7",
			ValidRange: map[string][]float64{"S": {0, 0.875}, "N": {1e6, 1e8}, "D": {1e8, 1e10}}},
	}
}

// precisionLaws: Kumar et al. 2024, eq. for N_eff with weights,
// activations and KV cache, and the post-training quantisation
// degradation of a BF16-trained model.
func precisionLaws() []Entry {
	src := "Kumar, Ankner, Spector et al. 2024, Scaling Laws for Precision (arXiv 2411.04330), "
	return []Entry{
		{Name: "kumar-precision-Neff-wakv", Family: "Kumar et al. 2024", Formula: "N*(1 - exp(-Pw/gammaw))*(1 - exp(-Pa/gammaa))*(1 - exp(-Pkv/gammakv))", Vars: []string{"N", "Pw", "Pa", "Pkv"},
			Params: map[string]float64{"gammaw": 2.6745, "gammaa": 2.2102, "gammakv": 0.9578}, Units: "N parameters; P bits of weights, activations, KV cache in quantised training; effective parameters",
			Convention: "low-precision training of all three; L = A N_eff^-alpha + B D^-beta + E", Source: src + "N_eff with P_w, P_a, P_kv; " + handbookSrc + "§4.6, §9",
			ValidRange: map[string][]float64{"N": {3e7, 2e9}, "Pw": {2, 16}, "Pa": {2, 16}, "Pkv": {2, 16}},
			Note:       "gamma_kv is the smallest: the KV cache tolerates low precision best; the compute-optimal 7-8 bits needs the joint law's other coefficients, not printed"},
		{Name: "kumar-ptq-degradation", Family: "Kumar et al. 2024", Formula: "CT*exp(-P/gammapost)*D^gammaD/N^gammaN", Vars: []string{"N", "D", "P"},
			Params:     map[string]float64{"CT": 0.0598, "gammaD": 0.5068, "gammaN": 0.3439, "gammapost": 0.5907},
			Units:      "N parameters; D tokens; P post-training bits; loss increase after quantisation (nats/token)",
			Convention: "model trained in BF16 (the training-precision factors Π[1 - exp(-C_x (P_x - P_post))] are 1); N_eff = N at 16 bits",
			Source:     src + "delta_PTQ; " + handbookSrc + "§4.6, §9",
			ValidRange: map[string][]float64{"N": {3e7, 2e9}, "D": {1e9, 2.6e10}, "P": {3, 8}},
			Note:       "grows with D as D^0.507: more pretraining tokens, worse post-training quantisation; larger models are more robust (N^-0.344)"},
	}
}

// transferLaws: Hernandez et al. 2021, effective data transferred
// D_T = k D_F^alpha N^beta.
func transferLaws() []Entry {
	src := "Hernandez, Kaplan, Henighan, McCandlish 2021, Scaling Laws for Transfer (arXiv 2102.01293), "
	conv := "D_F: fine-tuning data; N: non-embedding parameters; D_T: the fine-tuning data pretraining is worth; fitted in the low-data regime only"
	rng := map[string][]float64{"DF": {1e5, 1e9}, "N": {1e6, 1e9}}
	note := "beta = 0.38 for both pretraining mixtures; ossification: for D_F/D(N) > 0.10 a small fine-tuned model is worse than one trained from scratch; ranges approximate"
	return []Entry{
		{Name: "hernandez-transfer-text", Family: "Hernandez et al. 2021", Formula: "k*DF^alpha*N^beta", Vars: []string{"DF", "N"},
			Params: map[string]float64{"k": 1.9e4, "alpha": 0.18, "beta": 0.38}, Units: "D_F fine-tuning data; N parameters; effective data transferred D_T",
			Convention: conv + "; pretrained on text, fine-tuned on Python", Source: src + "text → Python; " + handbookSrc + "§5.6, §9", ValidRange: rng, Note: note},
		{Name: "hernandez-transfer-mixed", Family: "Hernandez et al. 2021", Formula: "k*DF^alpha*N^beta", Vars: []string{"DF", "N"},
			Params: map[string]float64{"k": 2.1e5, "alpha": 0.096, "beta": 0.38}, Units: "D_F fine-tuning data; N parameters; effective data transferred D_T",
			Convention: conv + "; pretrained on 50% text + 50% non-Python code, fine-tuned on Python", Source: src + "mixture → Python; " + handbookSrc + "§5.6, §9", ValidRange: rng, Note: note},
	}
}

// weightDecayLaws: Bergsma et al. 2025 (Power Lines): the AdamW EMA
// timescale tau = B/(eta lambda D) in units of the dataset has an optimum
// tau_opt = 1.084 TPP^-0.527, TPP = D/N; solved for lambda.
func weightDecayLaws() []Entry {
	src := "Bergsma, Dey, Gosal, Gray, Soboleva, Hestness 2025, Power Lines: Scaling Laws for Weight Decay and Batch Size in LLM Pre-training (arXiv 2505.13738); " + handbookSrc + "§5.4.4, §9"
	return []Entry{
		{Name: "powerlines-tau-opt", Family: "Power Lines (Bergsma et al. 2025)", Formula: "c*TPP^(-p)", Vars: []string{"TPP"},
			Params: map[string]float64{"c": 1.084, "p": 0.527}, Units: "TPP = D/N tokens per parameter; optimal AdamW timescale tau in epochs",
			Convention: "tau = B/(eta lambda D): B batch and D dataset in the same unit (tokens), eta peak learning rate, lambda weight decay", Source: src,
			ValidRange: map[string][]float64{"TPP": {1, 1000}},
			Note:       "about 1.0 at 1 TPP, 0.03 at 1000 TPP: over-trained models want a much larger weight decay"},
		{Name: "powerlines-lambda-opt", Family: "Power Lines (Bergsma et al. 2025)", Formula: "B*(D/N)^p/(c*eta*D)", Vars: []string{"B", "eta", "D", "N"},
			Params: map[string]float64{"c": 1.084, "p": 0.527}, Units: "B batch (tokens); eta learning rate; D tokens; N parameters; optimal AdamW weight decay lambda",
			Convention: "lambda_opt = B TPP^0.527/(1.084 eta D), tau_opt solved for lambda", Source: src,
			ValidRange: map[string][]float64{"B": {2.6e5, 4.2e6}, "eta": {1e-4, 3e-3}, "D": {1e9, 1e12}, "N": {1e8, 3e9}}},
	}
}

// compileSub evaluates a sub-expression shared with an entry's formula
// (clarkEhat) at one point with the entry's coefficients.
func compileSub(expr string, vars []string, e Entry, at map[string]float64) (float64, error) {
	f, err := formula.Parse(expr, vars...)
	if err != nil {
		return math.NaN(), fmt.Errorf("catalog %s: %w", e.Name, err)
	}
	cols := map[string][]float64{}
	for k, v := range at {
		cols[k] = []float64{v}
	}
	p := map[string]float64{}
	for _, name := range f.Params() {
		v, ok := e.Params[name]
		if !ok {
			return math.NaN(), fmt.Errorf("catalog %s: %s is not a parameter", e.Name, name)
		}
		p[name] = v
	}
	out, err := f.EvalMap(p, cols)
	if err != nil {
		return math.NaN(), err
	}
	return out[0], nil
}

// zhaoOptimum returns G_opt, S_opt and the activated fraction Na/N that
// minimises the zhao-five-factor-moe entry at total size n (D does not
// enter the optimum), the last by golden-section search on log Na.
func zhaoOptimum(n float64) (g, s, frac float64, err error) {
	e, err := Lookup("zhao-five-factor-moe")
	if err != nil {
		return 0, 0, 0, err
	}
	p := e.Params
	g, s = math.Sqrt(p["f"]/p["e"]), -p["n"]/(2*p["m"])
	loss := func(na float64) float64 {
		v, err2 := e.Eval(map[string]float64{"N": n, "D": 1e12, "Na": na, "G": g, "S": s})
		if err2 != nil {
			err = err2
			return math.Inf(1)
		}
		return v
	}
	lo, hi := math.Log(n*1e-4), math.Log(n)
	const phi = 0.6180339887498949
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := loss(math.Exp(a)), loss(math.Exp(b))
	for i := 0; i < 200 && hi-lo > 1e-12; i++ {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = loss(math.Exp(a))
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = loss(math.Exp(b))
		}
	}
	return g, s, math.Exp((lo+hi)/2) / n, err
}

// denseEquivalent returns N_dense/N for a sparse model of sparsity s in a
// Frantar entry: the dense size with the same loss at the same D, found by
// bisection on the entry itself.
func denseEquivalent(name string, s float64) (float64, error) {
	e, err := Lookup(name)
	if err != nil {
		return 0, err
	}
	const n, d = 1e7, 1e10
	target, err := e.Eval(map[string]float64{"S": s, "N": n, "D": d})
	if err != nil {
		return 0, err
	}
	lo, hi := n, n*100
	for i := 0; i < 200; i++ {
		m := math.Sqrt(lo * hi)
		v, err := e.Eval(map[string]float64{"S": 0, "N": m, "D": d})
		if err != nil {
			return 0, err
		}
		if v > target {
			lo = m
		} else {
			hi = m
		}
	}
	return math.Sqrt(lo*hi) / n, nil
}
