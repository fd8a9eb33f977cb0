package engine

import (
	"strings"
	"testing"
)

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

// fmtCallsProg prints call results of cell types with fmt methods (the
// interpreter handed fmt a call's result without them) and a value whose
// String needs a pointer (the interpreter called it); fmtCallsOut is
// compiled Go's output.
const fmtCallsProg = `package main

import (
	"errors"
	"fmt"
)

type Kind int

func (k Kind) String() string { return "K" }

type P struct{ N int }

func (p *P) String() string { return "P" }

type E struct{ c int }

func (e E) Error() string { return "E" }

func one() Kind           { return 1 }
func pp() *P              { return &P{1} }
func pv() P               { return P{2} }
func ks() []Kind          { return []Kind{1} }
func first[T any](x []T) T { return x[0] }
func fail() error          { return E{1} }
func failE() E             { return E{2} }

type H struct{ k Kind }

func (h H) Get() Kind { return h.k }

func main() {
	h := H{1}
	v := pv()
	fmt.Println(one(), pp(), pv(), ks(), h.Get(), min(one(), 3), first([]Kind{2}), (one()))
	fmt.Printf("%v %d %s %+v %T|%v %v\n", one(), one(), pp(), v, v, fail(), failE())
	fmt.Print(v, &v, "\n")
	s := fmt.Sprintln(first([]P{{3}}), errors.New("x"))
	fmt.Print(s)
}
`

const fmtCallsOut = `K P {2} [K] K K K K
K 1 P {N:2} main.P|E E
{2} P
{3} x
`

func TestFmtCallResultsAndPointerMethods(t *testing.T) {
	if *goRun {
		if out, pan := runCompiled(t, fmtCallsProg); out != fmtCallsOut || pan != "" {
			t.Fatalf("go run printed (panic %q):\n%s\nwant (the pin):\n%s", pan, out, fmtCallsOut)
		}
	}
	for mode, cells := range map[string][]string{"one cell": {fmtCallsProg}, "notebook": notebookCells(t, fmtCallsProg)} {
		out, errName, errValue := runCells(t, cells)
		if errName != "" {
			t.Errorf("%s: error %s: %s", mode, errName, errValue)
		}
		if out != fmtCallsOut {
			t.Errorf("%s: printed\n%s\nwant (compiled Go):\n%s", mode, out, fmtCallsOut)
		}
	}
}

// fmtPanicsProg has String and Error methods that panic, printed alone
// and as elements; fmtPanicsOut is compiled Go's output.
const fmtPanicsProg = `package main

import (
	"errors"
	"fmt"
)

type Kind int

func (k Kind) String() string {
	if k == 4 {
		panic(fmt.Sprint("kind ", int(k)))
	}
	return [...]string{"?", "S", "M", "L"}[k]
}

type Bad struct{ n int }

func (b Bad) Error() string {
	if b.n == 0 {
		panic(errors.New("zero"))
	}
	return "bad"
}

type R struct{}

func (*R) String() string { panic("r") }

func main() {
	fmt.Println(Kind(4), []Kind{1, 4})
	fmt.Printf("%5s|%q\n", []Bad{{1}, {0}}, Bad{0})
	fmt.Println([]*R{nil, {}}, &R{})
}
`

const fmtPanicsOut = `%!v(PANIC=String method: kind 4) [S %!v(PANIC=String method: kind 4)]
[  bad %!s(PANIC=Error method: zero)]|%!q(PANIC=Error method: zero)
[<nil> %!v(PANIC=String method: r)] %!v(PANIC=String method: r)
`

func TestFmtMethodPanics(t *testing.T) {
	if *goRun {
		if out, pan := runCompiled(t, fmtPanicsProg); out != fmtPanicsOut || pan != "" {
			t.Fatalf("go run printed (panic %q):\n%s\nwant (the pin):\n%s", pan, out, fmtPanicsOut)
		}
	}
	for mode, cells := range map[string][]string{"one cell": {fmtPanicsProg}, "notebook": notebookCells(t, fmtPanicsProg)} {
		out, errName, errValue := runCells(t, cells)
		if errName != "" {
			t.Errorf("%s: error %s: %s", mode, errName, errValue)
		}
		if out != fmtPanicsOut {
			t.Errorf("%s: printed\n%s\nwant (compiled Go):\n%s", mode, out, fmtPanicsOut)
		}
	}
}

// fmtGenericProg prints slices of a type parameter constrained by
// fmt.Stringer or error; fmtGenericOut is compiled Go's output.
const fmtGenericProg = `package main

import "fmt"

type Suit int

func (s Suit) String() string { return [...]string{"S", "H"}[s] }

type Card struct{ R int }

func (c *Card) String() string { return fmt.Sprint("C", c.R) }

type Err struct{ Code int }

func (e Err) Error() string { return fmt.Sprint("err", e.Code) }

func Show[T fmt.Stringer](xs []T) {
	fmt.Println(xs, len(xs))
	fmt.Printf("%v|%d|%5v\n", [][]T{xs}, len(xs), xs)
}

func ShowD[T fmt.Stringer](xs []T) { fmt.Printf("%d\n", xs) }

func Errs[E error](es ...E) string { return fmt.Sprint(es) }

func Plain[T any](xs []T) { fmt.Println(xs) }

func main() {
	Show([]Suit{1, 0})
	Show([]*Card{{3}})
	ShowD([]Suit{1, 0})
	fmt.Println(Errs(Err{1}, Err{2}))
	Plain([]int{1, 2})
	Plain([]string{"a"})
}
`

