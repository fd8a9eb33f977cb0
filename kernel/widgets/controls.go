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

func clampInt(v, lo, hi int) int       { return max(lo, min(hi, v)) }
func clampF(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// ---- IntSlider ----

// IntSlider is a slider over integers (ipywidgets' IntSlider).
type IntSlider struct{ *model }

// NewIntSlider returns a slider labelled description over [min, max] in
// steps of 1, at value (clamped to the range). A reversed range is
// swapped.
func NewIntSlider(description string, value, min, max int) *IntSlider {
	if min > max {
		min, max = max, min
	}
	s := &IntSlider{controlModel("IntSliderModel", "IntSliderView", map[string]any{
		"description": description, "description_allow_html": false,
		"value": clampInt(value, min, max), "min": min, "max": max, "step": 1,
		"disabled": false, "continuous_update": true, "orientation": "horizontal",
		"readout": true, "readout_format": "d", "behavior": "drag-tap", "style": nil,
	})}
	s.set = func(key string, v any, st map[string]any) (any, error) {
		if key != "value" {
			return nil, fmt.Errorf("not settable from the front end")
		}
		n, err := integer(v)
		if err != nil {
			return nil, err
		}
		lo, _ := st["min"].(int)
		hi, _ := st["max"].(int)
		return clampInt(n, lo, hi), nil
	}
	s.describe = func() string {
		return fmt.Sprintf("%s%d (IntSlider %d to %d, step %d)", label(s.model), s.Value(), s.Min(), s.Max(), s.Step())
	}
	return s
}

// Value returns the slider's value.
func (s *IntSlider) Value() int { n, _ := s.get("value").(int); return n }

// Min returns the lower end of the range.
func (s *IntSlider) Min() int { n, _ := s.get("min").(int); return n }

// Max returns the upper end of the range.
func (s *IntSlider) Max() int { n, _ := s.get("max").(int); return n }

// Step returns the step.
func (s *IntSlider) Step() int { n, _ := s.get("step").(int); return n }

// SetValue moves the slider (clamped to its range); observers run when the
// value changes.
func (s *IntSlider) SetValue(v int) {
	s.setState(map[string]any{"value": clampInt(v, s.Min(), s.Max())})
}

// SetStep sets the step (at least 1) and returns s.
func (s *IntSlider) SetStep(step int) *IntSlider {
	s.setState(map[string]any{"step": max(step, 1)})
	return s
}

// Observe calls f with the new value whenever it changes.
func (s *IntSlider) Observe(f func(value int)) {
	s.observe(func() { f(s.Value()) }, "value")
}

// Display implements Widget.
func (s *IntSlider) Display() display.Bundle { return showControl(s.model) }

// ---- FloatSlider ----

// FloatSlider is a slider over real numbers: linear (ipywidgets'
// FloatSlider) or, made by NewFloatLogSlider, logarithmic (FloatLogSlider).
type FloatSlider struct {
	*model
	log bool
}

// NewFloatSlider returns a linear slider labelled description over
// [min, max] in steps of step, at value (clamped to the range). The
// readout shows as many decimals as the step has.
func NewFloatSlider(description string, value, min, max, step float64) *FloatSlider {
	if min > max {
		min, max = max, min
	}
	if !(step > 0) {
		step = (max - min) / 100
	}
	s := &FloatSlider{model: controlModel("FloatSliderModel", "FloatSliderView", map[string]any{
		"description": description, "description_allow_html": false,
		"value": clampF(value, min, max), "min": min, "max": max, "step": step,
		"disabled": false, "continuous_update": true, "orientation": "horizontal",
		"readout": true, "readout_format": decimalsFormat(step), "behavior": "drag-tap", "style": nil,
	})}
	s.init()
	return s
}

// NewFloatLogSlider returns a logarithmic slider (base 10) over the values
// [min, max], both > 0, at value. Unlike ipywidgets' FloatLogSlider, min
// and max are values, not exponents: NewFloatLogSlider("C", 1e21, 1e18,
// 1e25) spans 10^18 to 10^25 FLOPs. The slider moves in steps of 1/20 of
// a decade (SetStep changes it, in decades).
func NewFloatLogSlider(description string, value, min, max float64) *FloatSlider {
	if min > max {
		min, max = max, min
	}
	if !(min > 0) {
		min = math.SmallestNonzeroFloat64
	}
	if !(max > min) {
		max = min * 10
	}
	lo, hi := math.Log10(min), math.Log10(max)
	s := &FloatSlider{log: true, model: controlModel("FloatLogSliderModel", "FloatLogSliderView", map[string]any{
		"description": description, "description_allow_html": false,
		"value": clampF(value, min, max), "base": 10.0, "min": lo, "max": hi, "step": 0.05,
		"disabled": false, "continuous_update": true, "orientation": "horizontal",
		"readout": true, "readout_format": ".3g", "behavior": "drag-tap", "style": nil,
	})}
	s.init()
	return s
}

func (s *FloatSlider) init() {
	s.set = func(key string, v any, st map[string]any) (any, error) {
		if key != "value" {
			return nil, fmt.Errorf("not settable from the front end")
		}
		f, err := number(v)
		if err != nil {
			return nil, err
		}
		lo, hi := s.bounds(st)
		return clampF(f, lo, hi), nil
	}
	s.describe = func() string {
		if s.log {
			return fmt.Sprintf("%s%.4g (FloatLogSlider %.4g to %.4g)", label(s.model), s.Value(), s.Min(), s.Max())
		}
		return fmt.Sprintf("%s%.6g (FloatSlider %.6g to %.6g, step %.6g)", label(s.model), s.Value(), s.Min(), s.Max(), s.Step())
	}
}

// decimalsFormat returns a readout format with the decimals of step.
func decimalsFormat(step float64) string {
	d := 0
	for d < 12 && math.Abs(step*math.Pow(10, float64(d))-math.Round(step*math.Pow(10, float64(d)))) > 1e-9*math.Pow(10, float64(d)) {
		d++
	}
	return "." + strconv.Itoa(d) + "f"
}

func (s *FloatSlider) f(key string) float64 { f, _ := s.get(key).(float64); return f }

// bounds returns the range of values given the state st.
func (s *FloatSlider) bounds(st map[string]any) (lo, hi float64) {
	lo, _ = st["min"].(float64)
	hi, _ = st["max"].(float64)
	if s.log {
		b, _ := st["base"].(float64)
		return math.Pow(b, lo), math.Pow(b, hi)
	}
	return lo, hi
}

// Value returns the slider's value.
func (s *FloatSlider) Value() float64 { return s.f("value") }

// Min returns the smallest value (for a log slider too: a value, not an
// exponent).
func (s *FloatSlider) Min() float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	lo, _ := s.bounds(s.state)
	return lo
}

