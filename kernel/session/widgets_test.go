package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/wire"
)

// lockedBuf is a log destination safe to read while the kernel writes.
type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Go-client tests of the Jupyter widget protocol 2.1 against the real
// engine and kernel/widgets: every comm message kind a front end sends, what
// the kernel answers, and bad input of every kind.

// sendComm sends a comm message with optional metadata and buffers.
func (c *client) sendComm(channel, typ string, content map[string]any, metadata map[string]any, buffers ...[]byte) *wire.Message {
	c.t.Helper()
	m := c.build(typ, content)
	if metadata != nil {
		md, err := json.Marshal(metadata)
		if err != nil {
			c.t.Fatal(err)
		}
		m.Metadata = md
	}
	m.Buffers = buffers
	c.sendMsg(channel, c.signer.Encode(m))
	return m
}

// update sends a widget state update from the "front end".
func (c *client) update(id string, state map[string]any) *wire.Message {
	return c.sendComm("shell", "comm_msg", map[string]any{"comm_id": id, "data": map[string]any{"method": "update", "state": state, "buffer_paths": []any{}}}, nil)
}

// run executes code and returns the iopub messages of the request, failing
// on an error reply.
func (c *client) run(code string) []*wire.Message {
	c.t.Helper()
	req := execute(c, code, nil)
	rep := c.recv("shell", 60*time.Second)
	if v := content(c.t, rep); v["status"] != "ok" {
		c.t.Fatalf("cell %q: %v", code, v)
	}
	return c.iopubUntilIdle(req)
}

// commData returns the data of a comm message.
func commData(t *testing.T, m *wire.Message) map[string]any {
	t.Helper()
	d, _ := content(t, m)["data"].(map[string]any)
	return d
}

// openedModels maps _model_name to the comm_open messages among ms.
func openedModels(t *testing.T, ms []*wire.Message) map[string][]*wire.Message {
	out := map[string][]*wire.Message{}
	for _, m := range ms {
		if m.Header.MsgType == "comm_open" {
			st := commData(t, m)["state"].(map[string]any)
			out[st["_model_name"].(string)] = append(out[st["_model_name"].(string)], m)
		}
	}
	return out
}

func commID(t *testing.T, m *wire.Message) string { return content(t, m)["comm_id"].(string) }

// methods lists iopub types with the comm_msg method: "comm_msg:update".
func methods(t *testing.T, ms []*wire.Message) []string {
	var out []string
	for _, s := range types(ms) {
		out = append(out, s)
	}
	for i, m := range ms {
		if m.Header.MsgType == "comm_msg" {
			out[i] += ":" + fmt.Sprint(commData(t, m)["method"])
		}
	}
	return out
}

// outputsOf returns the text of the outputs state in a comm_msg update.
func outputsOf(t *testing.T, m *wire.Message) (string, bool) {
	st, _ := commData(t, m)["state"].(map[string]any)
	outs, ok := st["outputs"].([]any)
	if !ok {
		return "", false
	}
	var b strings.Builder
	for _, o := range outs {
		om := o.(map[string]any)
		switch om["output_type"] {
		case "stream":
			b.WriteString(om["text"].(string))
		case "display_data":
			d := om["data"].(map[string]any)
			for _, k := range []string{"text/latex", "text/markdown", "image/png"} {
				if _, ok := d[k]; ok {
					b.WriteString("[" + k + "]")
				}
			}
		case "error":
			b.WriteString("error " + om["ename"].(string) + ": " + om["evalue"].(string) + "\n")
		}
	}
	return b.String(), true
}

// lastOutputs returns the outputs text of the last outputs update in ms.
func lastOutputs(t *testing.T, ms []*wire.Message) string {
	got := "<no outputs update>"
	for _, m := range ms {
		if m.Header.MsgType == "comm_msg" {
			if s, ok := outputsOf(t, m); ok {
				got = s
			}
		}
	}
	return got
}

