package engine

import (
	"context"
	"errors"
	"fmt"
	"go/token"
	"reflect"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/traefik/yaegi/interp"
)

// The engine's debugger: breakpoints in cells, stepping, stack frames and
// variables, on yaegi's interp.Debugger. kernel/debugger speaks the Debug
// Adapter Protocol on top of it.
//
// While the debugger is on, each unit of a cell (what the engine would
// pass to EvalWithContext) is compiled with Compile and run under yaegi's
// Debug: Eval is exactly Compile followed by Execute, so the cell runs the
// same passes, the same source and the same interpreter code; only the
// interpreter's per-statement debug hook runs between statements. With
// the debugger off, units go to EvalWithContext as always: the cost is one
// atomic load per unit.
//
// Positions. A breakpoint is a line of a cell's own numbering. The units
// carry line directives (the renderer's, the one mapping the engine also
// uses for errors: positions in file cellN/_.go are cell N's), so the
// engine marks the first executable node of each unit whose directive
// position is that cell and line, in every program the interpreter has
// parsed (functions of earlier cells too); and it maps a stopped frame's
// position back the same way. A line without a statement moves the
// breakpoint to the next line that has one.
//
// Frames. Function literals the engine wraps statements in (a top-level
// for, if or switch runs in one) and the engine's own helpers are not the
// user's: a frame is shown when it runs the top level of a cell, a
// function declared in a cell, or a function literal the user wrote (the
// cell's text at its position starts with "func"); the hidden frames'
// variables and position belong to the shown frame that encloses them.
// Stepping (next, stepIn, stepOut) is by the shown frames and cell lines,
// built from yaegi's step-into and step-out; a call into compiled code is
// one step.

// Debugger is an Engine's debugger. Its methods are safe for concurrent
// use, also while a cell runs or is stopped.
type Debugger struct {
	e  *Engine
	on atomic.Bool

	mu        sync.Mutex
	source    func(code string) string // the source key of a cell's code
	events    func(DebugEvent)
	bps       map[string][]int // source key -> requested cell lines
	marked    map[uintptr]ynode
	funcMarks int            // marked nodes inside functions (any cell may call them)
	keys      map[int]string // cell number -> source key
	cur       *interp.Debugger
	threads   map[int]*dthread // live goroutines of the running unit, by thread id
	nextTID   int
	pendStep  *stepping // a step that ran past the end of a unit, for the next one
	pauseNext bool      // a pause asked while no unit ran under the hook
	frames    map[int]*dframe
	nextFrame int
	refs      map[int]varRef
	nextRef   int
	lastVars  []DebugVar // the last inspectVariables listing (see Variables)
}

// DebugEvent is sent when a thread stops or continues, or the debugger's
// state changes: Kind is "stopped" (Reason "breakpoint", "step", "pause",
// "entry"), "continued", "thread" (Reason "started", "exited").
type DebugEvent struct {
	Kind        string
	Reason      string
	Thread      int
	Description string
	Breakpoints []int // the lines hit, for a breakpoint
}

// dthread is a goroutine of the running unit.
type dthread struct {
	id      int
	gid     int // yaegi's goroutine id in cur
	name    string
	stopped *interp.DebugEvent
	step    *stepping
	stopAt  []userFrame
}

// stepping is a step in progress: from which shown frame, at which line.
type stepping struct {
	kind  string // "next", "in", "out"
	frame uintptr
	file  int // cell number
	line  int
	depth int
}

// userFrame is a shown frame.
type userFrame struct {
	ptr       uintptr
	name      string
	cell      int
	line, col int
	top       bool // the top level of a cell
	vars      []*interp.DebugVariable
}

// dframe is a stack frame handed out by StackTrace.
type dframe struct {
	thread int
	uf     userFrame
}

// DebugFrame is one shown stack frame.
type DebugFrame struct {
	ID        int
	Name      string
	Source    string // the source key of its cell ("" when not known)
	Cell      int    // the engine's cell number
	Line, Col int
}

// DebugScope is a variables scope of a frame.
type DebugScope struct {
	Name string
	Ref  int
	N    int
}

