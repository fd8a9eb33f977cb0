package engine

// Never fatal: the symbols through which a cell could end, replace or
// signal the kernel's own process are replaced for cells.
//
//   - os.Exit(code) and syscall.Exit stop the cell with an Exit error
//     ("exit status N"). Like Go, they do not run deferred calls: the
//     calling goroutine is parked for good (it never returns, so nothing
//     after the call runs, deferred calls included) and the cell's context
//     is cancelled with the exit as its cause.
//   - log.Fatal*, and the Fatal* methods of loggers made by log.New or
//     log.Default, write their message and then exit the cell the same way
//     (status 1). log.Panic* write and panic, as in Go. Each cell session
//     has its own standard logger, writing to the cell's stderr.
//   - flag's package functions use a flag set of the session that parses
//     the cell's os.Args (Options.Args), never the kernel's own command
//     line; a parse error exits the cell with status 2 (-help: 0), as
//     flag.ExitOnError does.
//   - syscall.Exec, syscall.Reboot, and syscall.Kill or a raw system call
//     that would exit, replace or signal the kernel's process panic with a
//     message saying so: the cell stops there with the panic's position.
//   - signal.Reset and signal.Ignore of SIGINT or SIGTERM would take the
//     kernel's interrupt and shutdown handling away: refused likewise.
//
// Not covered: a *log.Logger whose output a cell changes with its
// SetOutput method (the replaced writer no longer sees the Fatal), and Go
// runtime fatal errors (concurrent map writes, out of memory).

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"unsafe"

	"github.com/gophernote/gophernote/kernel/cell"

	"github.com/traefik/yaegi/interp"
)

// exitCause is the cause a cell's context is cancelled with by os.Exit.
type exitCause struct{ code int }

func (c exitCause) Error() string { return fmt.Sprintf("exit status %d", c.code) }

// process holds the per-session replacements of process-wide state.
type process struct {
	mu     sync.Mutex
	cancel context.CancelCauseFunc // cancels the running cell; nil between cells

	args  []string      // os.Args of cells
	std   *log.Logger   // the standard logger of cells: the process's (log.Default)
	flags *flag.FlagSet // flag.CommandLine of cells
	usage func()        // flag.Usage of cells
	out   io.Writer     // the cells' stderr
	e     *Engine

	// The standard logger's settings before the engine took it.
	prevOut    io.Writer
	prevFlags  int
	prevPrefix string
}

// close gives the process's standard logger back, unless a later engine
// took it since.
func (p *process) close() {
	if l, ok := p.std.Writer().(*logWriter); ok && l.p == p {
		p.std.SetOutput(p.prevOut)
		p.std.SetFlags(p.prevFlags)
		p.std.SetPrefix(p.prevPrefix)
	}
}

// parked is never closed: a goroutine that called os.Exit waits on it
// forever, so that nothing after the call (deferred calls included) runs.
var parked = make(chan struct{})

// parkFrame names the function parked goroutines wait in; drain does not
// wait for interpreter goroutines parked there.
const parkFrame = "kernel/engine.parkForever"

// parkForever never returns.
func parkForever() { <-parked }

// exit ends the running cell as os.Exit(code) ends a program.
func (p *process) exit(code int) {
	code &= 0xff // what the operating system keeps of an exit status
	p.e.out.flush()
	p.mu.Lock()
	cancel := p.cancel
	p.mu.Unlock()
	if cancel != nil {
		cancel(exitCause{code})
	} else {
		// A goroutine outlived its cell: it alone stops.
		p.e.out.write("stderr", fmt.Sprintf("os.Exit(%d) called by a goroutine after its cell ended: that goroutine stopped (the kernel keeps running)\n", code))
	}
	parkForever()
}

// begin and end bracket a cell: os.Exit cancels ctx while the cell runs.
func (p *process) begin(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	p.mu.Lock()
	p.cancel = cancel
	p.mu.Unlock()
	return ctx, func() {
		p.mu.Lock()
		p.cancel = nil
		p.mu.Unlock()
		cancel(nil)
	}
}

