package engine

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// Package-level var initialisers that read variables of earlier units.
//
// yaegi orders the package-level vars of one Eval by their dependencies
// (genGlobalVarDecl): a var whose initialiser mentions a global variable
// waits until that variable's declaration has been initialised in the
// same Eval. A variable of an earlier Eval (a statement or var of an
// earlier cell, a statement of this cell, a declaration run of this cell
// before a statement) never is, so `var y = x` fails with "variable
// definition loop" where `y := x` works. The engine runs such specs as
// assignments instead: `var y T = E` declares `var y T` with the other
// declarations and assigns `y = E` right after them; `var y = E`, without
// a type to declare, becomes the define `y := E`, run before the
// declarations when E uses none of them (so that the cell's functions can
// use y) and after them otherwise. A var whose initialiser reads such a
// var, directly or through functions of the cell, is converted too, so
// that it sees the assigned value; converted vars are assigned in
// dependency order, then source order.

// varInit is a converted var spec.
type varInit struct {
	spec  *ast.ValueSpec
	typed bool // declared with its type; assigned after the declarations
	early bool // a define run before the declarations
	deps  map[*ast.ValueSpec]bool
}

// markVarInits decides which var specs of the cell's declarations run as
// assignments; runOf gives the declaration run (unit) of each declaration.
func (a *analysis) markVarInits(decls []ast.Decl, runOf map[ast.Decl]int) {
	a.varInits = map[*ast.ValueSpec]*varInit{}
	top := map[any]bool{}                 // the cell's top-level declaration nodes
	specRun := map[any]int{}              // var specs -> run
	byName := map[string]*ast.ValueSpec{} // var names -> spec
	var specs []*ast.ValueSpec            // var specs with values, in source order
	for _, d := range decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			top[d] = true
		case *ast.GenDecl:
			for _, s := range d.Specs {
				top[s] = true
				vs, ok := s.(*ast.ValueSpec)
				if !ok || d.Tok != token.VAR {
					continue
				}
				specRun[vs] = runOf[d]
				for _, n := range vs.Names {
					byName[n.Name] = vs
				}
				if len(vs.Values) > 0 {
					specs = append(specs, vs)
				}
			}
		}
	}
	// Names read by the cell's functions, transitively through the
	// functions they call.
	funcRefs := map[string]map[string]bool{}
	for name, fd := range a.cellFuncs {
		funcRefs[name] = identRefs(fd.Body)
	}
	for changed := true; changed; {
		changed = false
		for _, refs := range funcRefs {
			for r := range refs {
				for r2 := range funcRefs[r] {
					if !refs[r2] {
						refs[r2] = true
						changed = true
					}
				}
			}
		}
	}

	outside := map[*ast.ValueSpec]bool{} // reads a variable of another Eval
	deps := map[*ast.ValueSpec]map[*ast.ValueSpec]bool{}
	usesDecl := map[*ast.ValueSpec][]any{} // top-level declarations read
	for _, vs := range specs {
		deps[vs] = map[*ast.ValueSpec]bool{}
		for _, v := range vs.Values {
			ast.Inspect(v, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					ast.Inspect(n.X, func(m ast.Node) bool {
						return a.varInitRef(m, vs, specRun, top, funcRefs, byName, outside, deps, usesDecl)
					})
					return false
				default:
					return a.varInitRef(n, vs, specRun, top, funcRefs, byName, outside, deps, usesDecl)
				}
			})
		}
	}
	// Converted: reads another Eval's variable or a converted var.
	conv := map[*ast.ValueSpec]bool{}
	for changed := true; changed; {
		changed = false
		for _, vs := range specs {
			if conv[vs] {
				continue
			}
			c := outside[vs]
			for d := range deps[vs] {
				c = c || conv[d]
			}
			if c {
				conv[vs] = true
				changed = true
			}
		}
	}
	for _, vs := range specs {
		if conv[vs] {
			vi := &varInit{spec: vs, typed: vs.Type != nil, deps: map[*ast.ValueSpec]bool{}}
			for d := range deps[vs] {
				if conv[d] && d != vs {
					vi.deps[d] = true
				}
			}
			a.varInits[vs] = vi
		}
	}
	// Early: untyped, reading no declaration of the cell but other early
	// specs.
	for _, vi := range a.varInits {
		vi.early = !vi.typed
	}
	for changed := true; changed; {
		changed = false
		for vs, vi := range a.varInits {
			if !vi.early {
				continue
			}
			for _, d := range usesDecl[vs] {
				if dv, ok := d.(*ast.ValueSpec); ok && a.varInits[dv] != nil && a.varInits[dv].early {
					continue
				}
				vi.early = false
				changed = true
				break
			}
		}
	}
}

