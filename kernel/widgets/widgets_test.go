package widgets

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
)

func TestRemoveAndPutBuffers(t *testing.T) {
	st := map[string]any{
		"a": []byte{1},
		"b": map[string]any{"c": []byte{2}, "d": 3.0},
		"e": []any{"x", []byte{3}, map[string]any{"f": []byte{4}}},
		"g": "keep",
	}
	out, paths, bufs := removeBuffers(st)
	if fmt.Sprint(paths) != "[[a] [b c] [e 1] [e 2 f]]" {
		t.Errorf("paths = %v", paths)
	}
	if fmt.Sprint(bufs) != "[[1] [2] [3] [4]]" {
		t.Errorf("buffers = %v", bufs)
	}
	if fmt.Sprint(out) != "map[b:map[d:3] e:[x <nil> map[]] g:keep]" {
		t.Errorf("state = %v", out)
	}
	if _, ok := st["a"]; !ok {
		t.Error("removeBuffers changed its input")
	}
	// Through JSON and back in, as a receiving side does.
	raw, _ := json.Marshal(map[string]any{"state": out, "paths": paths})
	var back struct {
		State map[string]any `json:"state"`
		Paths any            `json:"paths"`
	}
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if err := putBuffers(back.State, back.Paths, bufs); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"a": []byte{1},
		"b": map[string]any{"c": []byte{2}, "d": 3.0},
		"e": []any{"x", []byte{3}, map[string]any{"f": []byte{4}}},
		"g": "keep",
	}
	if !reflect.DeepEqual(back.State, want) {
		t.Errorf("round trip = %v", back.State)
	}
}

func TestPutBuffersErrors(t *testing.T) {
	for _, tc := range []struct {
		paths any
		nbuf  int
		want  string
	}{
		{nil, 1, "1 binary buffers but no buffer_paths"},
		{"x", 1, "buffer_paths is a string"},
		{[]any{[]any{"a"}, []any{"b"}}, 1, "names 2 buffers but the message carries 1"},
		{[]any{[]any{}}, 1, "buffer_paths[0] is a list, want a non-empty list"},
		{[]any{[]any{"l", 1.5}}, 1, "buffer_paths[0][1] = 1.5, want an index below 1"},
		{[]any{[]any{"l", -1.0}}, 1, "want an index below 1"},
		{[]any{[]any{"m", 0.0}}, 1, "buffer_paths[0][1] is a number, want a key"},
		{[]any{[]any{"s", "x"}}, 1, "the value there is a string"},
		{[]any{[]any{"nokey", "x"}}, 1, `no key "nokey"`},
	} {
		st := map[string]any{"l": []any{nil}, "m": map[string]any{}, "s": "str"}
		bufs := make([][]byte, tc.nbuf)
		err := putBuffers(st, tc.paths, bufs)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("paths %v: err = %v, want %q", tc.paths, err, tc.want)
		}
		if fmt.Sprint(st) != "map[l:[<nil>] m:map[] s:str]" {
			t.Errorf("paths %v changed the state: %v", tc.paths, st)
		}
	}
}

func TestSliderValidation(t *testing.T) {
	h := useHost(t, false)
	s := NewIntSlider("n", 50, 0, 10)
	if s.Value() != 10 {
		t.Errorf("initial value not clamped: %d", s.Value())
	}
	s.Display()
	h.sink.take()
	var seen []int
	s.Observe(func(v int) { seen = append(seen, v) })
	if err := update(s.id, map[string]any{"value": 3.0}); err != nil {
		t.Fatal(err)
	}
	if err := update(s.id, map[string]any{"value": -4.0}); err != nil {
		t.Fatal(err)
	}
	sent := h.sink.take()
	// echo 3; echo -4, update 0 (clamped)
	var got []string
	for _, c := range sent {
		got = append(got, fmt.Sprintf("%v %v", c.Data["method"], c.Data["state"]))
	}
	if strings.Join(got, "; ") != "echo_update map[value:3]; echo_update map[value:-4]; update map[value:0]" {
		t.Errorf("sent %v", got)
	}
	if fmt.Sprint(seen) != "[3 0]" {
		t.Errorf("observed %v", seen)
	}
	// The same value again: echoed, no observer call.
	if err := update(s.id, map[string]any{"value": 0.0}); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(seen) != "[3 0]" {
		t.Errorf("observer ran for an unchanged value: %v", seen)
	}
	for _, bad := range []any{"1", 1.5, math.Inf(1), nil, true} {
		if err := update(s.id, map[string]any{"value": bad}); err == nil {
			t.Errorf("value %v accepted", bad)
		}
	}
	if s.Value() != 0 {
		t.Errorf("bad values changed the slider: %d", s.Value())
	}
}

