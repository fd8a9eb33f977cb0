package engine

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/traefik/yaegi/interp"
)

// cellError is a compile-time problem at a cell position (line 0: unknown).
type cellError struct {
	name      string // ename; "" means CompileError
	line, col int
	cell      int // cell number when the position is in an earlier cell; 0 = this cell
	msg       string
}

func (e *cellError) Error() string { return e.where() + e.msg }

// where renders the position prefix, e.g. "3:5: " or "cell 2, 3:5: ".
func (e *cellError) where() string {
	if e.line <= 0 {
		return ""
	}
	if e.cell > 0 {
		return fmt.Sprintf("cell %d, %d:%d: ", e.cell, e.line, e.col)
	}
	return fmt.Sprintf("%d:%d: ", e.line, e.col)
}

func (e *cellError) toError() *cell.Error {
	name := e.name
	if name == "" {
		name = "CompileError"
	}
	v := strings.ReplaceAll(e.Error(), "\n", " ")
	return &cell.Error{Name: name, Value: v, Traceback: []string{name + ": " + v}}
}

// posRe matches a yaegi position prefix: "cell7:3:5: msg", "_.go:1:2: msg"
// or "1:2: msg".
var posRe = regexp.MustCompile(`^(?:([^\s:]*):)?(\d+):(\d+): ((?s).*)$`)

// cellFile is the file name the engine gives cell number n in line
// directives; cellNumber reverses it. The base name must stay yaegi's
// "_.go": yaegi scopes imports by the base name of each node's file, so
// any other name would hide the session's imports from the cell.
func cellFile(n int) string { return "cell" + strconv.Itoa(n) + "/_.go" }

func cellNumber(file string) (int, bool) {
	if !strings.HasPrefix(file, "cell") || !strings.HasSuffix(file, "/_.go") {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(file[len("cell"):], "/_.go"))
	return n, err == nil
}

// mapPosition converts a yaegi "file:line:col: msg" string into a
// cellError relative to the current cell number cur. Positions outside any
// cell (helpers, yaegi wrappers) are dropped.
func mapPosition(s string, cur int) *cellError {
	m := posRe.FindStringSubmatch(s)
	if m == nil {
		return &cellError{msg: s}
	}
	n, ok := cellNumber(m[1])
	if !ok {
		return &cellError{msg: m[4]}
	}
	line, _ := strconv.Atoi(m[2])
	col, _ := strconv.Atoi(m[3])
	e := &cellError{line: line, col: col, msg: m[4]}
	if n != cur {
		e.cell = n
	}
	return e
}

// interrupted is the error of a cancelled cell.
func interrupted() *cell.Error {
	return &cell.Error{Name: "Interrupted", Value: "the cell was interrupted", Traceback: []string{"Interrupted: the cell was interrupted"}}
}

// internalError reports a crash of the engine or interpreter itself.
func internalError(r any) *cell.Error {
	v := fmt.Sprintf("the interpreter crashed: %v", r)
	if pp, ok := r.(passPanic); ok {
		v = fmt.Sprintf("the engine's %q rewrite crashed on this cell (%v): a bug of gophernote, not of the cell; please report it with the cell", pp.pass, pp.value)
	}
	return &cell.Error{Name: "InternalError", Value: v, Traceback: []string{"InternalError: " + v}}
}

// runError converts an Eval error of unit u into the cell's Error.
func (e *Engine) runError(err error, ctx context.Context, pl *plan, u unit) *cell.Error {
	if ctx.Err() != nil {
		drain(250 * time.Millisecond)
		e.out.takePanics()
		return stopError(ctx)
	}
	var p interp.Panic
	if errors.As(err, &p) {
		return e.panicError(p.Value, pl)
	}
	ce := mapPosition(err.Error(), e.cellN)
	if ce.msg == "constant definition loop" || ce.line == 0 {
		if d := pl.diagnose(); d != nil {
			return d.toError()
		}
	}
	ce.msg = pl.goNames(ce.msg)
	if u.kind == unitHelper {
		ce.msg = "internal helper failed: " + ce.msg
	}
	if len(pl.untypedIndex) > 0 && strings.Contains(ce.msg, "definition loop") {
		return untypedIndexError(pl, ce.msg)
	}
	return ce.toError()
}

