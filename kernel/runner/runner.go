// Package runner is `gophernote run`: it executes a notebook (every code
// cell in order, writing the executed notebook and its figures) or a Go
// program (package main with func main, or cell code) headless, with the
// engine the kernel uses, in a worker process of its own (kernel/worker)
// — so a Go fatal error in a program ends the run as it ends a compiled
// program (exit status 2, Go's report on stderr) and a notebook run saves
// the outputs its cells had before the crash.
//
// The notebook model (nbformat 4: reading, checking, the outputs a run
// writes, the committed form of --in-place) and the output collector live
// here too. cmd/gophernote calls Main; tests import the package.
package runner

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/worker"
)

const runUsage = `usage: gophernote run FILE.ipynb|FILE.go [--out DIR | --in-place] [--allow-errors] [--timeout D] [--memory-limit SIZE] [-- ARGS...]

Executes a notebook (or a Go program: package main with func main) headless
with the kernel's engine. The executed notebook is written to DIR/NAME.ipynb
and every image to DIR/NAME_cellN_K.png|.svg|.jpg; a Go program's display
calls write files into DIR and print their paths.

  --out DIR        output directory (default "out"; created when missing)
  --in-place       write the executed notebook over FILE.ipynb, in the form
                   committed to a repository: no image files, figures as
                   8-bit palette PNG only (SVG dropped), stable JSON
  --allow-errors   keep going after a failing cell (exit status 0)
  --timeout D      interrupt a cell running longer than D (e.g. 30s, 5m)
  --memory-limit SIZE
                   the worker process's memory limit (e.g. 4GiB, 75%, off;
                   default: $GOPHERNOTE_MEMORY_LIMIT, else all of the
                   memory of the machine or cgroup)
  go build's flags (-gcflags, -ldflags, -race, -tags...) are refused: the
                   program is interpreted, not built (use go run for them)
  -- ARGS...       the program's arguments: cells see os.Args = [NAME ARGS...]
                   (NAME: the file name without extension), so flag.Parse
                   in a cell parses ARGS, never gophernote's own flags

os.Exit(N) and log.Fatal stop the program: a Go program's run then exits
with status N (1 for log.Fatal), without running deferred calls, as a
compiled program would. A Go fatal error (concurrent map writes, out of
memory, stack overflow) ends the run as it ends a compiled program: Go's
report on stderr and exit status 2; a notebook is written with the outputs
it had, the crashed cell's error last.

Ctrl-C (SIGINT) interrupts the running cell, as a Jupyter interrupt does
(display.Context() in the cell is cancelled, so fitlib calls given it
stop), writes the notebook so far and exits with status 130; a second
Ctrl-C kills the process.
`

// runOptions are the parsed flags of `gophernote run`.
type runOptions struct {
	file        string
	out         string
	inPlace     bool
	allowErrors bool
	timeout     time.Duration
	memoryLimit string
	args        []string // the program's arguments, after "--"
	buildFlags  []string // go build flags given (refused: buildFlagError)
}

// Config is what the runner needs from the program it runs in.
type Config struct {
	Stdout, Stderr io.Writer // nil: os.Stdout, os.Stderr
	// Worker is the worker process's command line; nil: this program
	// with worker.Subcommand (cmd/gophernote's main serves it).
	Worker []string
	// WorkerEnv is added to the worker's environment.
	WorkerEnv []string
}

// fatalStatus is the exit status of a run whose worker died: compiled
// Go's for a fatal error or an unrecovered panic.
const fatalStatus = 2

// Main runs `gophernote run ARGS...` and returns its exit status.
func Main(args []string, cfg Config) int {
	if cfg.Stdout == nil {
		cfg.Stdout = os.Stdout
	}
	if cfg.Stderr == nil {
		cfg.Stderr = os.Stderr
	}
	return runMain(args, cfg)
}

