package session

import (
	"context"
	"errors"
	"fmt"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/wire"
)

// cellSink turns one cell's outputs into iopub messages parented to its
// execute_request, and its input requests into stdin round trips.
type cellSink struct {
	s          *Session
	parent     *wire.Message
	ctx        context.Context
	allowStdin bool
}

var _ cell.Sink = (*cellSink)(nil)

func (k *cellSink) Stream(name, text string) {
	if name != "stdout" && name != "stderr" {
		name = "stdout"
	}
	k.s.publish("stream", map[string]any{"name": name, "text": text}, k.parent)
}

func (k *cellSink) Display(b display.Bundle, update bool) {
	content := map[string]any{"data": mimeOrEmpty(b.Data), "metadata": metaOrEmpty(b.Metadata), "transient": map[string]any{}}
	if b.ID != "" {
		content["transient"] = map[string]any{"display_id": b.ID}
	}
	msgType := "display_data"
	if update {
		if b.ID == "" {
			k.s.logf("update_display_data without a display id: sent as display_data")
		} else {
			msgType = "update_display_data"
		}
	}
	k.s.publish(msgType, content, k.parent)
}

func (k *cellSink) Clear(wait bool) {
	k.s.publish("clear_output", map[string]any{"wait": wait}, k.parent)
}

// ErrNoStdin is returned by Input when the front end does not accept input
// requests (allow_stdin false).
var ErrNoStdin = errors.New("input requested but this front end does not support stdin (allow_stdin is false)")

// Input sends input_request on the stdin channel to the client that sent
// the execute_request and waits for its input_reply (or an interrupt).
func (k *cellSink) Input(prompt string, password bool) (string, error) {
	if !k.allowStdin {
		return "", ErrNoStdin
	}
	s := k.s
	s.inputMu.Lock()
	defer s.inputMu.Unlock()
	// Drop a stale reply left by an earlier, interrupted request.
	select {
	case <-s.inputReplies:
	default:
	}
	m, err := wire.New(s.id, "input_request", map[string]any{"prompt": prompt, "password": password}, k.parent)
	if err != nil {
		return "", err
	}
	if err := s.socks.stdin.send(s.signer.Encode(m)); err != nil {
		return "", err
	}
	select {
	case r := <-s.inputReplies:
		var c struct {
			Value  *string `json:"value"`
			Status string  `json:"status"`
		}
		if err := r.DecodeContent(&c); err != nil {
			return "", err
		}
		if c.Value == nil {
			return "", fmt.Errorf("input_reply has no value (status %q)", c.Status)
		}
		return *c.Value, nil
	case <-k.ctx.Done():
		return "", fmt.Errorf("input interrupted: %w", k.ctx.Err())
	}
}

// serveStdin reads input_reply messages and hands them to the waiting
// Input call.
func (s *Session) serveStdin() {
	for {
		m, err := s.recv(s.socks.stdin)
		if err != nil {
			return
		}
		if m == nil {
			continue
		}
		if m.Header.MsgType != "input_reply" {
			s.logf("stdin: unexpected %q ignored", m.Header.MsgType)
			continue
		}
		select {
		case s.inputReplies <- m:
		default:
			s.logf("stdin: input_reply with no pending input_request dropped")
		}
	}
}
