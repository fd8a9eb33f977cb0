package main

import (
	"fmt"
	"io"
	"log"
	"net"
	"os"

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

	s, err := session.Start(session.Config{
		Conn:      ci,
		NewEngine: newKernelEngine,
		Version:   version,
		Banner:    banner(),
		Log:       log.New(stderr, "gophernote: ", log.LstdFlags),
		// Listeners opened during package initialization (see prebind).
		Listener: prebound,
	})
	prebind.CloseAll()
	if err != nil {
		return fail(stderr, "kernel: %v", err)
	}
	for {
		select {
		case <-s.Done():
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
