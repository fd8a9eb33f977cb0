package engine

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
)

// compilePosRe and panicPosRe find the cell position in an error value.
var (
	compilePosRe = regexp.MustCompile(`^(\d+):(\d+): `)
	panicPosRe   = regexp.MustCompile(`\[at (\d+):(\d+)\]`)
)

// addExcerpt appends the cell line an error points at, with a caret under
// the column, to the error's traceback.
func addExcerpt(err *cell.Error, code string) {
	if err == nil {
		return
	}
	var m []string
	switch err.Name {
	case "CompileError":
		m = compilePosRe.FindStringSubmatch(err.Value)
	case "Panic":
		m = panicPosRe.FindStringSubmatch(err.Value)
	}
	if m == nil {
		return
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	lines := strings.Split(code, "\n")
	if line < 1 || line > len(lines) {
		return
	}
	text := lines[line-1]
	if col < 1 || col > len(text)+1 {
		return
	}
	// Keep tabs so the caret lines up however the front end renders them.
	var pad strings.Builder
	for _, r := range text[:col-1] {
		if r == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
	}
	err.Traceback = append(err.Traceback, "    "+text, "    "+pad.String()+"^")
}
