package widgets

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/internal/widgethost"
)

// Versions of the Jupyter widgets specification this package speaks
// (ipywidgets 8, @jupyter-widgets/base 6, @jupyter-widgets/controls 5).
const (
	// ProtocolVersion is the widget messaging protocol version, sent in the
	// metadata of every comm_open.
	ProtocolVersion = "2.1.0"
	controlsVersion = "2.0.0" // model spec of @jupyter-widgets/controls
	baseVersion     = "2.0.0" // model spec of @jupyter-widgets/base
	outputVersion   = "1.0.0" // model spec of @jupyter-widgets/output
	// controlVersion is the version of the jupyter.widget.control comm.
	controlVersion = "1.0.0"
	// viewMIME is the MIME type of a widget view in a display bundle.
	viewMIME = "application/vnd.jupyter.widget-view+json"
)

// Comm targets.
const (
	targetWidget  = "jupyter.widget"
	targetControl = "jupyter.widget.control"
	targetVersion = "jupyter.widget.version" // protocol 1 front ends (ipywidgets 6)
)

// Widget is implemented by every widget of this package.
type Widget interface {
	// ModelID is the widget's model (and comm) id.
	ModelID() string
	// Display returns the bundle that shows the widget: a widget view for a
	// front end that holds widgets, a text rendering otherwise.
	Display() display.Bundle
}

// modeler is implemented by the widgets of this package.
type modeler interface{ base() *model }

// model is the kernel side of one widget model: its synchronised state
// and its comm.
type model struct {
	id string

	mu    sync.Mutex
	state map[string]any // Go values: bool, int, float64, string, []string, []any, map[string]any, []byte, model refs
	// host is the host the comm was opened on (nil: not open). A model is
	// open only on the host that is current, so a new engine starts with
	// every comm closed.
	host widgethost.Host

	// set checks a state value received from the front end; it returns
	// the value to store (possibly corrected) or an error naming what is
	// wrong. It is called with mu held and st the model's state. nil: no
	// key is settable from the front end.
	set func(key string, v any, st map[string]any) (any, error)
	// anyKey: the front end may add keys (models it created).
	anyKey bool
	// custom handles a custom message from the front end.
	custom func(content map[string]any, buffers [][]byte)
	// refs returns the models this one references (children, outputs), which
	// must be opened first.
	refs func() []*model
	// describe renders the widget as one line of text.
	describe func() string

	observers []func(keys []string) // called after the state changed, outside mu

	out  *Output // explicit output of callbacks (SetOutput)
	area *Output // output area of the latest display that showed this widget
	view *model  // the VBox [widget, area] this widget displays as
}

// registry knows every model by id, the open control comms and what the
// front end told us about itself.
var reg = struct {
	sync.Mutex
	models   map[string]*model
	controls map[string]widgethost.Host // open jupyter.widget.control comms
	foreign  map[string]bool            // models opened by the front end
	v1       widgethost.Host            // host whose front end speaks protocol 1
}{models: map[string]*model{}, controls: map[string]widgethost.Host{}, foreign: map[string]bool{}}

func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}

// newModel registers a model with the given model and view names.
func newModel(module, moduleVersion, name, viewName string, state map[string]any) *model {
	m := &model{id: newID(), state: map[string]any{
		"_model_module":         module,
		"_model_module_version": moduleVersion,
		"_model_name":           name,
		"_view_module":          module,
		"_view_module_version":  moduleVersion,
		"_view_name":            viewName,
		"_view_count":           nil,
	}}
	for k, v := range state {
		m.state[k] = v
	}
	reg.Lock()
	reg.models[m.id] = m
	reg.Unlock()
	return m
}

// controlModel is a model of @jupyter-widgets/controls with the DOMWidget
// attributes every control has.
func controlModel(name, view string, state map[string]any) *model {
	base := map[string]any{
		"_dom_classes": []string{},
		"layout":       nil,
		"tabbable":     nil,
		"tooltip":      nil,
	}
	for k, v := range state {
		base[k] = v
	}
	return newModel("@jupyter-widgets/controls", controlsVersion, name, view, base)
}

func (m *model) base() *model { return m }

func (m *model) get(key string) any {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state[key]
}

// host returns the current host, nil when no interpreter installed one.
func host() widgethost.Host { return widgethost.Current() }

// commSink returns the comm sink of the running request, or nil when no
// front end that holds widgets is connected.
func commSink(h widgethost.Host) cell.CommSink {
	if h == nil {
		return nil
	}
	cs, ok := h.Sink().(cell.CommSink)
	if !ok {
		return nil
	}
	reg.Lock()
	v1 := reg.v1 == h
	reg.Unlock()
	if v1 {
		return nil
	}
	return cs
}

// live reports whether widgets are shown as live views (a front end that
// speaks protocol 2 is connected) rather than rendered statically.
func live() bool { return commSink(host()) != nil }

// stateMsg returns the full state (with buffers split off) for comm_open
// and request_state replies.
func (m *model) fullState() (map[string]any, [][]any, [][]byte) {
	m.mu.Lock()
	st := make(map[string]any, len(m.state))
	for k, v := range m.state {
		st[k] = v
	}
	m.mu.Unlock()
	return removeBuffers(jsonState(st))
}