// Max returns the largest value.
func (s *FloatSlider) Max() float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, hi := s.bounds(s.state)
	return hi
}

// Step returns the step (for a log slider, in decades).
func (s *FloatSlider) Step() float64 { return s.f("step") }

// IsLog reports whether the slider is logarithmic.
func (s *FloatSlider) IsLog() bool { return s.log }

// SetValue moves the slider (clamped to its range); observers run when the
// value changes.
func (s *FloatSlider) SetValue(v float64) {
	if math.IsNaN(v) {
		return
	}
	s.setState(map[string]any{"value": clampF(v, s.Min(), s.Max())})
}

// SetStep sets the step (in decades for a log slider) and returns s.
func (s *FloatSlider) SetStep(step float64) *FloatSlider {
	if step > 0 {
		st := map[string]any{"step": step}
		if !s.log {
			st["readout_format"] = decimalsFormat(step)
		}
		s.setState(st)
	}
	return s
}

// SetReadoutFormat sets the d3-format of the value shown beside the
// slider (".2f", ".3g", ".1e", ...) and returns s.
func (s *FloatSlider) SetReadoutFormat(format string) *FloatSlider {
	s.setState(map[string]any{"readout_format": format})
	return s
}

// Observe calls f with the new value whenever it changes.
func (s *FloatSlider) Observe(f func(value float64)) {
	s.observe(func() { f(s.Value()) }, "value")
}

// Display implements Widget.
func (s *FloatSlider) Display() display.Bundle { return showControl(s.model) }

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
