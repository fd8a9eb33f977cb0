package session

import (
	"runtime"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/wire"
)

func (s *Session) kernelInfo(c *channel, m *wire.Message) error {
	goVersion := strings.TrimPrefix(runtime.Version(), "go")
	s.reply(c, m, "kernel_info_reply", map[string]any{
		"status":                 "ok",
		"protocol_version":       wire.ProtocolVersion,
		"implementation":         "gophernote",
		"implementation_version": s.cfg.Version,
		"language_info": map[string]any{
			"name":               "go",
			"version":            goVersion,
			"mimetype":           "text/x-go",
			"file_extension":     ".go",
			"pygments_lexer":     "go",
			"codemirror_mode":    "go",
			"nbconvert_exporter": "script",
		},
		"banner":   s.cfg.Banner,
		"debugger": s.cfg.Debugger,
		"help_links": []map[string]string{
			{"text": "Go documentation", "url": "https://go.dev/doc/"},
			{"text": "Go standard library", "url": "https://pkg.go.dev/std"},
		},
	})
	return nil
}

func (s *Session) complete(c *channel, m *wire.Message) error {
	var req struct {
		Code      string `json:"code"`
		CursorPos *int   `json:"cursor_pos"`
	}
	if err := m.DecodeContent(&req); err != nil {
		return s.badContent(c, m, err)
	}
	cursor := len([]rune(req.Code))
	if req.CursorPos != nil {
		cursor = *req.CursorPos
	}
	eng, err := s.engine()
	if err != nil {
		return s.engineUnavailable(c, m, err)
	}
	metadata := map[string]any{}
	var matches []string
	var start, end int
	if tc, ok := eng.(TypedCompleter); ok {
		var items []cell.Completion
		items, start, end = tc.CompleteItems(req.Code, cursor)
		matches = make([]string, len(items))
		types := make([]map[string]any, len(items))
		for i, it := range items {
			matches[i] = it.Text
			types[i] = map[string]any{"start": start, "end": end, "text": it.Text, "type": it.Type, "signature": it.Signature}
		}
		// JupyterLab reads the kinds (its completer's icons) from here,
		// one entry per match, as from ipykernel.
		metadata["_jupyter_types_experimental"] = types
	} else {
		matches, start, end = eng.Complete(req.Code, cursor)
	}
	if matches == nil {
		matches = []string{}
	}
	s.reply(c, m, "complete_reply", map[string]any{
		"status": "ok", "matches": matches, "cursor_start": start, "cursor_end": end,
		"metadata": metadata,
	})
	return nil
}

// TypedCompleter is implemented by engines whose completions carry kinds
// (the engine's *Engine); the session then sends them as complete_reply
// metadata._jupyter_types_experimental.
type TypedCompleter interface {
	CompleteItems(code string, cursor int) (items []cell.Completion, start, end int)
}

func (s *Session) inspect(c *channel, m *wire.Message) error {
	var req struct {
		Code        string `json:"code"`
		CursorPos   *int   `json:"cursor_pos"`
		DetailLevel int    `json:"detail_level"`
	}
	if err := m.DecodeContent(&req); err != nil {
		return s.badContent(c, m, err)
	}
	cursor := len([]rune(req.Code))
	if req.CursorPos != nil {
		cursor = *req.CursorPos
	}
	eng, err := s.engine()
	if err != nil {
		return s.engineUnavailable(c, m, err)
	}
	data, found := eng.Inspect(req.Code, cursor, req.DetailLevel)
	if data == nil {
		data = display.MIME{}
	}
	s.reply(c, m, "inspect_reply", map[string]any{
		"status": "ok", "found": found, "data": data, "metadata": map[string]any{},
	})
	return nil
}

func (s *Session) isComplete(c *channel, m *wire.Message) error {
	var req struct {
		Code string `json:"code"`
	}
	if err := m.DecodeContent(&req); err != nil {
		return s.badContent(c, m, err)
	}
	eng, err := s.engine()
	if err != nil {
		s.reply(c, m, "is_complete_reply", map[string]any{"status": "unknown"})
		return nil
	}
	status, indent := eng.IsComplete(req.Code)
	content := map[string]any{"status": status}
	if status == "incomplete" {
		content["indent"] = indent
	}
	s.reply(c, m, "is_complete_reply", content)
	return nil
}

func (s *Session) engineUnavailable(c *channel, m *wire.Message, err error) error {
	s.reply(c, m, replyType(m.Header.MsgType), errorContent("EngineError", err.Error(), nil))
	return err
}

func (s *Session) shutdown(c *channel, m *wire.Message) error {
	var req struct {
		Restart bool `json:"restart"`
	}
	_ = m.DecodeContent(&req) // a malformed request still shuts down
	s.reply(c, m, "shutdown_reply", map[string]any{"status": "ok", "restart": req.Restart})
	return errShutdown
}

func (s *Session) interrupt(c *channel, m *wire.Message) error {
	s.Interrupt()
	s.reply(c, m, "interrupt_reply", map[string]any{"status": "ok"})
	return nil
}