func TestWidgetProtocol(t *testing.T) {
	_, ci := startReal(t, Config{})
	c := dial(t, ci)

	// comm_info before any widget: none.
	c.send("shell", "comm_info_request", map[string]any{})
	if v := content(t, c.recv("shell", 30*time.Second)); v["status"] != "ok" || len(v["comms"].(map[string]any)) != 0 {
		t.Fatalf("comm_info = %v", v)
	}

	// Displaying an Interact opens the models (children first) with the
	// protocol version in the metadata, then shows the view.
	msgs := c.run(`beta := widgets.NewFloatSlider("beta", 0.34, 0.1, 1, 0.01)
gamma := widgets.NewFloatSlider("gamma", 0.28, 0.1, 1, 0.01)
widgets.Interact(func() {
	fmt.Printf("alpha = %.6f\n", beta.Value()*gamma.Value()/(beta.Value()+gamma.Value()))
	display.LaTeX(fmt.Sprintf("$\\alpha = %.4f$", beta.Value()*gamma.Value()/(beta.Value()+gamma.Value())))
}, beta, gamma)`)
	got := types(msgs)
	want := []string{"status:busy", "execute_input", "comm_open", "comm_open", "comm_open", "comm_open", "display_data", "status:idle"}
	if !slices.Equal(got, want) {
		t.Fatalf("iopub = %v, want %v", got, want)
	}
	ops := openedModels(t, msgs)
	if len(ops["FloatSliderModel"]) != 2 || len(ops["OutputModel"]) != 1 || len(ops["VBoxModel"]) != 1 {
		t.Fatalf("opened %v", ops)
	}
	box := ops["VBoxModel"][0]
	if md := string(box.Metadata); md != `{"version":"2.1.0"}` {
		t.Errorf("comm_open metadata = %s", md)
	}
	if ct := content(t, box); ct["target_name"] != "jupyter.widget" {
		t.Errorf("comm_open content = %v", ct)
	}
	st := commData(t, box)["state"].(map[string]any)
	if st["_model_module"] != "@jupyter-widgets/controls" || st["_model_module_version"] != "2.0.0" || st["_view_name"] != "VBoxView" {
		t.Errorf("box state = %v", st)
	}
	kids := st["children"].([]any)
	if len(kids) != 3 || kids[0] != "IPY_MODEL_"+commID(t, ops["FloatSliderModel"][0]) || kids[2] != "IPY_MODEL_"+commID(t, ops["OutputModel"][0]) {
		t.Errorf("children = %v", kids)
	}
	if s, _ := outputsOf(t, ops["OutputModel"][0]); s != "alpha = 0.153548\n[text/latex]" {
		t.Errorf("initial outputs = %q", s)
	}
	view := content(t, msgs[6])["data"].(map[string]any)["application/vnd.jupyter.widget-view+json"].(map[string]any)
	if view["model_id"] != commID(t, box) || view["version_major"] != 2.0 || view["version_minor"] != 1.0 {
		t.Errorf("view = %v", view)
	}
	betaID := commID(t, ops["FloatSliderModel"][0])
	outID := commID(t, ops["OutputModel"][0])

	// comm_info lists them; a target filter applies.
	c.send("shell", "comm_info_request", map[string]any{"target_name": "jupyter.widget"})
	comms := content(t, c.recv("shell", 30*time.Second))["comms"].(map[string]any)
	if len(comms) != 4 || comms[betaID].(map[string]any)["target_name"] != "jupyter.widget" {
		t.Errorf("comm_info = %v", comms)
	}
	c.send("shell", "comm_info_request", map[string]any{"target_name": "other"})
	if comms := content(t, c.recv("shell", 30*time.Second))["comms"].(map[string]any); len(comms) != 0 {
		t.Errorf("filtered comm_info = %v", comms)
	}

	// update: busy, echo_update, the new outputs, idle — all parented to
	// the update; the echo carries the value as sent.
	req := c.update(betaID, map[string]any{"value": 0.5})
	msgs = c.iopubUntilIdle(req)
	if got := methods(t, msgs); !slices.Equal(got, []string{"status:busy", "comm_msg:echo_update", "comm_msg:update", "status:idle"}) {
		t.Fatalf("update iopub = %v", got)
	}
	if d := commData(t, msgs[1]); d["state"].(map[string]any)["value"] != 0.5 || content(t, msgs[1])["comm_id"] != betaID {
		t.Errorf("echo = %v", d)
	}
	if content(t, msgs[2])["comm_id"] != outID {
		t.Errorf("outputs update on comm %v, want the output %s", content(t, msgs[2])["comm_id"], outID)
	}
	// alpha = 0.5*0.28/0.78
	if s := lastOutputs(t, msgs); s != "alpha = 0.179487\n[text/latex]" {
		t.Errorf("outputs after update = %q", s)
	}

	// request_state: the full state, as an update.
	req = c.sendComm("shell", "comm_msg", map[string]any{"comm_id": betaID, "data": map[string]any{"method": "request_state"}}, nil)
	msgs = c.iopubUntilIdle(req)
	if got := methods(t, msgs); !slices.Equal(got, []string{"status:busy", "comm_msg:update", "status:idle"}) {
		t.Fatalf("request_state iopub = %v", got)
	}
	if st := commData(t, msgs[1])["state"].(map[string]any); st["value"] != 0.5 || st["min"] != 0.1 || st["_model_name"] != "FloatSliderModel" || st["description"] != "beta" {
		t.Errorf("request_state reply = %v", st)
	}

	// The cell sees the value the front end set.
	msgs = c.run("fmt.Println(beta.Value())")
	if s := content(t, msgs[2])["text"]; s != "0.5\n" {
		t.Errorf("beta.Value() printed %q", s)
	}

	// custom: a button click runs its handler; its output goes to the
	// output area displayed below the button.
	msgs = c.run(`clicks := 0
b := widgets.NewButton("Fit")
b.OnClick(func() { clicks++; fmt.Println("clicked", clicks) })
b`)
	ops = openedModels(t, msgs)
	bid := commID(t, ops["ButtonModel"][0])
	req = c.sendComm("shell", "comm_msg", map[string]any{"comm_id": bid, "data": map[string]any{"method": "custom", "content": map[string]any{"event": "click"}}}, nil)
	msgs = c.iopubUntilIdle(req)
	if s := lastOutputs(t, msgs); s != "clicked 1\n" {
		t.Errorf("click outputs = %q (%v)", s, methods(t, msgs))
	}
	req = c.sendComm("shell", "comm_msg", map[string]any{"comm_id": bid, "data": map[string]any{"method": "custom", "content": map[string]any{"event": "click"}}}, nil)
	if s := lastOutputs(t, c.iopubUntilIdle(req)); s != "clicked 1\nclicked 2\n" {
		t.Errorf("second click outputs = %q", s)
	}

	// jupyter.widget.control: request_states -> update_states with every
	// open model, then the front end closes the comm.
	req = c.sendComm("shell", "comm_open", map[string]any{"comm_id": "ctl-1", "target_name": "jupyter.widget.control", "data": map[string]any{}}, map[string]any{"version": "1.0.0"})
	if got := types(c.iopubUntilIdle(req)); !slices.Equal(got, []string{"status:busy", "status:idle"}) {
		t.Errorf("control comm_open iopub = %v", got)
	}
	req = c.sendComm("shell", "comm_msg", map[string]any{"comm_id": "ctl-1", "data": map[string]any{"method": "request_states"}}, nil)
	msgs = c.iopubUntilIdle(req)
	if got := methods(t, msgs); !slices.Equal(got, []string{"status:busy", "comm_msg:update_states", "status:idle"}) {
		t.Fatalf("request_states iopub = %v", got)
	}
	states := commData(t, msgs[1])["states"].(map[string]any)
	bs := states[betaID].(map[string]any)
	if len(states) != 7 || bs["model_name"] != "FloatSliderModel" || bs["model_module"] != "@jupyter-widgets/controls" ||
		bs["model_module_version"] != "2.0.0" || bs["state"].(map[string]any)["value"] != 0.5 {
		t.Errorf("update_states = %d states, beta %v", len(states), bs)
	}
	req = c.sendComm("shell", "comm_close", map[string]any{"comm_id": "ctl-1", "data": map[string]any{}}, nil)
	c.iopubUntilIdle(req)
	c.send("shell", "comm_info_request", map[string]any{"target_name": "jupyter.widget.control"})
	if comms := content(t, c.recv("shell", 30*time.Second))["comms"].(map[string]any); len(comms) != 0 {
		t.Errorf("control comm still open: %v", comms)
	}

	// Re-attach: a reloaded page opens jupyter.widget comms for models it
	// lost; the kernel keeps them (no comm_close).
	req = c.sendComm("shell", "comm_open", map[string]any{"comm_id": betaID, "target_name": "jupyter.widget", "data": map[string]any{}}, map[string]any{"version": "2.1.0"})
	if got := types(c.iopubUntilIdle(req)); !slices.Equal(got, []string{"status:busy", "status:idle"}) {
		t.Errorf("re-attach iopub = %v", got)
	}

	// comm_close from the front end: later messages for it are ignored;
	// displaying the widget again opens it again.
	req = c.sendComm("shell", "comm_close", map[string]any{"comm_id": betaID, "data": map[string]any{}}, nil)
	c.iopubUntilIdle(req)
	req = c.update(betaID, map[string]any{"value": 0.9})
	if got := types(c.iopubUntilIdle(req)); !slices.Equal(got, []string{"status:busy", "status:idle"}) {
		t.Errorf("update after close iopub = %v", got)
	}
	msgs = c.run("beta")
	if ops := openedModels(t, msgs); len(ops["FloatSliderModel"]) != 1 || commID(t, ops["FloatSliderModel"][0]) != betaID {
		t.Errorf("re-display opened %v", ops)
	}
	msgs = c.run("fmt.Println(beta.Value())")
	if s := content(t, msgs[2])["text"]; s != "0.5\n" {
		t.Errorf("an update for a closed comm changed the value: %q", s)
	}
}