// cancelCell ends the running cell with cause, if a cell runs.
func (p *process) cancelCell(cause error) {
	p.mu.Lock()
	cancel := p.cancel
	p.mu.Unlock()
	if cancel != nil {
		cancel(cause)
	}
}

// stopError is the error of a cell whose context ended: Exit when os.Exit
// ended it, Deadlock when the deadlock watchdog did, else Interrupted.
func stopError(ctx context.Context) *cell.Error {
	var ec exitCause
	var dc deadlockCause
	switch cause := context.Cause(ctx); {
	case errors.As(cause, &ec):
		v := ec.Error()
		return &cell.Error{Name: "Exit", Value: v, Traceback: []string{
			"Exit: " + v + ": the cell stopped here; its deferred calls did not run (the kernel keeps running)"}}
	case errors.As(cause, &dc):
		v := dc.Error()
		return &cell.Error{Name: "Deadlock", Value: v, Traceback: []string{"Deadlock: " + v}}
	}
	var gp goPanicCause
	if errors.As(context.Cause(ctx), &gp) {
		return &cell.Error{Name: "Panic", Value: gp.value, Traceback: gp.traceback}
	}
	return interrupted()
}

// newProcess builds the replacements; args are the cells' os.Args.
func newProcess(e *Engine, args []string, stderr io.Writer) *process {
	p := &process{e: e, args: args, out: stderr}
	// Cells own the process's standard logger (log.Default, which
	// slog's default handler writes through too): its output is the
	// cells' stderr while the engine lives. The kernel itself logs with
	// loggers of its own.
	p.std = log.Default()
	p.prevOut, p.prevFlags, p.prevPrefix = p.std.Writer(), p.std.Flags(), p.std.Prefix()
	p.std.SetOutput(&logWriter{p: p, w: stderr, l: p.std})
	p.std.SetFlags(log.LstdFlags)
	p.std.SetPrefix("")
	p.flags = flag.NewFlagSet(args[0], flag.ContinueOnError)
	p.flags.SetOutput(stderr)
	p.usage = func() {
		fmt.Fprintf(p.flags.Output(), "Usage of %s:\n", p.flags.Name())
		p.flags.PrintDefaults()
	}
	p.flags.Usage = func() { p.usage() }
	return p
}

// logWriter is the output of cells' loggers: after a write made by a
// logger's Fatal method it exits the cell (log.(*Logger).Fatal would
// call the real os.Exit next).
type logWriter struct {
	p *process
	w io.Writer
	l *log.Logger // the logger writing through it, when known
}

func (l *logWriter) Write(b []byte) (int, error) {
	if internalLog() {
		// yaegi's own log.Panic("nil type") before a crash the engine
		// reports: not the cell's output.
		return os.Stderr.Write(b)
	}
	_, err := l.w.Write(l.p.e.fixLogCaller(b))
	if fatalCaller() {
		// The logger holds its output lock while it writes, and this
		// goroutine never returns: release the lock first, or every later
		// use of the logger would wait for ever.
		unlockOutput(l.l)
		l.p.exit(1)
	}
	if err != nil {
		return 0, err
	}
	return len(b), nil
}

// fatalCaller reports whether a log Fatal function is on the stack.
func fatalCaller() bool {
	var pcs [24]uintptr
	n := runtime.Callers(3, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		switch f.Function {
		case "log.(*Logger).Fatal", "log.(*Logger).Fatalf", "log.(*Logger).Fatalln",
			"log.Fatal", "log.Fatalf", "log.Fatalln":
			return true
		}
		if !more {
			return false
		}
	}
}

// internalLog reports whether the log call writing now comes from yaegi's
// own code rather than from a cell (through reflect) or compiled code.
func internalLog() bool {
	var pcs [16]uintptr
	n := runtime.Callers(3, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "log.") {
			return strings.HasPrefix(f.Function, interpFrame)
		}
		if !more {
			return false
		}
	}
}

// guard wraps a writer given to logger l of a cell.
func (p *process) guard(w io.Writer, l *log.Logger) io.Writer {
	if g, ok := w.(*logWriter); ok {
		w = g.w
	}
	if w == nil {
		return w
	}
	return &logWriter{p: p, w: w, l: l}
}

