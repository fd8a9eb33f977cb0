package frontier

import (
	"fmt"
	"math"
)

// MinPoints is the smallest sample the sigmoid frontier is fitted to.
const MinPoints = 5

// label names the data in error messages.
func label(task string) string {
	if task == "" {
		return "frontier"
	}
	return "frontier: task " + task
}

// subject names the data for messages that add their own prefix.
func subject(task string) string {
	if task == "" {
		return "data"
	}
	return "task " + task
}

// checkPoints validates compute values z (log10 FLOPs) and scores y:
// equal lengths, at least min points, finite z, y finite in [0,1]. Errors
// name the task and the 1-based point index.
func checkPoints(task string, z, y []float64, min int) error {
	if len(z) != len(y) {
		return fmt.Errorf("%s: %d compute values but %d scores", label(task), len(z), len(y))
	}
	if len(z) < min {
		return fmt.Errorf("%s: %d points, need at least %d", label(task), len(z), min)
	}
	for i := range z {
		if math.IsNaN(z[i]) || math.IsInf(z[i], 0) {
			return fmt.Errorf("%s: point %d: log10 compute %v is not finite (non-positive FLOPs?)", label(task), i+1, z[i])
		}
		if !(y[i] >= 0 && y[i] <= 1) {
			return fmt.Errorf("%s: point %d: score %v outside [0,1]", label(task), i+1, y[i])
		}
	}
	return nil
}

// Log10FLOPs converts compute values to z = log10(scale * c); every c must
// be positive and finite. scale converts units (1e21 for ZFLOPs). Errors
// name the task and point.
func Log10FLOPs(task string, c []float64, scale float64) ([]float64, error) {
	if !(scale > 0) || math.IsInf(scale, 0) {
		return nil, fmt.Errorf("%s: compute scale %v must be positive", label(task), scale)
	}
	z := make([]float64, len(c))
	for i, v := range c {
		if !(v > 0) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%s: point %d: compute %v must be positive and finite", label(task), i+1, v)
		}
		z[i] = math.Log10(v * scale)
	}
	return z, nil
}

// Coverage returns the share of points on or below the frontier p.
func Coverage(p Params, z, y []float64) float64 {
	if len(z) == 0 {
		return math.NaN()
	}
	k := 0
	for i := range z {
		if y[i] <= p.At(z[i]) {
			k++
		}
	}
	return float64(k) / float64(len(z))
}
