package wire

import (
	"errors"
	"fmt"
)

// ErrBadSignature reports a message whose signature does not match its
// content under the session key (or is missing while a key is set).
var ErrBadSignature = errors.New("wire: invalid message signature")

// FrameError reports a multipart message that is not a Jupyter message.
type FrameError struct {
	Reason string
}

// Error implements error.
func (e *FrameError) Error() string { return "wire: malformed message: " + e.Reason }

// PartError reports a JSON part (header, parent_header, metadata or content)
// that is not a JSON object.
type PartError struct {
	Part string
	Err  error
}

// Error implements error.
func (e *PartError) Error() string { return fmt.Sprintf("wire: bad %s: %v", e.Part, e.Err) }

// Unwrap returns the underlying error.
func (e *PartError) Unwrap() error { return e.Err }

// ContentError reports content that does not fit the expected shape.
type ContentError struct {
	MsgType string
	Err     error
}

// Error implements error.
func (e *ContentError) Error() string {
	return fmt.Sprintf("wire: bad content in %s: %v", e.MsgType, e.Err)
}

// Unwrap returns the underlying error.
func (e *ContentError) Unwrap() error { return e.Err }

// MarshalError reports content that could not be encoded to JSON.
type MarshalError struct {
	MsgType string
	Err     error
}

// Error implements error.
func (e *MarshalError) Error() string {
	return fmt.Sprintf("wire: cannot encode %s content: %v", e.MsgType, e.Err)
}

// Unwrap returns the underlying error.
func (e *MarshalError) Unwrap() error { return e.Err }