// unlockOutput releases the output lock (the unexported field outMu of
// log.Logger) that log.(*Logger).output holds while it calls Write. Written
// by hand: the log package offers no other way, and a Fatal method of a
// logger must not leave it locked when the goroutine stops for good.
func unlockOutput(l *log.Logger) {
	if l == nil {
		return
	}
	f := reflect.ValueOf(l).Elem().FieldByName("outMu")
	if !f.IsValid() || f.Type() != reflect.TypeFor[sync.Mutex]() {
		return // a log package without the field: nothing to do
	}
	mu := (*sync.Mutex)(unsafe.Pointer(f.UnsafeAddr()))
	if !mu.TryLock() {
		mu.Unlock()
		return
	}
	mu.Unlock() // it was not locked: leave it so
}

// unguard returns the writer a cell gave.
func unguard(w io.Writer) io.Writer {
	if l, ok := w.(*logWriter); ok {
		return l.w
	}
	return w
}

// refuse stops the cell with a panic naming the call.
func refuse(call, why string) {
	panic(fmt.Sprintf("%s is refused in a gophernote cell: %s", call, why))
}

// symbols returns the replacement symbol tables.
func (p *process) symbols() interp.Exports {
	std := p.std
	logSyms := map[string]reflect.Value{
		"Default": reflect.ValueOf(func() *log.Logger { return std }),
		"New": reflect.ValueOf(func(out io.Writer, prefix string, flag int) *log.Logger {
			l := log.New(io.Discard, prefix, flag)
			l.SetOutput(p.guard(out, l))
			return l
		}),
		"Print":   reflect.ValueOf(func(v ...any) { std.Output(2, fmt.Sprint(v...)) }),
		"Printf":  reflect.ValueOf(func(format string, v ...any) { std.Output(2, fmt.Sprintf(format, v...)) }),
		"Println": reflect.ValueOf(func(v ...any) { std.Output(2, fmt.Sprintln(v...)) }),
		"Fatal":   reflect.ValueOf(func(v ...any) { std.Output(2, fmt.Sprint(v...)); p.exit(1) }),
		"Fatalf":  reflect.ValueOf(func(format string, v ...any) { std.Output(2, fmt.Sprintf(format, v...)); p.exit(1) }),
		"Fatalln": reflect.ValueOf(func(v ...any) { std.Output(2, fmt.Sprintln(v...)); p.exit(1) }),
		"Panic": reflect.ValueOf(func(v ...any) {
			s := fmt.Sprint(v...)
			std.Output(2, s)
			panic(s)
		}),
		"Panicf": reflect.ValueOf(func(format string, v ...any) {
			s := fmt.Sprintf(format, v...)
			std.Output(2, s)
			panic(s)
		}),
		"Panicln": reflect.ValueOf(func(v ...any) {
			s := fmt.Sprintln(v...)
			std.Output(2, s)
			panic(s)
		}),
		"Flags":     reflect.ValueOf(std.Flags),
		"SetFlags":  reflect.ValueOf(std.SetFlags),
		"Prefix":    reflect.ValueOf(std.Prefix),
		"SetPrefix": reflect.ValueOf(std.SetPrefix),
		"Output":    reflect.ValueOf(func(calldepth int, s string) error { return std.Output(calldepth+1, s) }),
		"Writer":    reflect.ValueOf(func() io.Writer { return unguard(std.Writer()) }),
		"SetOutput": reflect.ValueOf(func(w io.Writer) { std.SetOutput(p.guard(w, std)) }),
	}

	fs := p.flags
	flagSyms := map[string]reflect.Value{
		"CommandLine": reflect.ValueOf(&p.flags).Elem(),
		"Usage":       reflect.ValueOf(&p.usage).Elem(),
		"Parse": reflect.ValueOf(func() {
			switch err := fs.Parse(p.args[1:]); {
			case errors.Is(err, flag.ErrHelp):
				p.exit(0)
			case err != nil:
				p.exit(2)
			}
		}),
		"Parsed":        reflect.ValueOf(fs.Parsed),
		"Args":          reflect.ValueOf(fs.Args),
		"NArg":          reflect.ValueOf(fs.NArg),
		"Arg":           reflect.ValueOf(fs.Arg),
		"NFlag":         reflect.ValueOf(fs.NFlag),
		"Set":           reflect.ValueOf(fs.Set),
		"Lookup":        reflect.ValueOf(fs.Lookup),
		"Visit":         reflect.ValueOf(fs.Visit),
		"VisitAll":      reflect.ValueOf(fs.VisitAll),
		"PrintDefaults": reflect.ValueOf(fs.PrintDefaults),
		"Bool":          reflect.ValueOf(fs.Bool),
		"BoolVar":       reflect.ValueOf(fs.BoolVar),
		"BoolFunc":      reflect.ValueOf(fs.BoolFunc),
		"Duration":      reflect.ValueOf(fs.Duration),
		"DurationVar":   reflect.ValueOf(fs.DurationVar),
		"Float64":       reflect.ValueOf(fs.Float64),
		"Float64Var":    reflect.ValueOf(fs.Float64Var),
		"Func":          reflect.ValueOf(fs.Func),
		"Int":           reflect.ValueOf(fs.Int),
		"IntVar":        reflect.ValueOf(fs.IntVar),
		"Int64":         reflect.ValueOf(fs.Int64),
		"Int64Var":      reflect.ValueOf(fs.Int64Var),
		"String":        reflect.ValueOf(fs.String),
		"StringVar":     reflect.ValueOf(fs.StringVar),
		"TextVar":       reflect.ValueOf(fs.TextVar),
		"Uint":          reflect.ValueOf(fs.Uint),
		"UintVar":       reflect.ValueOf(fs.UintVar),
		"Uint64":        reflect.ValueOf(fs.Uint64),
		"Uint64Var":     reflect.ValueOf(fs.Uint64Var),
		"Var":           reflect.ValueOf(fs.Var),
	}

	osSyms := map[string]reflect.Value{
		"Exit": reflect.ValueOf(p.exit),
		"FindProcess": reflect.ValueOf(func(pid int) (*os.Process, error) {
			if pid == os.Getpid() {
				refuse(fmt.Sprintf("os.FindProcess(%d)", pid), "that is the kernel's own process")
			}
			return os.FindProcess(pid)
		}),
	}

	signalSyms := map[string]reflect.Value{
		"Reset":  reflect.ValueOf(func(sig ...os.Signal) { checkSignals("signal.Reset", sig); signal.Reset(sig...) }),
		"Ignore": reflect.ValueOf(func(sig ...os.Signal) { checkSignals("signal.Ignore", sig); signal.Ignore(sig...) }),
	}

	syscallSyms := map[string]reflect.Value{
		"Exit": reflect.ValueOf(p.exit),
		"Exec": reflect.ValueOf(func(argv0 string, argv []string, envv []string) error {
			refuse("syscall.Exec", "it would replace the kernel's process; run programs with os/exec")
			return nil
		}),
		"Reboot": reflect.ValueOf(func(cmd int) error {
			refuse("syscall.Reboot", "it would stop the machine the kernel runs on")
			return nil
		}),
	}
	addSyscalls(syscallSyms)

	slogSyms := map[string]reflect.Value{
		// slog.SetDefault points the standard logger at the handler: keep
		// the Fatal guard on it.
		"SetDefault": reflect.ValueOf(func(l *slog.Logger) {
			slog.SetDefault(l)
			std.SetOutput(p.guard(std.Writer(), std))
		}),
	}

	return interp.Exports{
		"log/slog/slog":    slogSyms,
		"log/log":          logSyms,
		"flag/flag":        flagSyms,
		"os/os":            osSyms,
		"os/signal/signal": signalSyms,
		"syscall/syscall":  syscallSyms,
	}
}

// checkSignals refuses resetting or ignoring the signals the kernel
// handles (no signals means all of them).
func checkSignals(call string, sig []os.Signal) {
	if len(sig) == 0 {
		refuse(call+"()", "it would remove the kernel's interrupt (SIGINT) and shutdown (SIGTERM) handling")
	}
	for _, s := range sig {
		if s == os.Interrupt || s == syscall.SIGTERM {
			refuse(fmt.Sprintf("%s(%v)", call, s), "the kernel handles that signal (interrupt, shutdown)")
		}
	}
}
