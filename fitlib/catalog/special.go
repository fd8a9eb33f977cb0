package catalog

import (
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/chinchilla"
	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// EpochRow is one row of the Muennighoff et al. epoch-efficiency table.
type EpochRow struct {
	Epochs          float64
	EffectiveTokens float64 // D'/U_D: worth of the data in unique-token units
	Efficiency      float64 // D'/D: worth per token seen
}

// EpochTable evaluates D'/U_D = 1 + R_D* (1 - exp(-R_D/R_D*)) with
// R_D = epochs - 1 (Muennighoff et al. 2023, eq. (5)) for the fitted
// R_D* = 15.387756 of the catalog entry.
func EpochTable(epochs []float64) ([]EpochRow, error) {
	e, err := Lookup("muennighoff-data-constrained")
	if err != nil {
		return nil, err
	}
	rd := e.Params["rd"]
	var out []EpochRow
	for i, ep := range epochs {
		if !(ep >= 1) || math.IsInf(ep, 0) {
			return nil, fmt.Errorf("catalog: epochs[%d] = %g must be >= 1 and finite", i, ep)
		}
		eff := 1 + rd*(1-math.Exp(-(ep-1)/rd))
		out = append(out, EpochRow{Epochs: ep, EffectiveTokens: eff, Efficiency: eff / ep})
	}
	return out, nil
}

// SardanaParams are the Chinchilla coefficients Sardana et al. 2024 use
// (App. A, footnote 2, after De Vries): A = 406.4, B = 410.7, E = 1.69
// with alpha = 0.336 and beta = 0.283 in place of Hoffmann et al.'s
// rounded 0.34 and 0.28. With them InferenceOptimal reproduces the
// paper's examples: 13B quality with 2T inference tokens is best served
// by about a 7B model (6.97B), saving 1.7e22 FLOPs (17%); 30B quality
// with 5T inference tokens by 16.4B parameters on 3.27T tokens.
func SardanaParams() chinchilla.Params {
	return chinchilla.Params{A: 406.4, B: 410.7, E: 1.69, Alpha: 0.336, Beta: 0.283}
}

// InferenceResult is the inference-aware optimum of Sardana et al.
type InferenceResult struct {
	Loss           float64 // target loss: that of the Chinchilla-optimal reference model
	RefParams      float64 // reference (Chinchilla-optimal) model size
	RefTokens      float64
	Params         float64 // cost-optimal N with inference
	Tokens         float64 // its training tokens
	LifetimeFLOPs  float64 // 6ND + 2N Dinf at the optimum
	RefFLOPs       float64 // the same for the reference model
	Saving         float64 // RefFLOPs - LifetimeFLOPs
	SavingFraction float64
}

// InferenceOptimal solves Sardana et al. 2024, "Beyond Chinchilla-Optimal",
// sect. 2: minimise 6ND + 2N Dinf subject to L(N, D) = the loss of the
// model of refParams parameters trained Chinchilla-optimally under p. The
// constraint gives D(N) = (B/(l - E - A N^-alpha))^(1/beta); the lifetime
// cost is then one-dimensional in log N and minimised by golden-section
// search between the smallest N that can reach l and refParams.
func InferenceOptimal(p chinchilla.Params, refParams, dInf float64) (InferenceResult, error) {
	ref, err := p.AllocationForParams(refParams)
	if err != nil {
		return InferenceResult{}, err
	}
	if !(dInf >= 0) || math.IsInf(dInf, 0) {
		return InferenceResult{}, fmt.Errorf("catalog: inference tokens %g must be >= 0 and finite", dInf)
	}
	l := ref.Loss
	tokens := func(n float64) float64 {
		x := l - p.E - p.A*math.Pow(n, -p.Alpha)
		if x <= 0 {
			return math.Inf(1)
		}
		return math.Pow(p.B/x, 1/p.Beta)
	}
	cost := func(ln float64) float64 {
		n := math.Exp(ln)
		return 6*n*tokens(n) + 2*n*dInf
	}
	nMin := math.Pow(p.A/(l-p.E), 1/p.Alpha)
	n := math.Exp(num.GoldenMin(cost, math.Log(nMin)+1e-9, math.Log(refParams), 200, 1e-12))
	r := InferenceResult{Loss: l, RefParams: refParams, RefTokens: ref.Tokens, Params: n, Tokens: tokens(n),
		LifetimeFLOPs: cost(math.Log(n)), RefFLOPs: 6*refParams*ref.Tokens + 2*refParams*dInf}
	r.Saving = r.RefFLOPs - r.LifetimeFLOPs
	r.SavingFraction = r.Saving / r.RefFLOPs
	return r, nil
}

// PrecisionRetention is N_eff/N = 1 - exp(-P/gamma_w) of Kumar et al.
// 2024, eq. (3), for weight precision P bits.
func PrecisionRetention(bits float64) (float64, error) {
	if !(bits > 0) {
		return math.NaN(), fmt.Errorf("catalog: precision %g bits must be > 0", bits)
	}
	e, err := Lookup("kumar-precision-Neff")
	if err != nil {
		return math.NaN(), err
	}
	return 1 - math.Exp(-bits/e.Params["gammaw"]), nil
}

// BestOfNKL is log n - (n-1)/n, the KL divergence of best-of-n sampling
// from the base policy (catalog entry best-of-n-kl).
func BestOfNKL(n float64) (float64, error) {
	if !(n >= 1) || math.IsInf(n, 0) {
		return math.NaN(), fmt.Errorf("catalog: best-of-n needs n >= 1, got %g", n)
	}
	return math.Log(n) - (n-1)/n, nil
}
