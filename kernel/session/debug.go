package session

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/gophernote/gophernote/kernel/wire"
)

// Jupyter's debugger (messaging spec "Debug request"): debug_request on
// control carries a Debug Adapter Protocol request, debug_reply its
// response, and debug_event on iopub the adapter's events. dispatch
// publishes busy and idle parented to each debug_request, which
// JupyterLab waits for. Control requests are served while a cell runs,
// so a cell stopped at a breakpoint is inspected, stepped and continued
// through them; shell requests sent meanwhile wait their turn.

// DebugEngine is implemented by engines with a debugger
// (kernel/debugger.Remote).
type DebugEngine interface {
	// DebugRequest answers one DAP request (JSON) with its response.
	DebugRequest(ctx context.Context, request json.RawMessage) (json.RawMessage, error)
	// DebugEvents sets the function DAP events (JSON) go to.
	DebugEvents(func(event json.RawMessage))
}

// debugState is the parent of the debug events: the last debug_request.
type debugState struct {
	mu     sync.Mutex
	parent *wire.Message
	wired  bool
}

func (s *Session) debugRequest(c *channel, m *wire.Message) error {
	var req json.RawMessage
	if err := m.DecodeContent(&req); err != nil {
		return s.badContent(c, m, err)
	}
	eng, err := s.engine()
	if err != nil {
		return s.engineUnavailable(c, m, err)
	}
	de, ok := eng.(DebugEngine)
	if !ok {
		s.reply(c, m, "debug_reply", dapError(req, "this kernel's engine has no debugger"))
		return nil
	}
	s.dbg.mu.Lock()
	s.dbg.parent = m
	if !s.dbg.wired {
		s.dbg.wired = true
		de.DebugEvents(func(ev json.RawMessage) {
			s.dbg.mu.Lock()
			parent := s.dbg.parent
			s.dbg.mu.Unlock()
			s.publish("debug_event", ev, parent)
		})
	}
	s.dbg.mu.Unlock()
	res, err := de.DebugRequest(s.ctx, req)
	if err != nil {
		s.reply(c, m, "debug_reply", dapError(req, err.Error()))
		return nil
	}
	s.reply(c, m, "debug_reply", res)
	return nil
}

// dapError is a DAP error response to req (which may be malformed).
func dapError(req json.RawMessage, msg string) map[string]any {
	var head struct {
		Seq     int    `json:"seq"`
		Command string `json:"command"`
	}
	json.Unmarshal(req, &head)
	return map[string]any{
		"seq": 0, "type": "response", "request_seq": head.Seq, "success": false, "command": head.Command,
		"message": msg, "body": map[string]any{"error": map[string]any{"id": 1, "format": fmt.Sprint(msg)}},
	}
}
