package engine

import (
	"strings"
	"testing"
)

// The other programs of this workaround (call results, panicking methods,
// type parameters, maps, deferred containers, nil pointers) are corpus
// programs, cmd/gophernote/testdata/corpus/fmt_*.go, which TestGoCorpus
// compiles with Go and compares with the one-cell and notebook runs.

// fmtSlicesProg prints slices and arrays of cell types with String, Error
// and Format methods through fmt's and log's printers; fmtSlicesOut is
// what compiled Go (go1.26, `go run`) printed for it.
const fmtSlicesProg = `package main

import (
	"fmt"
	"log"
	"os"
)

type Kind int

const (
	Small Kind = iota + 1
	Medium
	Large
)

func (k Kind) String() string { return [...]string{"?", "S", "M", "L"}[k] }

type Person struct {
	Name string
	Age  int
}

func (p Person) String() string { return fmt.Sprintf("%s: %d", p.Name, p.Age) }

type T struct{ N string }

func (t *T) String() string {
	if t == nil {
		return "nilT"
	}
	return "T" + t.N
}

type V struct{ N string }

func (v V) String() string { return "V" + v.N }

type E struct{ code int }

func (e E) Error() string { return fmt.Sprint("e", e.code) }

type G struct{}

func (G) Format(f fmt.State, c rune) { fmt.Fprintf(f, "G%c", c) }

type F float64

func (f F) String() string { return fmt.Sprintf("F<%.1f>", float64(f)) }

type B uint8

func (b B) String() string { return "b" }

type Kinds []Kind

func main() {
	fmt.Println(Small, Large, []Kind{Medium, Small})
	people := []Person{{"Bob", 31}, {"John", 42}}
	fmt.Println(people)
	fmt.Print(people, people, "x", []Kind{1}, 3, "\n")
	var arr [3]Kind
	arr[1] = Large
	fmt.Println(arr, [][]Kind{{1, 2}, {3}}, [2][]Kind{{1}, nil}, Kinds{3, 1}, []Kinds{{2}})
	fmt.Printf("%v %s %d %q %x %5v %-4s|\n", []Kind{1, 2}, []Kind{1, 2}, []Kind{1, 2}, []Kind{1, 2}, []Kind{1, 2}, []Kind{1, 2}, []Kind{1, 2})
	fmt.Printf("%+v %X %08.3f %6.2v %*v|\n", []Kind{3}, []Kind{1}, []F{1, 2.5}, []F{3}, 4, []Kind{1, 2})
	fmt.Printf("%05s|%-05v|%.1s|% d|%+d|%c|%U\n", []Kind{1, 2}, []Kind{3}, []Person{{"A", 1}}, []Kind{2}, []Kind{2}, []Kind{65}, []Kind{66})
	ts := []*T{{"a"}, nil}
	vs := []*V{{"b"}, nil}
	fmt.Println(ts, vs)
	fmt.Printf("%s %q %5v %-6s|%.2v\n", ts, vs, vs, ts, vs)
	s := fmt.Sprint([]E{{1}, {2}})
	fmt.Println(s, fmt.Sprintln([]E{{3}}) == "[e3]\n", fmt.Sprintf("%v|%v", []E{{6}}, [1]E{{7}}))
	err := fmt.Errorf("bad %v: %w", []E{{4}}, E{5})
	fmt.Println(err)
	fmt.Printf("%d %v %s|%x|%v|%d\n", []G{{}}, []G{{}}, [][]*Kind{{nil}}, []F{1}, []B{1, 2}, []B{3})
	fmt.Fprintln(os.Stdout, []Kind{2}, [][]Person{{{"C", 3}}, {}})
	fmt.Print(string(fmt.Appendln(nil, []Kind{3})), string(fmt.Appendf(nil, "%v|", []V{{"w"}})), "\n")
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.Println([]Kind{1})
	log.Printf("%v|%3v", []Kind{2}, []V{{"z"}})
	l := log.New(os.Stdout, "L ", 0)
	l.Print([]Kind{1, 3})
	l.Printf("%s", [][]*T{{nil, {"q"}}})
	var none []Kind
	fmt.Printf("%v %d %v %v\n", []F{1.25}, []Kind{}, none, []*T{})
	fmt.Println(fmt.Sprintf("%v", [0]Kind{}), fmt.Sprintf("%x", []Person{{"x", 1}}))
}
`

