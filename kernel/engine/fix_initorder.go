package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Workaround: the initialization order of a cell's package-level
// variables.
//
// Go initializes package-level variables in dependency order, a
// dependency being any reference to a variable, function or method in
// the initializer or in the bodies of the functions and methods it
// refers to (transitively), and otherwise in declaration order
// (fixedbugs/issue22326.go prints "abc_d"). yaegi orders them by the
// references it sees in the initializers alone: var dummy = T(0).Method()
// with a method reading var a declared later read a before a was
// initialized (bug446.go: 0, Go: 1), and issue22326 printed "abcd_".
// go/types computes Go's order (types.Info.InitOrder). Where it differs
// from the cell's declaration order, the pass "initorder" declares each
// such variable without its initializer (var a T) and runs the
// initializers, in Go's order, in one function literal initializing a
// blank variable after the cell's last variable:
//
//	var _ = func() bool { a = identity(1); dummy1 = T(0).Method1(); ...; return true }()
//
// A variable whose type cannot be spelled in the cell, or declarations
// reading a variable of another unit (varinit's, fix_varinit.go), leave
// the cell as it is.

// orderInitializers is the pass "initorder".
func orderInitializers(p *prep) {
	ct := p.cellTypes()
	if ct == nil || len(ct.info.InitOrder) < 2 || p.pc.decls == nil || len(p.pc.decls.Decls) == 0 {
		return
	}
	// The cell's initialized specs, in declaration order.
	type initSpec struct {
		decl *ast.GenDecl
		spec *ast.ValueSpec
	}
	specOf := map[types.Object]initSpec{}
	cellVars := map[types.Object]bool{} // with or without initializers
	var order []types.Object            // declaration order (first name of each spec)
	for _, d := range p.pc.decls.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for _, n := range vs.Names {
				cellVars[ct.info.Defs[n]] = true
			}
			if len(vs.Values) == 0 {
				continue
			}
			for i, n := range vs.Names {
				obj := ct.info.Defs[n]
				if obj == nil {
					return
				}
				specOf[obj] = initSpec{g, vs}
				if i == 0 || len(vs.Values) > 1 {
					order = append(order, obj)
				}
			}
		}
	}
	// A variable of another unit (an earlier cell, a statement) read in
	// the cell's declarations: varinit (fix_varinit.go) runs such specs
	// as assignments in its own order; leave the cell to it.
	outside := false
	ast.Inspect(p.pc.decls, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := ct.info.Uses[id].(*types.Var); ok && !v.IsField() && !cellVars[v] && (v.Parent() == ct.pkg.Scope() || v.Pos() < p.pc.decls.Pos() || v.Pos() > p.pc.decls.End()) {
				outside = true
			}
		}
		return !outside
	})
	if outside {
		return
	}
	// Go's order, restricted to this cell's specs.
	var inits []*types.Initializer
	for _, in := range ct.info.InitOrder {
		if _, ok := specOf[in.Lhs[0]]; ok {
			inits = append(inits, in)
		}
	}
	if len(inits) != len(order) {
		return // not every spec has its initializer (an error elsewhere)
	}
	same := true
	for i, in := range inits {
		same = same && in.Lhs[0] == order[i]
	}
	if same {
		return
	}
	// Every variable's type must be spelled.
	typeOf := map[*ast.Ident]string{}
	for obj, is := range specOf {
		ts, ok := p.spellGoType(obj.Type())
		if !ok {
			return
		}
		for _, n := range is.spec.Names {
			if ct.info.Defs[n] == obj {
				typeOf[n] = ts
			}
		}
	}
	done := map[*ast.ValueSpec]bool{}
	for _, obj := range order {
		is := specOf[obj]
		if done[is.spec] {
			continue
		}
		done[is.spec] = true
		vs, g := is.spec, is.decl
		var parts []string
		for _, n := range vs.Names {
			parts = append(parts, n.Name+" "+typeOf[n])
		}
		sep := "; var "
		if g.Lparen.IsValid() {
			sep = "; "
		}
		text := strings.Join(parts, sep)
		p.r.add(p.off(vs.Names[0].Pos()), p.off(vs.End()), func(*renderer) string { return text })
	}
	// After the cell's last variable (also one without an initializer:
	// yaegi zeroes it where it is declared).
	// Every spec of a group becomes a declaration of its own (units.go),
	// so a declaration follows it.
	var last *ast.ValueSpec
	for _, d := range p.pc.decls.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR && len(g.Specs) > 0 {
			last = g.Specs[len(g.Specs)-1].(*ast.ValueSpec)
		}
	}
	p.r.addTailFunc(p.off(last.End()), func(r *renderer) string {
		var b strings.Builder
		b.WriteString("; var _ = func() bool { ")
		for _, in := range inits {
			var lhs []string
			for _, v := range in.Lhs {
				lhs = append(lhs, v.Name())
			}
			b.WriteString(r.directive(p.off(in.Rhs.Pos())))
			b.WriteString(strings.Join(lhs, ", ") + " = " + r.render(p.off(in.Rhs.Pos()), p.off(in.Rhs.End())) + "; ")
		}
		b.WriteString("return true }()")
		return b.String()
	})
}
