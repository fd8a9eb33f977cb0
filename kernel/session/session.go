// Package session is the Jupyter side of the kernel: it binds the five
// channels of a connection file, decodes and checks messages (kernel/wire),
// dispatches them through one table of handlers, publishes busy/idle
// around every request and runs cells one at a time on a worker goroutine
// so that the control channel (interrupt, shutdown) is served while a cell
// runs. It knows nothing of yaegi: cells go to an Engine.
package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gophernote/gophernote/kernel/wire"
)

// Config configures a Session.
type Config struct {
	Conn ConnectionInfo
	// NewEngine builds the interpreter. It runs on its own goroutine while
	// the sockets come up, so kernel_info is answered before it finishes;
	// requests that need the engine wait for it.
	NewEngine func() (Engine, error)
	// Version is gophernote's version (implementation_version); Banner is
	// shown by front ends.
	Version string
	Banner  string
	// Log receives protocol diagnostics (dropped messages, unknown types).
	// nil logs to nowhere.
	Log *log.Logger
	// IOPubQueueBytes bounds the bytes an iopub subscriber may have
	// waiting before publishing waits for it; a subscriber that then
	// takes nothing for IOPubStallAfter has messages dropped for it
	// alone (pub.go). Zero values mean 16 MiB and 5 s.
	IOPubQueueBytes int
	IOPubStallAfter time.Duration
	// Debugger says the engine has a debugger (DebugEngine):
	// kernel_info_reply announces it.
	Debugger bool
	// Listener, when set, may return a TCP listener already open on a
	// port of Conn (opened early in the process so clients find the port
	// open sooner); the session serves that channel on it. nil, or a nil
	// result, means the session binds the port itself.
	Listener func(port int) net.Listener
}

// Session is a running kernel.
type Session struct {
	cfg    Config
	id     string // our session id (header.session of messages we send)
	signer *wire.Signer
	socks  *sockets
	ctx    context.Context
	stop   context.CancelFunc

	engReady chan struct{}
	eng      Engine
	engErr   error

	queue     chan queued   // shell requests, handled in order by worker
	arrived   atomic.Uint64 // shell requests received so far
	abortSeq  atomic.Uint64 // arrived when the last stop_on_error failure was published
	abortTime atomic.Int64  // when it was (UnixNano), 0 before any (abort.go)

	mu        sync.Mutex
	cancelRun context.CancelFunc // interrupts the running cell
	count     int                // execution counter
	hist      history

	inputMu      sync.Mutex
	inputReplies chan *wire.Message

	flushed atomic.Bool // the final iopub message was written to every subscriber

	dbg debugState // debug.go

	doneOnce sync.Once
	done     chan struct{} // closed after shutdown_request has been served
	wg       sync.WaitGroup
}

// Start binds the sockets and begins serving. It returns an error naming
// the channel and endpoint when a socket cannot be bound.
func Start(cfg Config) (*Session, error) {
	if err := cfg.Conn.Validate(); err != nil {
		return nil, err
	}
	signer, err := wire.NewSigner(cfg.Conn.SignatureScheme, []byte(cfg.Conn.Key))
	if err != nil {
		return nil, err
	}
	if cfg.Log == nil {
		cfg.Log = log.New(io.Discard, "", 0)
	}
	ctx, stop := context.WithCancel(context.Background())
	socks, err := bind(ctx, cfg.Conn, cfg.Listener, cfg.IOPubQueueBytes, cfg.IOPubStallAfter, cfg.Log.Printf)
	if err != nil {
		stop()
		return nil, err
	}
	s := &Session{
		cfg:          cfg,
		id:           wire.NewID(),
		signer:       signer,
		socks:        socks,
		ctx:          ctx,
		stop:         stop,
		engReady:     make(chan struct{}),
		queue:        make(chan queued, 4096),
		inputReplies: make(chan *wire.Message, 1),
		done:         make(chan struct{}),
	}
	go s.startEngine()
	s.wg.Add(4)
	go func() { defer s.wg.Done(); heartbeat(socks.hb) }()
	go func() { defer s.wg.Done(); s.serveShell() }()
	go func() { defer s.wg.Done(); s.serveControl() }()
	go func() { defer s.wg.Done(); s.serveStdin() }()
	// The worker is not waited for: a cell stuck in a long compiled call
	// cannot be stopped, and must not hang Close.
	go s.worker()
	return s, nil
}

