package main

import (
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"time"

	"github.com/gophernote/gophernote/cmd/gophernote/internal/prebind"
	"github.com/gophernote/gophernote/kernel/session"
)

// kernelCmd runs the kernel on the connection file until a
// shutdown_request or SIGTERM. SIGINT interrupts the running cell.
func kernelCmd(args []string, stderr io.Writer) int {
	if len(args) != 1 {
		return fail(stderr, "kernel: need exactly one argument, the connection file (usage: gophernote kernel CONNECTION_FILE)")
	}
	ci, err := session.LoadConnectionFile(args[0])
	if err != nil {
		return fail(stderr, "%v", err)
	}
	// Signals are caught before the sockets are bound (from prebind's init
	// when it opened them) so an early SIGINT from the front end cannot
	// kill the kernel.
	sigs := prebind.CatchSignals()

	logger := log.New(stderr, "gophernote: ", log.LstdFlags)
	s, err := session.Start(session.Config{
		Conn:      ci,
		NewEngine: func() (session.Engine, error) { return newEngine(logger) },
		Version:   version,
		Banner:    banner(),
		Log:       logger,
		Debugger:  true,
		// Listeners opened during package initialization (see prebind).
		Listener: prebound,
	})
	prebind.CloseAll()
	if err != nil {
		return fail(stderr, "kernel: %v", err)
	}
	orphaned := watchParent()
	for {
		select {
		case <-s.Done():
			s.Close()
			return 0
		case <-orphaned:
			fmt.Fprintln(stderr, "gophernote: the process that started the kernel is gone: shutting down")
			s.Close()
			return 0
		case sig := <-sigs:
			if sig == os.Interrupt {
				s.Interrupt()
				continue
			}
			fmt.Fprintf(stderr, "gophernote: %v: shutting down\n", sig)
			s.Close()
			return 0
		}
	}
}

// prebound returns the listener prebind opened for port, or nil.
func prebound(port int) net.Listener {
	f := prebind.Take(port)
	if f == nil {
		return nil
	}
	defer f.Close()
	l, err := net.FileListener(f)
	if err != nil {
		return nil
	}
	return l
}

// watchParent returns a channel closed when the process that launched
// the kernel dies, for kernels Jupyter started (it sets JPY_PARENT_PID):
// ipykernel's parent poller does the same, so that a kernel whose
// launcher died does not run on — with its worker process and the
// processes its cells started. Without JPY_PARENT_PID it never closes.
func watchParent() <-chan struct{} {
	ch := make(chan struct{})
	if os.Getenv("JPY_PARENT_PID") == "" {
		return ch
	}
	parent := os.Getppid()
	go func() {
		for {
			time.Sleep(time.Second)
			if os.Getppid() != parent {
				close(ch)
				return
			}
		}
	}()
	return ch
}
