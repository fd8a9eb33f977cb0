package magic

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gophernote/gophernote/kernel/cell"
)

// killGrace is how long an interrupted command's process group has after
// SIGINT before SIGKILL, and how long output of processes that escaped the
// group may keep the pipes open after the command ended.
const killGrace = 2 * time.Second

// shellLine runs a !COMMAND segment. As in IPython, a command that fails
// does not fail the cell.
func (r *runner) shellLine(ctx context.Context, s segment) cell.Result {
	cmd := strings.TrimSpace(s.args)
	if cmd == "" {
		return cell.Result{Err: usageError(s.argLine, s.nameCol, "! needs a command, e.g. !ls -l")}
	}
	cmd, err := r.expand(ctx, cmd)
	if err != nil {
		return cell.Result{Err: err}
	}
	_, rerr := runCommand(ctx, r.sink, []string{"/bin/sh", "-c", cmd})
	return commandResult(rerr, s.argLine, s.nameCol)
}

// commandResult turns runCommand's error into the cell's result.
func commandResult(err error, line, col int) cell.Result {
	switch {
	case err == nil:
		return cell.Result{}
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return cell.Result{Err: interrupted()}
	}
	return cell.Result{Err: &cell.Error{Name: "ShellError", Value: fmt.Sprintf("%d:%d: %v", line, col, err), Traceback: []string{fmt.Sprintf("ShellError: %d:%d: %v", line, col, err)}}}
}

func init() {
	for _, sh := range []struct{ name, bin string }{{"bash", "bash"}, {"sh", "sh"}} {
		bin := sh.bin
		register(&magicDef{
			name:    sh.name,
			cell:    true,
			usage:   "%%" + sh.name + " [--no-raise-error]",
			summary: "Run the cell's body as a " + bin + " script.",
			help: `The body (the lines after the first) runs with ` + bin + ` -c in the kernel's working
directory and environment; its output streams into the cell as it comes, and
it reads no input. A non-zero exit status fails the cell (ename
CalledProcessError, as IPython's %%` + sh.name + `) unless --no-raise-error is given.
Interrupting the cell ends the script's whole process group (SIGINT, then
SIGKILL after 2 s); background jobs it left running end when it exits.

    %%` + sh.name + `
    for f in *.csv; do wc -l "$f"; done`,
			run: func(r *runner, c *call) cell.Result {
				raise := true
				for _, a := range strings.Fields(c.seg.args) {
					if a != "--no-raise-error" {
						return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, fmt.Sprintf("%%%%%s: unknown option %s (only --no-raise-error)", c.seg.name, a))}
					}
					raise = false
				}
				path, err := exec.LookPath(bin)
				if err != nil {
					return cell.Result{Err: usageError(c.seg.argLine, c.seg.nameCol, fmt.Sprintf("%%%%%s: %v", c.seg.name, err))}
				}
				state, rerr := runCommand(c.ctx, r.sink, []string{path, "-c", c.body})
				if rerr != nil {
					return commandResult(rerr, c.seg.argLine, c.seg.nameCol)
				}
				if !state.Success() && raise {
					v := fmt.Sprintf("%%%%%s: the script ended with %s", c.seg.name, state)
					return cell.Result{Err: &cell.Error{Name: "CalledProcessError", Value: v, Traceback: []string{"CalledProcessError: " + v}}}
				}
				return cell.Result{}
			},
		})
	}
}

// streamWriter passes a command's output to the sink as it comes, holding
// back a UTF-8 sequence cut between two reads until its end arrives.
type streamWriter struct {
	mu   sync.Mutex
	sink cell.Sink
	name string
	rest []byte // the start of a cut UTF-8 sequence
}

func (w *streamWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	data := append(w.rest, b...)
	w.rest = nil
	// Keep back an incomplete sequence at the end (at most 3 bytes).
	cut := len(data)
	for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				cut = i
			}
			break
		}
	}
	if cut < len(data) {
		w.rest = append([]byte(nil), data[cut:]...)
	}
	if cut > 0 {
		w.sink.Stream(w.name, string(data[:cut]))
	}
	return len(b), nil
}

// flush sends what was held back (an invalid sequence, at the end).
func (w *streamWriter) flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.rest) > 0 {
		w.sink.Stream(w.name, string(w.rest))
		w.rest = nil
	}
}

// runCommand runs argv in a process group of its own with its output
// streaming to sink, and returns its exit status. Cancelling ctx sends
// SIGINT to the group, then SIGKILL after killGrace; when the command
// ends, what it left running in its group is killed. err is ctx's error
// when interrupted, or the reason the command could not run; else state
// says how the command ended.
func runCommand(ctx context.Context, sink cell.Sink, argv []string) (state *os.ProcessState, err error) {
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = outW, errW
	setGroup(cmd)
	startErr := cmd.Start()
	outW.Close()
	errW.Close()
	if startErr != nil {
		outR.Close()
		errR.Close()
		return nil, startErr
	}
	var copies sync.WaitGroup
	for _, p := range []struct {
		r    *os.File
		name string
	}{{outR, "stdout"}, {errR, "stderr"}} {
		copies.Add(1)
		go func() {
			defer copies.Done()
			w := &streamWriter{sink: sink, name: p.name}
			io.Copy(w, p.r)
			w.flush()
		}()
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var waitErr error
	select {
	case waitErr = <-exited:
	case <-ctx.Done():
		signalGroup(cmd, interruptSignal)
		select {
		case waitErr = <-exited:
		case <-time.After(killGrace):
			signalGroup(cmd, killSignal)
			waitErr = <-exited
		}
		err = ctx.Err()
	}
	// What the command left running in its group ends with it (no
	// orphans holding the pipes).
	signalGroup(cmd, killSignal)
	done := make(chan struct{})
	go func() { copies.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(killGrace):
		// A process that left the group (setsid) still holds a pipe:
		// stop reading; it gets EPIPE when it writes.
		outR.Close()
		errR.Close()
		<-done
	}
	outR.Close()
	errR.Close()
	if err != nil {
		return nil, err
	}
	var ee *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &ee) {
		return nil, waitErr
	}
	return cmd.ProcessState, nil
}
