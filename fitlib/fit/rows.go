package fit

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/formula"
)

// fitRows fits the problem on a subset of rows (leave-out fits): rows not
// listed get weight 0. Row indices are 0-based positions in Y.
func fitRows(pb Problem, rows []int, opt Options) (*Result, error) {
	w, err := rowWeights(&pb, rows)
	if err != nil {
		return nil, err
	}
	pb.Weights = w
	return Fit(pb, opt)
}

func rowWeights(pb *Problem, rows []int) ([]float64, error) {
	n := len(pb.Y)
	if pb.Formula == nil {
		n = pb.Rows
	}
	if n == 0 {
		return nil, fmt.Errorf("fit: row subsets need rows: give a Formula, or Rows for an Objective")
	}
	w := make([]float64, n)
	for k, i := range rows {
		if i < 0 || i >= n {
			return nil, fmt.Errorf("fit: rows[%d] = %d is outside 0..%d", k, i, n-1)
		}
		w[i] = 1
		if pb.Weights != nil && i < len(pb.Weights) {
			w[i] = pb.Weights[i]
		}
	}
	return w, nil
}

// BacktestResult is a fit on training rows and its predictions elsewhere.
type BacktestResult struct {
	Fit      *Result
	Pred     []float64 // prediction on every row
	Train    []int
	Test     []int     // rows not in Train
	Residual []float64 // per test row: y - pred (or log y - log pred for log losses)
	TestLoss float64   // mean loss over test rows
}

// Backtest fits a Formula problem on the train rows and evaluates the
// fitted law on the remaining rows: residuals and mean loss there.
func Backtest(pb Problem, train []int, opt Options) (*BacktestResult, error) {
	if pb.Formula == nil {
		return nil, fmt.Errorf("fit: Backtest needs a Formula problem (predictions)")
	}
	res, err := fitRows(pb, train, opt)
	if err != nil {
		return nil, err
	}
	pred, err := Predict(pb.Formula, res, pb.Data)
	if err != nil {
		return nil, err
	}
	in := make([]bool, len(pb.Y))
	for _, i := range train {
		in[i] = true
	}
	bt := &BacktestResult{Fit: res, Pred: pred, Train: train}
	loss := pb.Loss
	for i, y := range pb.Y {
		if in[i] {
			continue
		}
		bt.Test = append(bt.Test, i)
		r := y - pred[i]
		if loss.Log {
			r = logRatio(y, pred[i])
		}
		bt.Residual = append(bt.Residual, r)
		v, _ := loss.rho(r)
		bt.TestLoss += v
	}
	if len(bt.Test) > 0 {
		bt.TestLoss /= float64(len(bt.Test))
	}
	return bt, nil
}

// Predict evaluates a formula at a fit's parameters on data columns.
func Predict(f *formula.Formula, res *Result, data map[string][]float64) ([]float64, error) {
	if f == nil || res == nil {
		return nil, fmt.Errorf("fit: Predict needs a formula and a result")
	}
	params := map[string]float64{}
	for i, n := range res.Names {
		params[n] = res.Params[i]
	}
	return f.EvalMap(params, data)
}
