package engine

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
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
