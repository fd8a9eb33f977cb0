package engine

import (
	"strings"
	"testing"
)

// %T of a value held in an interface names a non-struct cell type with
// methods that yaegi keeps in its wrapper (main.N), and refuses a bare
// value that may be of a non-struct cell type a cell put in an interface
// (it would name the underlying type: float64 for a Celsius); a value of
// a type no cell put in an interface prints as before.
func TestPercentTNamedNonStruct(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type N int32\nfunc (r N) Score() int { return 9 }\ntype Celsius float64")
	s, _ := run(t, e, "var y any = N(3)\nfmt.Printf(\"%T %v|%T\\n\", y, y, any(2.5))")
	if got, want := s.out(), "main.N 3|float64\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
	// A Celsius passed to an any parameter is boxed (fix_boxnamed.go).
	s, _ = run(t, e, "func describe(i any) { fmt.Printf(\"(%v, %T)\\n\", i, i) }\ndescribe(Celsius(3))\ndescribe(2.5)")
	if got, want := s.out(), "(3, main.Celsius)\n(2.5, float64)\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
}

// == of an interface holding yaegi's wrapper of a value of a non-struct
// cell type with methods and one holding a bare value of its underlying
// type: unequal values answer false, equal ones are refused (the bare
// value may be an N stored without its type, or a plain string).
func TestIfacesEqualWrappedBare(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type N string\nfunc (r N) Get() int { return 1 }")
	s, _ := run(t, e, "b := N(\"x\")\nvar h any = b\nfmt.Println(h == b, h == any(N(\"y\")))")
	if got, want := s.out(), "true false\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
	// Both sides are boxed (fix_boxnamed.go): equal, as in Go.
	s, _ = run(t, e, "fmt.Println(h == any(b), h == any(\"x\"))")
	if got, want := s.out(), "true false\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
}

// x.(T) from an any that holds an error which held a T (a struct with a
// value-receiver Error method) is refused at run time: yaegi's wrapper of
// the error kept T's last field instead of the T, so the assertion would
// answer false.
func TestLostInAnyRefused(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type E struct{ code int }\nfunc (e E) Error() string { return fmt.Sprint(\"E\", e.code) }")
	s, _ := run(t, e, "func f() (bool, bool) { var a any = E{1}; _, ok := a.(E); _, ok2 := a.(error); return ok, ok2 }\nfmt.Println(f())")
	if got, want := s.out(), "true true\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
	err := runErr(t, e, "func g() bool { var err error = E{7}; var c any = err; _, ok := c.(E); return ok }\nfmt.Println(g())")
	if err.Name != "Panic" || !strings.Contains(err.Value, "the assertion of this error to main.E is refused in a gophernote cell") {
		t.Errorf("got %s %q, want a Panic saying it cannot assert", err.Name, err.Value)
	}
}