func (s *Session) startEngine() {
	defer close(s.engReady)
	if s.cfg.NewEngine == nil {
		s.engErr = errors.New("no engine configured")
		return
	}
	t0 := time.Now()
	defer func() {
		if r := recover(); r != nil {
			s.eng, s.engErr = nil, fmt.Errorf("engine start panicked: %v", r)
			s.logf("%v", s.engErr)
		}
	}()
	s.eng, s.engErr = s.cfg.NewEngine()
	if s.engErr != nil {
		s.logf("engine: %v", s.engErr)
		return
	}
	s.logf("engine ready in %v", time.Since(t0).Round(time.Millisecond))
}

// engine waits for the interpreter.
func (s *Session) engine() (Engine, error) {
	<-s.engReady
	return s.eng, s.engErr
}

// Done is closed once a shutdown_request has been answered and iopub
// flushed.
func (s *Session) Done() <-chan struct{} { return s.done }

// Close stops serving, interrupts a running cell, closes the sockets and
// the engine. Call it once.
func (s *Session) Close() {
	s.finish()
	s.stop()
	s.Interrupt()
	s.socks.close()
	s.wg.Wait()
	if eng, err := s.engine(); err == nil && eng != nil {
		eng.Close()
	}
}

func (s *Session) finish() { s.doneOnce.Do(func() { close(s.done) }) }

