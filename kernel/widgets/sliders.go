package widgets

import (
	"fmt"
	"math"
	"strconv"

	"github.com/gophernote/gophernote/kernel/display"
)

// A slider in the front end (noUiSlider) can only stand on its grid, min +
// k*step, and it reports where it stands as soon as it is drawn. A value
// off the grid would therefore be replaced by the nearest grid point the
// moment the page opens (FloatLogSlider: N₀ = 406.4 became 10^2.6 = 398.1),
// and the float arithmetic of the grid turns 0.28 into 0.27999999999999997.
// So the kernel builds each slider's grid through its initial value (the
// ends of the range move inwards by less than one step), keeps every
// value on that grid (SetValue and values from the front end go to the
// nearest grid point), and treats a reported value within rounding of the
// current one as no change: the initial value stays exactly what the cell
// gave, and opening the page changes nothing. The ends move inwards, so
// a slider never offers a value outside the range asked for (a range
// narrower than one step is widened instead).

// closeTo reports whether a and b agree to rounding.
func closeTo(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b))
}

// decimals returns the number of decimals of x (up to 12).
func decimals(x float64) int {
	d := 0
	for d < 12 {
		p := math.Pow(10, float64(d))
		if math.Abs(x*p-math.Round(x*p)) <= 1e-9*math.Max(1, math.Abs(x*p)) {
			break
		}
		d++
	}
	return d
}

// roundTo rounds x to d decimals, giving the float64 nearest that decimal.
func roundTo(x float64, d int) float64 {
	v, err := strconv.ParseFloat(strconv.FormatFloat(x, 'f', d, 64), 64)
	if err != nil {
		return x
	}
	return v
}

// ---- IntSlider ----

// IntSlider is a slider over integers (ipywidgets' IntSlider).
type IntSlider struct {
	*model
	lo, hi int // the range asked for; the grid may reach beyond by < step
}

// NewIntSlider returns a slider labelled description over [min, max] in
// steps of 1, at value (clamped to the range). A reversed range is
// swapped.
func NewIntSlider(description string, value, min, max int) *IntSlider {
	if min > max {
		min, max = max, min
	}
	value = clamp(value, min, max)
	s := &IntSlider{lo: min, hi: max}
	s.model = controlModel("IntSliderModel", "IntSliderView", map[string]any{
		"description": description, "description_allow_html": false,
		"value": value, "min": min, "max": max, "step": 1,
		"disabled": false, "continuous_update": true, "orientation": "horizontal",
		"readout": true, "readout_format": "d", "behavior": "drag-tap", "style": nil,
	})
	s.set = func(key string, v any, st map[string]any) (any, error) {
		if key != "value" {
			return nil, fmt.Errorf("not settable from the front end")
		}
		n, err := integer(v)
		if err != nil {
			return nil, err
		}
		return snapInt(n, st), nil
	}
	s.describe = func() string {
		return fmt.Sprintf("%s%d (IntSlider %d to %d, step %d)", label(s.model), s.Value(), s.Min(), s.Max(), s.Step())
	}
	return s
}

func clamp(v, lo, hi int) int { return max(lo, min(hi, v)) }

// snapInt returns the grid point of state st nearest to n.
func snapInt(n int, st map[string]any) int {
	lo, _ := st["min"].(int)
	hi, _ := st["max"].(int)
	step, _ := st["step"].(int)
	n = clamp(n, lo, hi)
	if step > 1 {
		n = lo + int(math.Round(float64(n-lo)/float64(step)))*step
	}
	return clamp(n, lo, hi)
}

func (s *IntSlider) int(key string) int { n, _ := s.get(key).(int); return n }

// Value returns the slider's value.
func (s *IntSlider) Value() int { return s.int("value") }

// Min returns the lower end of the range.
func (s *IntSlider) Min() int { return s.int("min") }

// Max returns the upper end of the range.
func (s *IntSlider) Max() int { return s.int("max") }

// Step returns the step.
func (s *IntSlider) Step() int { return s.int("step") }

