package formula_test

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/formula"
)

func ExampleParse() {
	f, err := formula.Parse("E0 + C0 * C^(-alpha)", "C")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Params())
	fmt.Println(f.LaTeX())
	d, _ := f.Derivative("alpha")
	fmt.Println(d)
	ev, _ := f.Bind([][]float64{{1, 100}})
	val, grad := make([]float64, 2), [][]float64{make([]float64, 2), make([]float64, 2), make([]float64, 2)}
	_ = ev.ValueGrad([]float64{1.5, 2, 0.5}, val, grad)
	fmt.Printf("%.4g %.4g\n", val, grad[1])
	_, err = formula.Parse("E0 + C0 * C^(-alpha", "C")
	fmt.Println(err)
	// Output:
	// [E0 C0 alpha]
	// E_0 + C_0 C^{-\alpha}
	// -(C0 * (C^(-alpha) * log(C)))
	// [3.5 1.7] [1 0.1]
	// formula: column 20: expected ')' to close '(' at column 13, found end of input
}