const fmtGenericOut = `[H S] 2
[[H S]]|2|[    H     S]
[C3] 1
[[C3]]|1|[   C3]
[1 0]
[err1 err2]
[1 2]
[a]
`

func TestFmtSlicesOfTypeParameters(t *testing.T) {
	if *goRun {
		if out, pan := runCompiled(t, fmtGenericProg); out != fmtGenericOut || pan != "" {
			t.Fatalf("go run printed (panic %q):\n%s\nwant (the pin):\n%s", pan, out, fmtGenericOut)
		}
	}
	for mode, cells := range map[string][]string{"one cell": {fmtGenericProg}, "notebook": notebookCells(t, fmtGenericProg)} {
		out, errName, errValue := runCells(t, cells)
		if errName != "" {
			t.Errorf("%s: error %s: %s", mode, errName, errValue)
		}
		if out != fmtGenericOut {
			t.Errorf("%s: printed\n%s\nwant (compiled Go):\n%s", mode, out, fmtGenericOut)
		}
	}
}

// fmtMapsProg prints maps whose keys or values are cell types with fmt
// methods (fmt sorts the keys by their values, not their text);
// fmtMapsOut is compiled Go's output.
const fmtMapsProg = `package main

import (
	"fmt"
	"log"
	"math"
	"os"
)

type Suit int

const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

func (s Suit) String() string { return [...]string{"♠", "♥", "♦", "♣"}[s] }

type Name string

func (n Name) String() string { return "<" + string(n) + ">" }

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

type P struct{ X, Y int }

func (p *P) String() string {
	if p == nil {
		return "nilP"
	}
	return fmt.Sprint("P", p.X)
}

type E struct{ c int }

func (e E) Error() string { return fmt.Sprint("E", e.c) }

func main() {
	counts := map[Suit]int{Clubs: 3, Spades: 1, Hearts: 13, Diamonds: 0}
	fmt.Println(counts)
	bySuit := map[string]Suit{"z": Clubs, "a": Hearts, "m": Spades, "B": Diamonds}
	fmt.Println(bySuit, len(bySuit))
	fmt.Printf("%v|%s|%d|%5v|%-3v|%q\n", counts, bySuit, counts, bySuit, counts, map[Name]Name{"b": "x", "a": "y"})
	temps := map[float64]Temp{2.5: 20, -1: 3.25, math.Inf(1): 0, 0: -4}
	fmt.Println(temps)
	ps := map[int]*P{2: {2, 0}, 1: nil, 3: {3, 3}}
	fmt.Println(ps)
	nested := map[string][]Suit{"hand": {Hearts, Clubs}, "empty": nil}
	fmt.Println(nested, []map[Suit]bool{{Clubs: true, Spades: false}})
	var none map[Suit]int
	fmt.Println(none, map[uint8]E{7: {1}, 2: {2}}, map[int8]Suit{-3: Spades, 2: Hearts})
	errs := map[string]E{"x": {1}}
	err := fmt.Errorf("failed: %v", errs)
	fmt.Println(err)
	fmt.Println(fmt.Sprint(map[Suit][]map[string]Suit{Clubs: {{"k": Hearts}}}))
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.Printf("%v", map[Suit]Name{Hearts: "h"})
}
`

const fmtMapsOut = `map[♠:1 ♥:13 ♦:0 ♣:3]
map[B:♦ a:♥ m:♠ z:♣] 4
map[♠:1 ♥:13 ♦:0 ♣:3]|map[B:♦ a:♥ m:♠ z:♣]|map[0:1 1:13 2:0 3:3]|map[    B:    ♦     a:    ♥     m:    ♠     z:    ♣]|map[♠  :1   ♥  :13  ♦  :0   ♣  :3  ]|map["<a>":"<y>" "<b>":"<x>"]
map[-1:3.2° 0:-4.0° 2.5:20.0° +Inf:0.0°]
map[1:nilP 2:P2 3:P3]
map[empty:[] hand:[♥ ♣]] [map[♠:false ♣:true]]
map[] map[2:E2 7:E1] map[-3:♠ 2:♥]
failed: map[x:E1]
map[♣:[map[k:♥]]]
map[♥:<h>]
`