// Interrupt cancels the running cell, if any (SIGINT, interrupt_request).
func (s *Session) Interrupt() {
	s.mu.Lock()
	cancel := s.cancelRun
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

func (s *Session) logf(format string, args ...any) { s.cfg.Log.Printf(format, args...) }

func (s *Session) topic(msgType string) string { return "kernel." + s.id + "." + msgType }

// publish sends a message on iopub, parented to parent.
func (s *Session) publish(msgType string, content any, parent *wire.Message) *wire.Message {
	m, err := wire.New(s.id, msgType, content, parent)
	if err != nil {
		s.logf("iopub: %v", err)
		return nil
	}
	m.Identities = [][]byte{[]byte(s.topic(msgType))}
	if err := s.socks.iopub.send(s.signer.Encode(m)); err != nil {
		s.logf("%v", err)
	}
	return m
}

// reply sends a reply on channel c back to the requester's identities.
func (s *Session) reply(c *channel, req *wire.Message, msgType string, content any) {
	m, err := wire.New(s.id, msgType, content, req)
	if err != nil {
		s.logf("%s: %v", c.name, err)
		return
	}
	if err := c.send(s.signer.Encode(m)); err != nil {
		s.logf("%v", err)
	}
}

func (s *Session) status(state string, parent *wire.Message) *wire.Message {
	return s.publish("status", map[string]string{"execution_state": state}, parent)
}

// serveShell reads shell requests and queues them for the worker, each
// with its arrival number and when the client created it (abort.go).
func (s *Session) serveShell() {
	clocks := newClientClocks()
	for {
		m, err := s.recv(s.socks.shell)
		if err != nil {
			return
		}
		if m != nil {
			q := queued{m: m, created: clocks.created(m, time.Now())}
			q.seq = s.arrived.Add(1)
			select {
			case s.queue <- q:
			case <-s.ctx.Done():
				return
			}
		}
	}
}

// serveControl handles control requests directly, so they are served while
// a cell runs.
func (s *Session) serveControl() {
	for {
		m, err := s.recv(s.socks.control)
		if err != nil {
			return
		}
		if m != nil {
			s.dispatch(s.socks.control, m)
		}
	}
}

// queued is a shell request with its arrival number and its creation
// time on the kernel's clock (zero when unknown).
type queued struct {
	m       *wire.Message
	seq     uint64
	created time.Time
}

// worker handles shell requests one at a time, in order. After a cell
// fails with stop_on_error, the execute requests the client had sent
// before it could see the error are answered "aborted" (abort.go); the
// others, and other request types, are handled normally.
func (s *Session) worker() {
	for {
		select {
		case q := <-s.queue:
			if s.ctx.Err() != nil {
				return
			}
			if q.m.Header.MsgType == "execute_request" && s.abortsQueued(q) {
				s.status("busy", q.m)
				s.reply(s.socks.shell, q.m, "execute_reply", map[string]string{"status": "aborted"})
				s.status("idle", q.m)
				continue
			}
			s.dispatch(s.socks.shell, q.m)
		case <-s.ctx.Done():
			return
		}
	}
}

// errStopOnError is returned by the execute handler when queued cells must
// be aborted.
var errStopOnError = errors.New("cell failed with stop_on_error")

// errShutdown is returned by the shutdown handler.
var errShutdown = errors.New("shutdown requested")

// handler serves one request type; c is the channel it came on.
type handler func(s *Session, c *channel, m *wire.Message) error

// dispatch publishes busy, runs the handler for m's type and publishes
// idle, all parented to m.
func (s *Session) dispatch(c *channel, m *wire.Message) error {
	s.status("busy", m)
	h, ok := handlers[m.Header.MsgType]
	var err error
	if !ok {
		s.logf("%s: unknown message type %q ignored", c.name, m.Header.MsgType)
	} else {
		err = s.safeCall(h, c, m)
	}
	s.status("idle", m)
	if err == errShutdown {
		if !s.socks.iopub.flush(time.Second) {
			s.logf("iopub: could not write the final status to every subscriber before exit")
		} else {
			s.flushed.Store(true)
		}
		s.finish()
	} else if err != nil && err != errStopOnError {
		s.logf("%s: %s: %v", c.name, m.Header.MsgType, err)
	}
	return err
}

// safeCall runs h, turning a panic into an error so that one bad request
// cannot kill the kernel.
func (s *Session) safeCall(h handler, c *channel, m *wire.Message) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
			if strings.HasSuffix(m.Header.MsgType, "_request") {
				s.reply(c, m, replyType(m.Header.MsgType), errorContent("InternalError", err.Error(), nil))
			}
		}
	}()
	return h(s, c, m)
}

// handlers is the one dispatch table: msg_type -> handler.
var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"kernel_info_request": (*Session).kernelInfo,
		"execute_request":     (*Session).execute,
		"complete_request":    (*Session).complete,
		"inspect_request":     (*Session).inspect,
		"is_complete_request": (*Session).isComplete,
		"history_request":     (*Session).historyRequest,
		"comm_info_request":   (*Session).commInfo,
		"comm_open":           (*Session).comm, // comm.go
		"comm_msg":            (*Session).comm,
		"comm_close":          (*Session).comm,
		"shutdown_request":    (*Session).shutdown,
		"interrupt_request":   (*Session).interrupt,
		"debug_request":       (*Session).debugRequest, // debug.go
	}
}

// badContent replies with an error status naming the malformed request.
func (s *Session) badContent(c *channel, m *wire.Message, err error) error {
	s.reply(c, m, replyType(m.Header.MsgType), errorContent("BadRequest", err.Error(), nil))
	return fmt.Errorf("bad request: %w", err)
}

func replyType(reqType string) string {
	const suffix = "_request"
	if len(reqType) > len(suffix) && reqType[len(reqType)-len(suffix):] == suffix {
		return reqType[:len(reqType)-len(suffix)] + "_reply"
	}
	return reqType + "_reply"
}

func errorContent(name, value string, tb []string) map[string]any {
	if tb == nil {
		tb = []string{name + ": " + value}
	}
	return map[string]any{"status": "error", "ename": name, "evalue": value, "traceback": tb}
}