func TestFloatLogSlider(t *testing.T) {
	h := useHost(t, false)
	s := NewFloatLogSlider("C", 1e21, 1e18, 1e25)
	if !s.IsLog() || s.Min() != 1e18 || math.Abs(s.Max()/1e25-1) > 1e-12 || s.Value() != 1e21 {
		t.Fatalf("log slider %v %v %v", s.Min(), s.Max(), s.Value())
	}
	s.Display()
	var open map[string]any
	for _, c := range h.sink.take() {
		if c.Type == "comm_open" {
			if st := c.Data["state"].(map[string]any); st["_model_name"] == "FloatLogSliderModel" {
				open = st
			}
		}
	}
	if open == nil || open["min"] != 18.0 || open["max"] != 25.0 || open["base"] != 10.0 || open["value"] != 1e21 ||
		open["_view_name"] != "FloatLogSliderView" || open["_model_module_version"] != "2.0.0" {
		t.Fatalf("comm_open state = %v", open)
	}
	if err := update(s.id, map[string]any{"value": 1e30}); err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.Value()/1e25-1) > 1e-12 {
		t.Errorf("value not clamped to 1e25: %v", s.Value())
	}
	lin := NewFloatSlider("x", 0.5, 0, 1, 0.05)
	if f := lin.get("readout_format"); f != ".2f" {
		t.Errorf("readout format for step 0.05 = %v", f)
	}
}

