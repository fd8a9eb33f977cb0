package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"
)

// Workaround: package-level var initialisers that read variables of
// earlier units.
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
	// types, for an untyped spec a function of the cell reads, spell the
	// types it is declared with.
	types []string
	early bool // a define run before the declarations
	deps  map[*ast.ValueSpec]bool
}

// markVarInits decides which var specs of the cell's declarations run as
// assignments; runOf gives the declaration run (unit) of each declaration.
func (u *unitBuilder) markVarInits(decls []ast.Decl, runOf map[ast.Decl]int) {
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
	for name, fd := range u.funcs {
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
						return u.varInitRef(m, vs, specRun, top, funcRefs, byName, outside, deps, usesDecl)
					})
					return false
				default:
					return u.varInitRef(n, vs, specRun, top, funcRefs, byName, outside, deps, usesDecl)
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
			u.varInits[vs] = vi
		}
	}
	// Early: untyped, reading no declaration of the cell but other early
	// specs.
	for _, vi := range u.varInits {
		vi.early = !vi.typed
	}
	for changed := true; changed; {
		changed = false
		for vs, vi := range u.varInits {
			if !vi.early {
				continue
			}
			for _, d := range usesDecl[vs] {
				if dv, ok := d.(*ast.ValueSpec); ok && u.varInits[dv] != nil && u.varInits[dv].early {
					continue
				}
				vi.early = false
				changed = true
				break
			}
		}
	}
}

// typeVarInits declares with the declarations, with their types when
// the engine can spell them, the defines that would run after the
// declarations but that a function of the cell reads (yaegi compiles a
// function only once the variables it reads exist).
func (u *unitBuilder) typeVarInits(decls []ast.Decl) {
	usedByFuncs := map[string]bool{}
	for _, d := range decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			for r := range identRefs(fd.Body) {
				usedByFuncs[r] = true
			}
		}
	}
	for vs, vi := range u.varInits {
		if vi.typed || vi.early {
			continue
		}
		used := false
		for _, n := range vs.Names {
			used = used || usedByFuncs[n.Name]
		}
		if !used {
			continue
		}
		if ts, ok := u.valueTypes(vs); ok {
			vi.types, vi.typed = ts, true
		}
	}
}

// valueTypes spells the types of the names of an untyped var spec.
func (u *unitBuilder) valueTypes(vs *ast.ValueSpec) ([]string, bool) {
	var ts []string
	if len(vs.Values) == len(vs.Names) {
		for _, v := range vs.Values {
			t, ok := u.valueTypeText(v)
			if !ok {
				return nil, false
			}
			ts = append(ts, t)
		}
		return ts, true
	}
	// var a, b = f() of a function of the cell.
	fd := u.cellCallee(vs.Values[0])
	if len(vs.Values) != 1 || fd == nil || fieldCount(fd.Type.Results) != len(vs.Names) {
		return nil, false
	}
	for _, f := range fd.Type.Results.List {
		for range max(len(f.Names), 1) {
			ts = append(ts, u.r.render(u.off(f.Type.Pos()), u.off(f.Type.End())))
		}
	}
	return ts, true
}

// cellCallee returns the non-generic function of the cell that x calls,
// or nil.
func (u *unitBuilder) cellCallee(x ast.Expr) *ast.FuncDecl {
	call, ok := unparen(x).(*ast.CallExpr)
	if !ok {
		return nil
	}
	id, ok := unparen(call.Fun).(*ast.Ident)
	if !ok || id.Obj == nil {
		return nil
	}
	fd, ok := id.Obj.Decl.(*ast.FuncDecl)
	if !ok || fd.Recv != nil || fd.Type.TypeParams != nil {
		return nil
	}
	return fd
}

// valueTypeText spells the type of the single value x: the result type of
// a function of the cell, the type of a conversion to a type of the cell
// or of a composite literal, the default type of a constant literal, or a
// compiled type.
func (u *unitBuilder) valueTypeText(x ast.Expr) (string, bool) {
	render := func(t ast.Expr) string { return u.r.render(u.off(t.Pos()), u.off(t.End())) }
	if fd := u.cellCallee(x); fd != nil {
		if fieldCount(fd.Type.Results) != 1 {
			return "", false
		}
		return render(fd.Type.Results.List[0].Type), true
	}
	switch x := unparen(x).(type) {
	case *ast.CallExpr:
		if id, ok := unparen(x.Fun).(*ast.Ident); ok && id.Obj != nil && len(x.Args) == 1 {
			if ts, ok := id.Obj.Decl.(*ast.TypeSpec); ok && ts.TypeParams == nil {
				return id.Name, true
			}
		}
	case *ast.CompositeLit:
		if at, ok := x.Type.(*ast.ArrayType); x.Type != nil && !(ok && at.Len != nil && isEllipsis(at.Len)) {
			return render(x.Type), true
		}
	case *ast.UnaryExpr:
		if cl, ok := unparen(x.X).(*ast.CompositeLit); ok && x.Op == token.AND {
			if t, ok := u.valueTypeText(cl); ok {
				return "*" + t, true
			}
		}
	case *ast.BasicLit:
		t := map[token.Token]reflect.Type{token.INT: reflect.TypeFor[int](), token.FLOAT: reflect.TypeFor[float64](),
			token.IMAG: reflect.TypeFor[complex128](), token.CHAR: reflect.TypeFor[rune](), token.STRING: reflect.TypeFor[string]()}[x.Kind]
		return u.spellValueType(t)
	}
	return u.spellValueType(u.compiledType(x))
}

