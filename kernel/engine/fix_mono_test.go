package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Generics across cells. Whole programs are in the corpus
// (cmd/gophernote/testdata/corpus/generics_*.go, run compiled, as a script
// and as a notebook); these are sessions a notebook makes and a program
// cannot: a generic of one cell instantiated in later ones, with types of
// later cells, methods added later, a generic redefined. Each expected
// output is what compiled Go prints for the program the cells make when
// run in order (TestGenericsAcrossCells's program, checked with -gorun).

// acrossCells are the cells of TestGenericsAcrossCells and, after each,
// compiled Go's output for the program made of the cells so far.
var acrossCells = []struct{ code, out string }{
	{"type Number interface{ ~int | ~float64 }\n" +
		"func Sum[T Number](xs ...T) T {\n\tvar s T\n\tfor _, x := range xs {\n\t\ts += x\n\t}\n\treturn s\n}\n" +
		"type Stack[T any] struct{ items []T }\n" +
		"func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }", ""},
	{"type Celsius float64\nfunc (c Celsius) String() string { return fmt.Sprintf(\"%.1f°C\", float64(c)) }", ""},
	// An earlier cell's generics with this cell's and an earlier cell's types.
	{"type Meters int\nfmt.Println(Sum[Meters](1, 2), Sum(Celsius(1.5), 2))\nvar st Stack[Celsius]\nst.Push(3)\nfmt.Println(st.items)", "3 3.5°C\n[3.0°C]\n"},
	// A method added to the generic type reaches the existing instance.
	{"func (s *Stack[T]) Len() int { return len(s.items) }", ""},
	{"st.Push(4)\nfmt.Println(st.Len())\nvar ints Stack[int]\nints.Push(1)\nfmt.Println(ints.Len())", "2\n1\n"},
	// A function calling an instance; then the generic is redefined.
	{"func total() float64 { return Sum(1.5, 2) }\nfmt.Println(total())", "3.5\n"},
	{"func Sum[T Number](xs ...T) T {\n\tvar s T\n\tfor _, x := range xs {\n\t\ts += x * x\n\t}\n\treturn s\n}\nfmt.Println(total(), Sum(2, 3))", "6.25 13\n"},
	// %T of an instance of an earlier cell's type, over a later cell's type.
	{"fmt.Printf(\"%T %T\\n\", st, &ints)", "main.Stack[main.Celsius] *main.Stack[int]\n"},
}

func TestGenericsAcrossCells(t *testing.T) {
	e := newEngine(t)
	for _, c := range acrossCells {
		s, _ := run(t, e, c.code)
		if got := s.out(); got != c.out {
			t.Errorf("cell %q: stdout %q, Go prints %q", c.code, got, c.out)
		}
	}
	if !*goRun {
		return
	}
	// The cells as programs: before the redefinition, and after it
	// (Go has one definition of Sum, which total calls).
	var want strings.Builder
	for _, c := range acrossCells[:6] {
		want.WriteString(c.out)
	}
	for i, prog := range []string{acrossBefore, acrossAfter} {
		out, pan := runCompiled(t, prog)
		w := want.String()
		if i == 1 {
			w = acrossCells[6].out + acrossCells[7].out
		}
		if out != w || pan != "" {
			t.Errorf("go run: stdout %q panic %q; the cells printed %q", out, pan, w)
		}
	}
}

const acrossDecls = `package main

import "fmt"

type Number interface{ ~int | ~float64 }

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Meters int

func (s *Stack[T]) Len() int { return len(s.items) }

func total() float64 { return Sum(1.5, 2) }
`

// acrossBefore is cells 1-6 as a program.
const acrossBefore = acrossDecls + `
func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func main() {
	fmt.Println(Sum[Meters](1, 2), Sum(Celsius(1.5), 2))
	var st Stack[Celsius]
	st.Push(3)
	fmt.Println(st.items)
	st.Push(4)
	fmt.Println(st.Len())
	var ints Stack[int]
	ints.Push(1)
	fmt.Println(ints.Len())
	fmt.Println(total())
}
`

// acrossAfter is the session after cell 7's redefinition.
const acrossAfter = acrossDecls + `
func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x * x
	}
	return s
}

func main() {
	var st Stack[Celsius]
	var ints Stack[int]
	fmt.Println(total(), Sum(2, 3))
	fmt.Printf("%T %T\n", st, &ints)
}
`

