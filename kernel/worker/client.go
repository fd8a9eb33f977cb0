package worker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
)

// Subcommand is the hidden first argument with which a program that
// calls Main from its main function (cmd/gophernote) becomes a worker.
const Subcommand = "__worker"

// Options configure a Client.
type Options struct {
	// Engine are the options of the worker's engine.
	Engine EngineOptions
	// Idle receives output written while no cell runs (goroutines that
	// outlive their cell); nil: the sink of the last cell gets it.
	Idle cell.Sink
	// Command is the worker's command line; nil means this program
	// (os.Executable) with the argument Subcommand.
	Command []string
	// Env is added to the worker's environment (the client's own is
	// inherited), e.g. "GOPHERNOTE_MEMORY_LIMIT=2GiB".
	Env []string
	// Log receives diagnostics and the worker's own standard error (Go
	// runtime messages). nil: nowhere.
	Log *log.Logger
	// Stderr, when set, receives the worker's standard error as it is
	// written instead of Log (gophernote run passes its own stderr).
	Stderr io.Writer
	// TerminalStderr tells the worker that its standard error is shown on
	// a terminal (fitlib's download progress bars draw there).
	TerminalStderr bool
	// Events receive, by type, events the worker sends beyond the
	// protocol's own (see Handle and Client.Call).
	Events map[string]EventFunc
}

// Client runs an engine in a worker process and supervises it. It
// implements the session's Engine, CommEngine and TypedCompleter. When
// the worker dies it starts a new one at once; the cell that was running
// fails with Go's words for what ended the worker (see crash.go), and
// "%rerun" runs the cells the dead worker had run successfully again.
// Its methods are safe for concurrent use.
type Client struct {
	opts Options

	mu     sync.Mutex
	cur    *proc
	closed bool
	lost   *lostState // what the last crash took, until %rerun
	starts int        // workers started

	idle *idler // returns this process's freed memory after requests
}

// Start starts the worker and waits until its engine is ready.
func Start(opts Options) (*Client, error) {
	if opts.Log == nil {
		opts.Log = log.New(io.Discard, "", 0)
	}
	c := &Client{opts: opts, idle: newIdler()}
	go c.idle.run()
	p := c.spawn()
	<-p.ready
	if p.err != nil {
		c.Close()
		return nil, p.err
	}
	return c, nil
}

func (c *Client) logf(format string, args ...any) { c.opts.Log.Printf(format, args...) }

// spawn starts a new worker process and makes it current.
func (c *Client) spawn() *proc {
	p := newProc(c)
	c.mu.Lock()
	c.cur = p
	c.starts++
	c.mu.Unlock()
	go p.run()
	return p
}

// worker returns the current worker once it is ready: a new one when the
// last one died.
func (c *Client) worker(ctx context.Context) (*proc, error) {
	for {
		c.mu.Lock()
		if c.closed {
			c.mu.Unlock()
			return nil, errors.New("the engine is closed")
		}
		p := c.cur
		c.mu.Unlock()
		if p == nil {
			p = c.spawn()
		}
		select {
		case <-p.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if p.err != nil {
			// It could not start: the next request tries again.
			c.mu.Lock()
			if c.cur == p {
				c.cur = nil
			}
			c.mu.Unlock()
			return nil, p.err
		}
		select {
		case <-p.dead:
			// Died since; its successor is starting (or the next loop
			// starts one).
			c.mu.Lock()
			if c.cur == p && !p.respawned {
				c.cur = nil
			}
			c.mu.Unlock()
			continue
		default:
		}
		return p, nil
	}
}

// Close stops the worker and every process of its process group (the
// children cells started). Later calls fail.
func (c *Client) Close() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	p := c.cur
	c.mu.Unlock()
	c.idle.close()
	if p != nil {
		if c.profiling() {
			p.term() // the worker writes its profile as it ends
			select {
			case <-p.dead:
			case <-time.After(5 * time.Second):
			}
		}
		p.kill()
		select {
		case <-p.dead:
		case <-time.After(5 * time.Second):
			c.logf("worker %d: not gone 5 s after SIGKILL", p.pid())
		}
	}
}

// Execute runs one cell in the worker (see engine.Engine.Execute). A cell
// that is exactly "%rerun" re-runs the cells the last crash lost.
func (c *Client) Execute(ctx context.Context, code string, sink cell.Sink) cell.Result {
	if strings.TrimSpace(code) == RerunMagic {
		return c.rerun(ctx, sink)
	}
	return c.execute(ctx, code, sink)
}

func (c *Client) execute(ctx context.Context, code string, sink cell.Sink) cell.Result {
	c.idle.busy()
	defer c.idle.done()
	p, err := c.worker(ctx)
	if err != nil {
		return engineError(err)
	}
	_, comms := sink.(cell.CommSink)
	var res resultMsg
	msg, err := p.call(ctx, "execute", executeReq{Code: code, Comms: comms, GoOnly: cell.IsGoOnly(ctx)}, nil, sink, true)
	if err == nil {
		err = msg.Decode(&res)
	}
	if err != nil {
		if d := p.deathOf(err); d != nil {
			return cell.Result{Err: c.crashError(d, p)}
		}
		return engineError(err)
	}
	out := cell.Result{Err: res.Err.cell()}
	if res.Value != nil {
		b := res.Value.bundle()
		out.Value = &b
	}
	if out.Err == nil && !cell.IsEvaluation(ctx) {
		n, ok := cell.ExecutionCount(ctx)
		p.record(ranCell{count: n, counted: ok, code: code})
	}
	return out
}

// engineError is a cell's failure to reach the engine at all.
func engineError(err error) cell.Result {
	msg := "the Go worker process is not available: " + err.Error()
	return cell.Result{Err: &cell.Error{Name: "EngineError", Value: msg, Traceback: []string{"EngineError: " + msg}}}
}

