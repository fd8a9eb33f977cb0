package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/gophernote/gophernote/kernel/cell"

	"github.com/traefik/yaegi/interp"
	yaegistd "github.com/traefik/yaegi/stdlib"
	"github.com/traefik/yaegi/stdlib/unrestricted"
	yaegiunsafe "github.com/traefik/yaegi/stdlib/unsafe"

	"github.com/gophernote/gophernote/kernel/display"
	gnstd "github.com/gophernote/gophernote/stdlib"
)

// Options configure an Engine. The zero value is usable.
type Options struct {
	// Sandbox runs cells in yaegi's restricted mode: no os/exec, and a
	// private environment. By default cells may do what a Go program may.
	Sandbox bool
	// Idle receives output written while no cell runs (goroutines that
	// outlive their cell). When nil, such output goes to the sink of the
	// most recent cell.
	Idle cell.Sink
	// Args are the os.Args cells see, and what flag.Parse in a cell
	// parses: a cell is a fresh program, never the kernel's command line.
	// Nil or empty means []string{"notebook"}: no arguments, and a
	// program name as os.Args[0] (callers pass the notebook's or script's
	// name when they know it).
	Args []string
	// DetectDeadlocks ends a cell whose goroutines are all blocked with a
	// Deadlock error (see fix_deadlock.go). gophernote run sets it; the
	// kernel does not.
	DetectDeadlocks bool
	// File, when set, is the name of the Go file the first cell holds
	// (gophernote run FILE.go): log.Lshortfile prints FILE:LINE for it.
	File string
	// Track, when set, is where the engine records the statement running
	// (see Track); nil: memory of its own.
	Track *Track
	// OutputLog, when set, sees the text cells write before the sink
	// does: output is coalesced for up to 20 ms before it is delivered,
	// and kernel/worker keeps what is not delivered yet in memory shared
	// with the kernel, so that a crash of the process loses none of it.
	OutputLog OutputLog
}

// Engine is one interpreter session. Its methods are safe for concurrent
// use; cells run one at a time.
type Engine struct {
	mu     sync.Mutex // held while a cell runs; guards the session state
	in     *interp.Interpreter
	out    *router
	cellN  int
	closed atomic.Bool

	syms        map[string]map[string]reflect.Value // import path -> symbols
	pkgNames    map[string]string                   // import path -> package name its table declares
	sandbox     bool
	names       map[string]string // package name -> preferred path
	imported    map[string]bool   // "name path" imported in the session
	importNames map[string]string // name -> path imported in the session

	decls         map[string]*declRecord // top-level declarations by name (methods: Type.Name)
	stmtVars      map[string]bool        // names defined by top-level := statements
	helpersLoaded map[string]bool

	restorePub   func()
	stash        stash
	final        finalSlot
	varTypes     map[string]string // declared type names of session variables, when known
	inStmtUnit   bool              // the running unit holds top-level statements (see stmtAt)
	depth        depth             // guarded recursive calls in progress
	cellPanic    cellPanic         // the panic a top-level defer may recover (fix_panics.go)
	types        *typesSession     // go/types' view of the session (gotypes.go)
	mono         *monoSession      // the session's generic code (fix_mono.go)
	fmtNames     fmtNames          // Go names of cell struct types for fmt (fix_fmt.go)
	localTypeSeq int               // numbers the local struct types' identity tags (fix_fmt.go)
	hoisted      int               // local types declared at the top level so far (fix_hoisttypes.go)
	emptyLocals  int               // local empty struct types of earlier cells (fix_emptystructs.go)
	ifaceMethods ifaceMethods      // methods of session types, for wrapped interface values (fix_ifacevalues.go)
	lastPanic    any               // the value of the cell's last panic
	track        *Track            // the statement running (Options.Track)
	runningCell  atomic.Int64      // cellN of the cell running, 0 between cells
	goexit       goexits           // runtime.Goexit on a cell's goroutine (fix_goexit.go)
	goexited     atomic.Bool       // a script's main goroutine ended in Goexit; its other goroutines run on (fix_goexit.go)
	retained     map[string]bool   // globals whose current slot compiled code may read (fix_release.go)
	cellRetains  map[string]bool   // the running cell's retains
	panicPos     *panicPositions   // statement positions for panics in functions (fix_panicpos.go)

	// compiledVars are the compiled static types of session variables
	// defined from compiled values (see compiledType).
	compiledVars map[string]reflect.Type

	stopMu sync.Mutex
	stop   chan struct{} // closed when the running cell is interrupted

	wh *widgetHost // this engine as the host of interactive widgets (widgets.go)

	proc *process // os.Exit, log, flag, syscall for cells (process.go)

	file            string             // Options.File
	detectDeadlocks bool               // Options.DetectDeadlocks
	blockPos        blockPos           // written by the blockpos pass (fix_deadlock.go)
	protoTypes      map[string]string  // cell types with methods only compiled code calls (fix_protocols.go)
	protoNested     []*protocolNesting // protocol types nested before their encoder was imported (fix_protocols.go)
	wakers          wakers             // timers and signals cells made (fix_deadlock.go)

	mod    *modState      // modules and compiled cells (modules.go, compile.go)
	dbg    *Debugger      // the debugger (debug.go); off unless a client turns it on
	codeMu sync.Mutex     // guards codes
	codes  map[int]string // each cell's code by cell number, for the debugger
}