// Constants converted to a type parameter are values of the type
// argument, computed in its arithmetic, in every cell's instances (the
// variables holding them are the session's: two cells' never collide).
func TestGenericsConstants(t *testing.T) {
	e := newEngine(t)
	run(t, e, "func Shift[T ~int8 | ~int64](x T) T { return x << T(7) >> T(1) }\nfunc Third[T ~float32 | ~float64]() T { return T(0.1) * 3 }")
	s, _ := run(t, e, "fmt.Println(Shift[int8](1), Third[float64]())")
	s2, _ := run(t, e, "func Two[T ~int8 | ~int64]() T { return T(2) * T(100) }\nfmt.Println(Two[int8](), Shift[int64](1), Third[float32]())")
	s3, _ := run(t, e, "fmt.Println(Shift[int8](1), Third[float64]())")
	// Go: int8(1)<<7 is -128, >>1 is -64; 0.1*3 in float64 arithmetic;
	// int8(2)*int8(100) wraps to -56.
	if got, want := s.out()+s2.out()+s3.out(), "-64 0.30000000000000004\n-56 64 0.3\n-64 0.30000000000000004\n"; got != want {
		t.Errorf("stdout %q, Go prints %q", got, want)
	}
}

// Errors in generic code name the generic's cell, line and column, and
// Go's names for instances.
func TestGenericsErrorPositions(t *testing.T) {
	e := newEngine(t)
	run(t, e, "func At[T any](xs []T, i int) T {\n\tx := xs[i]\n\treturn x\n}\ntype Box[T any] struct{ v []T }\nfunc (b Box[T]) Get(i int) T {\n\treturn b.v[i]\n}")
	cases := []struct{ code, name, value, frame string }{
		{"At([]int{1}, 3)", "Panic", "runtime error: index out of range [3] with length 1 [at cell 1, 2:7]", "at cell 1, 2:7 in main.At[...]"},
		{"func g() { var b Box[string]; b.Get(1) }\ng()", "Panic", "runtime error: index out of range [1] with length 0 [at cell 1, 7:9]", "at 1:12 in main.g"},
		// Go refuses a generic body it cannot type-check, called or not.
		{"func k[T any]() T { var z T; return z.Missing }", "CompileError", "1:39: z.Missing undefined (type T has no field or method Missing)", ""},
		{"type Nest[T any] struct{ v T }\nfunc Deep[T any](n int, x T) int {\n\tif n == 0 {\n\t\treturn 0\n\t}\n\treturn Deep(n-1, Nest[T]{x})\n}", "CompileError", "2:11: instantiation cycle: T instantiated as Nest[T] at 6:9", ""},
	}
	for _, c := range cases {
		err := runErr(t, e, c.code)
		if err.Name != c.name || err.Value != c.value {
			t.Errorf("%q: %s %q, want %s %q", c.code, err.Name, err.Value, c.name, c.value)
		}
		if c.frame != "" && !strings.Contains(strings.Join(err.Traceback, "\n"), c.frame) {
			t.Errorf("%q: traceback %q lacks %q", c.code, err.Traceback, c.frame)
		}
	}
	// The session still works.
	s, _ := run(t, e, "fmt.Println(At([]string{\"ok\"}, 0))")
	if s.out() != "ok\n" {
		t.Errorf("after the errors: %q", s.out())
	}
}

// TestGenericsRefusedAtCompile: Go's compile errors for generic code, as
// go build words them (checked with -gorun: the program is the cell, in
// package main with an empty main).
func TestGenericsRefusedAtCompile(t *testing.T) {
	cases := []struct{ code, want string }{
		{"func k[T any]() T { var z T; return z.Missing }", "1:39: z.Missing undefined (type T has no field or method Missing)"},
		{"func Deep[T any](n int) int { return Deep[[]T](n - 1) }", "1:11: instantiation cycle: T instantiated as []T at 1:43"},
		{"func Add[T any](a, b T) T { return a + b }", "1:36: invalid operation: operator + not defined on a (variable of type T constrained by any)"},
	}
	e := newEngine(t)
	for _, c := range cases {
		if err := runErr(t, e, c.code); err.Name != "CompileError" || err.Value != c.want {
			t.Errorf("%q: %s %q, want CompileError %q", c.code, err.Name, err.Value, c.want)
		}
	}
	if !*goRun {
		return
	}
	dir := t.TempDir()
	for _, c := range cases {
		f := filepath.Join(dir, "main.go")
		os.WriteFile(f, []byte("package main\n"+c.code+"\nfunc main() {}\n"), 0o644)
		out, _ := exec.Command("go", "build", "-o", os.DevNull, f).CombinedOutput()
		line, rest, _ := strings.Cut(c.want, ":")
		col, msg, _ := strings.Cut(rest, ": ")
		if m, _, ok := strings.Cut(msg, "cycle: "); ok {
			msg = m + "cycle:" // go build prints the continuation on a line of its own
		}
		want := ":" + map[string]string{"1": "2"}[line] + ":" + col + ": " + msg
		if !strings.Contains(string(out), want) {
			t.Errorf("go build of %q: want %q in\n%s", c.code, want, out)
		}
	}
}

