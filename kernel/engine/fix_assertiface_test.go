package engine

import (
	"strings"
	"testing"
)

// assertAnyDecls and assertAnyBody make a program whose values, held in an
// any (interface{}), are asserted to cell interfaces (named, literal, with
// an unexported method, over a generic instance, from an any assigned from
// a cell interface), single-value and comma-ok, succeeding and failing
// (fix_assertiface.go, assertFromAny). assertAnyOut is what compiled Go
// prints for it (go run).
const assertAnyDecls = `type G interface{ G0() int }
type H interface{ H0() string }
type T struct{ a int }

func (x T) G0() int { return x.a }

type P struct{ b int }

func (p *P) G0() int { return p.b * 10 }
func (p *P) H0() string { return "P.H0" }

type s[X any] struct{ v X }

func (x s[X]) g1() X { return x.v }

var y interface{} = s[int]{v: 7}

func try(f func()) {
	defer func() { fmt.Println("recovered:", recover()) }()
	f()
}

`

const assertAnyBody = `	var w any = T{8}
	w.(G).G0()
	y.(interface{ g1() int }).g1()
	fmt.Println(w.(G).G0())
	g, ok := w.(G)
	fmt.Println(g.G0(), ok)
	_, ok = w.(H)
	fmt.Println(ok)
	var pw any = &P{4}
	fmt.Println(pw.(G).G0(), pw.(H).H0())
	var pv any = P{5}
	_, ok = pv.(G)
	fmt.Println(ok)
	try(func() { _ = pv.(G) })
	try(func() { _ = w.(H) })
	var n any
	_, ok = n.(G)
	fmt.Println(ok)
	try(func() { _ = n.(G) })
	fmt.Println(w.(interface{ G0() int }).G0())
	var gi G = &P{6}
	var e any = gi
	fmt.Println(e.(H).H0(), e.(G).G0())
	fmt.Println(y.(interface{ g1() int }).g1())
	if h, ok := e.(H); ok {
		fmt.Println("if", h.H0())
	}
	var pok = func() bool { _, ok := y.(G); return ok }()
	fmt.Println(pok)
`

const assertAnyOut = `8
8 true
false
40 P.H0
false
recovered: interface conversion: main.P is not main.G: missing method G0
recovered: interface conversion: main.T is not main.H: missing method H0
false
recovered: interface conversion: interface is nil, not main.G
8
P.H0 60
7
if P.H0
false
`

func TestAssertFromAny(t *testing.T) {
	t.Run("notebook", func(t *testing.T) {
		// Declarations, then main's body as top-level statements.
		e := newEngine(t)
		run(t, e, "import \"fmt\"\n"+assertAnyDecls)
		if s, _ := run(t, e, assertAnyBody); s.out() != assertAnyOut {
			t.Errorf("stdout:\n%s\nGo prints:\n%s", s.out(), assertAnyOut)
		}
	})
	t.Run("script", func(t *testing.T) {
		e := newEngine(t)
		if s, _ := run(t, e, "import \"fmt\"\n"+assertAnyDecls+"func main() {\n"+assertAnyBody+"}\n"); s.out() != assertAnyOut {
			t.Errorf("stdout:\n%s\nGo prints:\n%s", s.out(), assertAnyOut)
		}
	})
}

// Where the interpreter cannot make an assertion from an any that Go
// makes (a compiled value to a cell interface; values of empty struct
// types, which the interpreter cannot tell apart), the panic says so; it
// never answers as if the value lacked the methods.
func TestAssertFromAnyRefused(t *testing.T) {
	for _, c := range []struct{ decls, code, want string }{
		// Go: 1s
		{"", "var d any = time.Second\nfmt.Println(d.(interface{ String() string }).String())",
			"the interpreter cannot assert a time.Duration held in an interface without methods to interface { String() string }"},
		// Go: true. A bare struct {} from reflect may be an A (values of
		// empty struct types reach interfaces boxed, fix_boxnamed.go).
		{"type G interface{ G0() int }\ntype A struct{}\nfunc (A) G0() int { return 1 }\ntype W struct{ A; N int }",
			"_, ok := reflect.ValueOf(W{}).Field(0).Interface().(G)\nfmt.Println(ok)", "the interpreter cannot assert this struct {} to main.G as Go does: values of main.A"},
		// Go: false; the interpreter cannot tell struct{}{} from an A.
		{"type G interface{ G0() int }\ntype A struct{}\nfunc (A) G0() int { return 1 }",
			"var b any = struct{}{}\n_, ok := b.(G)\nfmt.Println(ok)", "the interpreter cannot assert this struct {} to main.G"},
	} {
		e := newEngine(t)
		run(t, e, "import (\"fmt\"; \"reflect\"; \"time\")\nvar _ = time.Second\nvar _ = fmt.Sprint\nvar _ = reflect.ValueOf")
		if c.decls != "" {
			run(t, e, c.decls)
		}
		err := runErr(t, e, c.code)
		if err.Name != "Panic" || !strings.Contains(err.Value, c.want) {
			t.Errorf("%q: error %s %q, want a panic saying %q", c.code, err.Name, err.Value, c.want)
		}
	}
}
