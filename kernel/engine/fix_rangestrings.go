package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"unicode/utf8"
)

// Workaround: the index of a range loop over a string.
//
// yaegi v0.16 ranges over a string by converting it to []rune and gives
// as the index the length of the runes before it re-encoded: a byte of
// invalid UTF-8 (decoded as U+FFFD, one byte wide) counts as the three
// bytes of U+FFFD's encoding ("a\xffb" gives indices 0 1 4; Go: 0 1 2).
// A loop with only an index gives the rune's ordinal, not its byte
// offset ("éa" gives 0 1; Go: 0 2). The values are right. So a range
// loop over a string (go/types) with an index variable that is not
// blank walks the string by hand, X evaluated once, each rune decoded
// as Go does (utf8.DecodeRuneInString, compiled):
//
//	for k, v := range X { body }  =>
//	for _gni1, _gnx2, _gnw3 := 0, X, 0; _gni1 < len(_gnx2); _gni1 += _gnw3 { var _gnr4 rune; _gnr4, _gnw3 = rt.StrRune(string(_gnx2), _gni1); k, v := _gni1, _gnr4; body }
//
// (= loops assign k and v instead). The variables are the body's own, so
// they are per iteration (Go 1.22) and assigning them does not change
// the iteration: rangevars and loopvar leave these loops alone
// (prep.rangeKeys); continue runs the post statement, so it advances.

// rtStrRune decodes the rune of s at byte offset i, as range does.
func rtStrRune(s string, i int) (rune, int) { return utf8.DecodeRuneInString(s[i:]) }

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"StrRune": reflect.ValueOf(rtStrRune)}
	})
}

// rewriteRangeStrings is the pass "rangestrings".
func rewriteRangeStrings(p *prep) {
	p.use(factRangeVars)
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Key == nil || rs.Body == nil || rs.Tok == token.ILLEGAL {
			return true
		}
		if _, done := p.rangeKeys[rs]; done {
			return true
		}
		if id, ok := rs.Key.(*ast.Ident); ok && id.Name == "_" {
			return true // the values alone are right
		}
		t := ct.goType(rs.X)
		if t == nil {
			return true
		}
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			return true
		}
		idx, from, width, r := p.r.fresh("i"), p.r.fresh("x"), p.r.fresh("w"), p.r.fresh("r")
		xs, xe := p.off(rs.X.Pos()), p.off(rs.X.End())
		p.r.add(p.off(rs.Key.Pos()), xe, func(rr *renderer) string {
			return idx + ", " + from + ", " + width + " := 0, " + rr.render(xs, xe) + ", 0; " + idx + " < len(" + from + "); " + idx + " += " + width
		})
		p.rangeKeys[rs] = idx
		keyAt := p.off(rs.Key.Pos())
		open := p.off(rs.Body.Lbrace) + 1
		key, val := rs.Key, rs.Value
		if id, ok := val.(*ast.Ident); ok && id.Name == "_" {
			val = nil
		}
		p.r.add(open, open, func(rr *renderer) string {
			dec := "var " + r + " rune; " + r + ", " + width + " = " + rtName + ".StrRune(string(" + from + "), " + idx + "); "
			lhs := rr.render(p.off(key.Pos()), p.off(key.End()))
			rhs := idx
			if val != nil {
				lhs += ", " + rr.render(p.off(val.Pos()), p.off(val.End()))
				rhs += ", " + r
			} else {
				dec = "_, " + width + " = " + rtName + ".StrRune(string(" + from + "), " + idx + "); "
			}
			return " " + dec + rr.directive(keyAt) + " " + lhs + " " + rs.Tok.String() + " " + rhs + "; " + rr.directive(open)
		})
		return true
	})
}
