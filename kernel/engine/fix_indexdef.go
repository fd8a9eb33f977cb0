package engine

import (
	"go/ast"
	"go/token"
	"reflect"
	"strconv"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
)

// Workaround: a top-level define from an index of a compiled value.
//
// yaegi v0.16 types a package-level `x := E` (and `var x = E`) before
// compiling it, and its typer knows the index of a slice, array or map
// only when the container has an interpreted type. The index of a
// compiled container (a field of a compiled struct, a result of a
// compiled function, a variable defined from those) has no type there:
// the define is retried until yaegi gives up with "constant definition
// loop", and a selector or operator on it (s[i].F, &s[i], s[i]*2) crashes
// with a nil pointer. Inside a function the same code compiles. So when
// such a define's value reads an index of a compiled container, the
// engine spells the value's type T and defines x from the conversion
// (T)(E), which yaegi types from T; the comma-ok form v, ok := m[k] is
// fix_commaok.go's.

// markIndexDefines is the pass "indexdefine": the typed rewrite for the
// top-level := statements and untyped var declarations that need it. A
// statement the stash pass rewrote is left alone.
func markIndexDefines(p *prep) {
	for _, s := range p.pc.stmts.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || p.stashed(s) != nil {
			continue
		}
		typeValues(p, as.Lhs, as.Rhs)
	}
	for _, d := range p.pc.decls.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, sp := range g.Specs {
			if vs, ok := sp.(*ast.ValueSpec); ok && vs.Type == nil {
				lhs := make([]ast.Expr, len(vs.Names))
				for i, n := range vs.Names {
					lhs[i] = n
				}
				typeValues(p, lhs, vs.Values)
			}
		}
	}
}

// typeValues rewrites the values of one define whose types yaegi cannot
// infer at package level.
func typeValues(p *prep, lhs, rhs []ast.Expr) {
	if len(rhs) != len(lhs) {
		return
	}
	for i, x := range rhs {
		if !p.compiledIndex(x) {
			continue
		}
		t := p.compiledType(x)
		name, ok := p.spellValueType(t)
		if !ok {
			untyped(p, lhs[i], t)
			continue
		}
		p.r.add(p.off(x.Pos()), p.off(x.End()), func(r *renderer) string {
			return "(" + name + ")(" + r.render(p.off(x.Pos()), p.off(x.End())) + ")"
		})
	}
}

// untyped records a define the engine could not type, for the message if
// yaegi fails on it: yaegi can still compile it when the container has
// an interpreted type after all.
func untyped(p *prep, lhs ast.Expr, t reflect.Type) {
	if len(p.pl.untypedIndex) == 0 {
		p.pl.untypedAt[0], p.pl.untypedAt[1] = p.pos(lhs.Pos())
	}
	msg := p.text(lhs) + " at " + p.posString(lhs.Pos())
	if t != nil {
		msg += " (type " + t.String()
		if p := p.unimported(t); p != "" {
			msg += ": import " + strconv.Quote(p) + " so that the engine can name it"
		}
		msg += ")"
	}
	p.pl.untypedIndex = append(p.pl.untypedIndex, msg)
}

// untypedIndexError is the cell's error when yaegi failed on a define
// the engine could not type.
func untypedIndexError(pl *plan, cause string) *cell.Error {
	ce := &cellError{line: pl.untypedAt[0], col: pl.untypedAt[1], msg: "cannot define " + strings.Join(pl.untypedIndex, ", ") +
		" at top level from an index of a compiled value: the interpreter cannot infer the type there (" + cause +
		"); declare the variable with its type and assign it (var x T; x = ...), or use the value inside a function"}
	return ce.toError()
}

// compiledVar returns the compiled type recorded for session variable
// name, when its current value still has it.
func (e *Engine) compiledVar(name string) reflect.Type {
	t := e.compiledVars[name]
	if t == nil {
		return nil
	}
	v, ok := e.global(name)
	if !ok || v.Type() != t && !(t.Kind() == reflect.Interface && v.Type().Implements(t)) {
		return nil
	}
	return t
}

// recordCompiledVars returns the compiled types of the variables that
// the top-level := statements ss define, nil for those of other types.
func (ty *typer) recordCompiledVars(ss []ast.Stmt) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, s := range ss {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE {
			continue
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				out[id.Name] = ty.compiledType(id)
			}
		}
	}
	return out
}

// declCompiledVars is recordCompiledVars for declarations: the compiled
// types of package-level variables, nil for other declared names.
func (ty *typer) declCompiledVars(ds []ast.Decl) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, d := range ds {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				out[d.Name.Name] = nil
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					out[s.Name.Name] = nil
				case *ast.ValueSpec:
					for i, n := range s.Names {
						switch {
						case d.Tok != token.VAR:
							out[n.Name] = nil
						case s.Type != nil:
							out[n.Name] = ty.typeExprType(s.Type)
						case len(s.Values) == len(s.Names):
							out[n.Name] = ty.compiledType(s.Values[i])
						default:
							out[n.Name] = nil
						}
					}
				}
			}
		}
	}
	return out
}

// setCompiledVars records the types that recordCompiledVars or
// declCompiledVars found.
func (e *Engine) setCompiledVars(m map[string]reflect.Type) {
	for n, t := range m {
		if t == nil {
			delete(e.compiledVars, n)
		} else {
			e.compiledVars[n] = t
		}
	}
}
