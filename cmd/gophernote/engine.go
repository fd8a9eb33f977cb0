package main

import (
	"log"

	"github.com/gophernote/gophernote/kernel/debugger"
	"github.com/gophernote/gophernote/kernel/session"
	"github.com/gophernote/gophernote/kernel/worker"
)

// newEngine starts the worker process that hosts the yaegi interpreter
// for a kernel session (kernel/worker): a cell that crashes it costs the
// session its state, not the kernel. The session calls it on its own
// goroutine, so sockets are up (and kernel_info is answered) while the
// worker starts and loads its symbol tables. The worker serves Jupyter's
// debugger too (kernel/debugger, linked here, registers its request).
func newEngine(logger *log.Logger) (session.Engine, error) {
	c, err := debugger.StartWorker(worker.Options{Log: logger})
	if err != nil {
		return nil, err
	}
	return c, nil
}