// SetValue moves the slider to the grid point nearest v within its range;
// observers run when the value changes.
func (s *IntSlider) SetValue(v int) {
	s.mu.Lock()
	n := snapInt(v, s.state)
	s.mu.Unlock()
	s.setState(map[string]any{"value": n})
}

// SetStep sets the step (at least 1) and returns s. The grid goes through
// the current value; the range's ends move inwards by less than one step
// to stay on it.
func (s *IntSlider) SetStep(step int) *IntSlider {
	step = max(step, 1)
	v := s.Value()
	lo, hi := v-(v-s.lo)/step*step, v+(s.hi-v)/step*step
	if lo == hi {
		lo, hi = v-(v-s.lo+step-1)/step*step, v+(s.hi-v+step-1)/step*step
	}
	s.setState(map[string]any{"step": step, "min": lo, "max": hi})
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
	log    bool
	lo, hi float64 // the range asked for, in values
	dec    int     // decimals of the linear grid's points
}

// NewFloatSlider returns a linear slider labelled description over
// [min, max] in steps of step, at value (clamped to the range). The
// slider's grid goes through value: when value - min is not a whole number
// of steps, the range's ends move inwards by less than one step. The
// readout shows as many decimals as the grid's points have.
func NewFloatSlider(description string, value, min, max, step float64) *FloatSlider {
	if min > max {
		min, max = max, min
	}
	if !(step > 0) || math.IsInf(step, 0) {
		step = (max - min) / 100
	}
	if !(step > 0) {
		step = 1
	}
	value = math.Max(min, math.Min(max, value))
	if math.IsNaN(value) {
		value = min
	}
	s := &FloatSlider{lo: min, hi: max}
	lo, hi, dec := s.grid(value, step)
	s.dec = dec
	s.model = controlModel("FloatSliderModel", "FloatSliderView", map[string]any{
		"description": description, "description_allow_html": false,
		"value": value, "min": lo, "max": hi, "step": step,
		"disabled": false, "continuous_update": true, "orientation": "horizontal",
		"readout": true, "readout_format": "." + strconv.Itoa(dec) + "f", "behavior": "drag-tap", "style": nil,
	})
	s.init()
	return s
}

// NewFloatLogSlider returns a logarithmic slider (base 10) over the values
// [min, max], both > 0, at value. Unlike ipywidgets' FloatLogSlider, min
// and max are values, not exponents: NewFloatLogSlider("C", 1e21, 1e18,
// 1e25) spans 10^18 to 10^25 FLOPs. The slider moves in steps of 1/20 of
// a decade (a factor 1.122; SetStep changes it, in decades) on a grid
// through value: the range's ends move inwards by less than one step.
func NewFloatLogSlider(description string, value, min, max float64) *FloatSlider {
	if min > max {
		min, max = max, min
	}
	if !(min > 0) {
		min = 1e-300
	}
	if !(max > min) || math.IsInf(max, 0) {
		max = min * 10
	}
	value = math.Max(min, math.Min(max, value))
	if math.IsNaN(value) {
		value = min
	}
	const step = 0.05
	s := &FloatSlider{log: true, lo: min, hi: max}
	lo, hi, _ := s.grid(value, step)
	s.model = controlModel("FloatLogSliderModel", "FloatLogSliderView", map[string]any{
		"description": description, "description_allow_html": false,
		"value": value, "base": 10.0, "min": lo, "max": hi, "step": step,
		"disabled": false, "continuous_update": true, "orientation": "horizontal",
		"readout": true, "readout_format": ".3g", "behavior": "drag-tap", "style": nil,
	})
	s.init()
	return s
}

// unit converts a value to slider units (the exponent for a log slider).
func (s *FloatSlider) unit(v float64) float64 {
	if s.log {
		return math.Log10(v)
	}
	return v
}

// value converts slider units to a value.
func (s *FloatSlider) value(u float64) float64 {
	if s.log {
		return math.Pow(10, u)
	}
	return u
}