// Debugger returns the engine's debugger.
func (e *Engine) Debugger() *Debugger { return e.dbg }

func newDebugger(e *Engine) *Debugger {
	return &Debugger{e: e, bps: map[string][]int{}, marked: map[uintptr]ynode{}, keys: map[int]string{},
		threads: map[int]*dthread{}, frames: map[int]*dframe{}, refs: map[int]varRef{}}
}

// On reports whether the debugger is on.
func (d *Debugger) On() bool { return d.on.Load() }

// Enable turns the debugger on: source names a cell's code (the key
// breakpoints are set by: JupyterLab's file path of the code), events
// receives stops. Cells that start from now on run under it.
func (d *Debugger) Enable(source func(code string) string, events func(DebugEvent)) {
	d.mu.Lock()
	d.source, d.events = source, events
	d.keys = map[int]string{}
	d.mu.Unlock()
	d.on.Store(true)
}

// Disable turns the debugger off: breakpoints are cleared and stopped
// threads continue.
func (d *Debugger) Disable() {
	d.on.Store(false)
	d.mu.Lock()
	d.bps = map[string][]int{}
	d.clearMarksLocked()
	d.pendStep = nil
	var resume []*dthread
	for _, t := range d.threads {
		t.step = nil
		if t.stopped != nil {
			resume = append(resume, t)
		}
	}
	d.mu.Unlock()
	for _, t := range resume {
		d.Continue(t.id)
	}
}

// keyOf returns the source key of cell n; d.mu is held.
func (d *Debugger) keyOf(n int) string {
	if k, ok := d.keys[n]; ok {
		return k
	}
	code, ok := d.e.cellCode(n)
	if !ok || d.source == nil {
		return ""
	}
	k := d.source(code)
	d.keys[n] = k
	return k
}

// BreakpointResult is the outcome of one requested breakpoint.
type BreakpointResult struct {
	Verified bool
	Line     int
	Message  string
}