// startWorker starts the worker process of a run.
func startWorker(cfg Config, o runOptions, eo worker.EngineOptions, idle cell.Sink) (*worker.Client, error) {
	env := append([]string(nil), cfg.WorkerEnv...)
	if o.memoryLimit != "" {
		env = append(env, "GOPHERNOTE_MEMORY_LIMIT="+o.memoryLimit)
	}
	return worker.Start(worker.Options{
		Engine: eo,
		Idle:   idle,
		// The worker's own stderr (Go's crash report, raw writes to fd 2)
		// is the run's, as a compiled program's is.
		Stderr:         cfg.Stderr,
		TerminalStderr: isTerminal(cfg.Stderr),
		Command:        cfg.Worker,
		Env:            env,
	})
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// runMain is Main with the streams set.
func runMain(args []string, cfg Config) int {
	stdout, stderr := cfg.Stdout, cfg.Stderr
	opts, err := parseRunArgs(args)
	if err == nil && len(opts.buildFlags) > 0 {
		fmt.Fprintf(stderr, "gophernote run: %s: %s\n", opts.file, buildFlagError(opts.buildFlags))
		return 2
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, runUsage)
			return 0
		}
		fmt.Fprintf(stderr, "gophernote run: %v\n%s", err, runUsage)
		return 2
	}
	if !opts.inPlace {
		if err := os.MkdirAll(opts.out, 0o755); err != nil {
			fmt.Fprintf(stderr, "gophernote run: output directory: %v\n", err)
			return 1
		}
	}
	base, stop := interruptContext()
	defer stop()
	switch ext := strings.ToLower(filepath.Ext(opts.file)); ext {
	case ".ipynb":
		return runNotebook(base, cfg, opts)
	case ".go":
		return runScript(base, cfg, opts)
	default:
		fmt.Fprintf(stderr, "gophernote run: %s: want a .ipynb notebook or a .go file\n", opts.file)
		return 2
	}
}

// parseRunArgs accepts flags before and after the file name.
func parseRunArgs(args []string) (runOptions, error) {
	var o runOptions
	for i, a := range args {
		if a == "--" {
			args, o.args = args[:i], append([]string{}, args[i+1:]...)
			break
		}
	}
	args, o.buildFlags = cutBuildFlags(args)
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.out, "out", "out", "")
	fs.BoolVar(&o.inPlace, "in-place", false, "")
	fs.BoolVar(&o.allowErrors, "allow-errors", false, "")
	fs.DurationVar(&o.timeout, "timeout", 0, "")
	fs.StringVar(&o.memoryLimit, "memory-limit", "", "")
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return o, err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
	case len(files) == 0:
		return o, errors.New("missing FILE.ipynb or FILE.go")
	case len(files) > 1:
		return o, fmt.Errorf("one file at a time, got %d: %s", len(files), strings.Join(files, " "))
	case o.timeout < 0:
		return o, fmt.Errorf("--timeout %v is negative", o.timeout)
	}
	if m := o.memoryLimit; m != "" && !strings.EqualFold(m, "off") && !strings.HasSuffix(m, "%") {
		if _, err := worker.ParseSize(m); err != nil {
			return o, fmt.Errorf("--memory-limit: %v", err)
		}
	}
	o.file = files[0]
	if o.inPlace {
		outSet := false
		fs.Visit(func(f *flag.Flag) { outSet = outSet || f.Name == "out" })
		switch {
		case outSet:
			return o, errors.New("--in-place and --out exclude each other")
		case !strings.EqualFold(filepath.Ext(o.file), ".ipynb"):
			return o, fmt.Errorf("--in-place rewrites a notebook, not %s", o.file)
		}
	}
	return o, nil
}

// goBuildFlags are go build's flags (go help build) that change how the
// program is compiled or linked, with whether they take a value.
var goBuildFlags = map[string]bool{
	"gcflags": true, "ldflags": true, "asmflags": true, "gccgoflags": true, "tags": true,
	"buildmode": true, "compiler": true, "covermode": true, "coverpkg": true, "toolexec": true,
	"pgo": true, "race": false, "msan": false, "asan": false, "cover": false, "trimpath": false,
	"linkshared": false,
}

// cutBuildFlags takes go build's flags out of args: `gophernote run
// -race x.go` typed as `go run -race x.go` would be.
func cutBuildFlags(args []string) (rest, build []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		takesValue, ok := goBuildFlags[name]
		if !ok || !strings.HasPrefix(a, "-") {
			rest = append(rest, a)
			continue
		}
		if takesValue && !hasValue && i+1 < len(args) {
			i++
			a += "=" + args[i]
		}
		build = append(build, a)
	}
	return rest, build
}

// buildFlagError is the refusal of go build flags: the interpreter has
// no compiler or linker to hand them to, and running without them would
// run another program than `go run FLAGS FILE` builds (-race reports
// races, -gcflags=-d=checkptr checks unsafe conversions, -d=maymorestack
// calls a hook in every prologue, -ldflags=-X sets variables).
func buildFlagError(flags []string) string {
	what, it := "flag "+flags[0]+" is", "it"
	if len(flags) > 1 {
		what, it = "flags "+strings.Join(flags, " ")+" are", "them"
	}
	return fmt.Sprintf("UsageError: go build %s refused: gophernote interprets the program, with no compiler or linker to hand %s to, and running without %s would not run what go run %s builds",
		what, it, it, strings.Join(flags, " "))
}

// interruptedStatus is the exit status after Ctrl-C, the shell's 128+SIGINT.
const interruptedStatus = 130

