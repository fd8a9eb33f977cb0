package wire

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
)

// Signer signs and verifies messages with the connection file's key.
// The zero value (or a Signer with an empty key) does not sign.
type Signer struct {
	key []byte
	new func() hash.Hash
}

// NewSigner returns a Signer for the connection file's signature_scheme and
// key. Only "hmac-sha256" is supported; an empty scheme is accepted only
// with an empty key (no signing).
func NewSigner(scheme string, key []byte) (*Signer, error) {
	switch scheme {
	case "hmac-sha256":
		return &Signer{key: bytes.Clone(key), new: sha256.New}, nil
	case "":
		if len(key) == 0 {
			return &Signer{}, nil
		}
		return nil, fmt.Errorf("wire: signature_scheme is empty but a key is set; want %q", "hmac-sha256")
	default:
		return nil, fmt.Errorf("wire: unsupported signature_scheme %q; want %q", scheme, "hmac-sha256")
	}
}

// Enabled reports whether messages are signed and checked.
func (s *Signer) Enabled() bool { return s != nil && len(s.key) > 0 }

// Sign returns the hex signature of the four JSON parts ("" when signing
// is disabled).
func (s *Signer) Sign(parts ...[]byte) string {
	if !s.Enabled() {
		return ""
	}
	return hex.EncodeToString(s.mac(parts))
}

func (s *Signer) mac(parts [][]byte) []byte {
	h := hmac.New(s.new, s.key)
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

// verify checks sig (hex) against parts in constant time.
func (s *Signer) verify(sig []byte, parts [][]byte) bool {
	got := make([]byte, hex.DecodedLen(len(sig)))
	n, err := hex.Decode(got, sig)
	if err != nil || n == 0 {
		return false
	}
	return hmac.Equal(got[:n], s.mac(parts))
}

// Encode turns m into ZeroMQ frames, signing with s.
func (s *Signer) Encode(m *Message) [][]byte {
	header := m.headerJSON()
	parent := orEmpty(m.ParentHeader)
	meta := orEmpty(m.Metadata)
	content := orEmpty(m.Content)
	frames := make([][]byte, 0, len(m.Identities)+6+len(m.Buffers))
	frames = append(frames, m.Identities...)
	frames = append(frames, []byte(Delimiter),
		[]byte(s.Sign(header, parent, meta, content)),
		header, parent, meta, content)
	frames = append(frames, m.Buffers...)
	return frames
}

func orEmpty(b json.RawMessage) []byte {
	if len(b) == 0 {
		return []byte("{}")
	}
	return b
}

// Decode parses frames into a Message. When signing is enabled the
// signature must match, else Decode returns ErrBadSignature (wrapped with
// the message type when it can be read). Frames that are not a Jupyter
// message yield a *FrameError or *PartError; Decode never panics.
func (s *Signer) Decode(frames [][]byte) (*Message, error) {
	delim := -1
	for i, f := range frames {
		if string(f) == Delimiter {
			delim = i
			break
		}
	}
	if delim < 0 {
		return nil, &FrameError{Reason: fmt.Sprintf("no %s delimiter among %d frames", Delimiter, len(frames))}
	}
	rest := frames[delim+1:]
	if len(rest) < 5 {
		return nil, &FrameError{Reason: fmt.Sprintf("%d frames after the delimiter, need at least 5 (signature, header, parent_header, metadata, content)", len(rest))}
	}
	sig, parts := rest[0], rest[1:5]
	if s.Enabled() && !s.verify(sig, parts) {
		return nil, fmt.Errorf("%w (header %.80q)", ErrBadSignature, parts[0])
	}
	names := [...]string{"header", "parent_header", "metadata", "content"}
	for i, p := range parts {
		if err := checkObject(p); err != nil {
			return nil, &PartError{Part: names[i], Err: err}
		}
	}
	m := &Message{
		Identities:   cloneAll(frames[:delim]),
		RawHeader:    bytes.Clone(parts[0]),
		ParentHeader: bytes.Clone(parts[1]),
		Metadata:     bytes.Clone(parts[2]),
		Content:      bytes.Clone(parts[3]),
		Buffers:      cloneAll(rest[5:]),
	}
	if err := json.Unmarshal(parts[0], &m.Header); err != nil {
		return nil, &PartError{Part: "header", Err: err}
	}
	if m.Header.MsgType == "" {
		return nil, &PartError{Part: "header", Err: fmt.Errorf("msg_type is missing")}
	}
	return m, nil
}

// checkObject reports whether b is one JSON object.
func checkObject(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return fmt.Errorf("not a JSON object: %.40q", b)
	}
	if !json.Valid(b) {
		return fmt.Errorf("invalid JSON: %.40q", b)
	}
	return nil
}

func cloneAll(fs [][]byte) [][]byte {
	if len(fs) == 0 {
		return nil
	}
	out := make([][]byte, len(fs))
	for i, f := range fs {
		out[i] = bytes.Clone(f)
	}
	return out
}