const fmtSlicesOut = `S L [M S]
[Bob: 31 John: 42]
[Bob: 31 John: 42] [Bob: 31 John: 42]x[S] 3
[? L ?] [[S M] [L]] [[S] []] [L S] [[M]]
[S M] [S M] [1 2] ["S" "M"] [53 4d] [    S     M] [S    M   ]|
[L] [53] [0001.000 0002.500] [    F<] [   S    M]|
[0000S 0000M]|[L    ]|[A]|[ 2]|[+2]|[A]|[U+0042]
[Ta nilT] [Vb <nil>]
[Ta nilT] ["Vb" <nil>] [   Vb <nil>] [Ta     nilT  ]|[Vb <nil>]
[e1 e2] true [e6]|[e7]
bad [e4]: e5
[Gd] [Gv] [[<nil>]]|[463c312e303e]|[b b]|[3]
[M] [[C: 3] []]
[L]
[Vw]|
[S]
[M]|[ Vz]
L [S L]
L [[nilT Tq]]
[F<1.2>] [] [] []
[] [783a2031]
`

// TestFmtSlicesOfMethodTypes: slices and arrays of cell types with fmt
// methods print as compiled Go prints them, as one cell and as a
// notebook (go test -run TestFmtSlicesOfMethodTypes -gorun checks the pin).
func TestFmtSlicesOfMethodTypes(t *testing.T) {
	if *goRun {
		if out, pan := runCompiled(t, fmtSlicesProg); out != fmtSlicesOut || pan != "" {
			t.Fatalf("go run printed (panic %q):\n%s\nwant (the pin):\n%s", pan, out, fmtSlicesOut)
		}
	}
	for mode, cells := range map[string][]string{"one cell": {fmtSlicesProg}, "notebook": notebookCells(t, fmtSlicesProg)} {
		out, errName, errValue := runCells(t, cells)
		if errName != "" {
			t.Errorf("%s: error %s: %s", mode, errName, errValue)
		}
		if out != fmtSlicesOut {
			t.Errorf("%s: printed\n%s\nwant (compiled Go):\n%s", mode, out, fmtSlicesOut)
		}
	}
}

