package main

import (
	"github.com/gophernote/gophernote/kernel/engine"
	"github.com/gophernote/gophernote/kernel/magic"
	"github.com/gophernote/gophernote/kernel/session"
)

// newEngine builds the engine of every front door (the kernel, `gophernote
// run` of a notebook and of a script): the yaegi interpreter with the
// magics (%time, !cmd, ...) in front of it.
func newEngine(opts engine.Options) (*magic.Engine, error) {
	e, err := engine.New(opts)
	if err != nil {
		return nil, err
	}
	return magic.New(e), nil
}

// newKernelEngine builds the engine of a kernel session. The session
// calls it on its own goroutine, so sockets are up (and kernel_info is
// answered) while the interpreter loads its symbol tables.
func newKernelEngine() (session.Engine, error) {
	e, err := newEngine(engine.Options{})
	if err != nil {
		return nil, err
	}
	return e, nil
}
