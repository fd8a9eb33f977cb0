// Package catalog lists published scaling laws as formula laws
// (fitlib/formula): each Entry holds the formula text, its data variables,
// the published coefficients, units, the parameter-counting convention, the
// source citation and the range over which the source measured it. An
// entry evaluates (Eval, EvalColumns), renders as LaTeX, and plots over its
// valid range (Plot). Table lists the catalog itself.
//
//	e, err := catalog.Lookup("muennighoff-data-constrained")
//	l, err := e.Eval(map[string]float64{"N": 6.34e9, "D": 242e9, "U": 25e9}) // 2.2256440889984477
//
// Laws whose use is more than one evaluation have compiled helpers:
// Muennighoff epoch efficiency (EpochTable), the Sardana et al.
// inference-aware optimum (InferenceOptimal), the T² budgets and optimum
// (T2Compute, T2Optimal), Gadre et al.'s refit from the authors' released
// runs (FitGadre), ScaleRL's Table 1 and its grid fit (ScaleRLTable,
// FitScaleRL), Kumar et al.'s effective parameters (PrecisionRetention),
// the broken neural scaling law fit with extrapolation (FitBNSL on your
// columns, FitBNSLFile on Caballero et al.'s data) and the best-of-n KL
// divergence (BestOfNKL). An Entry, a fit and Table show themselves when
// they end a notebook cell. Every published number the catalog
// reproduces is listed by References.
//
// # The handbook's constants table
//
// The scaling-law handbook of the shared seeds (004, in Chinese, §9
// "常量速查表") ends with a table of constants. Every row that is a law with
// printed coefficients is an entry, with a References row reproducing a
// number the handbook or its source prints:
//
//   - training: C ≈ 6ND (compute-6ND); Kaplan's α_N, α_D, α_C^min
//     (kaplan-L(N), kaplan-L(D), kaplan-L(Cmin)), critical batch B* = 2e8
//     tokens, α_B = 0.21 (kaplan-critical-batch) and allocation exponents
//     (kaplan-allocation-N, kaplan-allocation-D); Chinchilla and Besiroglu
//     (hoffmann-chinchilla, besiroglu-chinchilla) with their optimal
//     exponents a = 0.46 and 0.513;
//   - data: R_D* = 15.39, R_N* = 5.31, the epoch efficiency and the 16.4x
//     ceiling (muennighoff-data-constrained);
//   - architecture, sparsity, precision: MoE laws of Clark et al. 2022 per
//     router with E_start, E_max (clark-moe-sbase, -rlr, -hash), Krajewski
//     et al. 2024 (krajewski-granularity), Ludziejewski et al. 2025
//     (ludziejewski-joint-moe), Zhao et al. 2025 behind G_opt ≈ 7, S_opt ≈
//     0.31 and the activation ratio (zhao-five-factor-moe); 75% sparsity ≈
//     2.16x dense (frantar-sparsity-t5, frantar-sparsity-vit); γ_w, γ_a,
//     γ_kv and the INT8/INT4 losses (kumar-precision-Neff,
//     kumar-precision-Neff-wakv); δ_PTQ ∝ D^0.507 (kumar-ptq-degradation);
//     the transfer law D_T = k D_F^α N^β, β = 0.38 (hernandez-transfer-text,
//     hernandez-transfer-mixed);
//   - hyperparameters: Step Law's η_opt and B_opt (steplaw-lr,
//     steplaw-batch); the AdamW timescale τ = B/(ηλD) with τ_opt = 1.084
//     TPP^-0.527 (powerlines-tau-opt, powerlines-lambda-opt);
//   - inference and RL: the RL-compute sigmoid with ScaleRL's A = 0.61
//     (scalerl-sigmoid).
//
// Rows that are observations without a formula, or laws the handbook prints
// without coefficients, are not entries:
//
//   - the emergence threshold, pre-training loss ≈ 2.2 on MMLU/GSM8K (Du et
//     al. 2024); about 20 tokens per parameter (CI about 4-40), which
//     besiroglu-chinchilla reproduces;
//   - code mixed into the data is worth about 2x in effective tokens (at
//     most 50% code); the public human-text stock, about 300T tokens (CI
//     100T-1000T, Epoch AI 2024);
//   - MoE: the activation-ratio range 5%-9% (DeepSeek-V3 about 5.5%) and
//     the shared-expert share 13%-31% are recommendations around
//     zhao-five-factor-moe's optima; E_max about 300-500 is the spread of
//     Clark's and Ludziejewski's fitted E_max;
//   - compute-optimal training precision 7-8 bits (Kumar et al.: the joint
//     law's other coefficients are not printed); the ossification threshold
//     D_F/D(N) > 0.10 (Hernandez et al.);
//   - the batch-size exponents 0.37-0.39 and B_crit ∝ D^0.47 of Power Lines
//     (no coefficients); the muP rules (hidden-layer learning rate ∝ 1/d,
//     output layer ∝ 1/fan_in, initialisation variance 1/fan_in²);
//   - inference and RL: majority voting saturates near N ≈ 64 (o1 on GPQA:
//     +0.7 points from 1 to 64); o3 on ARC-AGI, 172x compute for about 12
//     points (75.7% to 87.5%); thinking tokens peak near 12,000 (R1-32B on
//     AIME; easy problems about 1,500, hard about 8,000); RL data can be
//     repeated 25x without clear degradation; RL efficiency saturates beyond
//     32B (the law k(N) = K_max/(1 + N_0/N) is printed without K_max, N_0);
//     pass@k inversion is concentrated at base success rates p < 0.10; RL
//     changes 1%-3% of token positions (promoted tokens rank about 2 in the
//     base distribution);
//   - laws printed without coefficients: Busbridge et al. 2025's
//     distillation law (§4.5; the handbook warns its brackets may be lost;
//     the paper's HTML, arxiv.org/html/2502.08606v2, is in the search
//     corpus but only its abstract and introduction could be read, so
//     neither its bracket structure nor its coefficients were verified),
//     Gao et al.'s reward-model over-optimisation forms (the handbook marks
//     them unconfirmed), IsoCompute's C = B_p n M and Snell et al.'s
//     θ*_q(N) (definitions).
//
// What was checked where the handbook warns of a lost sign or bracket:
// ludziejewski-joint-moe's Note (its δ is printed with the wrong sign: see
// TestLudziejewskiSigns); zhao-five-factor-moe's printed signs reproduce the
// paper's optima; Clark et al.'s saturating transform and base-10 logs are
// not printed in the handbook and are taken as Ludziejewski et al. reuse
// them (clark-moe-* Notes).
package catalog
