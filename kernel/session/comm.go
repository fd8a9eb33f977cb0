package session

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/wire"
)

// The comm protocol (messaging spec "Custom messages"), which Jupyter
// widgets are built on. comm_open, comm_msg and comm_close arrive on shell
// and are handled by the worker like execute requests, so what they
// trigger (widget callbacks) is serialised with cells; dispatch publishes
// busy and idle parented to each of them, which the widget front end waits
// for before it sends the next update. The engine owns the comm targets
// (CommEngine); a message the engine cannot use is logged and ignored, and
// a comm_open it cannot serve is answered with comm_close.

// CommEngine is implemented by engines that serve comm targets
// (*engine.Engine: the interactive widgets of kernel/widgets).
type CommEngine interface {
	// Comm handles one incoming comm message with output (and the comm
	// messages it sends back) going to sink; cancelling ctx interrupts the
	// callbacks it runs. The error describes a message that was ignored.
	Comm(ctx context.Context, c cell.Comm, sink cell.Sink) error
	// Comms returns the open comms: comm_id -> target_name.
	Comms() map[string]string
}

// commContent is the content of comm_open, comm_msg and comm_close.
type commContent struct {
	CommID     *string         `json:"comm_id"`
	TargetName *string         `json:"target_name"`
	Data       json.RawMessage `json:"data"`
}

// decodeComm checks an incoming comm message and converts it. Its error
// names what is wrong.
func decodeComm(m *wire.Message) (cell.Comm, error) {
	typ := m.Header.MsgType
	var ct commContent
	if err := json.Unmarshal(m.Content, &ct); err != nil {
		return cell.Comm{}, fmt.Errorf("%s: content is not a JSON object: %v", typ, err)
	}
	if ct.CommID == nil || *ct.CommID == "" {
		return cell.Comm{}, fmt.Errorf("%s: no comm_id", typ)
	}
	c := cell.Comm{Type: typ, ID: *ct.CommID, Data: map[string]any{}, Buffers: m.Buffers}
	if typ == "comm_open" {
		if ct.TargetName == nil || *ct.TargetName == "" {
			return c, fmt.Errorf("comm_open %s: no target_name", c.ID)
		}
		c.Target = *ct.TargetName
	}
	if len(ct.Data) > 0 && string(ct.Data) != "null" {
		if err := json.Unmarshal(ct.Data, &c.Data); err != nil || c.Data == nil {
			return c, fmt.Errorf("%s %s: data is not a JSON object", typ, c.ID)
		}
	}
	if len(m.Metadata) > 0 && string(m.Metadata) != "{}" {
		var md map[string]any
		if err := json.Unmarshal(m.Metadata, &md); err == nil {
			c.Metadata = md
		}
	}
	return c, nil
}

// comm serves comm_open, comm_msg and comm_close.
func (s *Session) comm(c *channel, m *wire.Message) error {
	if c != s.socks.shell {
		// On control it would wait for a running cell and block interrupts.
		return fmt.Errorf("%s on the %s channel ignored (comm messages go on shell)", m.Header.MsgType, c.name)
	}
	cm, err := decodeComm(m)
	if err != nil {
		if m.Header.MsgType == "comm_open" && cm.ID != "" {
			s.closeComm(cm.ID, m)
		}
		return fmt.Errorf("malformed message ignored: %v", err)
	}
	eng, err := s.engine()
	var ce CommEngine
	if err == nil {
		ce, _ = eng.(CommEngine)
	}
	if ce == nil {
		if cm.Type == "comm_open" {
			s.closeComm(cm.ID, m)
			return fmt.Errorf("comm_open: no comm target %q; comm %s closed", cm.Target, cm.ID)
		}
		return fmt.Errorf("%s for comm %s ignored: no comm targets", cm.Type, cm.ID)
	}
	ctx, done := s.interruptible()
	defer done()
	sink := &cellSink{s: s, parent: m, ctx: ctx}
	if err := ce.Comm(ctx, cm, sink); err != nil {
		return fmt.Errorf("%s %s: %v", cm.Type, cm.ID, err)
	}
	return nil
}

// closeComm publishes comm_close for id, parented to m.
func (s *Session) closeComm(id string, parent *wire.Message) {
	s.publish("comm_close", map[string]any{"comm_id": id, "data": map[string]any{}}, parent)
}

// commInfo answers comm_info_request with the open comms, filtered by
// target_name when the request gives one.
func (s *Session) commInfo(c *channel, m *wire.Message) error {
	var req struct {
		TargetName *string `json:"target_name"`
	}
	if err := m.DecodeContent(&req); err != nil {
		return s.badContent(c, m, err)
	}
	comms := map[string]any{}
	if eng, err := s.engine(); err == nil {
		if ce, ok := eng.(CommEngine); ok {
			for id, target := range ce.Comms() {
				if req.TargetName == nil || *req.TargetName == "" || *req.TargetName == target {
					comms[id] = map[string]string{"target_name": target}
				}
			}
		}
	}
	s.reply(c, m, "comm_info_reply", map[string]any{"status": "ok", "comms": comms})
	return nil
}

var _ cell.CommSink = (*cellSink)(nil)

// SendComm implements cell.CommSink: c goes out on iopub, parented to the
// sink's request, with its metadata and binary buffers.
func (k *cellSink) SendComm(c cell.Comm) error {
	content := map[string]any{"comm_id": c.ID, "data": c.Data}
	if c.Data == nil {
		content["data"] = map[string]any{}
	}
	switch c.Type {
	case "comm_open":
		content["target_name"] = c.Target
		content["target_module"] = nil
	case "comm_msg", "comm_close":
	default:
		return fmt.Errorf("SendComm: message type %q is not a comm message", c.Type)
	}
	s := k.s
	m, err := wire.New(s.id, c.Type, content, k.parent)
	if err != nil {
		s.logf("iopub: %v", err)
		return err
	}
	if len(c.Metadata) > 0 {
		md, err := json.Marshal(c.Metadata)
		if err != nil {
			return fmt.Errorf("SendComm: metadata: %v", err)
		}
		m.Metadata = md
	}
	m.Buffers = c.Buffers
	m.Identities = [][]byte{[]byte(s.topic(c.Type))}
	if err := s.socks.iopub.send(s.signer.Encode(m)); err != nil {
		s.logf("%v", err)
		return err
	}
	return nil
}
