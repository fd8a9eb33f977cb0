package engine

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
)

// commSink is a fakeSink connected to a front end that holds widgets: it
// records the comm messages the kernel sends.
type commSink struct {
	fakeSink
	cmu   sync.Mutex
	comms []cell.Comm
}

func (s *commSink) SendComm(c cell.Comm) error {
	// Round-trip through JSON as the wire would.
	b, err := json.Marshal(c.Data)
	if err != nil {
		return err
	}
	var data map[string]any
	if err := json.Unmarshal(b, &data); err != nil {
		return err
	}
	c.Data = data
	s.cmu.Lock()
	s.comms = append(s.comms, c)
	s.cmu.Unlock()
	return nil
}

func (s *commSink) sent() []cell.Comm {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	return append([]cell.Comm{}, s.comms...)
}

// runLive executes code with a sink that holds widgets.
func runLive(t *testing.T, e *Engine, code string) (*commSink, cell.Result) {
	t.Helper()
	s := &commSink{}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r := e.Execute(ctx, code, s)
	if r.Err != nil {
		t.Fatalf("cell failed: %v\n%q\nstderr: %s", r.Err, r.Err.Traceback, s.errText())
	}
	return s, r
}

// widgetUpdate sends a front-end state update for comm id and returns what the
// kernel sent back.
func widgetUpdate(t *testing.T, e *Engine, id string, state map[string]any) (*commSink, error) {
	t.Helper()
	s := &commSink{}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := e.Comm(ctx, cell.Comm{Type: "comm_msg", ID: id, Data: map[string]any{"method": "update", "state": state, "buffer_paths": []any{}}}, s)
	return s, err
}

// opened returns the comm_open messages by _model_name.
func opened(cs []cell.Comm) map[string][]cell.Comm {
	out := map[string][]cell.Comm{}
	for _, c := range cs {
		if c.Type == "comm_open" {
			st, _ := c.Data["state"].(map[string]any)
			name, _ := st["_model_name"].(string)
			out[name] = append(out[name], c)
		}
	}
	return out
}

// outputsText concatenates the text of the outputs state updates carry.
func outputsText(cs []cell.Comm) string {
	var b strings.Builder
	for _, c := range cs {
		st, _ := c.Data["state"].(map[string]any)
		outs, ok := st["outputs"].([]any)
		if !ok {
			continue
		}
		b.WriteString("|")
		for _, o := range outs {
			m := o.(map[string]any)
			switch m["output_type"] {
			case "stream":
				b.WriteString(m["text"].(string))
			case "display_data":
				d := m["data"].(map[string]any)
				if s, ok := d["text/markdown"].(string); ok {
					b.WriteString("md:" + s + "\n")
				} else {
					b.WriteString("display\n")
				}
			case "error":
				b.WriteString("error:" + m["ename"].(string) + ": " + m["evalue"].(string) + "\n")
			}
		}
	}
	return b.String()
}

func TestWidgetInteractLive(t *testing.T) {
	e := newEngine(t)
	s, _ := runLive(t, e, `s := widgets.NewFloatSlider("beta", 0.3, 0.1, 1, 0.01)
widgets.Interact(func() {
	fmt.Println("beta", s.Value())
	display.Markdown(fmt.Sprintf("alpha = %.3f", s.Value()/2))
}, s)`)
	ops := opened(s.sent())
	if len(ops["FloatSliderModel"]) != 1 || len(ops["OutputModel"]) != 1 || len(ops["VBoxModel"]) != 1 {
		t.Fatalf("comm_open by model: %v", ops)
	}
	slider := ops["FloatSliderModel"][0]
	out := ops["OutputModel"][0].Data["state"].(map[string]any)["outputs"].([]any)
	if len(out) != 2 {
		t.Fatalf("initial outputs = %v", out)
	}
	if len(s.displays) != 1 || s.displays[0].Data[viewMIMEForTest] == nil {
		t.Fatalf("displays = %v", s.displays)
	}
	if got := s.out(); got != "" {
		t.Errorf("captured output leaked to the cell: %q", got)
	}
	// The front end moves the slider: echo first, then the new outputs.
	back, err := widgetUpdate(t, e, slider.ID, map[string]any{"value": 0.5})
	if err != nil {
		t.Fatal(err)
	}
	sent := back.sent()
	if len(sent) < 2 || sent[0].Data["method"] != "echo_update" || sent[0].Data["state"].(map[string]any)["value"] != 0.5 {
		t.Fatalf("want echo_update first, got %v", sent)
	}
	if got := outputsText(sent[1:]); got != "|beta 0.5\nmd:alpha = 0.250\n" {
		t.Errorf("outputs after update = %q", got)
	}
	// A value outside the range is clamped, and the kernel says so.
	back, err = widgetUpdate(t, e, slider.ID, map[string]any{"value": 7.0})
	if err != nil {
		t.Fatal(err)
	}
	sent = back.sent()
	if sent[1].Data["method"] != "update" || sent[1].Data["state"].(map[string]any)["value"] != 1.0 {
		t.Errorf("clamp update = %v", sent[1].Data)
	}
	if got := outputsText(sent[2:]); !strings.Contains(got, "beta 1\n") {
		t.Errorf("outputs after clamp = %q", got)
	}
	// The slider's value is visible to later cells.
	_, r := run(t, e, "s.Value()")
	if text(r) != "1" {
		t.Errorf("s.Value() = %s", text(r))
	}
}