// open sends comm_open for m (and first for every model it references)
// unless it is already open on the current host. It reports whether m is
// open.
func (m *model) open(cs cell.CommSink, h widgethost.Host) bool {
	return m.openSeen(cs, h, map[*model]bool{})
}

func (m *model) openSeen(cs cell.CommSink, h widgethost.Host, seen map[*model]bool) bool {
	if seen[m] {
		return true
	}
	seen[m] = true
	if m.refs != nil {
		for _, r := range m.refs() {
			r.openSeen(cs, h, seen)
		}
	}
	m.mu.Lock()
	if m.host == h {
		m.mu.Unlock()
		return true
	}
	m.host = h
	m.mu.Unlock()
	reg.Lock()
	reg.models[m.id] = m // again, after Close
	reg.Unlock()
	st, paths, bufs := m.fullState()
	err := cs.SendComm(cell.Comm{
		Type: "comm_open", ID: m.id, Target: targetWidget,
		Data:     map[string]any{"state": st, "buffer_paths": paths},
		Metadata: map[string]any{"version": ProtocolVersion},
		Buffers:  bufs,
	})
	if err != nil {
		m.mu.Lock()
		m.host = nil
		m.mu.Unlock()
		return false
	}
	return true
}

// isOpen reports whether m's comm is open on h.
func (m *model) isOpen(h widgethost.Host) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return h != nil && m.host == h
}

// send sends data on m's comm when it is open on the current host.
func (m *model) send(data map[string]any, buffers [][]byte) {
	h := host()
	cs := commSink(h)
	if cs == nil || !m.isOpen(h) {
		return
	}
	_ = cs.SendComm(cell.Comm{Type: "comm_msg", ID: m.id, Data: data, Buffers: buffers})
}

// sendState sends an update (method "update" or "echo_update") for state.
func (m *model) sendState(method string, state map[string]any) {
	if len(state) == 0 {
		return
	}
	st, paths, bufs := removeBuffers(jsonState(state))
	m.send(map[string]any{"method": method, "state": st, "buffer_paths": paths}, bufs)
}

// setState changes state keys from Go code: the front end gets an update
// and observers of changed keys run. Values equal to the current ones are
// not sent.
func (m *model) setState(kv map[string]any) {
	changed := map[string]any{}
	m.mu.Lock()
	for k, v := range kv {
		if old, ok := m.state[k]; ok && equal(old, v) {
			continue
		}
		m.state[k] = v
		changed[k] = v
	}
	m.mu.Unlock()
	if len(changed) == 0 {
		return
	}
	m.sendState("update", changed)
	m.notify(sortedKeys(changed))
}

// notify runs m's observers for the changed keys.
func (m *model) notify(keys []string) {
	m.mu.Lock()
	obs := append([]func([]string){}, m.observers...)
	m.mu.Unlock()
	for _, o := range obs {
		o(keys)
	}
}

// observe adds an observer of keys (any key when keys is empty).
func (m *model) observe(f func(), keys ...string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.observers = append(m.observers, func(changed []string) {
		if len(keys) == 0 || overlaps(changed, keys) {
			runCallback(m, f)
		}
	})
}

func overlaps(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// equal compares two state values (scalars by value, others never equal).
func equal(a, b any) bool {
	switch x := a.(type) {
	case bool, int, string:
		return a == b
	case float64:
		y, ok := b.(float64)
		return ok && (x == y || math.IsNaN(x) && math.IsNaN(y))
	case nil:
		return b == nil
	case *model:
		return a == b
	}
	return false
}

// jsonState converts Go state values to what goes on the wire: model
// references become "IPY_MODEL_<id>", []string and []*model lists.
func jsonState(st map[string]any) map[string]any {
	out := make(map[string]any, len(st))
	for k, v := range st {
		out[k] = jsonValue(v)
	}
	return out
}

func jsonValue(v any) any {
	switch x := v.(type) {
	case *model:
		if x == nil {
			return nil
		}
		return "IPY_MODEL_" + x.id
	case []*model:
		l := make([]any, len(x))
		for i, c := range x {
			l[i] = jsonValue(c)
		}
		return l
	case []string:
		l := make([]any, len(x))
		for i, s := range x {
			l[i] = s
		}
		return l
	case float64:
		// JSON has no NaN or infinities; the front end would reject the
		// whole message.
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		return x
	case map[string]any:
		return jsonState(x)
	case []any:
		l := make([]any, len(x))
		for i, c := range x {
			l[i] = jsonValue(c)
		}
		return l
	}
	return v
}

// modelOf returns the model of a widget of this package.
func modelOf(w Widget) (*model, error) {
	if w == nil {
		return nil, fmt.Errorf("widgets: nil widget")
	}
	mw, ok := w.(modeler)
	if !ok || mw.base() == nil {
		return nil, fmt.Errorf("widgets: %T is not a widget of package widgets", w)
	}
	return mw.base(), nil
}

// sameJSON reports whether a and b encode to the same JSON.
func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}
