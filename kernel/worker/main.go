package worker

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"

	"github.com/gophernote/gophernote/kernel/engine"
)

// envTerminal tells the worker that its stderr is shown on a terminal.
const envTerminal = "GOPHERNOTE_WORKER_TTY"

// TerminalStderr reports, in a worker, whether its standard error is
// shown on a terminal (Options.TerminalStderr).
func TerminalStderr() bool { return os.Getenv(envTerminal) == "1" }

// Main is the worker process: a program's main calls it when its first
// argument is Subcommand and exits with its result. The client started
// it with the protocol's socket as file descriptor 3 and the position
// page as 4, in a process group of its own that it leads. It serves the
// client until the client goes away (or dies, or sends SIGTERM), then
// ends its process group — itself and every process its cells started.
func Main() int {
	lim := setLimits()
	startProfile()
	conn, err := net.FileConn(os.NewFile(3, "worker-conn"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "gophernote worker: no connection on fd 3 (it is started by the kernel, not by hand): %v\n", err)
		return 2
	}
	uc, ok := conn.(*net.UnixConn)
	if !ok {
		fmt.Fprintln(os.Stderr, "gophernote worker: fd 3 is not a Unix socket")
		return 2
	}
	track, outLog, err := mapPage(4)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gophernote worker: shared page on fd 4: %v\n", err)
	}
	// SIGINT goes to the kernel, which interrupts cells by message; a
	// terminal's Ctrl-C must not end the worker. (Caught rather than
	// ignored: processes the cells start get the default action.)
	ints := make(chan os.Signal, 1)
	signal.Notify(ints, os.Interrupt)
	go func() {
		for range ints {
		}
	}()
	terms := make(chan os.Signal, 1)
	signal.Notify(terms, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		<-terms
		endGroup()
	}()
	c := NewConn(uc)
	logger := log.New(os.Stderr, "gophernote worker: ", 0)
	var ol engine.OutputLog
	if outLog != nil {
		ol = outLog
	}
	err = serve(c, logger, lim, track, ol)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, ErrClosed) {
		logger.Printf("connection: %v", err)
	}
	endGroup()
	return 0
}

// endGroup ends the worker's process group, the worker with it.
func endGroup() {
	stopProfile()
	if syscall.Getpgrp() == os.Getpid() {
		syscall.Kill(0, syscall.SIGKILL)
	}
	os.Exit(0)
}

// envCPUProfile names a file the worker writes a CPU profile of itself
// to (go tool pprof reads it): for finding where interpreted programs
// spend their time, e.g. GOPHERNOTE_WORKER_CPUPROFILE=/tmp/w.prof
// gophernote run prog.go. Each worker writes the file anew when it ends.
const envCPUProfile = "GOPHERNOTE_WORKER_CPUPROFILE"

var profile *os.File

func startProfile() {
	path := os.Getenv(envCPUProfile)
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gophernote worker: %s: %v\n", envCPUProfile, err)
		return
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(os.Stderr, "gophernote worker: %s: %v\n", envCPUProfile, err)
		f.Close()
		return
	}
	profile = f
}

func stopProfile() {
	if profile != nil {
		pprof.StopCPUProfile()
		profile.Close()
		profile = nil
	}
}