func TestFmtMapsOfMethodTypes(t *testing.T) {
	if *goRun {
		if out, pan := runCompiled(t, fmtMapsProg); out != fmtMapsOut || pan != "" {
			t.Fatalf("go run printed (panic %q):\n%s\nwant (the pin):\n%s", pan, out, fmtMapsOut)
		}
	}
	for mode, cells := range map[string][]string{"one cell": {fmtMapsProg}, "notebook": notebookCells(t, fmtMapsProg)} {
		out, errName, errValue := runCells(t, cells)
		if errName != "" {
			t.Errorf("%s: error %s: %s", mode, errName, errValue)
		}
		if out != fmtMapsOut {
			t.Errorf("%s: printed\n%s\nwant (compiled Go):\n%s", mode, out, fmtMapsOut)
		}
	}
}

// fmtDeferredProg prints maps and slices in deferred calls: fmt reads a
// map's keys when it prints; fmtDeferredOut is compiled Go's output.
const fmtDeferredProg = `package main

import "fmt"

type Kind int

func (k Kind) String() string { return fmt.Sprint("K", int(k)) }

func show() {
	m := map[Kind]int{}
	s := []Kind{1, 2}
	a := [2]Kind{1, 2}
	defer fmt.Println("deferred", m, s, a)
	m[2] = 20
	m[1] = 10
	s[0] = 9
	a[0] = 9
	s = append(s, 3)
}

func main() {
	show()
	m := map[string][]Kind{"x": {1}}
	defer fmt.Println(m)
	m["a"] = []Kind{2, 3}
	delete(m, "x")
}
`

const fmtDeferredOut = `deferred map[K1:10 K2:20] [K9 K2] [K1 K2]
map[a:[K2 K3]]
`

func TestFmtDeferredContainers(t *testing.T) {
	if *goRun {
		if out, pan := runCompiled(t, fmtDeferredProg); out != fmtDeferredOut || pan != "" {
			t.Fatalf("go run printed (panic %q):\n%s\nwant (the pin):\n%s", pan, out, fmtDeferredOut)
		}
	}
	for mode, cells := range map[string][]string{"one cell": {fmtDeferredProg}, "notebook": notebookCells(t, fmtDeferredProg)} {
		out, errName, errValue := runCells(t, cells)
		if errName != "" {
			t.Errorf("%s: error %s: %s", mode, errName, errValue)
		}
		if out != fmtDeferredOut {
			t.Errorf("%s: printed\n%s\nwant (compiled Go):\n%s", mode, out, fmtDeferredOut)
		}
	}
}

// fmtNilProg prints nil and returned pointers of cell types with String
// and Error methods; fmtNilOut is compiled Go's output.
const fmtNilProg = `package main

import (
	"fmt"
	"log"
	"os"
)

type T struct{ N string }

func (t *T) String() string {
	if t == nil {
		return "nilT"
	}
	return "T" + t.N
}

type V struct{ N string }

func (v V) String() string { return "V" + v.N }

type E struct{}

func (e *E) Error() string { return "E" }

func find(ok bool) *T {
	if ok {
		return &T{"found"}
	}
	return nil
}

func main() {
	var t *T
	var v *V
	var e *E
	fmt.Println(t, v, e, &T{"a"}, &V{"b"})
	fmt.Printf("%s|%7v|%q|%+v|%-6s|\n", t, v, t, &V{"c"}, &T{"d"})
	fmt.Print(t, v, "x", e, "\n")
	fmt.Println(find(true), find(false), fmt.Sprint(v), fmt.Errorf("wrapped: %v", e))
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.Println(t, v)
}
`

const fmtNilOut = `nilT <nil> E Ta Vb
nilT|<nil>|"nilT"|Vc|Td    |
nilT <nil>xE
Tfound nilT <nil> wrapped: E
nilT <nil>
`

func TestFmtNilPointers(t *testing.T) {
	if *goRun {
		if out, pan := runCompiled(t, fmtNilProg); out != fmtNilOut || pan != "" {
			t.Fatalf("go run printed (panic %q):\n%s\nwant (the pin):\n%s", pan, out, fmtNilOut)
		}
	}
	for mode, cells := range map[string][]string{"one cell": {fmtNilProg}, "notebook": notebookCells(t, fmtNilProg)} {
		out, errName, errValue := runCells(t, cells)
		if errName != "" {
			t.Errorf("%s: error %s: %s", mode, errName, errValue)
		}
		if out != fmtNilOut {
			t.Errorf("%s: printed\n%s\nwant (compiled Go):\n%s", mode, out, fmtNilOut)
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
		// A type argument of a uint8 kind would print as bytes with %s.
		{"func F[T fmt.Stringer](xs []T) string { return fmt.Sprintf(\"%s\", xs) }", "1:66: fmt.Sprintf cannot print []T as Go does: fmt's %s of a slice of a type parameter depends on its type argument"},
		// H: in a generic function a call's result of type T loses String.
		{"func first[T any](xs []T) T { return xs[0] }\nfunc Show[T fmt.Stringer](xs []T) { fmt.Println(first(xs)) }", "2:49: fmt.Println cannot print the result of this call as Go does: the interpreter hands fmt a call's result of type T without its String method"},
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
