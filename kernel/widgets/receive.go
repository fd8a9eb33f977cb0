package widgets

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/internal/widgethost"
)

func init() { widgethost.SetReceiver(receiver{}) }

// receiver handles the comm messages a front end sends (widgethost.Receiver).
type receiver struct{}

// Comms implements widgethost.Receiver: the comms open on the current host.
func (receiver) Comms() map[string]string {
	h := host()
	out := map[string]string{}
	reg.Lock()
	models := make([]*model, 0, len(reg.models))
	for _, m := range reg.models {
		models = append(models, m)
	}
	for id, ch := range reg.controls {
		if ch == h {
			out[id] = targetControl
		}
	}
	reg.Unlock()
	for _, m := range models {
		if m.isOpen(h) {
			out[m.id] = targetWidget
		}
	}
	return out
}

// Receive implements widgethost.Receiver. Every malformed message is
// returned as an error (the session logs it) and otherwise ignored; a
// panic anywhere in the handling is recovered into an error too.
func (receiver) Receive(c cell.Comm) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("widgets: internal error handling %s for comm %s: %v", c.Type, c.ID, r)
		}
	}()
	if c.ID == "" {
		return fmt.Errorf("widgets: %s without a comm_id ignored", c.Type)
	}
	if c.Data == nil {
		c.Data = map[string]any{}
	}
	switch c.Type {
	case "comm_open":
		return receiveOpen(c)
	case "comm_msg":
		return receiveMsg(c)
	case "comm_close":
		return receiveClose(c)
	}
	return fmt.Errorf("widgets: unknown comm message type %q ignored", c.Type)
}

// errUnknownTarget is wrapped by the error Receive returns for a comm_open
// whose target this kernel does not serve; the comm has been closed.
var errUnknownTarget = errors.New("unknown comm target")

func receiveOpen(c cell.Comm) error {
	h := host()
	cs := commSinkAny(h)
	switch c.Target {
	case targetControl:
		if v, _ := c.Metadata["version"].(string); v != "" && majorOf(v) != majorOf(controlVersion) {
			closeComm(cs, c.ID)
			return fmt.Errorf("widgets: %s comm version %q, this kernel speaks %s: closed", targetControl, v, controlVersion)
		}
		reg.Lock()
		_, isModel := reg.models[c.ID]
		if !isModel {
			reg.controls[c.ID] = h
		}
		reg.Unlock()
		if isModel {
			// Comm ids are unique: this one is a widget's. Taking it would
			// cut the widget off; closing it would close the widget.
			return fmt.Errorf("widgets: comm_open for %s with comm id %s, which is a widget's comm: ignored", targetControl, c.ID)
		}
		return nil
	case targetWidget:
		reg.Lock()
		m := reg.models[c.ID]
		_, isControl := reg.controls[c.ID]
		reg.Unlock()
		if m == nil && isControl {
			return fmt.Errorf("widgets: comm_open for %s with comm id %s, which is a %s comm: ignored", targetWidget, c.ID, targetControl)
		}
		if m != nil {
			// The front end re-attaches to a model it lost (a reloaded
			// page restoring state): the comm is the model's again.
			m.mu.Lock()
			m.host = h
			m.mu.Unlock()
			return nil
		}
		return openForeign(c, h, cs)
	case targetVersion:
		// Only protocol 1 front ends (ipywidgets 6, jupyter-js-widgets 2)
		// open this comm: from now on widgets render as text there.
		reg.Lock()
		reg.v1 = h
		reg.Unlock()
		closeComm(cs, c.ID)
		return fmt.Errorf("widgets: the front end speaks Jupyter widgets protocol 1 (it opened %s); widgets need protocol 2 and will be shown as text", targetVersion)
	}
	closeComm(cs, c.ID)
	return fmt.Errorf("widgets: comm_open for target %q: %w; comm %s closed", c.Target, errUnknownTarget, c.ID)
}

// openForeign accepts a model the front end creates (protocol 2: comm_open
// with data {state, buffer_paths}). The kernel keeps its state in sync and
// returns it in update_states; it has no Go API.
func openForeign(c cell.Comm, h widgethost.Host, cs cell.CommSink) error {
	st, ok := c.Data["state"].(map[string]any)
	if !ok {
		closeComm(cs, c.ID)
		return fmt.Errorf("widgets: comm_open for %s %s has no state object (data.state is %s): closed", targetWidget, c.ID, jsonKind(c.Data["state"]))
	}
	if v, _ := c.Metadata["version"].(string); v != "" && majorOf(v) != majorOf(ProtocolVersion) {
		closeComm(cs, c.ID)
		return fmt.Errorf("widgets: comm_open for %s speaks widget protocol %q, this kernel %s: closed", c.ID, v, ProtocolVersion)
	}
	for _, k := range []string{"_model_name", "_model_module", "_model_module_version"} {
		if _, ok := st[k].(string); !ok {
			closeComm(cs, c.ID)
			return fmt.Errorf("widgets: comm_open for %s: state.%s is %s, want a string: closed", c.ID, k, jsonKind(st[k]))
		}
	}
	if err := putBuffers(st, c.Data["buffer_paths"], c.Buffers); err != nil {
		closeComm(cs, c.ID)
		return fmt.Errorf("widgets: comm_open for %s: %v: closed", c.ID, err)
	}
	m := &model{id: c.ID, state: st, host: h, anyKey: true}
	m.set = func(key string, v any, _ map[string]any) (any, error) { return v, nil }
	m.describe = func() string { return fmt.Sprintf("%v (created by the front end)", st["_model_name"]) }
	reg.Lock()
	reg.models[c.ID] = m
	reg.foreign[c.ID] = true
	reg.Unlock()
	return nil
}