// TestWidgetBinaryBuffers: binary buffers both ways — an Image widget's
// bytes leave as a buffer; a model the front end creates arrives with
// buffers, takes buffer updates and returns them in update_states.
func TestWidgetBinaryBuffers(t *testing.T) {
	_, ci := startReal(t, Config{})
	c := dial(t, ci)
	msgs := c.run(`img := widgets.NewImage("png", []byte{0x89, 'P', 'N', 'G', 0, 1, 2})
img`)
	im := openedModels(t, msgs)["ImageModel"][0]
	d := commData(t, im)
	if _, has := d["state"].(map[string]any)["value"]; has {
		t.Errorf("image value in the JSON state")
	}
	if bp := fmt.Sprint(d["buffer_paths"]); bp != "[[value]]" || len(im.Buffers) != 1 || string(im.Buffers[0]) != "\x89PNG\x00\x01\x02" {
		t.Errorf("buffer_paths %s, buffers %q", bp, im.Buffers)
	}
	// Kernel-side change of bytes: an update with the buffer.
	msgs = c.run(`img.SetValue([]byte("GIF89a"))`)
	for _, m := range msgs {
		if m.Header.MsgType == "comm_msg" {
			if bp := fmt.Sprint(commData(t, m)["buffer_paths"]); bp != "[[value]]" || len(m.Buffers) != 1 || string(m.Buffers[0]) != "GIF89a" {
				t.Errorf("update buffer_paths %s buffers %q", bp, m.Buffers)
			}
		}
	}

	// A model created by the front end, with a buffer nested in a list.
	state := map[string]any{"_model_name": "ColorMapModel", "_model_module": "some-lib", "_model_module_version": "1.0.0",
		"_view_name": nil, "data": map[string]any{"shape": []any{2.0}, "arrays": []any{nil, "x"}}}
	req := c.sendComm("shell", "comm_open", map[string]any{"comm_id": "fe-1", "target_name": "jupyter.widget",
		"data": map[string]any{"state": state, "buffer_paths": []any{[]any{"data", "arrays", 0.0}}}}, map[string]any{"version": "2.1.0"}, []byte{1, 2, 3})
	if got := types(c.iopubUntilIdle(req)); !slices.Equal(got, []string{"status:busy", "status:idle"}) {
		t.Fatalf("front-end comm_open iopub = %v", got)
	}
	req = c.sendComm("shell", "comm_msg", map[string]any{"comm_id": "fe-1", "data": map[string]any{"method": "update",
		"state": map[string]any{"blob": nil}, "buffer_paths": []any{[]any{"blob"}}}}, nil, []byte("new"))
	msgs = c.iopubUntilIdle(req)
	if got := methods(t, msgs); !slices.Equal(got, []string{"status:busy", "comm_msg:echo_update", "status:idle"}) {
		t.Fatalf("buffer update iopub = %v", got)
	}
	if bp := fmt.Sprint(commData(t, msgs[1])["buffer_paths"]); bp != "[[blob]]" || string(msgs[1].Buffers[0]) != "new" {
		t.Errorf("echo buffer_paths %s buffers %q", bp, msgs[1].Buffers)
	}
	req = c.sendComm("shell", "comm_open", map[string]any{"comm_id": "ctl-2", "target_name": "jupyter.widget.control", "data": map[string]any{}}, map[string]any{"version": "1.0.0"})
	c.iopubUntilIdle(req)
	req = c.sendComm("shell", "comm_msg", map[string]any{"comm_id": "ctl-2", "data": map[string]any{"method": "request_states"}}, nil)
	msgs = c.iopubUntilIdle(req)
	us := msgs[1]
	paths := map[string]string{}
	for i, p := range commData(t, us)["buffer_paths"].([]any) {
		paths[fmt.Sprint(p)] = string(us.Buffers[i])
	}
	imgID := commID(t, im)
	want := map[string]string{
		"[fe-1 state blob]":           "new",
		"[fe-1 state data arrays 0]":  "\x01\x02\x03",
		"[" + imgID + " state value]": "GIF89a",
	}
	if fmt.Sprint(paths) != fmt.Sprint(want) {
		t.Errorf("update_states buffers = %q, want %q", paths, want)
	}
	fe := commData(t, us)["states"].(map[string]any)["fe-1"].(map[string]any)
	if fe["model_name"] != "ColorMapModel" || fmt.Sprint(fe["state"].(map[string]any)["data"]) != "map[arrays:[<nil> x] shape:[2]]" {
		t.Errorf("front-end model in update_states = %v", fe)
	}
}