// TestFmtSlicesFinalValue: a cell's value that is a slice of a cell type
// with String shows as fmt's %v (Go: fmt.Sprintf("%v", ks)).
func TestFmtSlicesFinalValue(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type Kind int\nfunc (k Kind) String() string { return [...]string{\"?\", \"S\", \"M\"}[k] }\nks := []Kind{2, 1}")
	for code, want := range map[string]string{"ks": "[M S]", "[][]Kind{ks, nil}": "[[M S] []]", "[2]*Kind{}": "[<nil> <nil>]", "map[Kind]int{2: 1, 1: 0}": "map[S:0 M:1]"} {
		if _, r := run(t, e, code); text(r) != want {
			t.Errorf("%s: shows %q, want %q", code, text(r), want)
		}
	}
}

// TestFmtSlicesRefused: where the engine cannot print a value holding
// cell types with fmt methods as Go would, the call is an error at its
// line:col naming why; compiled Go's output is in each case's comment.
func TestFmtSlicesRefused(t *testing.T) {
	decls := `import ("fmt"; "log")
type Kind int
func (k Kind) String() string { return "K" }
type B uint8
func (b B) String() string { return "b" }
type W struct{ K Kind }
type G struct{}
func (G) Format(f fmt.State, c rune) { fmt.Fprintf(f, "G%c", c) }
var _ = log.Println
`
	cases := []struct{ code, want string }{
		// map[{1}:K]: the engine sorts keys of basic kinds only.
		{`fmt.Println(map[struct{ A int }]Kind{{1}: 1})`, "1:13: fmt.Println cannot print map[struct{A int}]Kind as Go does: fmt sorts a map's keys, which the engine does only for keys of basic kinds"},
		// map[K:[1]]
		{`fmt.Println(map[Kind][]int{1: {1}})`, "the engine prints only keys and values of basic kinds beside cell values with methods, not []int"},
		// map[%!f(int=    01):  2.00]: fmt names the key's type.
		{`fmt.Printf("%6.2f", map[int]Kind{1: 2})`, "fmt's %f of a int names its type"},
		// {K}
		{`fmt.Println(W{K: 1})`, "cannot print W as Go does: inside a struct a cell value has no methods"},
		{`fmt.Println([]W{{1}})`, "cannot print []W as Go does: inside a struct"},
		// []main.Kind{1}
		{`fmt.Printf("%#v\n", []Kind{1})`, "1:21: fmt.Printf cannot print []Kind as Go does: with the flag #"},
		{`fmt.Printf("%#s\n", []Kind{1})`, "with the flag #"},
		// "\x01" and 0100: fmt's byte-slice path ignores methods.
		{`fmt.Printf("%s\n", []B{1})`, "fmt's %s prints a slice or array of bytes as bytes"},
		{`fmt.Printf("%x\n", [2]B{1})`, "fmt's %x prints a slice or array of bytes as bytes"},
		{`fmt.Printf("%q\n", [][]B{{1}})`, "fmt's %q prints a slice or array of bytes as bytes"},
		// []main.Kind; an address.
		{`fmt.Printf("%T\n", []Kind{1})`, "fmt's %T of a slice or map is not printed element by element"},
		{`fmt.Printf("%p\n", []Kind{1})`, "fmt's %p of a slice"},
		// &[K]
		{`fmt.Println(&[]Kind{1})`, "cannot print *[]Kind as Go does: fmt prints a pointer to a slice"},
		// [K]: the engine cannot tell the verb.
		{`f := "%v\n"; fmt.Printf(f, []Kind{1})`, "with a format that is not a constant"},
		{`fmt.Printf("%[1]v\n", []Kind{1})`, "explicit argument indexes"},
		// %!(EXTRA []main.Kind=[K])
		{`fmt.Printf("%v\n", 1, []Kind{1})`, "no verb of the format prints it"},
		{`fmt.Printf("%*v\n", []Kind{1}, 2)`, "it is a width or precision"},
		// [0]: %d of a pointer element prints its address (0 for nil).
		{`fmt.Printf("%d\n", []*Kind{nil})`, "fmt's %d prints *Kind values without their method"},
		// [%!t(main.Kind=1)]: fmt names the element's type.
		{`fmt.Printf("%t\n", []Kind{1})`, "fmt's %t prints Kind values without their method"},
		// [{6}]: %d of a struct element prints its fields.
		{`type E struct{ code int }
func (e E) Error() string { return "e" }
s := fmt.Sprintf("%d", []E{{6}})`, "3:24: fmt.Sprintf cannot print []E as Go does: fmt's %d prints E values without their method"},
		// [<nil>]: a nil *G's Format is called by fmt.
		{`fmt.Println([]*G{nil})`, "a nil pointer element's Format method"},
		{`log.Printf("%#v", []Kind{1})`, "log.Printf cannot print []Kind"},
		{`l := log.Default(); l.Print(map[W]int{})`, "log.Logger.Print cannot print map[W]int"},
		// K <nil>: a call's several results reach fmt without methods.
		{"func two() (Kind, error) { return 1, nil }\nfmt.Println(two())", "2:13: fmt.Println cannot print the results of this call as Go does: the interpreter hands fmt a call's results without their methods, and result 1 is a Kind"},
		{"func two() (int, []Kind) { return 1, nil }\nlog.Print(two())", "result 2 is a []Kind"},
		// {K}: the field's String is called; the value's own needs *P.
		{"type P struct{ F Kind }\nfunc (p *P) String() string { return \"P\" }\nfmt.Println(P{1})", "3:13: fmt.Println cannot print P as Go does: inside a struct"},
		// The cell's value is shown as %v: map[{K}:1].
		{"map[W]int{{1}: 1}", "1:1: the cell's value would show as fmt's %v prints it, calling the String method of Kind on field K of the keys of map[W]int, which the interpreter cannot do (fmt sorts a map's keys"},
	}
	for _, c := range cases {
		e := newEngine(t)
		run(t, e, decls)
		err := runErr(t, e, c.code)
		if err.Name != "CompileError" || !strings.Contains(err.Value, c.want) {
			t.Errorf("%s: got %s %q, want a CompileError containing %q", c.code, err.Name, err.Value, c.want)
		}
	}
}
