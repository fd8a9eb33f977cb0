package catalog_test

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/catalog"
)

func ExampleLookup() {
	e, err := catalog.Lookup("hoffmann-chinchilla")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Chinchilla itself: 70B parameters, 1.4T tokens (Python on eq. (10)'s
	// constants: 1.93663).
	l, _ := e.Eval(map[string]float64{"N": 70e9, "D": 1.4e12})
	fmt.Printf("%.4f\n", l)
	tex, _ := e.LaTeX()
	fmt.Println(tex)
	_, err = catalog.Lookup("chinchila")
	fmt.Println(err != nil)
	// Output:
	// 1.9366
	// E + A N^{-\alpha} + B D^{-\beta}
	// true
}

func ExampleEntry_EvalColumns() {
	e, _ := catalog.Lookup("best-of-n-kl")
	// KL(best-of-n || base) = log n - (n-1)/n (Python: 0, 0.19315, 1.83509).
	kl, _ := e.EvalColumns(map[string][]float64{"n": {1, 2, 16}})
	fmt.Printf("%.4f\n", kl)
	// Output:
	// [0.0000 0.1931 1.8351]
}

func ExampleEpochTable() {
	// Muennighoff et al. (2023), eq. (5): repeated data loses value
	// (Python: 1 + 15.387756 (1 - exp(-39/15.387756)) = 15.1675).
	rows, err := catalog.EpochTable([]float64{1, 4, 40})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Printf("%g epochs: worth %.2f unique epochs (%.0f%% per token)\n", r.Epochs, r.EffectiveTokens, 100*r.Efficiency)
	}
	// Output:
	// 1 epochs: worth 1.00 unique epochs (100% per token)
	// 4 epochs: worth 3.73 unique epochs (93% per token)
	// 40 epochs: worth 15.17 unique epochs (38% per token)
}

func ExamplePlotFamily() {
	f, err := catalog.PlotFamily("Chinchilla")
	if err != nil {
		fmt.Println(err)
		return
	}
	// One series per entry, D fixed at the geometric middle of its range.
	fmt.Println(f.Series)
	// Output:
	// [hoffmann-chinchilla D=5e+10 besiroglu-chinchilla D=5e+10]
}

func ExampleFitBNSLFile() {
	// Caballero et al.'s 4-digit addition: fit the broken neural scaling
	// law below 800 training examples, check the 3 larger sizes.
	f, err := catalog.FitBNSLFile(catalog.BNSLOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("fit RMSLE %.4f; extrapolation to %v: max relative error %.1f%%\n", f.FitRMSLE, f.ExtrapX, 100*f.ExtrapMaxRel)
	// Output:
	// fit RMSLE 0.0006; extrapolation to [800 864 928]: max relative error 1.4%
}

func ExampleTable() {
	t, err := catalog.Table()
	if err != nil {
		fmt.Println(err)
		return
	}
	names, _ := t.Strings("name")
	fmt.Println(t.Len() == len(catalog.All()), t.Names(), names[0])
	// Output:
	// true [name family formula source] kaplan-L(N)
}