// New starts an interpreter with Go's standard library, the gophernote
// symbol tables (stdlib.Symbols) and the engine's runtime helpers.
func New(opts Options) (e *Engine, err error) {
	e = &Engine{
		out:           &router{idle: opts.Idle, log: opts.OutputLog},
		syms:          map[string]map[string]reflect.Value{},
		pkgNames:      map[string]string{},
		sandbox:       opts.Sandbox,
		imported:      map[string]bool{},
		importNames:   map[string]string{},
		decls:         map[string]*declRecord{},
		stmtVars:      map[string]bool{},
		helpersLoaded: map[string]bool{},
		varTypes:      map[string]string{},
		compiledVars:  map[string]reflect.Type{},
		panicPos:      newPanicPositions(),
		track:         opts.Track,
		retained:      map[string]bool{},
		mod:           newModState(),
		codes:         map[int]string{},
	}
	e.dbg = newDebugger(e)
	if e.track == nil {
		e.track = new(Track)
	}
	// yaegi reads YAEGI_SPECIAL_STDIO in New: with it, os.Stdin/Stdout/
	// Stderr in cells are the engine's streams rather than the process's.
	if len(opts.Args) == 0 {
		opts.Args = []string{"notebook"}
	}
	old, had := os.LookupEnv("YAEGI_SPECIAL_STDIO")
	os.Setenv("YAEGI_SPECIAL_STDIO", "1")
	e.in = interp.New(interp.Options{
		Stdin:        stdinReader{e.out},
		Stdout:       streamWriter{e.out, "stdout"},
		Stderr:       streamWriter{e.out, "stderr"},
		Args:         opts.Args,
		Unrestricted: !opts.Sandbox,
		// Module packages interpreted from source (modules.go).
		GoPath:               srcGoPath,
		SourcecodeFilesystem: e.mod.src,
	})
	if had {
		os.Setenv("YAEGI_SPECIAL_STDIO", old)
	} else {
		os.Unsetenv("YAEGI_SPECIAL_STDIO")
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine: loading symbol tables: %v", r)
		}
	}()
	tables := []interp.Exports{yaegistd.Symbols, gnstd.Symbols, rtSymbols(e)}
	if !opts.Sandbox {
		// unsafe as a Go program has it (Sizeof, Pointer, Slice...).
		tables = append(tables, unrestricted.Symbols, yaegiunsafe.Symbols)
	}
	for _, t := range tables {
		if err := e.in.Use(t); err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		for k, v := range t {
			if k == "." || k == "github.com/traefik/yaegi/stdlib/stdlib" {
				continue
			}
			// Merge: a later table (unrestricted's os/os) adds to a
			// package rather than replacing it.
			p := dir(k)
			e.pkgNames[p] = k[len(p)+1:]
			if cur := e.syms[p]; cur == nil {
				e.syms[p] = v // the table's own map: never written to
			} else {
				merged := make(map[string]reflect.Value, len(cur)+len(v))
				for name, val := range cur {
					merged[name] = val
				}
				for name, val := range v {
					merged[name] = val
				}
				e.syms[p] = merged
			}
		}
	}
	// os.Exit, log.Fatal, flag.Parse, syscall.Exec... would end or
	// take over the kernel's process: replace them for cells.
	e.proc = newProcess(e, opts.Args, streamWriter{e.out, "stderr"})
	if err := e.in.Use(e.proc.symbols()); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	// runtime.Goexit on a cell's own goroutine ends the cell with an
	// error (fix_goexit.go); runtime.NumGoroutine counts the program's
	// goroutines (fix_numgoroutine.go).
	if err := e.in.Use(interp.Exports{"runtime/runtime": runtimeSymbols(e)}); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	// Compiled functions printing to the process's stdout or stderr
	// (fix_stdstreams.go) print to the cell's.
	if err := e.in.Use(streamSymbols(e)); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	// Custom error types in compiled code (fix_errors.go): after the
	// tables, whose errors functions these replace.
	errs := errorSymbols()
	if err := e.in.Use(errs); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if err := e.in.Use(fmtVerbSymbols()); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if err := e.in.Use(e.mapTypes()); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if err := e.in.Use(e.fastPrintMapTypes()); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if err := e.in.Use(e.ifaceMapTypes()); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	e.names = packageNames(e.syms)
	if _, err := e.in.Eval("import " + rtName + " " + fmt.Sprintf("%q", rtPath)); err != nil {
		return nil, fmt.Errorf("engine: importing runtime helpers: %w", err)
	}
	e.file = opts.File
	if _, err := e.in.Eval("var " + logAtVar + " int"); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if opts.DetectDeadlocks {
		e.detectDeadlocks = true
		if err := e.in.Use(e.wakers.symbols()); err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
	}
	e.restorePub = display.SetPublisher(sinkPublisher{e.out})
	e.installWidgets()
	return e, nil
}

