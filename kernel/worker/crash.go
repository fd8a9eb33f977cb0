package worker

import (
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"syscall"

	"github.com/gophernote/gophernote/kernel/cell"
)

// What ended a worker, in Go's words.
//
// A worker dies of what ends a compiled Go program that the engine cannot
// turn into a cell error: the runtime's fatal errors (concurrent map
// writes, out of memory, stack overflow, unlock of an unlocked mutex), a
// panic outside the goroutines the engine guards, a signal (the OOM
// killer's SIGKILL), or an exit from compiled code. The cell that was
// running fails with:
//
//   - ename "fatal error" and evalue Go's message after "fatal error: ",
//     followed in parentheses by the runtime's own line before it when it
//     printed one: "concurrent map writes", "out of memory (runtime: out of
//     memory: cannot allocate 8796093022208-byte block (3997696 in use))",
//     "stack overflow (runtime: goroutine stack exceeds 1000000000-byte
//     limit)", "sync: unlock of unlocked mutex";
//   - ename "panic" and the panic's message for an unrecovered panic;
//   - ename "signal" and the signal's name ("killed"), saying so when the
//     cgroup's OOM killer counted a kill;
//   - ename "Exit", evalue "exit status N" for an exit of compiled code.
//
// evalue ends with " [at L:C]" (the cell's top-level statement that was
// running) when the crash happened in the goroutine that runs the cell's
// statements and the engine recorded the statement (see page.go), or
// " [in a goroutine the cell started]" when the crashing goroutine was
// one of the cell's. The traceback holds the start of Go's report (its
// message lines and the crashing goroutine's first frames; the whole
// report is in the kernel's log), then says that the state is gone, which
// cells had defined it, and how to get it back (%rerun).

// death is the examined end of a worker.
type death struct {
	err    *cell.Error // Name and Value; Traceback is report
	report []string    // the start of Go's report, as shown to the user
	full   string      // Go's whole report
	exit   string      // the process state: "exit status 2", "signal: killed"
}

func (d *death) summary() string {
	s := d.err.Name + ": " + d.err.Value
	if d.exit != "" {
		s += " (" + d.exit + ")"
	}
	return s
}

// examine reads how the process ended: its state, the report the Go
// runtime wrote on its stderr, and the positions its engine recorded.
func (p *proc) examine() *death {
	d := &death{}
	st := p.cmd.ProcessState
	if st != nil {
		d.exit = st.String()
	}
	rep := findReport(p.errs.text())
	switch {
	case rep != nil:
		d.err = &cell.Error{Name: rep.name, Value: rep.value}
		d.report, d.full = rep.lines, rep.full
		if at := p.crashPosition(rep); at != "" {
			d.err.Value += " " + at
		}
	case st != nil && signaled(st) != 0:
		sig := signaled(st)
		d.err = &cell.Error{Name: "signal", Value: sig.String()}
		if sig == syscall.SIGKILL && p.oom0 >= 0 && oomKills() > p.oom0 {
			d.err.Value += " (by the out-of-memory killer: the worker's cgroup counted an OOM kill)"
		} else if sig == syscall.SIGKILL {
			d.err.Value += " (SIGKILL: the system's out-of-memory killer or another process)"
		}
	case st != nil:
		d.err = &cell.Error{Name: "Exit", Value: fmt.Sprintf("exit status %d", st.ExitCode())}
		d.report = []string{"the worker process exited (os.Exit called by compiled code?)"}
	default:
		d.err = &cell.Error{Name: "Exit", Value: "the worker process ended"}
	}
	d.err.Traceback = []string{d.err.Name + ": " + d.err.Value}
	if len(d.report) > 0 && rep != nil && strings.HasPrefix(d.report[0], rep.name+": ") {
		// The message line itself is the traceback's first line already.
		d.err.Traceback = append(d.err.Traceback, d.report[1:]...)
	} else {
		d.err.Traceback = append(d.err.Traceback, d.report...)
	}
	return d
}

func signaled(st interface{ Sys() any }) syscall.Signal {
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal()
	}
	return 0
}

var _ = exec.ErrNotFound

// report is a Go crash report found on a worker's stderr.
type report struct {
	name, value string
	lines       []string // header and the crashing goroutine's first frames
	full        string
	goroutine   []string // the crashing goroutine's block
}

// reportStart matches the lines a Go crash report's message starts with.
var reportStart = regexp.MustCompile(`^(fatal error: |panic: |runtime: |unexpected fault address |unexpected signal |SIG[A-Z]+: )`)

// goroutineHeader matches "goroutine 18 [running]:" (and the runtime's
// "goroutine 15 gp=0x... m=8 mp=0x... [running]:").
var goroutineHeader = regexp.MustCompile(`^goroutine \d+ (?:[a-z]+=\S+ )*\[`)

// reportFrames is how many lines of the crashing goroutine's traceback
// the cell's error shows.
const reportFrames = 16

