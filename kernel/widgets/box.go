package widgets

import (
	"fmt"
	"strings"

	"github.com/gophernote/gophernote/kernel/display"
)

// Box lays out widgets in a row (NewHBox) or a column (NewVBox).
type Box struct {
	*model
	kids []Widget
}

// boxModel returns a box model over children.
func boxModel(name, view string, children []*model) *model {
	m := controlModel(name, view, map[string]any{"children": children, "box_style": ""})
	m.refs = func() []*model {
		k, _ := m.get("children").([]*model)
		return k
	}
	return m
}

func newBox(name, view string, children []Widget) *Box {
	models, kept := childModels(children)
	b := &Box{model: boxModel(name, view, models), kids: kept}
	b.describe = func() string { return b.text() }
	return b
}

// childModels returns the models of the widgets of this package among ws.
func childModels(ws []Widget) ([]*model, []Widget) {
	var ms []*model
	var kept []Widget
	for _, w := range ws {
		if m, err := modelOf(w); err == nil {
			ms = append(ms, m)
			kept = append(kept, w)
		}
	}
	return ms, kept
}

// NewHBox lays children out in a row.
func NewHBox(children ...Widget) *Box { return newBox("HBoxModel", "HBoxView", children) }

// NewVBox lays children out in a column.
func NewVBox(children ...Widget) *Box { return newBox("VBoxModel", "VBoxView", children) }

// Children returns the widgets in the box.
func (b *Box) Children() []Widget {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]Widget{}, b.kids...)
}

// SetChildren replaces the widgets in the box.
func (b *Box) SetChildren(children ...Widget) {
	models, kept := childModels(children)
	b.mu.Lock()
	b.kids = kept
	area := b.area
	b.mu.Unlock()
	if area != nil {
		seen := map[*model]bool{b.model: true}
		for _, m := range models {
			claimArea(m, area, seen)
		}
	}
	if cs, h := liveSink(); cs != nil && b.isOpen(h) {
		for _, m := range models {
			m.open(cs, h)
		}
	}
	b.mu.Lock()
	b.state["children"] = models
	b.mu.Unlock()
	b.sendState("update", map[string]any{"children": models})
}

// text renders the box's children, one per line.
func (b *Box) text() string {
	var lines []string
	for _, w := range b.Children() {
		if m, err := modelOf(w); err == nil && m.describe != nil {
			lines = append(lines, m.describe())
		}
	}
	name, _ := b.get("_model_name").(string)
	return fmt.Sprintf("%s:\n  %s", strings.TrimSuffix(name, "Model"), strings.Join(lines, "\n  "))
}

// Display implements Widget.
func (b *Box) Display() display.Bundle { return showControl(b.model) }

// Show displays widgets one after another (each as a new output).
func Show(ws ...Widget) {
	for _, w := range ws {
		if w != nil {
			if b := w.Display(); b.Data != nil {
				display.Show(b)
			}
		}
	}
}