// TestWidgetBadInput: whatever a front end sends, the kernel logs it,
// ignores it, publishes busy/idle, closes comms it cannot serve and keeps
// running; the widgets keep their state.
func TestWidgetBadInput(t *testing.T) {
	logs := &lockedBuf{}
	_, ci := startReal(t, Config{Log: log.New(logs, "", 0)})
	c := dial(t, ci)
	msgs := c.run(`n := widgets.NewIntSlider("n", 5, 0, 10)
n.Observe(func(v int) { fmt.Println("n =", v) })
n`)
	nid := commID(t, openedModels(t, msgs)["IntSliderModel"][0])

	closeOnly := []string{"status:busy", "comm_close", "status:idle"}
	quiet := []string{"status:busy", "status:idle"}
	cases := []struct {
		name    string
		typ     string
		content any
		buffers [][]byte
		want    []string
	}{
		{"unknown target", "comm_open", map[string]any{"comm_id": "u1", "target_name": "my.target", "data": map[string]any{}}, nil, closeOnly},
		{"no target", "comm_open", map[string]any{"comm_id": "u2", "data": map[string]any{}}, nil, closeOnly},
		{"open without state", "comm_open", map[string]any{"comm_id": "u3", "target_name": "jupyter.widget", "data": map[string]any{}}, nil, closeOnly},
		{"open with bad model name", "comm_open", map[string]any{"comm_id": "u4", "target_name": "jupyter.widget", "data": map[string]any{"state": map[string]any{"_model_name": 3}}}, nil, closeOnly},
		{"open with bad buffer path", "comm_open", map[string]any{"comm_id": "u5", "target_name": "jupyter.widget", "data": map[string]any{
			"state": map[string]any{"_model_name": "M", "_model_module": "m", "_model_module_version": "1"}, "buffer_paths": []any{[]any{"a", "b"}}}}, [][]byte{{1}}, closeOnly},
		{"control comm of a future version", "comm_open", map[string]any{"comm_id": "u6", "target_name": "jupyter.widget.control", "data": map[string]any{}}, nil, closeOnly},
		{"content not an object (dropped by the wire layer)", "comm_msg", []any{1, 2}, nil, nil},
		{"no comm_id", "comm_msg", map[string]any{"data": map[string]any{"method": "update"}}, nil, quiet},
		{"comm_id not a string", "comm_msg", map[string]any{"comm_id": 7, "data": map[string]any{}}, nil, quiet},
		{"data not an object", "comm_msg", map[string]any{"comm_id": nid, "data": "update"}, nil, quiet},
		{"no method", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{}}, nil, quiet},
		{"unknown method", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "backbone", "sync_data": map[string]any{"value": 1}}}, nil, quiet},
		{"state not an object", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": []any{}}}, nil, quiet},
		{"value of the wrong type", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": map[string]any{"value": "7"}}}, nil, quiet},
		{"value not an integer", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": map[string]any{"value": 2.5}}}, nil, quiet},
		{"value null", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": map[string]any{"value": nil}}}, nil, quiet},
		{"read-only key", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": map[string]any{"_model_name": "X", "max": 1}}}, nil, quiet},
		{"unknown key", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": map[string]any{"no_such": 1}}}, nil, quiet},
		{"buffer_paths not a list", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": map[string]any{"value": 3}, "buffer_paths": "value"}}, nil, quiet},
		{"more paths than buffers", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": map[string]any{}, "buffer_paths": []any{[]any{"value"}}}}, nil, quiet},
		{"path index out of range", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": map[string]any{"l": []any{}}, "buffer_paths": []any{[]any{"l", 5.0}}}}, [][]byte{{1}}, quiet},
		{"custom without content", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "custom"}}, nil, quiet},
		{"custom to a slider", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "custom", "content": map[string]any{"event": "click"}}}, nil, quiet},
		{"unknown comm", "comm_msg", map[string]any{"comm_id": "nope", "data": map[string]any{"method": "update", "state": map[string]any{"value": 1}}}, nil, quiet},
		{"request_states on a widget comm", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "request_states"}}, nil, quiet},
		{"close of an unknown comm", "comm_close", map[string]any{"comm_id": "nope", "data": map[string]any{}}, nil, quiet},
		{"deep garbage", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": map[string]any{"value": map[string]any{"a": []any{[]any{[]any{nil}}}}}}}, nil, quiet},
	}
	for _, tc := range cases {
		m := c.build(tc.typ, tc.content)
		m.Buffers = tc.buffers
		if tc.name == "control comm of a future version" {
			m.Metadata = json.RawMessage(`{"version": "2.0.0"}`)
		}
		before := logs.String()
		c.sendMsg("shell", c.signer.Encode(m))
		if tc.want == nil {
			// Dropped: the next request's messages come first (shell
			// requests are handled in order).
			k := c.send("shell", "kernel_info_request", map[string]any{})
			if r := c.recv("shell", 30*time.Second); r.ParentMsgID() != k.Header.MsgID {
				t.Errorf("%s: a reply to the dropped message: %s", tc.name, r.Header.MsgType)
			}
			if m := c.recv("iopub", 30*time.Second); m.ParentMsgID() != k.Header.MsgID {
				t.Errorf("%s: iopub %s for the dropped message", tc.name, m.Header.MsgType)
			}
			c.iopubUntilIdle(k)
			continue
		}
		if got := types(c.iopubUntilIdle(m)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: iopub = %v, want %v", tc.name, got, tc.want)
		}
		// dispatch logs a handler's error after publishing idle.
		for deadline := time.Now().Add(2 * time.Second); logs.String() == before && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}
		if logs.String() == before {
			t.Errorf("%s: nothing logged", tc.name)
		}
	}
	for _, want := range []string{
		`u2: no target_name`, `unknown comm target`, `has no state object`, `state._model_name is a number, want a string`,
		`no key "a" in the state`, `jupyter.widget.control comm version "2.0.0"`, `comm_msg: no comm_id`, `data is not a JSON object`,
		`without a method`, `unknown method "backbone"`, `state is a list, want an object`, `value: value is a string, want a number`,
		`value 2.5 is not an integer`, `key "_model_name" cannot be set`, `max: not settable from the front end`,
		`names 1 buffers but the message carries 0`, `want an index below 0`, `content is null, want an object`,
		`(IntSliderModel), which takes none`, `comm_msg for unknown comm nope`, `comm_close for unknown comm nope`,
	} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q", want)
		}
	}
	// Comm messages on the control channel are not served there (they
	// would wait for a running cell and block interrupts).
	m := c.sendComm("control", "comm_msg", map[string]any{"comm_id": nid, "data": map[string]any{"method": "update", "state": map[string]any{"value": 9}}}, nil)
	if got := types(c.iopubUntilIdle(m)); !slices.Equal(got, quiet) {
		t.Errorf("control channel: iopub = %v", got)
	}
	// A well-formed message with one bad key still applies the good one.
	req := c.update(nid, map[string]any{"value": 4, "bogus": true})
	if s := lastOutputs(t, c.iopubUntilIdle(req)); s != "n = 4\n" {
		t.Errorf("partial update outputs = %q", s)
	}
	// The kernel is alive and the slider holds the only value set.
	msgs = c.run("fmt.Println(n.Value())")
	if s := content(t, msgs[2])["text"]; s != "4\n" {
		t.Errorf("n.Value() = %q", s)
	}
}