func receiveMsg(c cell.Comm) error {
	h := host()
	reg.Lock()
	m := reg.models[c.ID]
	_, isControl := reg.controls[c.ID]
	reg.Unlock()
	method, _ := c.Data["method"].(string)
	if isControl {
		if method != "request_states" {
			return fmt.Errorf("widgets: control comm %s: method %q, want request_states: ignored", c.ID, method)
		}
		sendStates(c.ID, h)
		return nil
	}
	if m == nil || !m.isOpen(h) {
		return fmt.Errorf("widgets: comm_msg for unknown comm %s ignored", c.ID)
	}
	switch method {
	case "update":
		return m.receiveUpdate(c.Data, c.Buffers)
	case "request_state":
		st, paths, bufs := m.fullState()
		m.send(map[string]any{"method": "update", "state": st, "buffer_paths": paths}, bufs)
		return nil
	case "custom":
		content, ok := c.Data["content"].(map[string]any)
		if !ok {
			return fmt.Errorf("widgets: custom message for %s: content is %s, want an object: ignored", c.ID, jsonKind(c.Data["content"]))
		}
		if m.custom == nil {
			return fmt.Errorf("widgets: custom message for %s (%s), which takes none: ignored", c.ID, m.get("_model_name"))
		}
		m.custom(content, c.Buffers)
		return nil
	case "":
		return fmt.Errorf("widgets: comm_msg for %s without a method: ignored", c.ID)
	}
	return fmt.Errorf("widgets: comm_msg for %s: unknown method %q ignored", c.ID, method)
}

func receiveClose(c cell.Comm) error {
	reg.Lock()
	defer reg.Unlock()
	if _, ok := reg.controls[c.ID]; ok {
		delete(reg.controls, c.ID)
		return nil
	}
	m := reg.models[c.ID]
	if m == nil {
		return fmt.Errorf("widgets: comm_close for unknown comm %s ignored", c.ID)
	}
	// The front end closed the model; a later display opens it again.
	m.mu.Lock()
	m.host = nil
	m.mu.Unlock()
	if reg.foreign[c.ID] {
		delete(reg.models, c.ID)
		delete(reg.foreign, c.ID)
	}
	return nil
}

// receiveUpdate applies a state update from the front end: the buffers go
// in place, every known settable key is checked and stored, the received
// values are echoed (echo_update, protocol 2.1) before anything else is
// sent, corrected values (a value clamped to a slider's range) follow as
// an update, and then the observers of the changed keys run.
func (m *model) receiveUpdate(data map[string]any, buffers [][]byte) error {
	st, ok := data["state"].(map[string]any)
	if !ok {
		return fmt.Errorf("widgets: update for %s: state is %s, want an object: ignored", m.id, jsonKind(data["state"]))
	}
	if err := putBuffers(st, data["buffer_paths"], buffers); err != nil {
		return fmt.Errorf("widgets: update for %s: %v: ignored", m.id, err)
	}
	var errs []string
	echo := map[string]any{}
	fix := map[string]any{}
	changed := map[string]any{}
	m.mu.Lock()
	for _, k := range sortedKeys(st) {
		raw := st[k]
		old, known := m.state[k]
		if !known && !m.anyKey || m.set == nil || strings.HasPrefix(k, "_model_") || strings.HasPrefix(k, "_view_module") || k == "_view_name" {
			errs = append(errs, fmt.Sprintf("key %q cannot be set from the front end", k))
			continue
		}
		v, err := m.set(k, raw, m.state)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", k, err))
			continue
		}
		echo[k] = raw
		if !sameJSON(jsonValue(v), raw) {
			fix[k] = v
		}
		if !equal(old, v) {
			m.state[k] = v
			changed[k] = v
		}
	}
	m.mu.Unlock()
	m.sendState("echo_update", echo)
	m.sendState("update", fix)
	if len(changed) > 0 {
		m.notify(sortedKeys(changed))
	}
	if len(errs) > 0 {
		return fmt.Errorf("widgets: update for %s (%v): %s: ignored", m.id, m.get("_model_name"), strings.Join(errs, "; "))
	}
	return nil
}

// sendStates answers request_states on a control comm with every model
// open on h.
func sendStates(commID string, h widgethost.Host) {
	cs := commSinkAny(h)
	if cs == nil {
		return
	}
	reg.Lock()
	models := make([]*model, 0, len(reg.models))
	for _, m := range reg.models {
		models = append(models, m)
	}
	reg.Unlock()
	sort.Slice(models, func(i, j int) bool { return models[i].id < models[j].id })
	states := map[string]any{}
	for _, m := range models {
		if !m.isOpen(h) {
			continue
		}
		m.mu.Lock()
		st := jsonState(m.state)
		m.mu.Unlock()
		states[m.id] = map[string]any{
			"model_name":           st["_model_name"],
			"model_module":         st["_model_module"],
			"model_module_version": st["_model_module_version"],
			"state":                st,
		}
	}
	st, paths, bufs := removeBuffers(states)
	_ = cs.SendComm(cell.Comm{Type: "comm_msg", ID: commID,
		Data: map[string]any{"method": "update_states", "states": st, "buffer_paths": paths}, Buffers: bufs})
}

// commSinkAny is commSink without the protocol-1 check (for replies on
// comms the front end opened).
func commSinkAny(h widgethost.Host) cell.CommSink {
	if h == nil {
		return nil
	}
	cs, _ := h.Sink().(cell.CommSink)
	return cs
}

func closeComm(cs cell.CommSink, id string) {
	if cs != nil {
		_ = cs.SendComm(cell.Comm{Type: "comm_close", ID: id, Data: map[string]any{}})
	}
}

func majorOf(v string) string {
	major, _, _ := strings.Cut(v, ".")
	return major
}
