package engine

import (
	"fmt"
	"go/ast"
	"reflect"
	"regexp"
	"strconv"
)

// Workaround: log.Lshortfile and log.Llongfile in cells.
//
// The log package finds the caller's file and line with runtime.Caller;
// for a call from interpreted code the caller is reflect's call machinery,
// so a cell's log line reads "value.go:586: msg". Before each statement
// that calls a function or method named Print, Printf, Println, Fatal,
// Fatalf, Fatalln, Panic, Panicf, Panicln or Output, the pass "logpos"
// records the call's cell position in _gnLogAt; the cells' log writer
// (process.go) puts that position where the reflect file:line stands:
// "NAME.go:LINE" for a script run by gophernote run (Options.File), else
// "cellN:LINE" (N: the execution count of the cell that holds the call).
// The position is the statement's last logging call; goroutines logging at
// the same moment can see each other's.

// logAtVar is the interpreted global holding the position of the last
// logging call: cell*blkCell + line*atScale + column.
const logAtVar = "_gnLogAt"

// logNames are the names of log functions and *log.Logger methods that
// print a caller position.
var logNames = map[string]bool{
	"Print": true, "Printf": true, "Println": true,
	"Fatal": true, "Fatalf": true, "Fatalln": true,
	"Panic": true, "Panicf": true, "Panicln": true, "Output": true,
}

// markLogCalls is the pass "logpos".
func markLogCalls(p *prep) {
	mark := func(list []ast.Stmt) {
		for _, s := range list {
			if isClause(s) {
				continue // a switch or select body lists clauses, not statements
			}
			call := logCall(p, s)
			if call == nil {
				continue
			}
			p.r.addText(p.off(s.Pos()), p.off(s.Pos()), logAtVar+" = "+strconv.Itoa(p.encPos(call.Lparen))+"; ")
		}
	}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			mark(n.List)
		case *ast.CaseClause:
			mark(n.Body)
		case *ast.CommClause:
			mark(n.Body)
		}
		return true
	}
	p.pc.inspect(visit)
}

// logCall returns the last call in a statement's own parts (not nested
// blocks or function literals) of a function or method with a log name:
// package log's, or a method of a value (fmt.Println and other packages'
// functions are left out).
func logCall(p *prep, s ast.Stmt) *ast.CallExpr {
	if ls, ok := s.(*ast.LabeledStmt); ok {
		return logCall(p, ls.Stmt)
	}
	var parts []ast.Node
	switch s := s.(type) {
	case *ast.IfStmt:
		parts = []ast.Node{s.Init, s.Cond}
	case *ast.ForStmt:
		parts = []ast.Node{s.Init, s.Cond, s.Post}
	case *ast.RangeStmt:
		parts = []ast.Node{s.X}
	case *ast.SwitchStmt:
		parts = []ast.Node{s.Init, s.Tag}
	case *ast.TypeSwitchStmt:
		parts = []ast.Node{s.Init, s.Assign}
	case *ast.BlockStmt, *ast.SelectStmt:
		return nil
	default:
		parts = []ast.Node{s}
	}
	var found *ast.CallExpr
	for _, part := range parts {
		if isNilNode(part) {
			continue
		}
		ast.Inspect(part, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit, *ast.BlockStmt:
				return false
			case *ast.CallExpr:
				if sel, ok := m.Fun.(*ast.SelectorExpr); ok && logNames[sel.Sel.Name] {
					if id, ok := sel.X.(*ast.Ident); ok {
						if path, isPkg := p.pkgPath(id.Name); isPkg && path != "log" {
							return true
						}
					}
					found = m
				}
			}
			return true
		})
	}
	return found
}

// reflectCallerRe matches the file:line the log package prints for a call
// from interpreted code (a frame of reflect's value.go), as its group 1.
var reflectCallerRe = regexp.MustCompile(`(?:^| )(\S*value\.go:\d+): `)

// logPosition formats the recorded position of the last logging call, or
// "" when none is recorded.
func (e *Engine) logPosition() string {
	v, ok := e.globals()[logAtVar]
	if !ok || !v.CanInt() || v.Int() == 0 {
		return ""
	}
	n := v.Int()
	cellN, rest := int(n/blkCell), int(n%blkCell)
	l := rest / atScale
	if e.file != "" && cellN == 1 {
		return fmt.Sprintf("%s:%d", e.file, l)
	}
	return fmt.Sprintf("cell%d:%d", cellN, l)
}

// fixLogCaller replaces the reflect file:line in a log line written by a
// cell with the cell position of the call.
func (e *Engine) fixLogCaller(b []byte) []byte {
	m := reflectCallerRe.FindSubmatchIndex(b)
	if m == nil || m[2] > 200 {
		return b
	}
	pos := e.logPosition()
	if pos == "" {
		return b
	}
	out := append([]byte{}, b[:m[2]]...)
	out = append(out, pos...)
	return append(out, b[m[3]:]...)
}

// isNilNode reports whether n is nil or a typed nil.
func isNilNode(n ast.Node) bool { return n == nil || reflect.ValueOf(n).IsNil() }

// isClause reports whether s is a case or comm clause.
func isClause(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}
