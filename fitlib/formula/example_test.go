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
	_, err = formula.Parse("E0 + C0 * C^(-alpha", "C")
	fmt.Println(err)
	// Output:
	// [E0 C0 alpha]
	// E_0 + C_0 C^{-\alpha}
	// formula: column 20: expected ')' to close '(' at column 13, found end of input
}

func ExampleFormula_Bind() {
	f, _ := formula.Parse("E0 + C0 * C^(-alpha)", "C")
	ev, _ := f.Bind([][]float64{{1, 100}})
	val := make([]float64, 2)
	grad := [][]float64{make([]float64, 2), make([]float64, 2), make([]float64, 2)}
	// At E0 = 1.5, C0 = 2, alpha = 0.5: value 1.5 + 2/sqrt(C), d/dC0 = C^-0.5.
	_ = ev.ValueGrad([]float64{1.5, 2, 0.5}, val, grad)
	fmt.Printf("%.4g %.4g\n", val, grad[1])
	// Output:
	// [3.5 1.7] [1 0.1]
}

func ExampleFormula_EvalMap() {
	// The Chinchilla law with Hoffmann et al.'s (2022) fitted constants.
	f, _ := formula.Parse("E + A*N^(-alpha) + B*D^(-beta)", "N", "D")
	params := map[string]float64{"E": 1.69, "A": 406.4, "B": 410.7, "alpha": 0.34, "beta": 0.28}
	// Chinchilla itself, N = 70e9, D = 1.4e12 (Python: 1.93663).
	loss, err := f.EvalMap(params, map[string][]float64{"N": {70e9}, "D": {1.4e12}})
	fmt.Printf("%.4f %v\n", loss, err)
	// A misspelt name is not silently ignored: the name it was meant for
	// is missing, and the error points at the typo.
	params["alhpa"] = params["alpha"]
	delete(params, "alpha")
	_, err = f.EvalMap(params, map[string][]float64{"N": {70e9}, "D": {1.4e12}})
	fmt.Println(err)
	// Output:
	// [1.9366] <nil>
	// formula E + A*N^(-alpha) + B*D^(-beta): no value for parameter alpha (did you mean alhpa?)
}

func ExampleFormula_Derivative() {
	f, _ := formula.Parse("E0 + C0 * C^(-alpha)", "C")
	d, _ := f.Derivative("alpha")
	fmt.Println(d)
	// The derivative uses fewer names than the law; EvalMap takes the
	// law's whole parameter map (EvalMapStrict would reject E0).
	g, _ := formula.Parse(d, "C")
	v, _ := g.EvalMap(map[string]float64{"E0": 1.5, "C0": 2, "alpha": 0.5}, map[string][]float64{"C": {100}})
	fmt.Printf("%.6f\n", v) // -2 * 100^-0.5 * log(100)
	// Output:
	// -(C0 * (C^(-alpha) * log(C)))
	// [-0.921034]
}

func ExampleFormula_LaTeX() {
	f, _ := formula.Parse("E + A/N^α + B/D^β + log10(C_min)", "N", "D", "C_min")
	fmt.Println(f.LaTeX())
	fmt.Println(f.Params())
	// Output:
	// E + \frac{A}{N^{\alpha}} + \frac{B}{D^{\beta}} + \log_{10} C_{\mathrm{min}}
	// [E A α B β]
}

func ExampleFormula_CheckColumns() {
	// D was forgotten in the variable list, so the law would fit it as a
	// free constant and ignore the data column "D".
	f, _ := formula.Parse("E + A*N^(-alpha) + B*D^(-beta)", "N")
	fmt.Println(f.CheckColumns("N", "D", "loss"))
	g, _ := formula.Parse("E + A*N^(-alpha) + B*D^(-beta)", "N", "D")
	fmt.Println(g.CheckColumns("N", "D", "loss"))
	// Output:
	// formula E + A*N^(-alpha) + B*D^(-beta): D is a data column but the formula treats it as a parameter; list it as a variable: formula.Parse("E + A*N^(-alpha) + B*D^(-beta)", "N", "D")
	// <nil>
}