// Complete implements the session's Engine.
func (c *Client) Complete(code string, cursor int) (matches []string, start, end int) {
	items, start, end := c.CompleteItems(code, cursor)
	matches = make([]string, len(items))
	for i, it := range items {
		matches[i] = it.Text
	}
	return matches, start, end
}

// CompleteItems implements the session's TypedCompleter.
func (c *Client) CompleteItems(code string, cursor int) (items []cell.Completion, start, end int) {
	var res completeRes
	if !c.ask("complete", completeReq{Code: code, Cursor: cursor}, &res) {
		return nil, cursor, cursor
	}
	items = make([]cell.Completion, len(res.Items))
	for i, it := range res.Items {
		items[i] = cell.Completion{Text: it.Text, Type: it.Type, Signature: it.Signature}
	}
	return items, res.Start, res.End
}

// Inspect implements the session's Engine.
func (c *Client) Inspect(code string, cursor, detailLevel int) (data display.MIME, found bool) {
	var res inspectRes
	if !c.ask("inspect", inspectReq{Code: code, Cursor: cursor, Detail: detailLevel}, &res) {
		return nil, false
	}
	return decodeMIME(res.Data), res.Found
}

// IsComplete implements the session's Engine.
func (c *Client) IsComplete(code string) (status, indent string) {
	var res isCompleteRes
	if !c.ask("is_complete", isCompleteReq{Code: code}, &res) {
		return "unknown", ""
	}
	return res.Status, res.Indent
}

// Comm implements the session's CommEngine.
func (c *Client) Comm(ctx context.Context, cm cell.Comm, sink cell.Sink) error {
	c.idle.busy()
	defer c.idle.done()
	p, err := c.worker(ctx)
	if err != nil {
		return err
	}
	_, comms := sink.(cell.CommSink)
	req := commMsg{Type: cm.Type, ID: cm.ID, Target: cm.Target, Data: cm.Data, Metadata: cm.Metadata, Comms: comms}
	var res commRes
	msg, err := p.call(ctx, "comm", req, cm.Buffers, sink, false)
	if err == nil {
		err = msg.Decode(&res)
	}
	if err != nil {
		if d := p.deathOf(err); d != nil {
			return fmt.Errorf("the Go worker process died handling it: %s: %s", d.err.Name, d.err.Value)
		}
		return err
	}
	if res.Err != "" {
		return errors.New(res.Err)
	}
	switch cm.Type {
	case "comm_open":
		p.commOpened(cm.ID)
	case "comm_close":
		p.commClosed(cm.ID)
	}
	return nil
}

// Comms implements the session's CommEngine.
func (c *Client) Comms() map[string]string {
	var res commsRes
	if !c.ask("comms", nil, &res) || res.Comms == nil {
		return map[string]string{}
	}
	return res.Comms
}

// ask sends a request that needs no sink and decodes its reply; false
// when the worker could not answer (the reason is logged).
func (c *Client) ask(typ string, body, out any) bool {
	ctx := context.Background()
	p, err := c.worker(ctx)
	if err != nil {
		c.logf("%s: %v", typ, err)
		return false
	}
	msg, err := p.call(ctx, typ, body, nil, nil, false)
	if err == nil {
		err = msg.Decode(out)
	}
	if err != nil {
		c.logf("%s: %v", typ, err)
		return false
	}
	return true
}

// Stats is the worker's memory, as its runtime sees it.
type Stats struct {
	PID       int
	RSS       int64  // resident set size, bytes
	HeapInUse uint64 // bytes in in-use heap spans
	Released  uint64 // heap bytes returned to the operating system
}

// Stats asks the worker for its memory statistics.
func (c *Client) Stats() (Stats, error) {
	ctx := context.Background()
	p, err := c.worker(ctx)
	if err != nil {
		return Stats{}, err
	}
	var res statsRes
	msg, err := p.call(ctx, "stats", nil, nil, nil, false)
	if err == nil {
		err = msg.Decode(&res)
	}
	if err != nil {
		return Stats{}, err
	}
	return Stats{PID: p.pid(), RSS: res.RSS, HeapInUse: res.HeapInUse, Released: res.Released}, nil
}

// Limits are the memory limits the current worker set (see memory.go):
// the Go runtime's soft limit and the address-space limit in bytes (0:
// none), and where the limit came from.
type Limits struct {
	Memory, Address int64
	Source          string
}

// Limits returns the current worker's limits.
func (c *Client) Limits() (Limits, error) {
	p, err := c.worker(context.Background())
	if err != nil {
		return Limits{}, err
	}
	return Limits{Memory: p.info.MemoryLimit, Address: p.info.AddressRoom, Source: p.info.LimitSource}, nil
}

// PID is the process id of the current worker (0 while none runs).
func (c *Client) PID() int {
	c.mu.Lock()
	p := c.cur
	c.mu.Unlock()
	if p == nil {
		return 0
	}
	return p.pid()
}

// Starts is the number of worker processes started so far.
func (c *Client) Starts() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.starts
}

// pathOfSelf is the default worker command.
func pathOfSelf() ([]string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding this program to start the worker: %v", err)
	}
	return []string{exe, Subcommand}, nil
}

var _ = exec.Command

// profiling reports whether the worker writes a CPU profile
// (GOPHERNOTE_WORKER_CPUPROFILE in the client's environment or in
// Options.Env): then Close lets it end by itself first.
func (c *Client) profiling() bool {
	on := os.Getenv(envCPUProfile) != ""
	for _, kv := range c.opts.Env {
		if k, v, _ := strings.Cut(kv, "="); k == envCPUProfile {
			on = v != ""
		}
	}
	return on
}
