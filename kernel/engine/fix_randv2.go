package engine

import (
	"fmt"
	"go/ast"
	"math/rand/v2"
	"reflect"
)

// Workaround: math/rand/v2's generic function N.
//
// yaegi's symbol table of math/rand/v2 has no generic functions (a
// compiled generic function has no reflect value), so rand.N is
// "undefined". rand.N becomes the interpreted generic helper _gnRandN,
// which draws from math/rand/v2's global source as N does. (That
// math/rand/v2 is package rand, not v2, is defaultPkgName's business.)

func init() {
	// The draw is compiled (randN keeps the argument's type): in yaegi a
	// conversion to a type parameter with a union constraint fails.
	helpers["_gnRandN"] = helper{src: `func _gnRandN[Int ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr](n Int) Int {
	return ` + rtName + `.RandN(n).(Int)
}`}
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"RandN": reflect.ValueOf(randN)}
	})
}

// rewriteRandN is the pass "randv2".
func rewriteRandN(p *prep) {
	visit := func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "N" {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && p.isPkg(id, "math/rand/v2") {
			p.needHelper("_gnRandN")
			p.r.addText(p.off(sel.Pos()), p.off(sel.End()), "_gnRandN")
		}
		return true
	}
	ast.Inspect(p.pc.decls, visit)
	ast.Inspect(p.pc.stmts.Body, visit)
}

// randN is rand.N for an integer of any kind, as its own type.
func randN(n any) any {
	v := reflect.ValueOf(n)
	r := reflect.New(v.Type()).Elem()
	switch {
	case v.CanInt():
		if v.Int() <= 0 {
			panic("invalid argument to N")
		}
		r.SetInt(int64(rand.Uint64N(uint64(v.Int()))))
	case v.CanUint():
		if v.Uint() == 0 {
			panic("invalid argument to N")
		}
		r.SetUint(rand.Uint64N(v.Uint()))
	default:
		panic(fmt.Sprintf("rand.N: %T is not an integer type", n))
	}
	return r.Interface()
}
