package main

import (
	"github.com/gophernote/gophernote/kernel/engine"
	"github.com/gophernote/gophernote/kernel/session"
)

// newEngine builds the yaegi interpreter for a kernel session. The session
// calls it on its own goroutine, so sockets are up (and kernel_info is
// answered) while the interpreter loads its symbol tables.
func newEngine() (session.Engine, error) {
	e, err := engine.New(engine.Options{})
	if err != nil {
		return nil, err
	}
	return e, nil
}