// dir returns the import path of a symbol table key "path/name".
func dir(key string) string {
	for i := len(key) - 1; i >= 0; i-- {
		if key[i] == '/' {
			return key[:i]
		}
	}
	return key
}

// Close ends the session: later calls to Execute fail. It does not wait
// for a running cell (cancel its context to stop it); output produced
// after Close is dropped. Goroutines started by cells cannot be stopped
// and keep running until they return.
func (e *Engine) Close() {
	if e.closed.Swap(true) {
		return
	}
	e.out.mu.Lock()
	e.out.cur, e.out.idle = nopSink{}, nil
	e.out.mu.Unlock()
	if e.restorePub != nil {
		e.restorePub()
	}
	e.closeWidgets()
	e.proc.close()
}

// Execute runs one cell. Output streams to sink while the cell runs;
// display calls in the cell go to sink too. Cancelling ctx interrupts the
// cell (Err.Name "Interrupted"); the session keeps what earlier cells and
// the finished parts of this cell defined. While the cell runs,
// display.Context returns a context derived from ctx that is cancelled
// when ctx is or when the cell ends: compiled calls that take it (such as
// fitlib's Options.Context) stop with the cell. A hook set on ctx with
// cell.WithRunHook is called when the prepared cell starts and stops
// running; with cell.ContinueCell the cell keeps the previous cell's number
// (it is another part of that cell).
//
// The final value rule: when the cell's last top-level item is an
// expression statement with exactly one value, Result.Value shows it
// (display.Auto for rich values, else text/plain "%v"). Statements, calls
// of functions without results and calls with several results (such as
// fmt.Println's n, err) show nothing.
func (e *Engine) Execute(ctx context.Context, code string, sink cell.Sink) (res cell.Result) {
	e.mu.Lock()
	defer e.mu.Unlock()
	defer func() { addExcerpt(res.Err, code) }()
	if e.closed.Load() {
		return cell.Result{Err: &cell.Error{Name: "EngineClosed", Value: "the engine is closed", Traceback: []string{"EngineClosed: the engine is closed"}}}
	}
	if !cell.ContinuesCell(ctx) || e.cellN == 0 {
		e.cellN++ // else another part of the last cell (cell.ContinueCell)
	}
	// The debugger shows the part that runs (a continued cell's later part
	// replaces the earlier one's code).
	e.codeMu.Lock()
	e.codes[e.cellN] = code
	e.codeMu.Unlock()
	e.track.Cell, e.track.Unit, e.track.At = e.cellN, 0, 0
	e.runningCell.Store(int64(e.cellN))
	defer func() { e.track.Unit = 0; e.runningCell.Store(0) }()
	e.goexit.take()
	// os.Exit in the cell cancels ctx with the exit as its cause.
	ctx, endProc := e.proc.begin(ctx)
	defer endProc()
	e.out.begin(sink, e.cellN)
	defer e.out.end()
	display.SetPublisher(sinkPublisher{e.out})
	// display.Context: the cell's context, cancelled on interrupt and when
	// the cell ends, so compiled calls given it stop with the cell.
	cellCtx, cancelCell := context.WithCancel(ctx)
	defer cancelCell()
	defer display.SetContext(cellCtx)()
	defer func() {
		if r := recover(); r != nil {
			res = cell.Result{Err: internalError(r)}
		}
	}()

	e.final.take()
	e.cellPanic.reset()
	e.panicPos.beginCell()
	e.lastPanic = nil
	e.depth.n.Store(0) // interrupted calls never ran their deferred leave
	e.depth.take()
	finished := e.armStop(ctx)
	defer close(finished)
	// %go get and %%compile (magic_engine.go), then the modules the cell
	// imports (modules.go).
	if res, ok := e.runEngineMagic(ctx, &code); ok {
		return res
	}
	if err := e.resolveImports(ctx, code); err != nil {
		return cell.Result{Err: err}
	}
	pl, cerr := e.prepare(code)
	if cerr != nil {
		return cell.Result{Err: cerr.toError()}
	}
	if e.detectDeadlocks {
		go e.watchDeadlock(finished, e.proc.cancelCell)
	}
	for n := range pl.retains {
		e.retained[n] = true
	}
	e.cellRetains = pl.retains
	endRun := runHook(ctx)
	defer endRun() // when the cell crashed the interpreter
	last, rerr := e.runUnits(ctx, pl)
	if pl.hasDefers && rerr != nil && rerr.Name == "Panic" {
		e.cellPanic.set(e.lastPanic) // for recover in a top-level defer (fix_panics.go)
	}
	var deferErr error
	if pl.hasDefers && ctx.Err() == nil {
		// The cell's top-level deferred calls, last first, also after a
		// failure; interruptible like the cell.
		_, deferErr = e.eval(ctx, runDefersSrc)
	}
	endRun() // the run ends here; rendering the value is not part of it
	if rerr != nil && rerr.Name == "Panic" && e.cellPanic.wasRecovered() {
		rerr = nil // a top-level deferred call recovered it, as main's would
	}
	if deferErr != nil && (rerr == nil || rerr.Name == "Panic") {
		// A panic in a deferred call replaces the cell's, as in Go.
		rerr = e.runError(deferErr, ctx, pl, unit{kind: unitStmts})
	}
	if rerr == nil {
		// A goroutine of the cell panicked after its last statement ran.
		e.settleGoroutinePanics(ctx)
		var gp goPanicCause
		if errors.As(context.Cause(ctx), &gp) {
			rerr = stopError(ctx)
		}
	}
	if rerr != nil {
		return cell.Result{Err: rerr}
	}
	if b := e.final.take(); b != nil {
		return cell.Result{Value: b}
	}
	if !pl.hasFinal || pl.finalArity == 0 || pl.finalArity > 1 {
		return cell.Result{}
	}
	return cell.Result{Value: e.valueBundle(last)}
}