// findReport finds the last crash report in text, or nil.
func findReport(text string) *report {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	at := -1
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "fatal error: ") || strings.HasPrefix(lines[i], "panic: ") {
			at = i
			break
		}
	}
	if at < 0 {
		return nil
	}
	// For a panic, the first line of its chain ("panic: A [recovered]",
	// "\tpanic: B") starts the report.
	for at > 0 && strings.HasPrefix(lines[at], "panic: ") && strings.HasPrefix(lines[at-1], "\tpanic: ") {
		at--
	}
	for at > 0 && strings.HasPrefix(lines[at-1], "panic: ") && strings.HasSuffix(lines[at-1], "[recovered]") {
		at--
	}
	start := at
	for start > 0 && reportStart.MatchString(lines[start-1]) && !strings.HasPrefix(lines[start-1], "fatal error: ") {
		start--
	}
	r := &report{full: strings.Join(lines[start:], "\n")}
	msgLine := lines[at]
	if m, ok := strings.CutPrefix(msgLine, "fatal error: "); ok {
		r.name, r.value = "fatal error", m
		for _, l := range lines[start:at] {
			if strings.HasPrefix(l, "runtime: ") && !strings.HasPrefix(l, "runtime: sp=") {
				r.value += " (" + l + ")"
				break
			}
		}
	} else {
		// The last panic of a chain is the one that ended the program.
		msg := strings.TrimPrefix(msgLine, "panic: ")
		for _, l := range lines[at+1:] {
			if m, ok := strings.CutPrefix(l, "\tpanic: "); ok {
				msg = m
				continue
			}
			break
		}
		msg = strings.TrimSuffix(strings.TrimSuffix(msg, " [recovered]"), " [recovered, repanicked]")
		r.name, r.value = "panic", msg
	}
	// The header: the message lines, up to the first blank line or
	// goroutine (the runtime's own stack, "runtime stack:", is left to
	// the log).
	i := start
	for ; i < len(lines) && !goroutineHeader.MatchString(lines[i]); i++ {
		if strings.TrimSpace(lines[i]) == "" {
			for i < len(lines) && !goroutineHeader.MatchString(lines[i]) {
				i++
			}
			break
		}
		r.lines = append(r.lines, lines[i])
	}
	if i < len(lines) {
		j := i
		for j < len(lines) && strings.TrimSpace(lines[j]) != "" {
			j++
		}
		r.goroutine = lines[i:j]
		shown := r.goroutine
		if len(shown) > reportFrames {
			shown = append(append([]string(nil), shown[:reportFrames]...),
				fmt.Sprintf("... (%d more lines of Go's report in the kernel's log)", len(lines)-i-reportFrames))
		}
		r.lines = append(r.lines, "")
		r.lines = append(r.lines, shown...)
	}
	return r
}

// inCellStatements reports whether the crashing goroutine is the one
// that evaluates the cell's code (yaegi's EvalWithContext starts it), and
// inCellGoroutine whether a `go` statement of a cell started it.
func (r *report) createdBy() string {
	for _, l := range r.goroutine {
		if s, ok := strings.CutPrefix(l, "created by "); ok {
			return s
		}
	}
	return ""
}

// crashPosition is the " [at L:C]" or " [in ...]" the crash's evalue
// ends with, or "".
func (p *proc) crashPosition(r *report) string {
	if p.page == nil {
		return ""
	}
	by := r.createdBy()
	switch {
	case strings.Contains(by, "(*Interpreter).EvalWithContext"):
		t := p.page.read()
		if t.Unit != 0 && t.At > 0 {
			return fmt.Sprintf("[at %d:%d]", t.At/atScale, t.At%atScale)
		}
	case strings.Contains(by, "github.com/traefik/yaegi/interp."):
		return "[in a goroutine the cell started]"
	}
	return ""
}

// atScale is the engine's encoding of a top-level statement's position
// (line*atScale + column).
const atScale = 1_000_000

// crashError is the error of the cell that was running when the worker
// died: Go's words, the report, and what became of the state.
func (c *Client) crashError(d *death, p *proc) *cell.Error {
	e := &cell.Error{Name: d.err.Name, Value: d.err.Value, Crash: d.full}
	if e.Crash == "" {
		e.Crash = d.err.Name + ": " + d.err.Value
		if d.exit != "" {
			e.Crash += " (" + d.exit + ")"
		}
	}
	e.Traceback = append(append([]string(nil), d.err.Traceback...), "", strings.TrimRight(c.lostText(), "\n"))
	return e
}

// lostText says that the state is gone, which cells had defined it and
// how to bring it back.
func (c *Client) lostText() string {
	c.mu.Lock()
	lost := c.lost
	c.mu.Unlock()
	var cells []ranCell
	if lost != nil {
		cells = lost.cells
	}
	if len(cells) == 0 {
		return "The Go worker process died and a fresh one has started. No earlier cell had defined state, so nothing is lost.\n"
	}
	again := "that cell again"
	if len(cells) > 1 {
		again = fmt.Sprintf("those %d cells again, in order, stopping at the first error", len(cells))
	}
	return fmt.Sprintf("The Go worker process died, and the session's state died with it: the variables, functions, types and imports of %s.\n"+
		"A fresh worker process has started. Run %s in a cell to run %s.\n",
		cellList(cells), RerunMagic, again)
}

// cellList names cells by their execution counts: "cell [1]", "cells
// [1], [2] and [4]", "cells [1] and 2 cells run without an execution
// count".
func cellList(cells []ranCell) string {
	var names []string
	silent := 0
	for _, rc := range cells {
		if rc.counted && rc.count > 0 {
			names = append(names, fmt.Sprintf("[%d]", rc.count))
		} else {
			silent++
		}
	}
	switch {
	case silent == 1 && len(names) == 0:
		return "a cell run without an execution count"
	case silent > 0:
		names = append(names, plural(silent, "cell run without an execution count", "cells run without an execution count"))
	}
	word := "cells "
	if len(cells) == 1 {
		word = "cell "
	}
	if len(names) == 1 {
		return word + names[0]
	}
	return word + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
