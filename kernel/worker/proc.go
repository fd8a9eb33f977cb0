package worker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
)

// proc is one worker process: its connection, the sinks of the requests
// it serves, and what it ran.
type proc struct {
	c     *Client
	cmd   *exec.Cmd
	conn  *Conn
	errs  *tail // its standard error
	page  *page // the positions the engine records (shared memory)
	oom0  int64 // the cgroup's oom_kill count when it started, or -1
	begun time.Time

	ready chan struct{} // closed once started (err says whether it failed)
	err   error
	info  startRes

	dead       chan struct{} // closed once it has exited and is examined
	d          *death
	respawned  bool // a successor was started when it died
	unsentOnce sync.Once

	mu       sync.Mutex
	sinks    map[uint64]cell.Sink // requests being served, and the last cell
	lastCell uint64               // id of the last execute request
	running  int                  // execute and comm requests in progress
	ran      []ranCell            // cells that ran without error
	comms    map[string]bool      // open comms (to close when it dies)
	commSink cell.CommSink        // the last sink that can send comm messages
}

// ranCell is a cell that ran without error on a worker.
type ranCell struct {
	count   int  // its execution count
	counted bool // count is known
	code    string
}

// lostState is what a worker's death took: the cells that had defined
// the state, which %rerun runs again.
type lostState struct {
	cells []ranCell
	cause string // "fatal error: concurrent map writes"
}

func newProc(c *Client) *proc {
	return &proc{
		c:     c,
		ready: make(chan struct{}),
		dead:  make(chan struct{}),
		sinks: map[uint64]cell.Sink{},
		comms: map[string]bool{},
		errs:  newTail(4 << 20),
		oom0:  -1,
	}
}

func (p *proc) pid() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil || p.cmd.Process == nil {
		return 0
	}
	return p.cmd.Process.Pid
}

// run starts the process and supervises it until it has died.
func (p *proc) run() {
	exited, err := p.launch()
	if err != nil {
		p.err = err
		p.d = &death{err: &cell.Error{Name: "EngineError", Value: err.Error()}}
		close(p.dead)
		close(p.ready)
		return
	}
	go p.handshake()
	select {
	case <-exited:
	case <-p.conn.Done():
	}
	// Whatever ended it, nothing of its process group may outlive it.
	p.kill()
	<-exited
	p.errs.wait(2 * time.Second)
	p.conn.Close()
	p.d = p.examine()
	c := p.c
	c.mu.Lock()
	closing := c.closed
	respawn := !closing && c.cur == p && p.err == nil && p.started()
	if !closing && p.started() {
		c.lost = &lostState{cells: p.ranCells(), cause: p.d.err.Name + ": " + p.d.err.Value}
	}
	c.mu.Unlock()
	if !closing {
		c.logf("worker %d ended: %s", p.pid(), p.d.summary())
	}
	if respawn {
		p.respawned = true
		c.spawn()
	}
	p.mu.Lock()
	idle := p.running == 0
	running := p.sinks[p.lastCell]
	p.mu.Unlock()
	if !idle && !closing {
		// The output the cell wrote last goes before its error.
		p.deliverUnsent(running)
	}
	close(p.dead)
	if !closing && p.started() {
		p.closeComms()
		if idle {
			p.notifyIdle()
		}
	}
	p.unsentOnce.Do(func() {})
	p.page.close()
}

// started reports whether the handshake succeeded.
func (p *proc) started() bool {
	select {
	case <-p.ready:
		return p.err == nil
	default:
		return false
	}
}

