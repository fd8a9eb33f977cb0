package widgets

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gophernote/gophernote/kernel/display"
)

// Methods every widget of this package has (promoted from the model):

// ModelID returns the widget's model id, which is also its comm id.
func (m *model) ModelID() string { return m.id }

// SetOutput makes o the output of the widget's callbacks: what they print
// or display goes there, and so does the error of a panicking callback.
// By default callbacks write into the output area shown below the widget.
func (m *model) SetOutput(o *Output) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if o == nil {
		m.out = nil
		return
	}
	m.out = o
}

// Close closes the widget's comm, so the front end removes its views, and
// lets the kernel forget it (widgets otherwise live as long as the kernel).
// Displaying it again opens it afresh.
func (m *model) Close() {
	h := host()
	if cs := commSinkAny(h); cs != nil && m.isOpen(h) {
		closeComm(cs, m.id)
	}
	m.mu.Lock()
	m.host = nil
	m.mu.Unlock()
	reg.Lock()
	delete(reg.models, m.id)
	reg.Unlock()
}

// SetDescription changes the widget's label.
func (m *model) SetDescription(s string) { m.setState(map[string]any{"description": s}) }

// SetDisabled disables (or enables) the widget in the front end.
func (m *model) SetDisabled(b bool) { m.setState(map[string]any{"disabled": b}) }

// description returns the label for text renderings.
func (m *model) description() string {
	s, _ := m.get("description").(string)
	return s
}

// label formats "description: " for text renderings.
func label(m *model) string {
	if d := m.description(); d != "" {
		return d + " = "
	}
	return ""
}

// ---- numbers ----

// number converts a decoded JSON value to a finite float64.
func number(v any) (float64, error) {
	f, ok := v.(float64)
	if !ok {
		return 0, fmt.Errorf("value is %s, want a number", jsonKind(v))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("value %v is not finite", f)
	}
	return f, nil
}

// integer converts a decoded JSON value to an int.
func integer(v any) (int, error) {
	f, err := number(v)
	if err != nil {
		return 0, err
	}
	if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, fmt.Errorf("value %v is not an integer", f)
	}
	return int(f), nil
}

// ---- Dropdown ----

// Dropdown selects one of a list of options (ipywidgets' Dropdown).
type Dropdown struct{ *model }

// NewDropdown returns a dropdown labelled description over options with
// value selected (the first option when value is not among them).
func NewDropdown(description string, options []string, value string) *Dropdown {
	opts := append([]string{}, options...)
	var index any
	for i, o := range opts {
		if o == value {
			index = i
			break
		}
	}
	if index == nil && len(opts) > 0 {
		index = 0
	}
	d := &Dropdown{controlModel("DropdownModel", "DropdownView", map[string]any{
		"description": description, "description_allow_html": false,
		"_options_labels": opts, "index": index, "disabled": false, "style": nil,
	})}
	d.set = func(key string, v any, st map[string]any) (any, error) {
		if key != "index" {
			return nil, fmt.Errorf("not settable from the front end")
		}
		if v == nil {
			return nil, nil
		}
		n, err := integer(v)
		if err != nil {
			return nil, err
		}
		opts, _ := st["_options_labels"].([]string)
		if k := len(opts); n < 0 || n >= k {
			return nil, fmt.Errorf("index %d out of range [0, %d)", n, k)
		}
		return n, nil
	}
	d.describe = func() string {
		return fmt.Sprintf("%s%q (Dropdown of %s)", label(d.model), d.Value(), strings.Join(quoteAll(d.Options()), ", "))
	}
	return d
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}

// Options returns the options.
func (d *Dropdown) Options() []string {
	o, _ := d.get("_options_labels").([]string)
	return append([]string{}, o...)
}

// Index returns the index of the selected option, -1 when none is.
func (d *Dropdown) Index() int {
	if n, ok := d.get("index").(int); ok {
		return n
	}
	return -1
}

// Value returns the selected option ("" when none is).
func (d *Dropdown) Value() string {
	o := d.Options()
	if i := d.Index(); i >= 0 && i < len(o) {
		return o[i]
	}
	return ""
}

// SetValue selects the option value; it reports false (and changes
// nothing) when there is no such option.
func (d *Dropdown) SetValue(value string) bool {
	for i, o := range d.Options() {
		if o == value {
			d.setState(map[string]any{"index": i})
			return true
		}
	}
	return false
}

// Observe calls f with the newly selected option whenever it changes.
func (d *Dropdown) Observe(f func(value string)) {
	d.observe(func() { f(d.Value()) }, "index")
}

// Display implements Widget.
func (d *Dropdown) Display() display.Bundle { return showControl(d.model) }

// ---- Checkbox ----

// Checkbox is a boolean check box (ipywidgets' Checkbox).
type Checkbox struct{ *model }