// TestWidgetInterruptCallback: interrupt_request stops a callback stuck in
// a loop; its output area shows the interruption and the widget stays live.
func TestWidgetInterruptCallback(t *testing.T) {
	_, ci := startReal(t, Config{})
	c := dial(t, ci)
	msgs := c.run(`n := widgets.NewIntSlider("n", 0, 0, 10)
mark := widgets.NewIntSlider("mark", 0, 0, 10)
n.Observe(func(v int) {
	fmt.Println("start", v)
	mark.SetValue(v)
	for v == 1 {
	}
})
n`)
	nid := commID(t, openedModels(t, msgs)["IntSliderModel"][0])
	markID := commID(t, openedModels(t, c.run("mark"))["IntSliderModel"][0])
	req := c.update(nid, map[string]any{"value": 1})
	// Interrupt once the callback runs: it has set mark, whose update goes
	// out at once (its own output is shown only when it ends); what
	// follows is the loop.
	var seen []*wire.Message
	for running := false; !running; {
		m := c.recv("iopub", 30*time.Second)
		if m.ParentMsgID() != req.Header.MsgID {
			continue
		}
		seen = append(seen, m)
		if m.Header.MsgType == "comm_msg" && content(t, m)["comm_id"] == markID {
			running = commData(t, m)["state"].(map[string]any)["value"] == 1.0
		}
		if m.Header.MsgType == "status" && content(t, m)["execution_state"] == "idle" {
			t.Fatalf("callback ended before the interrupt: %v", types(seen))
		}
	}
	c.send("control", "interrupt_request", map[string]any{})
	if r := c.recv("control", 10*time.Second); r.Header.MsgType != "interrupt_reply" {
		t.Fatalf("got %s", r.Header.MsgType)
	}
	if s := lastOutputs(t, append(seen, c.iopubUntilIdle(req)...)); !strings.Contains(s, "error Interrupted") {
		t.Errorf("interrupted callback outputs = %q", s)
	}
	req = c.update(nid, map[string]any{"value": 2})
	if s := lastOutputs(t, c.iopubUntilIdle(req)); !strings.HasSuffix(s, "start 2\n") {
		t.Errorf("after interrupt outputs = %q", s)
	}
}