// runHook calls the cell.RunHook of ctx, if any, with true and returns
// the function that calls it with false, once.
func runHook(ctx context.Context) (end func()) {
	hook := cell.RunHook(ctx)
	if hook == nil {
		return func() {}
	}
	hook(true)
	var once sync.Once
	return func() { once.Do(func() { hook(false) }) }
}

// runUnits evaluates a prepared cell's units in order; it stops at the
// first error.
func (e *Engine) runUnits(ctx context.Context, pl *plan) (last reflect.Value, rerr *cell.Error) {
	declsDone := func() {
		if pl.declsDone != nil {
			pl.declsDone()
			pl.declsDone = nil
		}
	}
	defer func() {
		if rerr == nil {
			declsDone()
		}
	}()
	for _, u := range pl.units {
		if u.kind == unitStmts {
			declsDone()
		}
		if err := ctx.Err(); err != nil {
			return last, stopError(ctx)
		}
		if u.dyn != nil {
			src, ce := u.dyn()
			if ce != nil {
				return last, ce.toError()
			}
			u.src = src
		}
		e.inStmtUnit = u.kind == unitStmts
		e.track.Unit = 0
		if e.inStmtUnit {
			e.track.Unit = 1
		}
		var before map[string]reflect.Value
		frameAt := -1
		if u.kind == unitStmts || u.kind == unitDecls {
			before, frameAt = e.slots(), e.frameLen()
		}
		v, err := e.eval(ctx, u.src)
		e.releaseReplaced(before)
		e.releaseTemporaries(frameAt)
		if g := e.goexit.take(); g != nil && ctx.Err() == nil {
			if e.detectDeadlocks {
				// A program (gophernote run): as in Go, its other
				// goroutines run on until one calls os.Exit, or none can
				// run (fix_goexit.go).
				if err := e.afterGoexit(ctx); err != nil {
					return last, err
				}
			}
			e.out.takePanics()
			if u.after != nil {
				u.after() // what ran before the call is defined
			}
			return last, &cell.Error{Name: "Goexit", Value: g.Error(), Traceback: []string{"Goexit: " + g.Error()}}
		}
		if msg := e.depth.take(); msg != "" {
			if l, c := e.stmtAt(); l > 0 {
				msg += fmt.Sprintf(" [at %d:%d]", l, c)
			}
			return last, &cell.Error{Name: "Panic", Value: msg, Traceback: []string{"panic: " + msg}}
		}
		if err != nil && isCellReturn(err) {
			// A top-level return (fix_return.go): the cell ends here, as
			// main does; its variables exist.
			e.out.takePanics()
			if u.after != nil {
				u.after()
			}
			return last, nil
		}
		if err != nil {
			cellErr := e.runError(err, ctx, pl, u)
			if u.kind == unitStmts && u.after != nil && cellErr.Name != "CompileError" {
				u.after() // the statements compiled: their variables exist
			}
			return last, cellErr
		}
		if u.after != nil {
			u.after()
		}
		if u.final {
			last = v
		}
	}
	return last, nil
}

// eval runs src with ctx; a crash of the interpreter outside its own
// recovery becomes an error.
func (e *Engine) eval(ctx context.Context, src string) (v reflect.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = interp.Panic{Value: r}
		}
	}()
	if e.dbg.on.Load() {
		return e.dbg.run(ctx, src)
	}
	return e.in.EvalWithContext(ctx, src)
}

// valueBundle renders a cell's final value.
func (e *Engine) valueBundle(v reflect.Value) *display.Bundle {
	if !v.IsValid() || !v.CanInterface() {
		return nil
	}
	if v.Type() == voidType {
		return nil // yaegi's result for a call without values
	}
	x := v.Interface()
	if b, ok := display.Auto(x); ok {
		if b.Data == nil {
			return nil // already displayed (display handles, progress bars)
		}
		return &b
	}
	return &display.Bundle{Data: display.MIME{"text/plain": fmt.Sprintf("%v", x)}}
}

// voidType is the type yaegi returns for statements without a value.
var voidType = reflect.TypeOf((*any)(nil))
