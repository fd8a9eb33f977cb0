// Package wire converts Jupyter messages to and from ZeroMQ frames.
//
// A message on the wire (Jupyter messaging protocol 5.x) is
//
//	[identities...] "<IDS|MSG>" signature header parent_header metadata content [buffers...]
//
// where signature is the lowercase hex HMAC of the four JSON frames that
// follow it, keyed by the connection file's key. An empty key disables
// signing: the signature frame is then empty and is not checked.
package wire

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"time"
)

// ProtocolVersion is the Jupyter messaging protocol version this package
// speaks; it goes in every header this kernel writes.
const ProtocolVersion = "5.3"

// Delimiter separates routing identities from the signed message parts.
const Delimiter = "<IDS|MSG>"

// Header is the header (and parent_header) of a Jupyter message.
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is one decoded Jupyter message.
type Message struct {
	// Identities are the ZeroMQ routing frames before the delimiter. A reply
	// on a ROUTER socket must carry the request's identities.
	Identities [][]byte
	Header     Header
	// RawHeader is the header exactly as received (nil for messages built
	// locally); replies echo it as their parent_header so no field the
	// client sent is lost.
	RawHeader json.RawMessage
	// ParentHeader, Metadata and Content are raw JSON objects.
	ParentHeader json.RawMessage
	Metadata     json.RawMessage
	Content      json.RawMessage
	Buffers      [][]byte
}

// NewID returns a random message or session id (32 hex digits).
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}

// Now formats the current time as the protocol's ISO 8601 date.
func Now() string {
	return time.Now().UTC().Format("2006-01-02T15:04:05.000000Z")
}

// New builds a message of type msgType with the given content, parented to
// parent (which may be nil for unsolicited messages). The reply goes to
// parent's identities. content is marshalled with encoding/json; a value
// that cannot be marshalled is a programming error and yields an error.
func New(session, msgType string, content any, parent *Message) (*Message, error) {
	body, err := json.Marshal(content)
	if err != nil {
		return nil, &MarshalError{MsgType: msgType, Err: err}
	}
	m := &Message{
		Header: Header{
			MsgID:    NewID(),
			Session:  session,
			Username: "gophernote",
			Date:     Now(),
			MsgType:  msgType,
			Version:  ProtocolVersion,
		},
		ParentHeader: json.RawMessage("{}"),
		Metadata:     json.RawMessage("{}"),
		Content:      body,
	}
	if parent != nil {
		m.Identities = parent.Identities
		m.ParentHeader = parent.headerJSON()
	}
	return m, nil
}

// headerJSON returns the header as received, or marshals it.
func (m *Message) headerJSON() json.RawMessage {
	if m.RawHeader != nil {
		return m.RawHeader
	}
	b, _ := json.Marshal(m.Header) // a struct of strings always marshals
	return b
}

// DecodeContent unmarshals the content into v, naming the message type on
// error.
func (m *Message) DecodeContent(v any) error {
	if err := json.Unmarshal(m.Content, v); err != nil {
		return &ContentError{MsgType: m.Header.MsgType, Err: err}
	}
	return nil
}

// ParentMsgID returns the msg_id of the parent header, or "" when absent.
func (m *Message) ParentMsgID() string {
	var h struct {
		MsgID string `json:"msg_id"`
	}
	_ = json.Unmarshal(m.ParentHeader, &h)
	return h.MsgID
}

// ParseDate reads a header date: ISO 8601 with a zone (jupyter_client and
// JupyterLab write UTC, "2024-05-01T12:00:00.123456Z"), or without one, as
// old clients wrote it, taken as UTC. ok is false for anything else.
func ParseDate(s string) (t time.Time, ok bool) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, true
	}
	if t, err := time.Parse("2006-01-02T15:04:05.999999999", s); err == nil {
		return t, true
	}
	return time.Time{}, false
}