// TestWidgetProtocol1FrontEnd: a front end that opens
// jupyter.widget.version speaks protocol 1 (ipywidgets 6 in the classic
// Notebook). The kernel closes that comm and from then on renders widgets
// as text with a note, Interact's output going to the cell.
func TestWidgetProtocol1FrontEnd(t *testing.T) {
	_, ci := startReal(t, Config{})
	c := dial(t, ci)
	req := c.sendComm("shell", "comm_open", map[string]any{"comm_id": "ver", "target_name": "jupyter.widget.version", "data": map[string]any{}}, nil)
	if got := types(c.iopubUntilIdle(req)); !slices.Equal(got, []string{"status:busy", "comm_close", "status:idle"}) {
		t.Fatalf("version comm iopub = %v", got)
	}
	msgs := c.run(`s := widgets.NewFloatSlider("beta", 0.34, 0.1, 1, 0.01)
widgets.Interact(func() { fmt.Println("beta is", s.Value()) }, s)`)
	var text []string
	for _, m := range msgs {
		switch m.Header.MsgType {
		case "comm_open", "comm_msg":
			t.Errorf("protocol 1 front end got %s", m.Header.MsgType)
		case "display_data":
			d := content(t, m)["data"].(map[string]any)
			if _, ok := d["application/vnd.jupyter.widget-view+json"]; ok {
				t.Errorf("widget view sent to a protocol 1 front end")
			}
			text = append(text, d["text/plain"].(string))
		case "stream":
			text = append(text, content(t, m)["text"].(string))
		}
	}
	all := strings.Join(text, "")
	if !strings.Contains(all, "beta = 0.34 (FloatSlider 0.1 to 1, step 0.01)") || !strings.Contains(all, "protocol 1") || !strings.HasSuffix(all, "beta is 0.34\n") {
		t.Errorf("protocol 1 rendering = %q", all)
	}
}