// launch starts the process with the protocol's socket as fd 3 and the
// position page as fd 4.
func (p *proc) launch() (exited chan struct{}, err error) {
	argv := p.c.opts.Command
	if len(argv) == 0 {
		if argv, err = pathOfSelf(); err != nil {
			return nil, err
		}
	}
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("worker socket: %v", err)
	}
	mine, theirs := os.NewFile(uintptr(fds[0]), "worker-conn"), os.NewFile(uintptr(fds[1]), "worker-conn")
	defer theirs.Close()
	nc, err := net.FileConn(mine)
	mine.Close()
	if err != nil {
		return nil, fmt.Errorf("worker socket: %v", err)
	}
	p.page, err = newPage()
	if err != nil {
		nc.Close()
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		nc.Close()
		return nil, err
	}
	defer errW.Close()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.ExtraFiles = []*os.File{theirs, p.page.file}
	cmd.Stdout = os.Stdout
	cmd.Stderr = errW
	cmd.Env = append(os.Environ(), p.c.opts.Env...)
	if p.c.opts.TerminalStderr {
		cmd.Env = append(cmd.Env, envTerminal+"=1")
	}
	cmd.SysProcAttr = procAttr()
	p.oom0 = oomKills()
	if err := startCmd(cmd); err != nil {
		nc.Close()
		errR.Close()
		return nil, fmt.Errorf("starting the Go worker %s: %v", argv[0], err)
	}
	p.mu.Lock()
	p.cmd, p.begun = cmd, time.Now()
	p.mu.Unlock()
	p.c.mu.Lock()
	closed := p.c.closed
	p.c.mu.Unlock()
	if closed {
		// Close ran while this worker was being started.
		p.kill()
	}
	var out io.Writer = logWriter{p.c.opts.Log, p.cmd.Process.Pid}
	if p.c.opts.Stderr != nil {
		out = p.c.opts.Stderr
	}
	go p.errs.fill(errR, out)
	p.conn = NewConn(nc.(*net.UnixConn))
	p.handlers()
	go p.conn.Run()
	exited = make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	return exited, nil
}

// startLimit bounds the worker's start (its engine loads its symbol
// tables in well under a second); a worker that has not answered by then
// is killed.
const startLimit = 2 * time.Minute

// handshake sends start and closes ready with its outcome.
func (p *proc) handshake() {
	var res startRes
	stuck := time.AfterFunc(startLimit, func() {
		p.c.logf("worker %d: no answer to start within %v: killed", p.pid(), startLimit)
		p.kill()
	})
	_, err := p.conn.Call(context.Background(), "start", 0, startReq{Engine: p.c.opts.Engine, Idle: p.c.opts.Idle != nil}, nil, &res)
	stuck.Stop()
	if err != nil {
		if errors.Is(err, ErrClosed) {
			<-p.dead
			err = fmt.Errorf("the worker process died while starting: %s: %s", p.d.err.Name, p.d.err.Value)
		}
		p.err = err
	} else {
		p.info = res
		p.c.logf("worker %d ready in %v (memory limit %s, address space %s; %s)", res.PID,
			time.Since(p.begun).Round(time.Millisecond), sizeText(res.MemoryLimit), sizeText(res.AddressRoom), res.LimitSource)
	}
	close(p.ready)
}

// kill ends the process group: the worker and every process a cell
// started (they inherit the group; the worker leads it).
func (p *proc) term() {
	if pid := p.pid(); pid > 0 {
		termProc(pid)
	}
}

func (p *proc) kill() {
	if pid := p.pid(); pid > 0 {
		killGroup(pid)
	}
}

// call sends a request whose events go to sink, and waits for its reply.
// cellish requests (execute, comm) count as running for crash reports;
// an execute's sink stays registered after it ends for the output of its
// goroutines.
func (p *proc) call(ctx context.Context, typ string, body any, bufs [][]byte, sink cell.Sink, isCell bool) (*Msg, error) {
	var id uint64
	bind := func(n uint64) {
		id = n
		if sink == nil {
			return
		}
		p.mu.Lock()
		p.sinks[n] = sink
		if cs, ok := sink.(cell.CommSink); ok {
			p.commSink = cs
		}
		p.running++
		if isCell {
			if old := p.lastCell; old != 0 {
				delete(p.sinks, old)
			}
			p.lastCell = n
		}
		p.mu.Unlock()
	}
	_, ch, err := p.conn.Go(typ, 0, body, bufs, bind)
	if err != nil {
		return nil, err
	}
	res, err := p.conn.Wait(ctx, id, ch)
	if sink != nil {
		p.mu.Lock()
		if !errors.Is(err, ErrClosed) {
			// A request the worker's death cut off stays running: the
			// death is then reported to it, not as an idle one.
			p.running--
		}
		if !isCell {
			delete(p.sinks, id)
		}
		p.mu.Unlock()
	}
	return res, err
}

