package widgets

import (
	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/internal/widgethost"
)

// liveSink returns the comm sink and host when widgets are live.
func liveSink() (cell.CommSink, widgethost.Host) {
	h := host()
	return commSink(h), h
}

// viewBundle is the display bundle of a live widget: the widget view for
// front ends with a widget manager and a text line for the others.
func viewBundle(m *model, text string) display.Bundle {
	return display.Bundle{Data: display.MIME{
		viewMIME: map[string]any{
			"model_id":      m.id,
			"version_major": 2,
			"version_minor": 1,
		},
		"text/plain": text,
	}}
}

// Static rendering. Without a front end that holds widgets a widget is
// shown as text followed by a note saying why; Interact runs its function
// once for the initial values, its output going to the cell.
const (
	noteRun = "(static rendering: no front end is connected to move this widget, so it shows its initial value; " +
		"open the notebook in JupyterLab 4 or Notebook 7 to use it)"
	noteV1 = "(shown as text: this front end speaks Jupyter widgets protocol 1 (ipywidgets 6, the classic Notebook's " +
		"jupyter-js-widgets); gophernote widgets speak protocol 2.1 — open the notebook in JupyterLab 4 or Notebook 7 to use them)"
)

// staticNote says why a widget is shown as text.
func staticNote() string {
	h := host()
	if commSinkAny(h) != nil {
		return noteV1
	}
	return noteRun
}

func staticBundle(text string) display.Bundle {
	return display.Bundle{Data: display.MIME{"text/plain": text + "\n" + staticNote()}}
}

// showControl is the Display of a control: live, the control above its
// output area (where its callbacks write); static, its text.
func showControl(m *model) display.Bundle {
	cs, h := liveSink()
	if cs == nil {
		return staticBundle(m.describe())
	}
	v := m.viewModel()
	v.open(cs, h)
	return viewBundle(v, m.describe())
}

// viewModel returns the VBox [m, area] that m displays as, creating the
// output area on first use and making it the target of the callbacks of
// m (and of the widgets inside m, for a box) that have no explicit output.
func (m *model) viewModel() *model {
	m.mu.Lock()
	v := m.view
	m.mu.Unlock()
	if v != nil {
		return v
	}
	area := NewOutput()
	v = boxModel("VBoxModel", "VBoxView", []*model{m, area.model})
	m.mu.Lock()
	if m.view != nil { // lost a race
		v = m.view
	} else {
		m.view = v
	}
	m.mu.Unlock()
	claimArea(m, area, map[*model]bool{})
	return v
}

// claimArea makes area the callback output of m and its descendants that
// have none yet.
func claimArea(m *model, area *Output, seen map[*model]bool) {
	if seen[m] {
		return
	}
	seen[m] = true
	m.mu.Lock()
	if m.area == nil {
		m.area = area
	}
	kids, _ := m.state["children"].([]*model)
	m.mu.Unlock()
	for _, k := range kids {
		claimArea(k, area, seen)
	}
}