// SetBreakpoints replaces the breakpoints of the source key with lines
// (cell lines). code, when known (dumpCell), is the cell's text: a line
// without a statement moves to the next that has one, and a line past the
// last statement is not verified. Without code, a key no cell ran is not
// verified.
func (d *Debugger) SetBreakpoints(key, code string, lines []int) []BreakpointResult {
	out := make([]BreakpointResult, len(lines))
	var stmts []int
	known := code != ""
	if known {
		stmts = statementLines(code)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if !known {
		for n := 1; n <= d.e.cellCount(); n++ {
			if d.keyOf(n) == key {
				if c, ok := d.e.cellCode(n); ok {
					stmts, known = statementLines(c), true
				}
			}
		}
	}
	var set []int
	for i, l := range lines {
		switch {
		case !known:
			out[i] = BreakpointResult{Line: l, Message: "unknown source: no cell with this code was dumped or run"}
		default:
			j := sort.SearchInts(stmts, l)
			if j == len(stmts) {
				out[i] = BreakpointResult{Line: l, Message: fmt.Sprintf("no statement at or after line %d", l)}
				continue
			}
			out[i] = BreakpointResult{Verified: true, Line: stmts[j]}
			set = append(set, stmts[j])
		}
	}
	if len(set) == 0 {
		delete(d.bps, key)
	} else {
		d.bps[key] = set
	}
	d.remarkLocked()
	return out
}

// Breakpoints returns the breakpoints set, by source key.
func (d *Debugger) Breakpoints() map[string][]int {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make(map[string][]int, len(d.bps))
	for k, v := range d.bps {
		out[k] = append([]int(nil), v...)
	}
	return out
}

func (d *Debugger) clearMarksLocked() {
	for _, n := range d.marked {
		n.setBreak(false)
	}
	d.marked = map[uintptr]ynode{}
	d.funcMarks = 0
}

// remarkLocked sets yaegi's flags for the breakpoints on every program the
// interpreter parsed.
func (d *Debugger) remarkLocked() {
	d.clearMarksLocked()
	if len(d.bps) == 0 {
		return
	}
	for _, r := range d.e.yaegiRoots() {
		d.markLocked(r)
	}
}

// markLocked sets the breakpoints' flags on the nodes of one program: for
// each breakpoint the first executable node at its cell and line, or, when
// the rewriting left none on that line, at the next line that has one. It
// returns the number of nodes marked.
func (d *Debugger) markLocked(root ynode) int {
	if len(d.bps) == 0 {
		return 0
	}
	fset := d.e.in.FileSet()
	type at struct{ cell, line int }
	type cand struct {
		n      ynode
		inFunc bool
	}
	first := map[at]cand{}
	byCell := map[int][]int{}
	root.walk(map[uintptr]bool{}, false, func(n ynode, inFunc bool) {
		if !n.executable() {
			return
		}
		p := fset.Position(n.pos())
		c, ok := cellNumber(p.Filename)
		if !ok {
			return
		}
		k := at{c, p.Line}
		if _, dup := first[k]; !dup {
			first[k] = cand{n, inFunc}
			byCell[c] = append(byCell[c], p.Line)
		}
	})
	marked := 0
	for c, ls := range byCell {
		key := d.keyOf(c)
		want := d.bps[key]
		if len(want) == 0 {
			continue
		}
		sort.Ints(ls)
		for _, l := range want {
			j := sort.SearchInts(ls, l)
			if j == len(ls) {
				continue
			}
			cd := first[at{c, ls[j]}]
			if _, dup := d.marked[cd.n.id()]; dup {
				continue
			}
			cd.n.setBreak(true)
			d.marked[cd.n.id()] = cd.n
			marked++
			if cd.inFunc {
				d.funcMarks++
			}
		}
	}
	return marked
}

// run evaluates a unit under yaegi's debugger (see above). yaegi's debug
// hook makes interpreted code about 100 times slower (it looks for the
// node that runs next in the tree at every step: BENCH debugger-hook-loop),
// so a unit that no breakpoint can stop (none in it, none in a function)
// and no step waits for runs without the hook: Compile and Execute, which
// is Eval.
func (d *Debugger) run(ctx context.Context, src string) (res reflect.Value, err error) {
	prog, err := d.compile(src)
	if err != nil {
		return res, err
	}
	d.mu.Lock()
	pause := d.pauseNext
	need := d.markLocked(programRoot(prog)) > 0 || d.funcMarks > 0 || d.pendStep != nil || pause
	d.pauseNext = false
	d.mu.Unlock()
	if !need {
		return d.e.in.ExecuteWithContext(ctx, prog)
	}
	evs := make(chan *interp.DebugEvent, 64)
	mainDone := make(chan struct{})
	dbg := d.e.in.Debug(ctx, prog, func(ev *interp.DebugEvent) { evs <- ev }, &interp.DebugOptions{GoRoutineStartAt1: true})
	d.mu.Lock()
	d.cur = dbg
	main := d.addThreadLocked(1, "main")
	main.step, d.pendStep = d.pendStep, nil
	if pause {
		main.step = &stepping{kind: "pause"}
	}
	step := main.step != nil
	d.mu.Unlock()
	go d.serve(dbg, evs, mainDone)
	if step {
		d.resume(dbg, 1, interp.DebugStepInto)
	} else {
		dbg.Continue(1)
	}
	<-mainDone
	res, err = debuggerResult(dbg)
	d.e.detachDebugger(dbg)
	d.mu.Lock()
	if t := d.threads[1]; t != nil {
		if t.step != nil && ctx.Err() == nil && err == nil {
			d.pendStep = &stepping{kind: "in"} // stop at the next unit's first statement
		}
		delete(d.threads, 1)
	}
	d.cur = nil
	d.mu.Unlock()
	return res, err
}

// compile is Eval's first half, with EvalWithContext's recovery of an
// interpreter crash.
func (d *Debugger) compile(src string) (prog *interp.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			var pc [64]uintptr
			n := runtime.Callers(1, pc[:])
			err = interp.Panic{Value: r, Callers: pc[:n], Stack: debug.Stack()}
		}
	}()
	return d.e.in.Compile(src)
}