func TestDropdownCheckboxText(t *testing.T) {
	useHost(t, false)
	d := NewDropdown("law", []string{"chinchilla", "kaplan", "besiroglu"}, "kaplan")
	c := NewCheckbox("log axes", true)
	x := NewText("title", "hello")
	Show(d, c, x)
	var got []string
	d.Observe(func(v string) { got = append(got, "d="+v) })
	c.Observe(func(v bool) { got = append(got, fmt.Sprint("c=", v)) })
	x.Observe(func(v string) { got = append(got, "x="+v) })
	for _, err := range []error{
		update(d.id, map[string]any{"index": 2.0}),
		update(c.id, map[string]any{"value": false}),
		update(x.id, map[string]any{"value": "bye"}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	if strings.Join(got, " ") != "d=besiroglu c=false x=bye" {
		t.Errorf("observed %v", got)
	}
	if update(d.id, map[string]any{"index": 3.0}) == nil || update(c.id, map[string]any{"value": 1.0}) == nil || update(x.id, map[string]any{"value": 1.0}) == nil {
		t.Error("bad values accepted")
	}
	if d.Value() != "besiroglu" || c.Value() || x.Value() != "bye" {
		t.Errorf("values %q %v %q", d.Value(), c.Value(), x.Value())
	}
	if !d.SetValue("chinchilla") || d.Index() != 0 || d.SetValue("none") {
		t.Errorf("Dropdown.SetValue")
	}
	if err := update(d.id, map[string]any{"index": nil}); err != nil || d.Index() != -1 || d.Value() != "" {
		t.Errorf("index null: %v %d", err, d.Index())
	}
}

// TestCallbackOutputAndPanic: a callback's output goes to the output area
// displayed with its widget; a panicking callback shows its error there and
// the widget keeps working.
func TestCallbackOutputAndPanic(t *testing.T) {
	h := useHost(t, false)
	b := NewButton("go")
	n := 0
	b.OnClick(func() {
		n++
		if n == 2 {
			panic("second click fails")
		}
	})
	b.OnClick(func() { display.Markdown(fmt.Sprintf("click **%d**", n)) })
	b.Display()
	area := b.model.target()
	if area == nil {
		t.Fatal("no output area after display")
	}
	click := cell.Comm{Type: "comm_msg", ID: b.id, Data: map[string]any{"method": "custom", "content": map[string]any{"event": "click"}}}
	for i := 0; i < 3; i++ {
		if err := receive(click); err != nil {
			t.Fatal(err)
		}
	}
	if got := area.Text(); got != "click **1**\nPanic: second click fails\nclick **2**\nclick **3**\n" {
		t.Errorf("area text = %q", got)
	}
	if area.Len() != 4 { // md 1, error, md 2, md 3
		t.Errorf("area has %d outputs", area.Len())
	}
	if n != 3 {
		t.Errorf("clicks handled = %d", n)
	}
	_ = h
}

func TestStaticRendering(t *testing.T) {
	h := useHost(t, true)
	s := NewFloatSlider("β", 0.34, 0.1, 1, 0.01)
	ran := 0
	it := NewInteractive(func() { ran++ }, s)
	if ran != 0 {
		t.Errorf("static NewInteractive ran f")
	}
	b := it.Display()
	if b.Data != nil || ran != 1 {
		t.Errorf("static display: bundle %v, ran %d", b.Data, ran)
	}
	if len(h.sink.displays) != 1 || !strings.Contains(h.sink.displays[0].Data["text/plain"].(string), "β = 0.34 (FloatSlider 0.1 to 1, step 0.01)\n(static rendering") {
		t.Errorf("static note = %v", h.sink.displays)
	}
	if len(h.sink.comms) != 0 {
		t.Errorf("comms sent without a front end: %v", h.sink.comms)
	}
	// Observers run inline, and a panic propagates to the cell.
	s.Observe(func(v float64) {
		if v > 0.9 {
			panic("too big")
		}
	})
	s.SetValue(0.5)
	if ran != 2 {
		t.Errorf("Interact did not re-run on SetValue: %d", ran)
	}
	defer func() {
		if r := recover(); r != "too big" {
			t.Errorf("recovered %v", r)
		}
	}()
	s.SetValue(0.95)
}

// FuzzReceive: no comm message a front end can send panics or reaches an
// internal error, and well-formed traffic keeps working afterwards.
func FuzzReceive(f *testing.F) {
	for _, s := range []string{
		`{"method":"update","state":{"value":3}}`,
		`{"method":"update","state":{"value":3},"buffer_paths":[["value"]]}`,
		`{"method":"update","state":{"l":[null]},"buffer_paths":[["l",0]]}`,
		`{"method":"request_state"}`,
		`{"method":"request_states"}`,
		`{"method":"custom","content":{"event":"click"}}`,
		`{"state":{"_model_name":"M","_model_module":"m","_model_module_version":"1"},"buffer_paths":[["x"]]}`,
		`{"method":"update","state":{"outputs":[{"output_type":"stream"}]}}`,
		`{"method":"update","state":{"index":1e300}}`,
	} {
		for _, typ := range []string{"comm_msg", "comm_open", "comm_close"} {
			f.Add(typ, 0, "jupyter.widget", s, []byte{1, 2})
		}
	}
	f.Add("comm_open", 5, "jupyter.widget.control", `{}`, []byte{})
	f.Fuzz(func(t *testing.T, typ string, which int, target, data string, buf []byte) {
		h := useHost(t, false)
		s := NewIntSlider("n", 1, 0, 9)
		d := NewDropdown("d", []string{"a", "b"}, "a")
		o := NewOutput()
		b := NewButton("b")
		img := NewImage("png", []byte{1})
		Show(NewHBox(s, d, o, b, img))
		ids := []string{s.id, d.id, o.id, b.id, img.id, "ctl", "unknown", ""}
		receive(cell.Comm{Type: "comm_open", ID: "ctl", Target: targetControl, Data: map[string]any{}})
		var dm map[string]any
		if json.Unmarshal([]byte(data), &dm) != nil {
			dm = map[string]any{"raw": data}
		}
		id := ids[((which%len(ids))+len(ids))%len(ids)]
		err := receive(cell.Comm{Type: typ, ID: id, Target: target, Data: dm, Buffers: [][]byte{buf, buf}})
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%s %s %s: %v", typ, id, data, err)
		}
		h.sink.take()
		// Well-formed traffic still works.
		if err := receive(cell.Comm{Type: "comm_open", ID: s.id, Target: targetWidget, Data: map[string]any{}}); err != nil {
			t.Fatal(err)
		}
		if err := update(s.id, map[string]any{"value": 4.0}); err != nil || s.Value() != 4 {
			t.Fatalf("slider after fuzz input: %v %d", err, s.Value())
		}
		for _, w := range []interface{ Close() }{s, d, o, b, img} {
			w.Close()
		}
		if err := update(s.id, map[string]any{"value": 5.0}); err == nil {
			t.Fatal("update of a closed widget accepted")
		}
	})
}

// TestSliderGrid: what the front end's slider reports as it is drawn (its
// grid point nearest the value, with float noise) changes nothing; moved
// values land on the grid exactly; a log slider's grid runs through its
// initial value, so opening the page does not move N₀ = 406.4 to 10^2.6.
func TestSliderGrid(t *testing.T) {
	useHost(t, false)
	g := NewFloatSlider("γ", 0.28, 0.05, 1, 0.01)
	n0 := NewFloatLogSlider("N₀", 406.4, 1, 1e5)
	Show(g, n0)
	runs := 0
	g.Observe(func(float64) { runs++ })
	n0.Observe(func(float64) { runs++ })
	// noUiSlider: min + k*step in float arithmetic.
	lo, step := g.f("min"), g.f("step")
	drawn := lo + math.Round((0.28-lo)/step)*step
	if drawn == 0.28 {
		t.Logf("this grid happens to hit 0.28 exactly (%v)", drawn)
	}
	elo, estep := n0.f("min"), n0.f("step")
	k := math.Round((math.Log10(406.4) - elo) / estep)
	logDrawn := math.Pow(10, elo+k*estep)
	for _, err := range []error{update(g.id, map[string]any{"value": drawn}), update(n0.id, map[string]any{"value": logDrawn})} {
		if err != nil {
			t.Fatal(err)
		}
	}
	if g.Value() != 0.28 || n0.Value() != 406.4 || runs != 0 {
		t.Errorf("after the front end drew the sliders: γ = %v, N₀ = %v, callbacks %d (want 0.28, 406.4, 0)", g.Value(), n0.Value(), runs)
	}
	if math.Abs(logDrawn/406.4-1) > 1e-11 {
		t.Errorf("the log grid misses 406.4: nearest point %v", logDrawn)
	}
	// A move of one step: 0.29 exactly, whatever the noise.
	if err := update(g.id, map[string]any{"value": lo + (math.Round((0.28-lo)/step)+1)*step}); err != nil {
		t.Fatal(err)
	}
	if g.Value() != 0.29 || runs != 1 {
		t.Errorf("one step up: γ = %v (want 0.29), callbacks %d", g.Value(), runs)
	}
	// Off-grid values snap.
	g.SetValue(0.3449)
	if g.Value() != 0.34 {
		t.Errorf("SetValue(0.3449) = %v, want 0.34", g.Value())
	}
	off := NewFloatSlider("x", 0.345, 0.1, 1, 0.01)
	if off.Min() != 0.105 || off.Max() != 0.995 || off.get("readout_format") != ".3f" || off.Value() != 0.345 {
		t.Errorf("grid through 0.345: %v to %v, format %v, value %v", off.Min(), off.Max(), off.get("readout_format"), off.Value())
	}
	i := NewIntSlider("k", 7, 0, 20).SetStep(5)
	if i.Min() != 2 || i.Max() != 17 || i.Value() != 7 {
		t.Errorf("int grid of step 5 through 7: %d to %d at %d", i.Min(), i.Max(), i.Value())
	}
	i.SetValue(10)
	if i.Value() != 12 {
		t.Errorf("int SetValue(10) on the grid 7+5k = %d, want 12", i.Value())
	}
}

// TestInteractSetsItsOwnControl: a function that moves one of its own
// controls does not re-run itself without end.
func TestInteractSetsItsOwnControl(t *testing.T) {
	useHost(t, false)
	s := NewIntSlider("n", 0, 0, 100)
	runs := 0
	it := NewInteractive(func() {
		runs++
		if s.Value()%2 == 1 {
			s.SetValue(s.Value() + 1) // round odd values up
		}
	}, s)
	it.Display()
	runs = 0
	if err := update(s.id, map[string]any{"value": 3.0}); err != nil {
		t.Fatal(err)
	}
	if runs != 1 || s.Value() != 4 {
		t.Errorf("runs %d, value %d; want 1 run and 4", runs, s.Value())
	}
}

// TestCommIDCollision: comm ids are unique, so a comm_open that reuses a
// live comm's id for the other target is ignored with an error, and the
// widget keeps its comm (found by FuzzReceive: a control comm opened with
// a slider's id took it over, and the slider's updates went to the
// control handler).
func TestCommIDCollision(t *testing.T) {
	h := useHost(t, false)
	s := NewIntSlider("n", 1, 0, 9)
	Show(s)
	err := receive(cell.Comm{Type: "comm_open", ID: s.id, Target: targetControl, Data: map[string]any{}})
	if err == nil || !strings.Contains(err.Error(), "which is a widget's comm: ignored") {
		t.Errorf("control comm with a widget's id: %v", err)
	}
	if err := update(s.id, map[string]any{"value": 4.0}); err != nil || s.Value() != 4 {
		t.Errorf("slider after the collision: %v %d", err, s.Value())
	}
	receive(cell.Comm{Type: "comm_open", ID: "ctl", Target: targetControl, Data: map[string]any{}})
	err = receive(cell.Comm{Type: "comm_open", ID: "ctl", Target: targetWidget, Data: map[string]any{"state": map[string]any{
		"_model_name": "M", "_model_module": "m", "_model_module_version": "1"}}})
	if err == nil || !strings.Contains(err.Error(), "which is a jupyter.widget.control comm: ignored") {
		t.Errorf("widget comm with a control's id: %v", err)
	}
	h.sink.take()
	s.Close()
}
