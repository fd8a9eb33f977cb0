package engine

import (
	"go/ast"
	"go/token"
	"strconv"
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
	// inferredCalls lists calls of generic functions without explicit
	// type arguments ("Map at 3:1"), for a hint when compiling fails.
	inferredCalls []string
	// untypedIndex describes the top-level defines from an index of a
	// compiled value whose type the engine could not spell, for the
	// message if yaegi fails on them (see indexdef.go).
	untypedIndex []string
	untypedAt    [2]int // line and column of the first
	// hasDefers: the cell has top-level defer statements to run at its end.
	hasDefers bool
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
	arity   int    // funcs: number of results
}

// prepare parses and rewrites code into a plan.
func (e *Engine) prepare(code string) (*plan, *cellError) {
	pc, err := splitCell(code)
	if err != nil {
		return nil, err.(*cellError)
	}
	a := &analysis{e: e, pc: pc, r: &renderer{src: code, file: cellFile(e.cellN)}, pl: &plan{}, mainAt: -1}
	a.pl.diagnose = a.undefinedIdent
	if ce := a.run(); ce != nil {
		return nil, ce
	}
	return a.pl, nil
}

// analysis holds the state of preparing one cell.
type analysis struct {
	e  *Engine
	pc *parsedCell
	r  *renderer
	pl *plan

	cellImports   map[string]string // name -> path imported by this cell
	newImports    []importSpec
	stmtDefined   map[string]bool // names defined by top-level := statements
	declDefined   map[string]token.Token
	needHelpers   map[string]bool
	err           *cellError
	labeled       map[ast.Node]bool // statements carrying a label
	cellFuncs     map[string]*ast.FuncDecl
	cellValues    map[string]*ast.ValueSpec
	stashes       map[ast.Stmt]*ast.Ident // top-level := of generic calls
	classifyDepth int
	mainAt        int // offset of a renamed func main, or -1
	// varInits are the var specs run as assignments (see varinit.go).
	varInits map[*ast.ValueSpec]*varInit

	// strictTypes makes exprType answer only types certain to be compiled
	// (see compiledType).
	strictTypes bool
}

func (a *analysis) fail(pos token.Pos, format string) {
	if a.err == nil {
		l, c := a.pos(pos)
		a.err = &cellError{line: l, col: c, msg: format}
	}
}

func (a *analysis) off(p token.Pos) int { return a.pc.offset(p) }

func (a *analysis) pos(p token.Pos) (int, int) { return lineCol(a.pc.src, a.off(p)) }

func (a *analysis) posString(p token.Pos) string {
	l, c := a.pos(p)
	return strconv.Itoa(l) + ":" + strconv.Itoa(c)
}

func (a *analysis) text(n ast.Node) string { return a.pc.src[a.off(n.Pos()):a.off(n.End())] }

func (a *analysis) run() *cellError {
	a.cellImports = map[string]string{}
	a.stmtDefined = map[string]bool{}
	a.declDefined = map[string]token.Token{}
	a.needHelpers = map[string]bool{}
	a.cellFuncs = map[string]*ast.FuncDecl{}
	a.cellValues = map[string]*ast.ValueSpec{}

	a.collectImports()
	a.collectNames()
	if a.err != nil {
		return a.err
	}
	a.autoImports()
	a.rewriteAll()
	if a.err != nil {
		return a.err
	}
	a.r.sortEdits()
	a.buildUnits()
	return a.err
}