// interruptContext returns a context cancelled by the first SIGINT: the
// cells run with contexts derived from it, so Ctrl-C interrupts the
// running cell like a Jupyter interrupt and cancels its display.Context().
// After that first SIGINT the signal is no longer caught, so a second one
// kills the process. stop releases the signal.
func interruptContext() (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
			signal.Stop(sigs)
			cancel()
		case <-done:
		}
	}()
	return ctx, func() {
		close(done)
		signal.Stop(sigs)
		cancel()
	}
}

// cellContext derives a cell's context from base (cancelled by Ctrl-C)
// and applies --timeout.
func cellContext(base context.Context, o runOptions) (context.Context, context.CancelFunc) {
	if o.timeout > 0 {
		return context.WithTimeout(base, o.timeout)
	}
	return context.WithCancel(base)
}

// runNotebook executes every code cell of the notebook in order; a
// cancelled base (Ctrl-C) interrupts the running cell and stops the run.
func runNotebook(base context.Context, cfg Config, o runOptions) int {
	stdout, stderr := cfg.Stdout, cfg.Stderr
	nb, err := readNotebook(o.file)
	if err != nil {
		fmt.Fprintf(stderr, "gophernote run: %v\n", err)
		return 1
	}
	name := strings.TrimSuffix(filepath.Base(o.file), filepath.Ext(o.file))
	outPath := filepath.Join(o.out, name+".ipynb")
	col := newCollector(stdout, stderr, o.out, name)
	if o.inPlace {
		outPath, col.noFiles = o.file, true
	}
	eng, err := startWorker(cfg, o, worker.EngineOptions{Args: append([]string{name}, o.args...), DetectDeadlocks: true}, idleSink{col})
	if err != nil {
		fmt.Fprintf(stderr, "gophernote run: %v\n", err)
		return 1
	}
	defer eng.Close()

	nb.prepare(name)
	committed := nb.outputs() // --in-place keeps those a re-run reproduces
	status, count := 0, 0
	for i, c := range nb.Cells {
		if c["cell_type"] != "code" {
			continue
		}
		src, _ := cellSource(c)
		c["outputs"], c["execution_count"] = []any{}, nil
		if strings.TrimSpace(src) == "" {
			continue
		}
		count++
		col.begin(i + 1)
		ctx, cancel := cellContext(base, o)
		res := eng.Execute(cell.WithExecutionCount(ctx, count), src, col)
		timedOut := errors.Is(ctx.Err(), context.DeadlineExceeded)
		interrupted := base.Err() != nil
		cancel()
		if res.Value != nil {
			col.result(*res.Value, count)
		}
		if res.Err != nil {
			ename, evalue := res.Err.Name, res.Err.Value
			if timedOut {
				ename, evalue = "Timeout", fmt.Sprintf("cell ran longer than --timeout %v (%s)", o.timeout, evalue)
			}
			tb := res.Err.Traceback
			if res.Err.Crash != "" {
				// The worker's report is on stderr already; the notebook
				// keeps its start, not the advice to %rerun.
				tb = crashLines(tb)
			}
			col.failure(ename, evalue, tb)
			fmt.Fprintf(stderr, "gophernote run: %s: cell %d: %s: %s\n", o.file, i+1, ename, evalue)
			if res.Err.Crash == "" {
				for _, l := range res.Err.Traceback {
					fmt.Fprintln(stderr, "  "+l)
				}
			}
			status = 1
		}
		c["outputs"], c["execution_count"] = col.end(), count
		if res.Err != nil && res.Err.Crash != "" {
			// The worker died: the state is gone, so the run ends here,
			// as a compiled program does, with the outputs so far.
			fmt.Fprintf(stderr, "gophernote run: %s: the Go worker process died in cell %d; the notebook keeps the outputs so far\n", o.file, i+1)
			status = fatalStatus
			break
		}
		if interrupted {
			fmt.Fprintf(stderr, "gophernote run: %s: interrupted (SIGINT) in cell %d\n", o.file, i+1)
			status = interruptedStatus
			break
		}
		if status != 0 && !o.allowErrors {
			break
		}
	}
	if o.inPlace {
		if status != 0 && (status == interruptedStatus || status == fatalStatus || !o.allowErrors) {
			fmt.Fprintf(stderr, "gophernote run: %s left unchanged: the run did not complete\n", o.file)
			return status
		}
		if err := nb.committedForm(); err != nil {
			fmt.Fprintf(stderr, "gophernote run: %s: %v\n", o.file, err)
			return 1
		}
		nb.keepReproduced(committed)
	}
	if err := nb.save(outPath); err != nil {
		fmt.Fprintf(stderr, "gophernote run: writing %s: %v\n", outPath, err)
		return 1
	}
	fmt.Fprintln(stdout, "wrote", outPath)
	if status == interruptedStatus || status == fatalStatus {
		return status
	}
	if col.err != nil {
		return 1
	}
	if o.allowErrors {
		return 0
	}
	return status
}