func (d *Debugger) addThreadLocked(gid int, name string) *dthread {
	id := 1
	if gid != 1 {
		if d.nextTID < 2 {
			d.nextTID = 2
		}
		id = d.nextTID
		d.nextTID++
	}
	t := &dthread{id: id, gid: gid, name: name}
	d.threads[id] = t
	return t
}

func (d *Debugger) threadOf(gid int) *dthread {
	for _, t := range d.threads {
		if t.gid == gid {
			return t
		}
	}
	return nil
}

// serve handles the events of one unit's debugger until its main
// goroutine exits; events of goroutines that outlive it keep being
// handled (they run on: a later stop of theirs continues at once).
func (d *Debugger) serve(dbg *interp.Debugger, evs chan *interp.DebugEvent, mainDone chan struct{}) {
	mainExited := false
	for ev := range evs {
		switch ev.Reason() {
		case interp.DebugTerminate:
			if !mainExited {
				close(mainDone)
			}
			go func() {
				// yaegi detaches its debugger once its goroutines are all
				// done; drain what they may still send.
				for ev := range evs {
					if r := ev.Reason(); r != interp.DebugTerminate && r != interp.DebugEnterGoRoutine && r != interp.DebugExitGoRoutine {
						go d.resume(dbg, ev.GoRoutine(), 0)
					}
				}
			}()
			return
		case interp.DebugEnterGoRoutine:
			if ev.GoRoutine() != 1 && !mainExited {
				d.mu.Lock()
				t := d.addThreadLocked(ev.GoRoutine(), fmt.Sprintf("goroutine %d", ev.GoRoutine()))
				d.mu.Unlock()
				d.emit(DebugEvent{Kind: "thread", Reason: "started", Thread: t.id})
			}
		case interp.DebugExitGoRoutine:
			if ev.GoRoutine() == 1 {
				mainExited = true
				close(mainDone)
				continue
			}
			if mainExited {
				continue
			}
			d.mu.Lock()
			t := d.threadOf(ev.GoRoutine())
			if t != nil {
				delete(d.threads, t.id)
			}
			d.mu.Unlock()
			if t != nil {
				d.emit(DebugEvent{Kind: "thread", Reason: "exited", Thread: t.id})
			}
		default:
			if mainExited {
				go d.resume(dbg, ev.GoRoutine(), 0)
				continue
			}
			d.stopOrStep(dbg, ev)
		}
	}
}

// resume continues goroutine gid, or steps it with mode (yaegi's Step
// refuses a goroutine that has not yet reached its wait: retry).
func (d *Debugger) resume(dbg *interp.Debugger, gid int, mode interp.DebugEventReason) {
	if mode == 0 {
		dbg.Continue(gid)
		return
	}
	for {
		err := dbg.Step(gid, mode)
		if !errors.Is(err, interp.ErrRunning) {
			return
		}
		runtime.Gosched()
	}
}

// stopOrStep handles a stop of yaegi's: a breakpoint or pause stops the
// thread; a step stops it when it reached a new line (see stepping), and
// otherwise steps on.
func (d *Debugger) stopOrStep(dbg *interp.Debugger, ev *interp.DebugEvent) {
	gid := ev.GoRoutine()
	d.mu.Lock()
	t := d.threadOf(gid)
	if t == nil {
		d.mu.Unlock()
		go d.resume(dbg, gid, 0)
		return
	}
	frames := d.userFrames(ev, t.id == 1)
	reason := ""
	var mode interp.DebugEventReason
	switch ev.Reason() {
	case interp.DebugBreak:
		reason = "breakpoint"
	case interp.DebugPause:
		reason = "pause"
	default:
		reason, mode = d.stepDecision(t.step, frames)
	}
	if reason == "" {
		d.mu.Unlock()
		go d.resume(dbg, gid, mode)
		return
	}
	t.step = nil
	t.stopped = ev
	t.stopAt = frames
	var hit []int
	if reason == "breakpoint" && len(frames) > 0 {
		hit = []int{frames[0].line}
	}
	d.mu.Unlock()
	// What the cell printed before the stop is shown before it.
	d.e.out.flush()
	d.emit(DebugEvent{Kind: "stopped", Reason: reason, Thread: t.id, Breakpoints: hit})
}

