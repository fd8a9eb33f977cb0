package worker

import (
	"bytes"
	"encoding/json"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
)

// EngineOptions are the engine.Options a worker builds its engine with
// (the parts that can cross a process boundary; Idle is Options.Idle).
type EngineOptions struct {
	Sandbox         bool     `json:"sandbox,omitempty"`
	Args            []string `json:"args,omitempty"`
	DetectDeadlocks bool     `json:"detect_deadlocks,omitempty"`
	File            string   `json:"file,omitempty"`
}

// The bodies of the requests, replies and events (see the package doc).
type (
	startReq struct {
		Engine EngineOptions `json:"engine"`
		// Idle: the client has an idle sink; output of goroutines that
		// outlive their cell goes to it (ref 0) rather than to the sink
		// of the last cell.
		Idle bool `json:"idle,omitempty"`
	}
	startRes struct {
		PID         int    `json:"pid"`
		MemoryLimit int64  `json:"memory_limit"` // runtime/debug.SetMemoryLimit, bytes (0: none)
		AddressRoom int64  `json:"address_room"` // RLIMIT_AS, bytes (0: none)
		LimitSource string `json:"limit_source"` // where the limit came from
	}
	executeReq struct {
		Code string `json:"code"`
		// Comms: the cell's sink is a cell.CommSink (widgets are live).
		Comms bool `json:"comms,omitempty"`
		// GoOnly: the code is Go only, never magics (cell.GoOnly: the
		// session's user_expressions).
		GoOnly bool `json:"go_only,omitempty"`
	}
	resultMsg struct {
		Value *bundleMsg `json:"value,omitempty"`
		Err   *errorMsg  `json:"error,omitempty"`
	}
	errorMsg struct {
		Name      string   `json:"ename"`
		Value     string   `json:"evalue"`
		Traceback []string `json:"traceback"`
	}
	bundleMsg struct {
		Data     map[string]json.RawMessage `json:"data,omitempty"`
		Metadata map[string]any             `json:"metadata,omitempty"`
		ID       string                     `json:"id,omitempty"`
	}
	completeReq struct {
		Code   string `json:"code"`
		Cursor int    `json:"cursor"`
	}
	completeRes struct {
		Items []completionMsg `json:"items"`
		Start int             `json:"start"`
		End   int             `json:"end"`
	}
	completionMsg struct {
		Text      string `json:"text"`
		Type      string `json:"type,omitempty"`
		Signature string `json:"signature,omitempty"`
	}
	inspectReq struct {
		Code   string `json:"code"`
		Cursor int    `json:"cursor"`
		Detail int    `json:"detail"`
	}
	inspectRes struct {
		Data  map[string]json.RawMessage `json:"data,omitempty"`
		Found bool                       `json:"found"`
	}
	isCompleteReq struct {
		Code string `json:"code"`
	}
	isCompleteRes struct {
		Status string `json:"status"`
		Indent string `json:"indent,omitempty"`
	}
	commMsg struct {
		Type     string         `json:"type"`
		ID       string         `json:"id"`
		Target   string         `json:"target,omitempty"`
		Data     map[string]any `json:"data"`
		Metadata map[string]any `json:"metadata,omitempty"`
		Comms    bool           `json:"comms,omitempty"` // request: the sink is a CommSink
	}
	commRes struct {
		Err string `json:"error,omitempty"`
	}
	commsRes struct {
		Comms map[string]string `json:"comms"`
	}
	streamEv struct {
		Name string `json:"name"`
		Text string `json:"text,omitempty"` // empty: the text is the message's first buffer
	}
	displayEv struct {
		Bundle bundleMsg `json:"bundle"`
		Update bool      `json:"update,omitempty"`
	}
	clearEv struct {
		Wait bool `json:"wait,omitempty"`
	}
	inputReq struct {
		Prompt   string `json:"prompt"`
		Password bool   `json:"password,omitempty"`
	}
	inputRes struct {
		Value string `json:"value"`
		Err   string `json:"error,omitempty"`
	}
	statsRes struct {
		RSS       int64  `json:"rss"`        // VmRSS, bytes
		HeapInUse uint64 `json:"heap_inuse"` // runtime.MemStats.HeapInuse
		Released  uint64 `json:"released"`   // runtime.MemStats.HeapReleased
	}
)

func toErrorMsg(e *cell.Error) *errorMsg {
	if e == nil {
		return nil
	}
	return &errorMsg{Name: e.Name, Value: e.Value, Traceback: e.Traceback}
}

func (e *errorMsg) cell() *cell.Error {
	if e == nil {
		return nil
	}
	return &cell.Error{Name: e.Name, Value: e.Value, Traceback: e.Traceback}
}

// encodeMIME encodes a bundle's data value by value, so that a value
// that cannot be encoded costs only itself (it is named in the log).
func encodeMIME(m display.MIME, logf func(string, ...any)) map[string]json.RawMessage {
	if m == nil {
		return nil
	}
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		b, err := json.Marshal(v)
		if err != nil {
			logf("display: %s dropped: %v", k, err)
			continue
		}
		out[k] = b
	}
	return out
}

// decodeMIME turns encoded data back into a MIME: strings become strings
// again (front ends and `gophernote run` read text and base64 images as
// strings); other values stay encoded, so that they are sent as they were
// made (a struct's fields in their order, numbers digit for digit).
func decodeMIME(m map[string]json.RawMessage) display.MIME {
	if m == nil {
		return nil
	}
	out := make(display.MIME, len(m))
	for k, raw := range m {
		if len(raw) > 0 && raw[0] == '"' {
			var s string
			if json.Unmarshal(raw, &s) == nil {
				out[k] = s
				continue
			}
		}
		out[k] = raw
	}
	return out
}

func toBundleMsg(b display.Bundle, logf func(string, ...any)) bundleMsg {
	return bundleMsg{Data: encodeMIME(b.Data, logf), Metadata: b.Metadata, ID: b.ID}
}

func (b bundleMsg) bundle() display.Bundle {
	return display.Bundle{Data: decodeMIME(b.Data), Metadata: b.Metadata, ID: b.ID}
}

// decodePlain decodes raw JSON as encoding/json does by default (numbers
// as float64): what the session hands the engine for comm messages from
// the front end.
func decodePlain(raw json.RawMessage, v any) error {
	if len(raw) == 0 {
		return nil
	}
	return json.NewDecoder(bytes.NewReader(raw)).Decode(v)
}