// panicError builds the "Panic" error, or a CompileError naming the
// construct when yaegi crashed while compiling.
func (e *Engine) panicError(v any, pl *plan) *cell.Error {
	frames := e.out.takePanics()
	if len(frames) == 0 {
		// No interpreted frame unwound: the interpreter itself crashed,
		// which in yaegi v0.16 means a construct it cannot compile.
		if d := pl.diagnose(); d != nil {
			return d.toError()
		}
		msg := fmt.Sprintf("the interpreter crashed compiling this cell (%v)", v)
		if len(pl.untypedIndex) > 0 && strings.Contains(fmt.Sprint(v), "nil") {
			return untypedIndexError(pl, fmt.Sprint(v))
		}
		if len(pl.rangeUnknown) > 0 {
			msg = fmt.Sprintf("cannot compile the range loop at %s (%v): ranging over an integer whose type the engine could not see, or over a function, is not supported; write for i := 0; i < n; i++", strings.Join(pl.rangeUnknown, ", "), v)
		}
		ce := &cellError{msg: msg}
		return ce.toError()
	}
	for i := range frames {
		frames[i] = pl.goFrames(frames[i])
	}
	first := mapPosition(frames[0], e.cellN)
	top := isTopFrame(first)
	if !top {
		// yaegi's position is the function's first statement: use the
		// recorded one, or none (fix_panicpos.go).
		first = e.framePos(first, true)
	}
	if l, c := e.stmtAt(); l > 0 && top {
		// The panic unwound straight out of a top-level statement, whose
		// position yaegi does not track: use the statement's.
		first = &cellError{line: l, col: c, msg: "panic: main(...)"}
		frames[0] = fmt.Sprintf("%s:%d:%d: panic: main(...)", cellFile(e.cellN), l, c)
	}
	if re, ok := v.(runtimeError); ok && re.line > 0 {
		// The engine's own check knows the exact position (fix_indexcheck.go).
		first = &cellError{line: re.line, col: re.col, msg: first.msg}
		if re.cell != e.cellN {
			first.cell = re.cell
		}
		if len(frames) > 0 {
			frames[0] = fmt.Sprintf("%s:%d:%d: %s", cellFile(re.cell), re.line, re.col, mapPosition(frames[0], e.cellN).msg)
		}
	}
	e.lastPanic = v
	val := pl.panicNames(e.panicText(v))
	if first.line > 0 {
		val += " [at " + strings.TrimSuffix(first.where(), ": ") + "]"
	} else if name := panicFrameName(first.msg); name != "" {
		val += " [in " + name + "]"
	}
	tb := []string{"panic: " + pl.panicNames(e.panicText(v))}
	for i, f := range frames {
		ce := mapPosition(f, e.cellN)
		switch {
		case i == 0:
			ce = first
		case ce.line > 0 && !isTopFrame(ce):
			ce = e.framePos(ce, false)
		}
		if ce.line > 0 || isFuncFrame(ce) {
			tb = append(tb, "    "+frameLine(ce))
		}
	}
	return &cell.Error{Name: "Panic", Value: val, Traceback: tb}
}

// frameLine renders one interpreted frame of a panic: "at 3:5 in main.f",
// or "in main.f" when the position is not known (fix_panicpos.go).
func frameLine(ce *cellError) string {
	fn := panicFrameName(ce.msg)
	if ce.line <= 0 {
		return "in " + fn
	}
	return "at " + strings.TrimSuffix(ce.where(), ": ") + " in " + fn
}

// isTopFrame reports whether a yaegi frame is a cell's top level, whose
// position the engine tracks per statement (stmtAt), or has no position.
func isTopFrame(ce *cellError) bool {
	return ce.line == 0 || strings.HasSuffix(ce.msg, " main(...)")
}

// isFuncFrame reports whether a frame without a position names a function.
func isFuncFrame(ce *cellError) bool {
	return strings.HasPrefix(ce.msg, "panic: ") && strings.HasSuffix(ce.msg, "(...)") && !strings.HasSuffix(ce.msg, " main(...)")
}

// framePos replaces the position yaegi gave an interpreted function's
// frame (its first statement) by the position of the statement that
// panicked (innermost, when the engine recorded it), the only statement
// of a one-line body, or none.
func (e *Engine) framePos(ce *cellError, innermost bool) *cellError {
	cellN := ce.cell
	if cellN == 0 {
		cellN = e.cellN
	}
	recorded := e.track.Pos
	at := e.panicPos.frameAt(encodePos(cellN, ce.line, ce.col), recorded, innermost, e.panicPos.ran.Load() > 0)
	if at == 0 {
		return &cellError{msg: ce.msg}
	}
	c, l, col := decodePos(at)
	out := &cellError{line: l, col: col, msg: ce.msg}
	if c != e.cellN {
		out.cell = c
	}
	return out
}