// NewCheckbox returns a check box labelled description.
func NewCheckbox(description string, value bool) *Checkbox {
	c := &Checkbox{controlModel("CheckboxModel", "CheckboxView", map[string]any{
		"description": description, "description_allow_html": false,
		"value": value, "indent": true, "disabled": false, "style": nil,
	})}
	c.set = func(key string, v any, _ map[string]any) (any, error) {
		if key != "value" {
			return nil, fmt.Errorf("not settable from the front end")
		}
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("value is %s, want a boolean", jsonKind(v))
		}
		return b, nil
	}
	c.describe = func() string { return fmt.Sprintf("%s%v (Checkbox)", label(c.model), c.Value()) }
	return c
}

// Value reports whether the box is checked.
func (c *Checkbox) Value() bool { b, _ := c.get("value").(bool); return b }

// SetValue checks or unchecks the box; observers run when it changes.
func (c *Checkbox) SetValue(v bool) { c.setState(map[string]any{"value": v}) }

// Observe calls f with the new value whenever it changes.
func (c *Checkbox) Observe(f func(value bool)) {
	c.observe(func() { f(c.Value()) }, "value")
}

// Display implements Widget.
func (c *Checkbox) Display() display.Bundle { return showControl(c.model) }

// ---- Text ----

// Text is a one-line text field (ipywidgets' Text).
type Text struct{ *model }

// NewText returns a text field labelled description holding value.
func NewText(description, value string) *Text {
	t := &Text{controlModel("TextModel", "TextView", map[string]any{
		"description": description, "description_allow_html": false,
		"value": value, "placeholder": "\u200b", "continuous_update": true, "disabled": false, "style": nil,
	})}
	t.set = func(key string, v any, _ map[string]any) (any, error) {
		if key != "value" {
			return nil, fmt.Errorf("not settable from the front end")
		}
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("value is %s, want a string", jsonKind(v))
		}
		return s, nil
	}
	t.describe = func() string { return fmt.Sprintf("%s%q (Text)", label(t.model), t.Value()) }
	return t
}

// Value returns the text.
func (t *Text) Value() string { s, _ := t.get("value").(string); return s }

// SetValue replaces the text; observers run when it changes.
func (t *Text) SetValue(v string) { t.setState(map[string]any{"value": v}) }

// SetPlaceholder sets the text shown while the field is empty and returns t.
func (t *Text) SetPlaceholder(p string) *Text {
	t.setState(map[string]any{"placeholder": p})
	return t
}

// Observe calls f with the new text whenever it changes (as the user
// types).
func (t *Text) Observe(f func(value string)) {
	t.observe(func() { f(t.Value()) }, "value")
}

// Display implements Widget.
func (t *Text) Display() display.Bundle { return showControl(t.model) }

// ---- Button ----

// Button is a push button (ipywidgets' Button); clicks arrive as custom
// messages {"event": "click"}.
type Button struct {
	*model
}

// NewButton returns a button labelled description.
func NewButton(description string) *Button {
	b := &Button{controlModel("ButtonModel", "ButtonView", map[string]any{
		"description": description, "tooltip": "", "icon": "", "button_style": "", "disabled": false, "style": nil,
	})}
	b.custom = func(content map[string]any, _ [][]byte) {
		if content["event"] == "click" {
			b.notify([]string{clickKey})
		}
	}
	b.describe = func() string { return fmt.Sprintf("[%s] (Button)", b.description()) }
	return b
}

// clickKey is the pseudo state key observers of clicks listen to.
const clickKey = "\x00click"

// OnClick calls f on every click.
func (b *Button) OnClick(f func()) { b.observe(f, clickKey) }

// Click clicks the button from Go: the OnClick handlers run.
func (b *Button) Click() { b.notify([]string{clickKey}) }

// SetStyle sets the button style: "primary", "success", "info",
// "warning", "danger" or "" and returns b.
func (b *Button) SetStyle(style string) *Button {
	b.setState(map[string]any{"button_style": style})
	return b
}

// Display implements Widget.
func (b *Button) Display() display.Bundle { return showControl(b.model) }

// ---- Image ----

// Image shows an image whose bytes travel as a binary buffer (ipywidgets'
// Image).
type Image struct{ *model }

// NewImage returns an image widget showing data in format ("png", "jpeg",
// "svg+xml", "gif").
func NewImage(format string, data []byte) *Image {
	im := &Image{controlModel("ImageModel", "ImageView", map[string]any{
		"format": format, "value": append([]byte{}, data...), "width": "", "height": "",
	})}
	im.describe = func() string { return fmt.Sprintf("Image(%s, %d bytes)", im.get("format"), len(im.Value())) }
	return im
}

// Value returns the image bytes.
func (im *Image) Value() []byte { b, _ := im.get("value").([]byte); return append([]byte{}, b...) }

// SetValue replaces the image bytes (sent as a binary buffer).
func (im *Image) SetValue(data []byte) {
	im.setState(map[string]any{"value": append([]byte{}, data...)})
}

// Display implements Widget.
func (im *Image) Display() display.Bundle { return showControl(im.model) }