// deliverUnsent gives sink, once, the output the dead worker's cells had
// written that it had not sent yet (see page.go).
func (p *proc) deliverUnsent(sink cell.Sink) {
	p.unsentOnce.Do(func() {
		if p.page == nil || sink == nil {
			return
		}
		chunks, lost := p.page.unsent()
		for _, c := range chunks {
			sink.Stream(c[0], c[1])
		}
		if lost > 0 {
			sink.Stream("stderr", fmt.Sprintf("[%d bytes of output written just before the worker died were lost]\n", lost))
		}
	})
}

// deathOf returns the worker's death when err says the connection was
// lost, after waiting for the death to be examined; nil otherwise.
func (p *proc) deathOf(err error) *death {
	if !errors.Is(err, ErrClosed) {
		return nil
	}
	<-p.dead
	return p.d
}

func (p *proc) record(rc ranCell) {
	p.mu.Lock()
	p.ran = append(p.ran, rc)
	p.mu.Unlock()
}

func (p *proc) ranCells() []ranCell {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]ranCell(nil), p.ran...)
}

// sinkOf returns the sink for events of request ref.
func (p *proc) sinkOf(ref uint64) cell.Sink {
	if ref == 0 && p.c.opts.Idle != nil {
		return p.c.opts.Idle
	}
	p.mu.Lock()
	s := p.sinks[ref]
	if s == nil {
		s = p.sinks[p.lastCell]
	}
	p.mu.Unlock()
	if s == nil {
		s = p.c.opts.Idle
	}
	return s
}

// handlers installs the client's side of the protocol: the events of a
// running cell go to its sink; input requests ask its sink.
func (p *proc) handlers() {
	c := p.conn
	c.Events["stream"] = func(m *Msg) {
		var ev streamEv
		if err := m.Decode(&ev); err != nil {
			p.c.logf("%v", err)
			return
		}
		if len(m.Bufs) > 0 {
			ev.Text = string(m.Bufs[0]) // the bytes as the cell wrote them
		}
		if s := p.sinkOf(m.Ref); s != nil {
			s.Stream(ev.Name, ev.Text)
		}
	}
	c.Events["display"] = func(m *Msg) {
		var ev displayEv
		if err := m.Decode(&ev); err != nil {
			p.c.logf("%v", err)
			return
		}
		if s := p.sinkOf(m.Ref); s != nil {
			s.Display(ev.Bundle.bundle(), ev.Update)
		}
	}
	c.Events["clear"] = func(m *Msg) {
		var ev clearEv
		if err := m.Decode(&ev); err != nil {
			p.c.logf("%v", err)
			return
		}
		if s := p.sinkOf(m.Ref); s != nil {
			s.Clear(ev.Wait)
		}
	}
	c.Events["comm"] = func(m *Msg) {
		var ev commMsg
		if err := m.Decode(&ev); err != nil {
			p.c.logf("%v", err)
			return
		}
		cs, ok := p.sinkOf(m.Ref).(cell.CommSink)
		if !ok {
			p.c.logf("comm %s %s from the worker dropped: the cell's front end has no comms", ev.Type, ev.ID)
			return
		}
		switch ev.Type {
		case "comm_open":
			p.commOpened(ev.ID)
		case "comm_close":
			p.commClosed(ev.ID)
		}
		if err := cs.SendComm(cell.Comm{Type: ev.Type, ID: ev.ID, Target: ev.Target, Data: ev.Data, Metadata: ev.Metadata, Buffers: m.Bufs}); err != nil {
			p.c.logf("comm %s %s: %v", ev.Type, ev.ID, err)
		}
	}
	for typ, f := range p.c.opts.Events {
		f := f
		c.Events[typ] = func(m *Msg) { f(m.Ref, m.Body) }
	}
	c.Unhandled = func(m *Msg) { p.c.logf("worker event %q ignored", m.Type) }
	c.Handlers["input"] = func(ctx context.Context, m *Msg) (any, [][]byte, error) {
		var req inputReq
		if err := m.Decode(&req); err != nil {
			return nil, nil, err
		}
		s := p.sinkOf(m.Ref)
		if s == nil {
			return inputRes{Err: "stdin is not available: no cell is running"}, nil, nil
		}
		v, err := s.Input(req.Prompt, req.Password)
		if err != nil {
			return inputRes{Err: err.Error()}, nil, nil
		}
		return inputRes{Value: v}, nil, nil
	}
}