// varInitRef records what node n of the initialiser of vs reads.
func (a *analysis) varInitRef(n ast.Node, vs *ast.ValueSpec, specRun map[any]int, top map[any]bool,
	funcRefs map[string]map[string]bool, byName map[string]*ast.ValueSpec,
	outside map[*ast.ValueSpec]bool, deps map[*ast.ValueSpec]map[*ast.ValueSpec]bool, usesDecl map[*ast.ValueSpec][]any) bool {
	id, ok := n.(*ast.Ident)
	if !ok {
		return true
	}
	if id.Obj == nil {
		if a.sessionVar(id.Name) {
			outside[vs] = true
		}
		return true
	}
	d := id.Obj.Decl
	if !top[d] {
		return true // a local of a function literal
	}
	usesDecl[vs] = append(usesDecl[vs], d)
	switch d := d.(type) {
	case *ast.ValueSpec:
		if run, ok := specRun[d]; ok && d != vs {
			if run != specRun[vs] {
				outside[vs] = true
			}
			deps[vs][d] = true
		}
	case *ast.FuncDecl:
		if d.Recv == nil {
			for r := range funcRefs[d.Name.Name] {
				if s := byName[r]; s != nil && s != vs {
					deps[vs][s] = true
				}
			}
		}
	}
	return true
}

// sessionVar reports whether name, not declared by the cell, is a
// variable of an earlier cell or of a statement of this one.
func (a *analysis) sessionVar(name string) bool {
	if _, ok := a.declDefined[name]; ok {
		return false
	}
	if a.stmtDefined[name] || a.e.stmtVars[name] {
		return true
	}
	rec, ok := a.e.decls[name]
	return ok && rec.kind == token.VAR
}

// orderVarInits returns the converted specs among ds with the given
// early flag, each after the converted specs it reads (source order
// otherwise).
func (a *analysis) orderVarInits(ds []ast.Decl, early bool) []*varInit {
	var todo []*varInit
	for _, d := range ds {
		if g, ok := d.(*ast.GenDecl); ok {
			for _, s := range g.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok && a.varInits[vs] != nil && a.varInits[vs].early == early {
					todo = append(todo, a.varInits[vs])
				}
			}
		}
	}
	var out []*varInit
	done := map[*ast.ValueSpec]bool{}
	pending := func(vi *varInit) bool {
		for d := range vi.deps {
			if !done[d] && a.varInits[d].early == early && inList(todo, d) {
				return true
			}
		}
		return false
	}
	for len(todo) > 0 {
		i := 0
		for i < len(todo) && pending(todo[i]) {
			i++
		}
		if i == len(todo) {
			i = 0 // a cycle: source order
		}
		out = append(out, todo[i])
		done[todo[i].spec] = true
		todo = append(todo[:i:i], todo[i+1:]...)
	}
	return out
}

func inList(vis []*varInit, vs *ast.ValueSpec) bool {
	for _, vi := range vis {
		if vi.spec == vs {
			return true
		}
	}
	return false
}

// addVarInitUnit adds a unit assigning the converted specs vis: y = E for
// a declared type, y := E otherwise.
func (a *analysis) addVarInitUnit(vis []*varInit, after func()) {
	if len(vis) == 0 {
		return
	}
	var b strings.Builder
	b.WriteString(";")
	for _, vi := range vis {
		vs := vi.spec
		l, c := a.pos(vs.Pos())
		op := " = "
		if !vi.typed {
			for _, n := range vs.Names {
				if n.Name != "_" {
					op = " := "
				}
			}
		}
		b.WriteString("\n" + atVar + " = " + strconv.Itoa(l*atScale+c) + "; " +
			a.r.render(a.off(vs.Names[0].Pos()), a.off(vs.Names[len(vs.Names)-1].End())) + op +
			a.r.render(a.off(vs.Values[0].Pos()), a.off(vs.Values[len(vs.Values)-1].End())))
	}
	a.pl.units = append(a.pl.units, unit{kind: unitStmts, src: b.String(), after: after})
}