const viewMIMEForTest = "application/vnd.jupyter.widget-view+json"

func TestWidgetCallbackPanicAndInterrupt(t *testing.T) {
	e := newEngine(t)
	s, _ := runLive(t, e, `n := widgets.NewIntSlider("n", 1, 0, 10)
n.Observe(func(v int) {
	if v == 3 {
		var m map[string]int
		m["x"] = v
	}
	if v == 4 {
		for {
		}
	}
	if v == 5 {
		time.Sleep(time.Hour)
	}
	fmt.Println("n is", v)
})
n`)
	ops := opened(s.sent())
	id := ops["IntSliderModel"][0].ID
	back, err := widgetUpdate(t, e, id, map[string]any{"value": 2.0})
	if err != nil {
		t.Fatal(err)
	}
	if got := outputsText(back.sent()); got != "|n is 2\n" {
		t.Errorf("outputs = %q", got)
	}
	back, err = widgetUpdate(t, e, id, map[string]any{"value": 3.0})
	if err != nil {
		t.Fatal(err)
	}
	got := outputsText(back.sent())
	if !strings.Contains(got, "error:Panic: assignment to entry in nil map [at cell 1, 3:") {
		t.Errorf("panic output = %q", got)
	}
	// The widget stays live.
	back, _ = widgetUpdate(t, e, id, map[string]any{"value": 6.0})
	if got := outputsText(back.sent()); !strings.HasSuffix(got, "n is 6\n") {
		t.Errorf("after panic: %q", got)
	}
	// An endless loop and a sleep in a callback are interrupted.
	for _, v := range []float64{4, 5} {
		ctx, cancel := context.WithCancel(context.Background())
		cs := &commSink{}
		done := make(chan error)
		go func() {
			done <- e.Comm(ctx, cell.Comm{Type: "comm_msg", ID: id, Data: map[string]any{"method": "update", "state": map[string]any{"value": v}}}, cs)
		}()
		time.Sleep(300 * time.Millisecond)
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("value %v: interrupt did not stop the callback", v)
		}
		if got := outputsText(cs.sent()); !strings.Contains(got, "error:Interrupted") {
			t.Errorf("value %v: outputs = %q", v, got)
		}
	}
	back, _ = widgetUpdate(t, e, id, map[string]any{"value": 7.0})
	if got := outputsText(back.sent()); !strings.HasSuffix(got, "n is 7\n") {
		t.Errorf("after interrupt: %q", got)
	}
	_, r := run(t, e, `fmt.Sprint(n.Value())`)
	if text(r) != "7" {
		t.Errorf("n.Value() = %s", text(r))
	}
}

func TestWidgetStatic(t *testing.T) {
	e := newEngine(t)
	s, r := run(t, e, `s := widgets.NewFloatSlider("beta", 0.3, 0.1, 1, 0.01)
widgets.Interact(func() { fmt.Println("beta", s.Value()) }, s)
s`)
	if !strings.Contains(s.out(), "beta 0.3\n") {
		t.Errorf("static Interact output = %q", s.out())
	}
	if len(s.displays) != 1 || !strings.Contains(s.displays[0].Data["text/plain"].(string), "static rendering") {
		t.Errorf("static displays = %v", s.displays)
	}
	if got := text(r); !strings.Contains(got, "beta = 0.3 (FloatSlider 0.1 to 1, step 0.01)") || !strings.Contains(got, "static rendering") {
		t.Errorf("static slider = %q", got)
	}
}