func (p *proc) commOpened(id string) {
	p.mu.Lock()
	p.comms[id] = true
	p.mu.Unlock()
}

func (p *proc) commClosed(id string) {
	p.mu.Lock()
	delete(p.comms, id)
	p.mu.Unlock()
}

// closeComms tells the front end that the dead worker's comms (its
// widgets) are closed.
func (p *proc) closeComms() {
	p.mu.Lock()
	ids := make([]string, 0, len(p.comms))
	for id := range p.comms {
		ids = append(ids, id)
	}
	p.comms = map[string]bool{}
	cs := p.commSink
	p.mu.Unlock()
	if cs == nil {
		return
	}
	for _, id := range ids {
		cs.SendComm(cell.Comm{Type: "comm_close", ID: id, Data: map[string]any{}})
	}
}

// notifyIdle tells the user, through the last cell's output (or the idle
// sink), that the worker died while no cell ran.
func (p *proc) notifyIdle() {
	s := p.sinkOf(0)
	if s == nil {
		p.mu.Lock()
		s = p.sinks[p.lastCell]
		p.mu.Unlock()
	}
	if s == nil {
		return
	}
	p.deliverUnsent(s)
	var b strings.Builder
	fmt.Fprintf(&b, "The Go worker process died while no cell was running: %s: %s\n", p.d.err.Name, p.d.err.Value)
	for _, l := range p.d.report {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString(p.c.lostText())
	s.Stream("stderr", b.String())
}

// logWriter sends the worker's stderr lines to the client's log.
type logWriter struct {
	l   interface{ Printf(string, ...any) }
	pid int
}

func (w logWriter) Write(b []byte) (int, error) {
	for _, line := range strings.SplitAfter(string(b), "\n") {
		if line != "" {
			w.l.Printf("worker %d: %s", w.pid, strings.TrimSuffix(line, "\n"))
		}
	}
	return len(b), nil
}

// tail keeps the last max bytes a process wrote to a pipe and passes
// everything on to a writer.
type tail struct {
	mu   sync.Mutex
	buf  []byte
	max  int
	done chan struct{}
}

func newTail(max int) *tail { return &tail{max: max, done: make(chan struct{})} }

func (t *tail) fill(r io.ReadCloser, out io.Writer) {
	defer close(t.done)
	defer r.Close()
	b := make([]byte, 32<<10)
	for {
		n, err := r.Read(b)
		if n > 0 {
			t.mu.Lock()
			t.buf = append(t.buf, b[:n]...)
			if over := len(t.buf) - t.max; over > 0 {
				t.buf = append(t.buf[:0:0], t.buf[over:]...)
			}
			t.mu.Unlock()
			out.Write(b[:n])
		}
		if err != nil {
			return
		}
	}
}

// wait waits for the end of the pipe, at most d.
func (t *tail) wait(d time.Duration) {
	select {
	case <-t.done:
	case <-time.After(d):
	}
}

func (t *tail) text() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
