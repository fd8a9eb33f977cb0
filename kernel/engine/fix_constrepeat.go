package engine

import (
	"go/ast"
	"go/token"
	"sort"
	"strconv"
)

// Workaround: const groups with specs of several names.
//
// In a const group iota is the index of the spec, and a spec without
// values repeats the type and values of the last spec that had them:
// `p, q = iota, iota * 2` then `r, s` gives r, s = 1, 2. yaegi v0.16
// counts iota per name instead (r, s = 2, 4), and reports "constant
// definition loop" for a repeated spec of several names. So in a group
// with a spec of several names, iota is written as the spec's index and
// repeated specs get their type and values written out. The consts pass
// (fix_consts.go) writes out every group whose values go/types knows;
// this pass handles the groups it leaves.

// repeatConstSpecs is the pass "constrepeat".
func repeatConstSpecs(p *prep) {
	p.use(factConsts)
	for _, d := range p.pc.decls.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST || !g.Lparen.IsValid() || !severalNames(g) || p.foldedConsts[g] {
			continue
		}
		var last *ast.ValueSpec
		for i, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if len(vs.Values) > 0 {
				last = vs
				for _, id := range iotas(vs.Values) {
					p.r.addText(p.off(id.Pos()), p.off(id.End()), strconv.Itoa(i))
				}
				continue
			}
			if last == nil || vs.Type != nil {
				continue
			}
			text := ""
			if last.Type != nil {
				text = " " + p.pc.src[p.off(last.Type.Pos()):p.off(last.Type.End())]
			}
			text += " = " + withIota(p, last.Values, i)
			end := vs.Names[len(vs.Names)-1].End()
			p.r.addText(p.off(end), p.off(end), text)
		}
	}
}

// severalNames reports whether a const group has a spec of several names.
func severalNames(g *ast.GenDecl) bool {
	for _, s := range g.Specs {
		if len(s.(*ast.ValueSpec).Names) > 1 {
			return true
		}
	}
	return false
}

// iotas returns the identifiers iota in expressions.
func iotas(xs []ast.Expr) []*ast.Ident {
	var ids []*ast.Ident
	for _, x := range xs {
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
				ids = append(ids, id)
			}
			return true
		})
	}
	return ids
}

// withIota returns the source of the value list xs with iota written as i.
func withIota(p *prep, xs []ast.Expr, i int) string {
	start, end := p.off(xs[0].Pos()), p.off(xs[len(xs)-1].End())
	ids := iotas(xs)
	sort.Slice(ids, func(a, b int) bool { return ids[a].Pos() < ids[b].Pos() })
	out, at := "", start
	for _, id := range ids {
		out += p.pc.src[at:p.off(id.Pos())] + strconv.Itoa(i)
		at = p.off(id.End())
	}
	return out + p.pc.src[at:end]
}
