package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Workaround: a select case that assigns what it receives.
//
// yaegi v0.16 panics ("reflect.Select: invalid Dir") on a select case
// that receives into existing variables (case v, ok = <-ch:); one that
// defines them (case v, ok := <-ch:) works. So the pass "selectrecv"
// receives into fresh variables and assigns them first thing in the
// case's body:
//
//	case v, ok = <-ch:  ->  case _gnc1, _gnc2 := <-ch: v, ok = _gnc1, _gnc2;
//
// which Go runs the same way: the assignment happens once the case is
// chosen, before its statements. A case that assigns to _ only (case _ =
// <-ch:) becomes a plain receive (case <-ch:): `_ := <-ch` defines
// nothing. yaegi takes no parentheses around the receive of a case that
// defines (case v, ok := (<-ch):, "unsupported assign expression"): the
// pass drops them.

// convertSelectChan writes the channel of a select case that receives
// into variables as a conversion to its type when it is read through a
// pointer: yaegi types that channel with its type-expression reader
// (nodeType), which finds no type for an index through a pointer to an
// array (case v := <-dat[0]: with dat *[2]chan int crashed it compiling
// the cell, chan/powser1.go) and reads *pc as a pointer type ("receive
// from non-chan type"). (chan T)(x) is the same channel.
func convertSelectChan(p *prep, x ast.Expr) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	throughPtr := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StarExpr:
			throughPtr = true
		case *ast.IndexExpr:
			if _, ok := underOf(ct.goType(n.X)).(*types.Pointer); ok {
				throughPtr = true
			}
		case *ast.FuncLit:
			return false
		}
		return !throughPtr
	})
	t := ct.goType(x)
	if !throughPtr || t == nil || recursiveNamed(t) {
		return
	}
	ts, ok := p.spellGoType(t)
	if !ok {
		return
	}
	p.r.addText(p.off(x.Pos()), p.off(x.Pos()), "("+ts+")(")
	p.r.addTail(p.off(x.End()), ")")
}

// rewriteSelectRecvs is the pass "selectrecv".
func rewriteSelectRecvs(p *prep) {
	p.pc.inspect(func(n ast.Node) bool {
		cc, ok := n.(*ast.CommClause)
		if !ok {
			return true
		}
		as, ok := cc.Comm.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		recv, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr)
		if !ok || recv.Op != token.ARROW {
			return true
		}
		convertSelectChan(p, recv.X)
		if as.Tok == token.DEFINE {
			// case v, ok := (<-ch): yaegi takes no parentheses there
			// ("unsupported assign expression").
			if paren, ok := as.Rhs[0].(*ast.ParenExpr); ok {
				p.r.add(p.off(paren.Pos()), p.off(paren.End()), func(r *renderer) string {
					return r.render(p.off(recv.Pos()), p.off(recv.End()))
				})
			}
			return true
		}
		if as.Tok != token.ASSIGN {
			return true
		}
		tmps := make([]string, len(as.Lhs))
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
				tmps[i] = "_"
				continue
			}
			tmps[i] = p.r.fresh("c")
		}
		lhs, rhs := as.Lhs, ast.Expr(recv)
		blank := true
		for _, t := range tmps {
			blank = blank && t == "_"
		}
		p.r.add(p.off(as.Pos()), p.off(as.End()), func(r *renderer) string {
			if blank {
				// case _ = <-ch: receives and discards; `_ := <-ch`
				// would define nothing.
				return r.render(p.off(rhs.Pos()), p.off(rhs.End()))
			}
			return strings.Join(tmps, ", ") + " := " + r.render(p.off(rhs.Pos()), p.off(rhs.End()))
		})
		at := p.off(cc.Colon) + 1
		p.r.add(at, at, func(r *renderer) string {
			var ls, vs []string
			for i, l := range lhs {
				if tmps[i] == "_" {
					continue
				}
				ls = append(ls, r.render(p.off(l.Pos()), p.off(l.End())))
				vs = append(vs, tmps[i])
			}
			if len(ls) == 0 {
				return ""
			}
			return " " + strings.Join(ls, ", ") + " = " + strings.Join(vs, ", ") + "; " + r.directive(at)
		})
		return true
	})
}
