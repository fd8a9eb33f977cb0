package widgets_test

import (
	"fmt"

	"github.com/gophernote/gophernote/kernel/widgets"
)

// Outside a kernel (as in these examples, or in `gophernote run`) widgets
// render as text and callbacks run inline, so their output shows below.

func ExampleNewFloatSlider() {
	beta := widgets.NewFloatSlider("β", 0.34, 0.05, 1, 0.01)
	beta.Observe(func(v float64) { fmt.Printf("β is now %.2f\n", v) })
	beta.SetValue(0.5)
	beta.SetValue(7) // clamped to the range
	fmt.Println(beta.Value())
	// Output:
	// β is now 0.50
	// β is now 1.00
	// 1
}

func ExampleNewFloatLogSlider() {
	budget := widgets.NewFloatLogSlider("C (FLOPs)", 1e21, 1e18, 1e27)
	fmt.Printf("%.3g to %.3g, at %.3g\n", budget.Min(), budget.Max(), budget.Value())
	budget.SetValue(5.76e23) // the nearest point of the grid: 10^(21 + 55*0.05)
	fmt.Printf("%.4g\n", budget.Value())

	// The grid runs through the initial value, so a value off the decades
	// narrows the range by less than one step (a factor 1.122).
	chinchilla := widgets.NewFloatLogSlider("C (FLOPs)", 5.76e23, 1e18, 1e27)
	fmt.Printf("%.3g to %.3g, at %.3g\n", chinchilla.Min(), chinchilla.Max(), chinchilla.Value())
	// Output:
	// 1e+18 to 1e+27, at 1e+21
	// 5.623e+23
	// 1.02e+18 to 9.13e+26, at 5.76e+23
}

func ExampleInteract() {
	beta := widgets.NewFloatSlider("β", 0.34, 0.05, 1, 0.01)
	gamma := widgets.NewFloatSlider("γ", 0.28, 0.05, 1, 0.01)
	widgets.Interact(func() {
		b, g := beta.Value(), gamma.Value()
		fmt.Printf("α = βγ/(β+γ) = %.7f\n", b*g/(b+g))
	}, beta, gamma)
	beta.SetValue(0.5) // in a notebook: the reader moves the slider
	// Output:
	// α = βγ/(β+γ) = 0.1535484
	// α = βγ/(β+γ) = 0.1794872
}

func ExampleButton_OnClick() {
	fit := widgets.NewButton("Fit")
	n := 0
	fit.OnClick(func() { n++; fmt.Println("fitting, run", n) })
	fit.Click() // in a notebook: the reader clicks
	fit.Click()
	// Output:
	// fitting, run 1
	// fitting, run 2
}

func ExampleNewDropdown() {
	law := widgets.NewDropdown("law", []string{"Chinchilla", "Kaplan"}, "Kaplan")
	law.Observe(func(v string) { fmt.Println("selected", v) })
	law.SetValue("Chinchilla")
	fmt.Println(law.Index(), law.Value())
	// Output:
	// selected Chinchilla
	// 0 Chinchilla
}

func ExampleNewHBox() {
	row := widgets.NewHBox(widgets.NewCheckbox("log axes", true), widgets.NewText("title", "loss"))
	fmt.Println(row.Display().Data["text/plain"])
	// Output:
	// HBox:
	//   log axes = true (Checkbox)
	//   title = "loss" (Text)
	// (static rendering: no front end is connected to move this widget, so it shows its initial value; open the notebook in JupyterLab 4 or Notebook 7 to use it)
}

func ExampleOutput_Capture() {
	out := widgets.NewOutput()
	out.Capture(func() { fmt.Println("in a notebook this line lands in the output area") })
	// Output:
	// in a notebook this line lands in the output area
}
