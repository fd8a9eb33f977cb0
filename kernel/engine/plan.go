package engine

import (
	"go/ast"
	"go/token"
)

// unitKind tells what a unit of interpreter source holds.
type unitKind int

const (
	unitImports unitKind = iota
	unitHelper
	unitDecls
	unitRedefine
	unitStmts
)

// unit is one Eval call of a cell's plan.
type unit struct {
	kind  unitKind
	src   string
	final bool   // the unit ends with the cell's final expression
	after func() // records session state once the unit succeeded
	// dyn, when set, builds src at run time from the results of the
	// units before it.
	dyn func() (string, *cellError)
}

// plan is a prepared cell.
type plan struct {
	units []unit
	// retains are the names the cell uses in ways that may keep reading
	// their slots after a redefinition (fix_release.go).
	retains map[string]bool
	// finalArity is the number of values of the final expression: 1 to
	// display, 0 or 2+ for no display, -1 when unknown (displayed unless
	// the interpreter reports no value).
	finalArity int
	hasFinal   bool
	// rangeUnknown lists cell positions of range statements whose operand
	// could not be classified, for the message if yaegi crashes on them.
	rangeUnknown []string
	// diagnose looks for an undefined name when yaegi's own error is
	// unhelpful.
	diagnose func() *cellError
	// untypedIndex describes the top-level defines from an index of a
	// compiled value whose type the engine could not spell, for the
	// message if yaegi fails on them (see indexdef.go).
	untypedIndex []string
	untypedAt    [2]int // line and column of the first
	// hasDefers: the cell has top-level defer statements to run at its end.
	hasDefers bool
	// declsDone, when set, runs once the cell's declarations ran (before
	// its first statements): it records what the monomorphization pass
	// made (fix_mono.go).
	declsDone func()
	// unmangle replaces specialized names by Go's in messages, frames in
	// panic frames (main.Map__int( -> main.Map[...](, as Go's traceback).
	unmangle, frames func(string) string
	// reflectNames replaces them by reflect's names (main.Pair[int]).
	reflectNames func(string) string
}

// goNames returns a message with Go's names for the specialized ones.
func (pl *plan) goNames(s string) string {
	s = unboxedNames(s)
	if pl.unmangle == nil {
		return s
	}
	return pl.unmangle(s)
}

// panicNames returns a panic's text with Go's names: its runtime names
// types as reflect does (main.Pair[int]).
func (pl *plan) panicNames(s string) string {
	if pl.reflectNames != nil {
		s = pl.reflectNames(s)
	}
	return pl.goNames(s)
}

// goFrames returns a panic frame with Go's names.
func (pl *plan) goFrames(s string) string {
	if pl.frames == nil {
		return s
	}
	return pl.frames(s)
}

// declRecord is the session's copy of a top-level declaration.
type declRecord struct {
	kind    token.Token // FUNC, TYPE, VAR, CONST
	src     string      // interpreter source (with line directives)
	norm    string      // normalized original text, to compare definitions
	refs    map[string]bool
	generic bool // a function with type parameters
	cell    int
	decl    ast.Node
	doc     string // original text shown by Inspect
	sig     string // a function's declaration without its body (Inspect at detail level 0)
	comment string // the doc comment
	mono    string // the text the passes saw (specialized, fix_mono.go)
	arity   int    // funcs: number of results
}