// grid returns the ends, in slider units, of the grid with the given step
// through value that covers the range asked for, and (linear) the decimals
// of its points.
func (s *FloatSlider) grid(value, step float64) (lo, hi float64, dec int) {
	u0, ulo, uhi := s.unit(value), s.unit(s.lo), s.unit(s.hi)
	below := math.Floor((u0-ulo)/step + 1e-9)
	above := math.Floor((uhi-u0)/step + 1e-9)
	if below+above == 0 { // a range narrower than one step
		below, above = math.Ceil((u0-ulo)/step-1e-9), math.Ceil((uhi-u0)/step-1e-9)
	}
	lo, hi = u0-below*step, u0+above*step
	if !s.log {
		dec = max(decimals(step), decimals(u0))
		lo, hi = roundTo(lo, dec), roundTo(hi, dec)
	} else {
		// Exponents to 12 decimals: 21 - 60*0.05 is 17.999999999999996.
		// The grid moves by at most 5e-13 of a decade, a value by ~1e-12.
		lo, hi = roundTo(lo, 12), roundTo(hi, 12)
	}
	return lo, hi, dec
}

// snap returns the grid point nearest v within the range (state st), or
// cur when that is cur up to rounding.
func (s *FloatSlider) snap(v, cur float64, st map[string]any) float64 {
	lo, _ := st["min"].(float64)
	hi, _ := st["max"].(float64)
	step, _ := st["step"].(float64)
	u := s.unit(v)
	if math.IsNaN(u) || v <= 0 && s.log {
		u = lo
	}
	u = math.Max(lo, math.Min(hi, u))
	if step > 0 {
		u = math.Max(lo, math.Min(hi, lo+math.Round((u-lo)/step)*step))
	}
	if !s.log {
		u = roundTo(u, s.dec)
	}
	if w := s.value(u); !closeTo(w, cur) {
		return w
	}
	return cur
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
		cur, _ := st["value"].(float64)
		return s.snap(f, cur, st), nil
	}
	s.describe = func() string {
		if s.log {
			return fmt.Sprintf("%s%.4g (FloatLogSlider %.4g to %.4g)", label(s.model), s.Value(), s.Min(), s.Max())
		}
		return fmt.Sprintf("%s%.6g (FloatSlider %.6g to %.6g, step %.6g)", label(s.model), s.Value(), s.Min(), s.Max(), s.Step())
	}
}

func (s *FloatSlider) f(key string) float64 { f, _ := s.get(key).(float64); return f }

// Value returns the slider's value.
func (s *FloatSlider) Value() float64 { return s.f("value") }

// Min returns the smallest value (for a log slider too: a value, not an
// exponent).
func (s *FloatSlider) Min() float64 { return s.value(s.f("min")) }

// Max returns the largest value.
func (s *FloatSlider) Max() float64 { return s.value(s.f("max")) }

// Step returns the step (for a log slider, in decades).
func (s *FloatSlider) Step() float64 { return s.f("step") }

// IsLog reports whether the slider is logarithmic.
func (s *FloatSlider) IsLog() bool { return s.log }

// SetValue moves the slider to the grid point nearest v within its range;
// observers run when the value changes.
func (s *FloatSlider) SetValue(v float64) {
	if math.IsNaN(v) {
		return
	}
	s.mu.Lock()
	cur, _ := s.state["value"].(float64)
	w := s.snap(v, cur, s.state)
	s.mu.Unlock()
	s.setState(map[string]any{"value": w})
}

// SetStep sets the step (in decades for a log slider) and returns s. The
// grid goes through the current value; the range's ends move inwards by
// less than one step to stay on it.
func (s *FloatSlider) SetStep(step float64) *FloatSlider {
	if !(step > 0) || math.IsInf(step, 0) {
		return s
	}
	lo, hi, dec := s.grid(s.Value(), step)
	st := map[string]any{"step": step, "min": lo, "max": hi}
	s.mu.Lock()
	if !s.log {
		s.dec = dec
		st["readout_format"] = "." + strconv.Itoa(dec) + "f"
	}
	s.mu.Unlock()
	s.setState(st)
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
