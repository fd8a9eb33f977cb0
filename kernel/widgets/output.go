package widgets

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/internal/widgethost"
)

// Output is an output area that code can write into later: Capture routes
// everything a function prints or displays into it. Interact shows its
// function's output in one, and the callbacks of a control write into the
// output area displayed with it.
//
// Its outputs are kept in the kernel and sent as the model's "outputs"
// state (nbformat output objects), so an update replaces them in one
// message and a reloaded page gets them back with the widget state.
type Output struct {
	*model

	omu       sync.Mutex
	outputs   []any          // nbformat output objects
	byID      map[string]int // display_id -> index in outputs
	clearWait bool           // clear at the next output (clear_output(wait=True))
	dirty     bool
	capStart  time.Time // start of the running capture
	lastSync  time.Time
}

// NewOutput returns an empty output area.
func NewOutput() *Output {
	o := &Output{byID: map[string]int{}}
	o.model = newModel("@jupyter-widgets/output", outputVersion, "OutputModel", "OutputView", map[string]any{
		"_dom_classes": []string{},
		"layout":       nil,
		"tabbable":     nil,
		"tooltip":      nil,
		"msg_id":       "",
		"outputs":      []any{},
	})
	o.model.describe = func() string { return fmt.Sprintf("Output(%d outputs)", o.Len()) }
	// The front end writes outputs (and msg_id) itself when it captures
	// messages by msg_id; accept them as they are.
	o.model.set = func(key string, v any, _ map[string]any) (any, error) {
		switch key {
		case "msg_id":
			if s, ok := v.(string); ok || v == nil {
				return s, nil
			}
			return nil, fmt.Errorf("msg_id is %s, want a string", jsonKind(v))
		case "outputs":
			l, ok := v.([]any)
			if !ok {
				return nil, fmt.Errorf("outputs is %s, want a list", jsonKind(v))
			}
			o.omu.Lock()
			o.outputs, o.byID = l, map[string]int{}
			o.omu.Unlock()
			return l, nil
		}
		return nil, fmt.Errorf("not settable")
	}
	return o
}

// ModelID implements Widget.
func (o *Output) ModelID() string { return o.id }

// Display implements Widget: the output area itself (in a text rendering,
// its text outputs).
func (o *Output) Display() display.Bundle {
	if cs, h := liveSink(); cs != nil {
		o.open(cs, h)
		return viewBundle(o.model, o.describe())
	}
	return staticBundle(o.describe())
}

// Len returns the number of outputs.
func (o *Output) Len() int {
	o.omu.Lock()
	defer o.omu.Unlock()
	return len(o.outputs)
}

// Text returns the text of the outputs (streams, text/plain of displays
// and errors), for tests and headless use.
func (o *Output) Text() string {
	o.omu.Lock()
	defer o.omu.Unlock()
	var b strings.Builder
	for _, out := range o.outputs {
		m, _ := out.(map[string]any)
		switch m["output_type"] {
		case "stream":
			s, _ := m["text"].(string)
			b.WriteString(s)
		case "display_data", "execute_result":
			d, _ := m["data"].(map[string]any)
			if s, ok := d["text/plain"].(string); ok {
				b.WriteString(s + "\n")
			}
		case "error":
			fmt.Fprintf(&b, "%v: %v\n", m["ename"], m["evalue"])
		}
	}
	return b.String()
}

// Clear removes every output.
func (o *Output) Clear() {
	o.omu.Lock()
	o.outputs, o.byID, o.clearWait = nil, map[string]int{}, false
	o.dirty = true
	o.omu.Unlock()
	o.sync()
}

// Capture runs f with everything it prints or displays going into o. A
// panic in f is shown in o as an error output and does not propagate.
// Without a front end that holds widgets (`gophernote run`), f's output
// goes to the cell as usual and a panic propagates.
func (o *Output) Capture(f func()) {
	o.capture(false, f)
}

// capture runs f captured; with replace, f's first output replaces the
// outputs (clear_output(wait=True)), and no output at all clears them.
func (o *Output) capture(replace bool, f func()) {
	h := host()
	if commSink(h) == nil {
		f()
		return
	}
	o.omu.Lock()
	if replace {
		o.clearWait = true
	}
	o.capStart = time.Now()
	o.omu.Unlock()
	restore := h.Redirect(outputSink{o})
	defer func() {
		r := recover()
		restore()
		if r != nil {
			o.appendError(h.PanicError(r))
		}
		o.omu.Lock()
		if o.clearWait {
			o.outputs, o.byID, o.clearWait, o.dirty = nil, map[string]int{}, false, true
		}
		o.capStart = time.Time{}
		o.omu.Unlock()
		o.sync()
	}()
	f()
}

// sync sends the outputs to the front end when they changed.
func (o *Output) sync() {
	o.omu.Lock()
	if !o.dirty {
		o.omu.Unlock()
		return
	}
	o.dirty = false
	o.lastSync = time.Now()
	outs := append([]any{}, o.outputs...)
	o.omu.Unlock()
	o.model.mu.Lock()
	o.model.state["outputs"] = outs
	o.model.mu.Unlock()
	o.model.sendState("update", map[string]any{"outputs": outs})
}