func isEllipsis(x ast.Expr) bool {
	_, ok := x.(*ast.Ellipsis)
	return ok
}

// varInitDecl returns the declaration of a converted spec without its
// value, or "" for a define.
func (u *unitBuilder) varInitDecl(vi *varInit) string {
	vs := vi.spec
	if vs.Type != nil {
		return "var " + u.r.render(u.off(vs.Pos()), u.off(vs.Type.End()))
	}
	if vi.types == nil {
		return ""
	}
	var b strings.Builder
	for i, n := range vs.Names {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("var " + u.r.render(u.off(n.Pos()), u.off(n.End())) + " " + vi.types[i])
	}
	return b.String()
}

// varInitRef records what node n of the initialiser of vs reads.
func (u *unitBuilder) varInitRef(n ast.Node, vs *ast.ValueSpec, specRun map[any]int, top map[any]bool,
	funcRefs map[string]map[string]bool, byName map[string]*ast.ValueSpec,
	outside map[*ast.ValueSpec]bool, deps map[*ast.ValueSpec]map[*ast.ValueSpec]bool, usesDecl map[*ast.ValueSpec][]any) bool {
	id, ok := n.(*ast.Ident)
	if !ok {
		return true
	}
	if id.Obj == nil {
		if u.sessionVar(id.Name) {
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
func (u *unitBuilder) sessionVar(name string) bool {
	if _, ok := u.declDefined[name]; ok {
		return false
	}
	if u.stmtDefined[name] || u.e.stmtVars[name] {
		return true
	}
	rec, ok := u.e.decls[name]
	return ok && rec.kind == token.VAR
}

// orderVarInits returns the converted specs among ds with the given
// early flag, each after the converted specs it reads (source order
// otherwise).
func (u *unitBuilder) orderVarInits(ds []ast.Decl, early bool) []*varInit {
	var todo []*varInit
	for _, d := range ds {
		if g, ok := d.(*ast.GenDecl); ok {
			for _, s := range g.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok && u.varInits[vs] != nil && u.varInits[vs].early == early {
					todo = append(todo, u.varInits[vs])
				}
			}
		}
	}
	var out []*varInit
	done := map[*ast.ValueSpec]bool{}
	pending := func(vi *varInit) bool {
		for d := range vi.deps {
			if !done[d] && u.varInits[d].early == early && inList(todo, d) {
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
func (u *unitBuilder) addVarInitUnit(vis []*varInit, after func()) {
	if len(vis) == 0 {
		return
	}
	var b strings.Builder
	b.WriteString(";")
	for _, vi := range vis {
		vs := vi.spec
		l, c := u.pos(vs.Pos())
		op := " = "
		if !vi.typed {
			for _, n := range vs.Names {
				if n.Name != "_" {
					op = " := "
				}
			}
		}
		names := u.r.render(u.off(vs.Names[0].Pos()), u.off(vs.Names[len(vs.Names)-1].End()))
		values := u.r.render(u.off(vs.Values[0].Pos()), u.off(vs.Values[len(vs.Values)-1].End()))
		if tmps := u.ifaceVarTemps(vi); tmps != "" {
			// An operator's result assigned to an interface variable is
			// stored with the wrong kind (fix_opconv.go): go/types has no
			// type for these values, so they go through a define first.
			names, values = tmps+" := "+values+"; "+names, tmps
			op = " = "
		}
		b.WriteString("\n" + atVar + " = " + strconv.Itoa(l*atScale+c) + "; " + names + op + values)
	}
	u.pl.units = append(u.pl.units, unit{kind: unitStmts, src: b.String(), after: after})
}

// ifaceVarTemps returns the temporaries (t1, t2) the values of typed spec
// vi go through when its type is an interface and a value is an
// operator's result: "" for other specs and for a nil value (it has no
// type of its own to define).
func (u *unitBuilder) ifaceVarTemps(vi *varInit) string {
	vs := vi.spec
	if !vi.typed || vs.Type == nil || len(vs.Values) != len(vs.Names) {
		return ""
	}
	if t := u.ct.goType(vs.Type); t == nil || !types.IsInterface(t) {
		return ""
	}
	op := false
	for _, x := range vs.Values {
		switch x := ast.Unparen(x).(type) {
		case *ast.BinaryExpr:
			op = true
		case *ast.UnaryExpr:
			op = op || x.Op != token.AND && x.Op != token.ARROW
		}
	}
	if !op {
		return ""
	}
	var tmps []string
	for _, x := range vs.Values {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok && id.Name == "nil" {
			return ""
		}
		// A global of the session: named after the cell, so that no
		// later cell defines it again.
		tmps = append(tmps, u.r.fresh("vi"+strconv.Itoa(u.e.cellN)+"_"))
	}
	return strings.Join(tmps, ", ")
}