// stepDecision says whether a step that reached frames ends ("step") or
// goes on with yaegi's mode.
func (d *Debugger) stepDecision(s *stepping, frames []userFrame) (reason string, mode interp.DebugEventReason) {
	if s == nil {
		return "step", 0
	}
	if len(frames) == 0 || frames[0].cell == 0 {
		return "", interp.DebugStepInto // the engine's own code
	}
	idx := -1
	for i, f := range frames {
		if f.ptr == s.frame {
			idx = i
			break
		}
	}
	moved := frames[0].cell != s.file || frames[0].line != s.line
	switch s.kind {
	case "in":
		if s.frame == 0 || idx != 0 || moved {
			return "step", 0
		}
		return "", interp.DebugStepInto
	case "pause":
		return "pause", 0
	case "out":
		if idx < 0 {
			return "step", 0
		}
		return "", interp.DebugStepOut
	default: // next
		switch {
		case idx < 0:
			return "step", 0 // returned from the frame
		case idx > 0:
			return "", interp.DebugStepOut // in a call: run it to its end
		case moved:
			return "step", 0
		}
		return "", interp.DebugStepInto
	}
}

// userFrames builds the shown frames of a stop (see above), innermost
// first; d.mu is held.
func (d *Debugger) userFrames(ev *interp.DebugEvent, mainThread bool) []userFrame {
	fset := d.e.in.FileSet()
	var out []userFrame
	var pendPos token.Pos
	var pendVars []*interp.DebugVariable
	sawRoot := false
	for _, df := range ev.Frames(0, ev.FrameDepth()) {
		fis := frameInfos(df)
		if len(fis) == 0 {
			continue
		}
		head := fis[0]
		var vars []*interp.DebugVariable
		for _, fi := range fis {
			vars = append(vars, fi.vars...)
		}
		pos := df.Position()
		name := df.Name()
		shown, top := d.shownFrame(head, name)
		if !shown {
			if pendPos == token.NoPos && pos.IsValid() {
				pendPos = head.pos
			}
			pendVars = append(pendVars, vars...)
			continue
		}
		sawRoot = sawRoot || top
		uf := userFrame{ptr: head.ptr, name: name, top: top, vars: append(pendVars, vars...)}
		p := pos
		if pendPos != token.NoPos {
			p = fset.Position(pendPos)
		}
		uf.cell, _ = cellNumber(p.Filename)
		uf.line, uf.col = p.Line, p.Column
		if top {
			uf.name = "<cell>"
		}
		out = append(out, uf)
		pendPos, pendVars = token.NoPos, nil
	}
	if mainThread && !sawRoot {
		uf := userFrame{ptr: d.rootPtr(), name: "<cell>", top: true, vars: pendVars}
		pp := pendPos
		if pp == token.NoPos {
			pp = d.e.rootFramePos()
		}
		p := fset.Position(pp)
		uf.cell, _ = cellNumber(p.Filename)
		uf.line, uf.col = p.Line, p.Column
		out = append(out, uf)
	} else if pendPos != token.NoPos {
		p := fset.Position(pendPos)
		uf := userFrame{name: "<goroutine>", vars: pendVars}
		uf.cell, _ = cellNumber(p.Filename)
		uf.line, uf.col = p.Line, p.Column
		out = append(out, uf)
	}
	return out
}

func (d *Debugger) rootPtr() uintptr {
	f := open(reflect.ValueOf(d.e.in).Elem(), "frame")
	if !f.IsValid() {
		return 0
	}
	return f.Pointer()
}

