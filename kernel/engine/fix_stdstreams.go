package engine

import (
	"go/ast"
	"go/token"
	"reflect"

	"github.com/traefik/yaegi/interp"
)

// Workaround: compiled functions that print to the process's own stdout
// or stderr.
//
// yaegi gives cells their own os.Stdout and os.Stderr (the engine's
// streams) and replaces fmt.Print*, fmt.Scan* and the log functions for
// them, but a compiled function that writes to os.Stdout or os.Stderr
// itself writes to the process's: go/ast.Print's tree went to the
// kernel's stdout, never to the notebook (under `gophernote run FILE.go`
// it merely reached the terminal out of order with the cell's output).
// The engine replaces go/ast.Print with one that writes to the cell's
// stdout. (runtime/debug.PrintStack would print the interpreter's frames:
// the pass "introspect" refuses it, fix_introspect.go.)
//
// Not covered: text/scanner's default error report (a Scanner whose
// Error field is nil prints to the process's stderr) and go/printer's
// report of an unsupported argument.

// streamSymbols returns the replacements, writing to engine e's streams.
func streamSymbols(e *Engine) interp.Exports {
	stdout := streamWriter{e.out, "stdout"}
	return interp.Exports{
		"go/ast/ast": {
			// ast.Print is Fprint to os.Stdout with NotNilFilter.
			"Print": reflect.ValueOf(func(fset *token.FileSet, x any) error {
				return ast.Fprint(stdout, fset, x, ast.NotNilFilter)
			}),
		},
	}
}