// What the engine cannot specialize is refused at the instantiation, and
// what the interpreter cannot update is refused at the redefinition.
func TestGenericsRefusals(t *testing.T) {
	e := newEngine(t)
	run(t, e, "func Id[T any](x T) T { return x }\nfunc Twice[T any](x T) []T { return []T{x, x} }\nfmt.Println(Twice(1))")
	cases := []struct{ code, want string }{
		// A type declared inside a generic function, as a type argument.
		{"func F[T any]() { type local struct{ v T }; _ = Id(local{}) }\nF[int]()", "cannot name local in the instance of Id there (local is declared inside a generic function)"},
		// A generic function whose instances earlier code calls, made
		// non-generic.
		{"func Twice(x int) []int { return nil }", "func Twice was generic (cell 1) and code of earlier cells calls its instances"},
		// A type argument's name the generic function declares itself.
		{"type S struct{ a int }\nfunc F[T any]() string { type S struct{ b bool }; var x T; return fmt.Sprint(x) }\nfmt.Println(F[S]())", "here it would name S, which this function declares for itself"},
		// A session name taken by the engine for an instance.
		{"func Twice__int() {}", "the name Twice__int is the engine's name for the generic instance main.Twice[int]"},
	}
	for _, c := range cases {
		if err := runErr(t, e, c.code); !strings.Contains(err.Value, c.want) {
			t.Errorf("%q: %s %q, want it to contain %q", c.code, err.Name, err.Value, c.want)
		}
	}
	// A type declared inside a non-generic function moves to the top
	// level, and prints as Go prints it.
	s, _ := run(t, e, "func show() {\n\ttype pt struct{ x, y int }\n\tp := Id(pt{1, 2})\n\tfmt.Printf(\"%T %v\\n\", p, p)\n}\nshow()")
	if s.out() != "main.pt {1 2}\n" {
		t.Errorf("local type argument: %q, Go prints %q", s.out(), "main.pt {1 2}\n")
	}
	// A generic type cannot be redefined, like any type.
	run(t, e, "type G[T any] struct{ v T }")
	if err := runErr(t, e, "type G[T any] struct{ w T }"); !strings.Contains(err.Value, "type G was defined in cell") {
		t.Errorf("redefined generic type: %q", err.Value)
	}
	run(t, e, "type G[T any] struct{ v T }") // the same definition again
}

// Completion and inspection show the generic declarations as written,
// never the engine's specialized copies.
func TestGenericsCompleteInspect(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type Pair[K comparable, V any] struct{ Key K; Val V }\nfunc MakePair[K comparable, V any](k K, v V) Pair[K, V] { return Pair[K, V]{k, v} }")
	run(t, e, "p := MakePair(1, \"a\")")
	matches, _, _ := e.Complete("Ma", 2)
	if strings.Join(matches, " ") != "MakePair" {
		t.Errorf("Complete(Ma) = %q, want only MakePair", matches)
	}
	if matches, _, _ := e.Complete("Pa", 2); strings.Join(matches, " ") != "Pair" {
		t.Errorf("Complete(Pa) = %q, want only Pair", matches)
	}
	data, found := e.Inspect("MakePair", 3, 0)
	if !found || !strings.Contains(data["text/plain"].(string), "func MakePair[K comparable, V any](k K, v V) Pair[K, V]") {
		t.Errorf("Inspect(MakePair) = %v %q", found, data["text/plain"])
	}
	if matches, _, _ := e.Complete("p.K", 3); strings.Join(matches, " ") != "Key" {
		t.Errorf("Complete(p.K) = %q, want Key", matches)
	}
}