// shownFrame tells whether a yaegi frame is the user's (see above).
func (d *Debugger) shownFrame(head frameInfo, name string) (shown, top bool) {
	if name == "<init>" || head.funcKind == "" {
		return true, true
	}
	p := d.e.in.FileSet().Position(head.funcPos)
	n, ok := cellNumber(p.Filename)
	if !ok {
		return false, false
	}
	if head.funcKind == "funcDecl" {
		return true, false
	}
	code, ok := d.e.cellCode(n)
	if !ok {
		return false, false
	}
	off := offsetOf(code, p.Line, p.Column)
	return off >= 0 && strings.HasPrefix(code[off:], "func"), false
}

// offsetOf returns the byte offset of line:col (1-based, col in bytes) in
// s, or -1.
func offsetOf(s string, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(s[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	off += col - 1
	if off < 0 || off > len(s) {
		return -1
	}
	return off
}

func (d *Debugger) emit(ev DebugEvent) {
	d.mu.Lock()
	f := d.events
	d.mu.Unlock()
	if f != nil {
		f(ev)
	}
}

// ErrNotStopped is returned for a thread that is not stopped.
var ErrNotStopped = errors.New("the thread is not stopped")

// stoppedThread returns thread id when it is stopped; d.mu is held.
func (d *Debugger) stoppedThread(id int) (*dthread, error) {
	t := d.threads[id]
	if t == nil {
		return nil, fmt.Errorf("no thread %d", id)
	}
	if t.stopped == nil {
		return nil, ErrNotStopped
	}
	return t, nil
}

// Continue resumes a stopped thread.
func (d *Debugger) Continue(id int) error { return d.proceed(id, "") }

// Next steps over the thread's line: it stops at the next line of the
// same frame or, once the frame returns, of its caller.
func (d *Debugger) Next(id int) error { return d.proceed(id, "next") }

// StepIn stops at the next line reached, in a called function too.
func (d *Debugger) StepIn(id int) error { return d.proceed(id, "in") }

// StepOut runs until the frame returns.
func (d *Debugger) StepOut(id int) error { return d.proceed(id, "out") }

func (d *Debugger) proceed(id int, kind string) error {
	d.mu.Lock()
	t, err := d.stoppedThread(id)
	if err != nil {
		d.mu.Unlock()
		return err
	}
	dbg := d.cur
	var mode interp.DebugEventReason
	if kind != "" {
		s := &stepping{kind: kind}
		if len(t.stopAt) > 0 {
			f := t.stopAt[0]
			s.frame, s.file, s.line = f.ptr, f.cell, f.line
			if kind == "out" && f.top {
				kind, s = "", nil // the top level has no caller: run on
			}
		}
		t.step = s
		mode = interp.DebugStepInto
		if kind == "out" {
			mode = interp.DebugStepOut
		}
	}
	if dbg == nil {
		d.mu.Unlock()
		return errors.New("no cell is running")
	}
	t.stopped, t.stopAt = nil, nil
	d.frames = map[int]*dframe{}
	d.mu.Unlock()
	// "continued" goes out before the thread runs: a step that stops at
	// once must not have its "stopped" overtaken by this event (a client
	// clears its call stack on "continued").
	d.emit(DebugEvent{Kind: "continued", Thread: id})
	d.resume(dbg, t.gid, mode)
	return nil
}

// ErrNoHook is Pause's error for a cell running without the debug hook.
var ErrNoHook = errors.New("the running cell cannot be paused: it runs without the debugger's hook because no breakpoint can stop it (set a breakpoint before running it; the next cell to start is paused at its first statement)")

// Pause stops a running thread at its next statement. A cell that runs
// without the debug hook (see run) cannot be paused: the next unit that
// starts stops at its first statement, and the error says so.
func (d *Debugger) Pause(id int) error {
	d.mu.Lock()
	t := d.threads[id]
	dbg := d.cur
	if t == nil || dbg == nil {
		d.pauseNext = true
		d.mu.Unlock()
		return ErrNoHook
	}
	d.mu.Unlock()
	if !dbg.Interrupt(t.gid, interp.DebugPause) {
		return fmt.Errorf("thread %d has ended", id)
	}
	return nil
}

// DebugThread is a live goroutine of the running cell.
type DebugThread struct {
	ID      int
	Name    string
	Stopped bool
}

// Threads lists the running cell's goroutines; with no cell running, the
// main thread alone (as a client expects one).
func (d *Debugger) Threads() []DebugThread {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []DebugThread
	for _, t := range d.threads {
		out = append(out, DebugThread{ID: t.id, Name: t.name, Stopped: t.stopped != nil})
	}
	if len(out) == 0 {
		out = append(out, DebugThread{ID: 1, Name: "main"})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Stopped returns the ids of the stopped threads.
func (d *Debugger) Stopped() []int {
	var out []int
	for _, t := range d.Threads() {
		if t.Stopped {
			out = append(out, t.ID)
		}
	}
	return out
}

// StackTrace returns the shown frames of a stopped thread, innermost
// first.
func (d *Debugger) StackTrace(id int) ([]DebugFrame, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.stoppedThread(id)
	if err != nil {
		return nil, err
	}
	out := make([]DebugFrame, 0, len(t.stopAt))
	for _, uf := range t.stopAt {
		d.nextFrame++
		d.frames[d.nextFrame] = &dframe{thread: id, uf: uf}
		out = append(out, DebugFrame{ID: d.nextFrame, Name: uf.name, Source: d.keyOf(uf.cell), Cell: uf.cell, Line: uf.line, Col: uf.col})
	}
	return out, nil
}

func (d *Debugger) frame(id int) (*dframe, error) {
	f := d.frames[id]
	if f == nil {
		return nil, fmt.Errorf("no frame %d (frames are valid while their thread stays stopped)", id)
	}
	if t := d.threads[f.thread]; t == nil || t.stopped == nil {
		return nil, fmt.Errorf("frame %d: %w", id, ErrNotStopped)
	}
	return f, nil
}

// Scopes returns the variable scopes of a frame: its locals (for the top
// level of a cell, the variables of the statements the engine wrapped)
// and the session's variables.
func (d *Debugger) Scopes(frameID int) ([]DebugScope, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	f, err := d.frame(frameID)
	if err != nil {
		return nil, err
	}
	locals := d.localsOf(f.uf)
	globals := d.e.sessionValues()
	if f.uf.top {
		// The cell's top level defines session variables: show them first.
		all := append(locals, globals...)
		return []DebugScope{
			{Name: "Locals", Ref: d.newRefLocked(varRef{named: all}), N: len(all)},
			{Name: "Globals", Ref: d.newRefLocked(varRef{named: globals}), N: len(globals)},
		}, nil
	}
	return []DebugScope{
		{Name: "Locals", Ref: d.newRefLocked(varRef{named: locals}), N: len(locals)},
		{Name: "Globals", Ref: d.newRefLocked(varRef{named: globals}), N: len(globals)},
	}, nil
}

// localsOf returns a frame's variables by name (yaegi's names; the
// engine's temporaries left out; an inner block's variable shadows).
func (d *Debugger) localsOf(uf userFrame) []namedValue {
	seen := map[string]bool{}
	var out []namedValue
	for _, v := range uf.vars {
		if v == nil || v.Name == "" || v.Name == "_" || strings.HasPrefix(v.Name, "_gn") || seen[v.Name] {
			continue
		}
		seen[v.Name] = true
		out = append(out, namedValue{v.Name, v.Value})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// lookupLocked finds name in a frame's locals, then the session.
func (d *Debugger) lookupLocked(frameID int, name string) (reflect.Value, bool) {
	if frameID != 0 {
		if f, err := d.frame(frameID); err == nil {
			for _, nv := range d.localsOf(f.uf) {
				if nv.name == name {
					return nv.v, true
				}
			}
		}
	}
	for _, nv := range d.e.sessionValues() {
		if nv.name == name {
			return nv.v, true
		}
	}
	return reflect.Value{}, false
}

// cellCode returns the code of cell n of this session.
func (e *Engine) cellCode(n int) (string, bool) {
	e.codeMu.Lock()
	defer e.codeMu.Unlock()
	c, ok := e.codes[n]
	return c, ok
}

func (e *Engine) cellCount() int {
	e.codeMu.Lock()
	defer e.codeMu.Unlock()
	return len(e.codes)
}
