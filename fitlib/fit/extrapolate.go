package fit

import (
	"fmt"
	"math"
)

// Extrapolation is an out-of-range check: the law fitted to the rows
// where a column is below a cutoff, evaluated on the held-out rows at and
// above it (the largest models or budgets), as in the extrapolation
// evaluations of broken neural scaling laws (Caballero et al. 2023) and
// "Revisiting neural scaling laws" (Alabdulmohsin et al. 2022).
// Residuals are y - pred, or log y - log pred for log losses (then RMSE
// is the root mean squared log error).
type Extrapolation struct {
	Column string
	Below  float64
	Fit    *Result // on the training rows
	Train  []int
	Test   []int
	Pred   []float64 // law on the held-out rows
	PredSE []float64 // delta-method SE of the law there (of log law for log losses)
	// Residual on each held-out row, and Z = Residual / sqrt(PredSE^2 +
	// Scale^2): how many prediction standard errors the truth lies off.
	Residual, Z []float64
	// Root mean squared residual with its standard error
	// sd(residual^2)/(2 RMSE sqrt(m)) (delta method over the m held-out
	// rows), and the mean residual (bias) with sd/sqrt(m).
	RMSE, RMSESE              float64
	MeanResidual, MeanResidSE float64
	Inside                    float64 // fraction of held-out rows with |Z| below the interval quantile
}

// Extrapolate fits pb (a Formula problem) on the rows whose data column
// is below the cutoff and reports the errors on the others with standard
// errors. The column may be one of the law's variables or an extra column
// of pb.Data used only for the split (compute C beside a law in N and D).
// opt configures the fit.
func Extrapolate(pb Problem, column string, below float64, opt Options) (*Extrapolation, error) {
	if pb.Formula == nil {
		return nil, fmt.Errorf("fit: Extrapolate needs a Formula problem")
	}
	col, ok := pb.Data[column]
	if !ok {
		return nil, fmt.Errorf("fit: Extrapolate: no data column %q", column)
	}
	ex := &Extrapolation{Column: column, Below: below}
	for i, v := range col {
		if v < below {
			ex.Train = append(ex.Train, i)
		} else {
			ex.Test = append(ex.Test, i)
		}
	}
	if len(ex.Test) == 0 {
		return nil, fmt.Errorf("fit: Extrapolate: no row has %s >= %g to hold out", column, below)
	}
	fitPb := pb
	if !contains(pb.Formula.Vars(), column) {
		// the cutoff column need not be a variable of the law (compute
		// C for a law in N and D): leave it out of the fit's data
		fitPb.Data = map[string][]float64{}
		for k, c := range pb.Data {
			if k != column {
				fitPb.Data[k] = c
			}
		}
	}
	res, err := fitRows(fitPb, ex.Train, opt)
	if err != nil {
		return nil, err
	}
	ex.Fit = res
	test := map[string][]float64{}
	for k, c := range pb.Data {
		if len(c) != len(pb.Y) {
			continue
		}
		var sub []float64
		for _, i := range ex.Test {
			sub = append(sub, c[i])
		}
		test[k] = sub
	}
	var band *Estimate
	if res.Cov != nil {
		band, err = Derive(res, pb.Formula.Source(), test)
		if err != nil {
			return nil, err
		}
		ex.Pred = band.Value
	} else {
		ex.Pred, err = Predict(pb.Formula, res, test)
		if err != nil {
			return nil, err
		}
	}
	q := res.quantile(res.Level)
	var s1, s2, s4 float64
	inside := 0
	for k, i := range ex.Test {
		p := ex.Pred[k]
		r := pb.Y[i] - p
		se := math.NaN()
		if band != nil {
			se = band.SE[k]
		}
		if pb.Loss.Log {
			r = logRatio(pb.Y[i], p)
			se /= p
		}
		z := r / math.Sqrt(se*se+res.Scale*res.Scale)
		ex.Residual = append(ex.Residual, r)
		ex.PredSE = append(ex.PredSE, se)
		ex.Z = append(ex.Z, z)
		if math.Abs(z) <= q {
			inside++
		}
		s1 += r
		s2 += r * r
		s4 += r * r * r * r
	}
	m := float64(len(ex.Test))
	ex.MeanResidual = s1 / m
	mse := s2 / m
	ex.RMSE = math.Sqrt(mse)
	ex.Inside = float64(inside) / m
	if m > 1 {
		ex.MeanResidSE = math.Sqrt((s2/m - ex.MeanResidual*ex.MeanResidual) * m / (m - 1) / m)
		varSq := (s4/m - mse*mse) * m / (m - 1)
		ex.RMSESE = math.Sqrt(varSq/m) / (2 * ex.RMSE)
	} else {
		ex.MeanResidSE, ex.RMSESE = math.NaN(), math.NaN()
	}
	return ex, nil
}