// Outputs captured by a running function are held back and sent when it
// returns, so a re-run replaces the old outputs at once instead of
// flickering through partial states; a function running longer than
// holdFor sends them every syncEvery as they come.
const (
	holdFor   = 250 * time.Millisecond
	syncEvery = 100 * time.Millisecond
)

// changed records a change made by a capture and sends it when due.
func (o *Output) changed() {
	o.omu.Lock()
	o.dirty = true
	due := o.capStart.IsZero() || time.Since(o.capStart) > holdFor && time.Since(o.lastSync) > syncEvery
	o.omu.Unlock()
	if due {
		o.sync()
	}
}

// add appends one output, applying a pending clear first.
func (o *Output) add(out map[string]any, id string) {
	o.omu.Lock()
	if o.clearWait {
		o.outputs, o.byID, o.clearWait = nil, map[string]int{}, false
	}
	if id != "" {
		o.byID[id] = len(o.outputs)
	}
	o.outputs = append(o.outputs, out)
	o.omu.Unlock()
	o.changed()
}

func (o *Output) appendError(e *cell.Error) {
	if e == nil {
		return
	}
	tb := e.Traceback
	if tb == nil {
		tb = []string{e.Name + ": " + e.Value}
	}
	o.add(map[string]any{"output_type": "error", "ename": e.Name, "evalue": e.Value, "traceback": tb}, "")
	o.sync()
}

// outputSink is the cell.Sink that writes into an Output.
type outputSink struct{ o *Output }

func (s outputSink) Stream(name, text string) {
	o := s.o
	o.omu.Lock()
	if o.clearWait {
		o.outputs, o.byID, o.clearWait = nil, map[string]int{}, false
	}
	if n := len(o.outputs); n > 0 {
		if last, ok := o.outputs[n-1].(map[string]any); ok && last["output_type"] == "stream" && last["name"] == name {
			t, _ := last["text"].(string)
			// Replace rather than mutate: the map may already be in a sent state.
			o.outputs[n-1] = map[string]any{"output_type": "stream", "name": name, "text": t + text}
			o.omu.Unlock()
			o.changed()
			return
		}
	}
	o.omu.Unlock()
	o.add(map[string]any{"output_type": "stream", "name": name, "text": text}, "")
}

func (s outputSink) Display(b display.Bundle, update bool) {
	o := s.o
	out := map[string]any{"output_type": "display_data", "data": mimeOrEmpty(b.Data), "metadata": metaOrEmpty(b.Metadata)}
	if update && b.ID != "" {
		o.omu.Lock()
		if i, ok := o.byID[b.ID]; ok && i < len(o.outputs) {
			o.outputs[i] = out
			o.omu.Unlock()
			o.changed()
			return
		}
		o.omu.Unlock()
	}
	o.add(out, b.ID)
}

func (s outputSink) Clear(wait bool) {
	o := s.o
	o.omu.Lock()
	if wait {
		o.clearWait = true
	} else {
		o.outputs, o.byID, o.clearWait = nil, map[string]int{}, false
	}
	o.omu.Unlock()
	o.changed()
}

var errNoInput = errors.New("widgets: input is not available while a widget callback runs")

func (s outputSink) Input(string, bool) (string, error) { return "", errNoInput }

func mimeOrEmpty(m display.MIME) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func metaOrEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// runCallback runs the user callback f of model m. With a front end that
// holds widgets it runs through the host (serialised with cells and
// interruptible), its output goes to m's callback output, and a panic is
// shown there as an error while the widget stays live. Otherwise f runs
// inline and a panic propagates to the running cell.
func runCallback(m *model, f func()) {
	h := host()
	if commSink(h) == nil {
		f()
		return
	}
	target := m.target()
	run := func() {
		if target != nil {
			target.capture(false, f)
			return
		}
		defer func() {
			if r := recover(); r != nil {
				reportUnrouted(h, h.PanicError(r))
			}
		}()
		f()
	}
	if err := h.Call(run); err != nil {
		if target != nil {
			target.appendError(err)
		} else {
			reportUnrouted(h, err)
		}
	}
}

// reportUnrouted writes an error of a callback without an output area to
// stderr of the running request.
func reportUnrouted(h widgethost.Host, e *cell.Error) {
	if e == nil {
		return
	}
	h.Sink().Stream("stderr", "widget callback: "+e.Name+": "+e.Value+"\n")
}

// target returns the Output a callback of m writes into: the one set with
// SetOutput, else the output area displayed with m, else nil.
func (m *model) target() *Output {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.out != nil {
		return m.out
	}
	return m.area
}

// PrefersSVG tells display.Plot (kernel/display/formats.go) that
// JupyterLab's widget manager
// renders an Output widget's outputs trusted, where SVG outranks PNG, so a
// plot displayed into an Output is sent as SVG alone.
func (outputSink) PrefersSVG() bool { return true }
