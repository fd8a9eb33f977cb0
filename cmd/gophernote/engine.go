package main

import (
	"errors"

	"github.com/gophernote/gophernote/kernel/session"
)

// newEngine builds the interpreter for a kernel session.
// TODO(session): switch to engine.New once kernel/engine provides it.
func newEngine() (session.Engine, error) {
	return nil, errors.New("the Go interpreter is not built into this binary yet")
}
