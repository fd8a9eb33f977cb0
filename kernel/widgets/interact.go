package widgets

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/gophernote/gophernote/kernel/display"
)

// Interactive is a function with its controls: a column of the controls
// above an Output holding what the function displays. Whenever a control
// changes the function runs again and its new output replaces the old one
// in place (made by Interact and NewInteractive).
type Interactive struct {
	*model
	f        func()
	controls []Widget
	out      *Output

	running atomic.Bool // f is running: a control it changes does not re-run it
}

// changeKeys are the state keys whose change re-runs an Interactive.
var changeKeys = []string{"value", "index", clickKey}

// NewInteractive returns f with its controls, not yet displayed. f reads
// the controls' values itself (slider.Value()) and shows its results with
// the display package (display.Plot, display.LaTeX, display.Markdown,
// display.Table, fmt.Println). It runs once now for the initial values
// and again whenever a control changes. A panic in f is shown in the
// output and the controls stay live.
//
// Without a front end that holds widgets (`gophernote run`, or a front end
// speaking widget protocol 1) f does not run here but when the Interactive
// is displayed: its output then goes to the cell, below a text rendering
// of the controls, and a panic in f fails the cell.
func NewInteractive(f func(), controls ...Widget) *Interactive {
	ms, kept := childModels(controls)
	out := NewOutput()
	it := &Interactive{f: f, controls: kept, out: out}
	it.model = boxModel("VBoxModel", "VBoxView", append(ms, out.model))
	it.model.describe = func() string { return it.text() }
	seen := map[*model]bool{it.model: true}
	for _, m := range ms {
		claimArea(m, out, seen)
		m.observe(it.rerun, changeKeys...)
	}
	if live() && f != nil {
		out.capture(true, f)
	}
	return it
}

// Interact displays NewInteractive(f, controls...): the controls, and
// below them f's output, which follows the controls.
func Interact(f func(), controls ...Widget) {
	Show(NewInteractive(f, controls...))
}

// rerun runs f again, its output replacing the previous one. It is an
// observer of every control, so it already runs through runCallback.
//
// A change f itself makes to one of the controls (it.SetValue inside f)
// does not run f again, which would recurse without end.
func (it *Interactive) rerun() {
	if it.f == nil || !it.running.CompareAndSwap(false, true) {
		return
	}
	defer it.running.Store(false)
	if !live() {
		it.f()
		return
	}
	it.out.capture(true, it.f)
}

// Output returns the Output holding f's output.
func (it *Interactive) Output() *Output { return it.out }

// Controls returns the controls.
func (it *Interactive) Controls() []Widget { return append([]Widget{}, it.controls...) }

// Update runs f again now (as when a control changes).
func (it *Interactive) Update() { runCallback(it.model, it.rerun) }

func (it *Interactive) text() string {
	var lines []string
	for _, w := range it.controls {
		if m, err := modelOf(w); err == nil && m.describe != nil {
			lines = append(lines, m.describe())
		}
	}
	return fmt.Sprintf("Interact:\n  %s", strings.Join(lines, "\n  "))
}

// Display implements Widget. Live, it shows the controls and the output;
// without a front end that holds widgets it shows a text rendering of the
// controls with a note, then runs f, whose output follows in the cell.
func (it *Interactive) Display() display.Bundle {
	cs, h := liveSink()
	if cs != nil {
		it.open(cs, h)
		return viewBundle(it.model, it.text())
	}
	display.Show(staticBundle(it.text()))
	if it.f != nil {
		it.f()
	}
	return display.Bundle{}
}
