// Package widgets gives notebook cells interactive controls — sliders,
// dropdowns, check boxes, text fields, buttons, output areas, rows and
// columns — and Interact, which re-runs a function whenever a control
// changes and replaces its output (plots, LaTeX, Markdown, tables) in place:
//
//	beta := widgets.NewFloatSlider("β", 0.34, 0.05, 1, 0.01)
//	gamma := widgets.NewFloatSlider("γ", 0.28, 0.05, 1, 0.01)
//	widgets.Interact(func() {
//		e := geneval.Envelope{Beta: beta.Value(), Gamma: gamma.Value(), N0: 406.4, D0: 410.7, C: 6}
//		display.LaTeX(fmt.Sprintf(`$\alpha = %.4f$`, e.Alpha()))
//		p, _ := geneval.PlotPhi(e, 0.05, 20)
//		display.Plot(p)
//	}, beta, gamma)
//
// The widgets are Jupyter widgets: the kernel speaks the Jupyter widget
// messaging protocol 2.1 (ipywidgets 8; models of @jupyter-widgets/controls
// 2.0.0, base 2.0.0 and output 1.0.0), so JupyterLab 4 and Notebook 7 show
// them with their own widget manager (@jupyter-widgets/jupyterlab-manager
// 5), and their state is saved with the notebook like ipywidgets' state.
//
// # The widgets
//
// NewIntSlider, NewFloatSlider, NewFloatLogSlider (a logarithmic slider:
// ipywidgets' FloatLogSlider, with min and max given as values), NewDropdown,
// NewCheckbox, NewText, NewButton, NewImage (its bytes travel as a binary
// buffer), NewOutput, NewHBox and NewVBox. Every widget has Value/SetValue
// where it holds a value, Observe (OnClick for a button) to run a callback
// when it changes, ModelID, Display, SetDescription, SetDisabled,
// SetOutput and Close.
//
// A cell whose last expression is a widget shows it; Show displays widgets
// from anywhere in a cell; Interact displays itself; NewInteractive makes
// one to put in a box.
//
// # Callbacks
//
// Observe callbacks and Interact's function run in the kernel whenever the
// front end reports a change: between cells, one message at a time, in
// order, never while a cell runs. They are interruptible like cells (the
// interrupt button stops a callback stuck in a loop). What a callback prints
// or displays goes to its widget's output: the output area shown below the
// widget (or the Output given to SetOutput); Interact's function writes into
// the Output under its controls, its new output replacing the old at once
// when it returns. A panicking callback shows its error (with the cell
// line:col of the panic) in that output, and the widget stays live.
// Changing a value from Go (SetValue) runs the callbacks too.
//
// # Without a widget front end
//
// `gophernote run` and front ends that speak only widget protocol 1 (the classic Notebook 6 with Debian's
// ipywidgets 6, which announces itself by opening the comm target
// jupyter.widget.version) cannot show widgets. There a widget renders as
// text — its kind, label, value and range — followed by a note saying why,
// and Interact runs its function once for the initial values, its output
// going to the cell like any other, so headless runs and committed
// notebooks show the derivation and plots for the initial values. (A
// client that executes notebooks through the kernel, such as nbclient, is
// a front end: it gets widget views and saves their state, outputs
// included, in the notebook's metadata.) Protocol
// 1 is not spoken: it would need a second set of models (jupyter-js-widgets
// 2.x) for one obsolete front end; the classic Notebook 6.5+ and Notebook 7
// load ipywidgets 8, which speaks 2.1.
//
// # Protocol
//
// The session (kernel/session) delivers comm_open, comm_msg and comm_close
// from the shell channel to this package through the engine, with busy and
// idle published around each (the front end holds its next update back
// until that idle). Served: comm targets jupyter.widget (models the kernel
// opens, re-attach by a reloaded page, models a front end creates) and
// jupyter.widget.control (request_states → update_states); methods update
// (state sync both ways, binary buffers at any depth by buffer_paths),
// echo_update (each accepted front-end value is echoed before anything else
// is sent), request_state and custom (button clicks). A comm_open for
// any other target is answered with comm_close. A malformed message is
// ignored with a log line naming what is wrong; nothing a front end sends
// can stop the kernel (FuzzReceive).
package widgets
