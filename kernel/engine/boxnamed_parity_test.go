package engine

// Values of non-struct cell types keep their type in interfaces (boxed,
// fix_boxnamed.go): type switches, assertions, ==, map keys, errors,
// container/list, sort, fmt, recover; a cell type with a String method
// held in an interface reaches fmt with it (its out function); several
// values into interfaces, range with =, a switch on a boxed tag. Pinned
// with go1.26 `go run`.
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "values of non-struct types in interfaces keep their type",
			prog: `package main

import (
	"container/list"
	"errors"
	"fmt"
	"sort"
)

type Kind int

func (k Kind) String() string { return [...]string{"zero", "one", "two"}[k] }

type Celsius float64

type IDs []int

func (ids IDs) Len() int { return len(ids) }

type MyErr string

func (e MyErr) Error() string { return "myerr: " + string(e) }

type Shape interface{ String() string }

func describe(x any) string {
	switch v := x.(type) {
	case int:
		return fmt.Sprint("int ", v)
	case Kind:
		return fmt.Sprint("Kind ", v, " ", int(v)+1)
	case Celsius:
		return fmt.Sprintf("Celsius %.1f", float64(v))
	case IDs:
		return fmt.Sprint("IDs ", v.Len())
	case fmt.Stringer:
		return "Stringer " + v.String()
	}
	return fmt.Sprintf("other %T", x)
}

func find(code string) error {
	if code == "" {
		return nil
	}
	return MyErr(code)
}

func main() {
	vals := []any{1, Kind(2), Celsius(21.5), 21.5, IDs{1, 2}, []int{3}, "s"}
	for _, v := range vals {
		fmt.Println(describe(v))
	}
	var a any = Kind(1)
	_, isInt := a.(int)
	k, isKind := a.(Kind)
	fmt.Println(isInt, k, isKind, a == any(Kind(1)), a == any(1))
	m := map[any]string{Kind(1): "kind", 1: "int", Celsius(2): "c"}
	fmt.Println(len(m), m[Kind(1)], m[1], m[Celsius(2)], m[2.0] == "")
	var s Shape = Kind(2)
	fmt.Println(s, s.String())
	err := find("x")
	var me MyErr
	fmt.Println(err, errors.Is(err, MyErr("x")), errors.As(err, &me), me)
	wrapped := fmt.Errorf("ctx: %w", err)
	fmt.Println(wrapped)
	l := list.New()
	l.PushBack(Kind(0))
	l.PushBack(Celsius(3))
	for e := l.Front(); e != nil; e = e.Next() {
		if kk, ok := e.Value.(Kind); ok {
			fmt.Println("kind", kk)
		} else {
			fmt.Printf("%T %v\n", e.Value, e.Value)
		}
	}
	ks := []Shape{Kind(2), Kind(0), Kind(1)}
	sort.Slice(ks, func(i, j int) bool { return ks[i].String() < ks[j].String() })
	fmt.Println(ks)
	fmt.Printf("%v %d %T %v\n", a, a, a, []any{a, Celsius(1.5)})
	defer func() {
		r := recover()
		fmt.Println("recovered", r, r == any(Kind(1)))
		if kk, ok := r.(Kind); ok {
			fmt.Println("a Kind", int(kk))
		}
	}()
	panic(Kind(1))
}
`,
			out: "int 1\nKind two 3\nCelsius 21.5\nother float64\nIDs 2\nother []int\nother string\nfalse one true true false\n3 kind int c true\ntwo two\nmyerr: x true true myerr: x\nctx: myerr: x\nkind zero\nmain.Celsius 3\n[one two zero]\none 1 main.Kind [one 1.5]\nrecovered one true\na Kind 1\n",
		},
		parityCase{
			name: "boxes through tables, multi-value assignments, range, switches and map keys",
			prog: `package main

import "fmt"

type T int

func (t T) V() int { return int(t) * 2 }

type P struct{ X, Y int }

func (p P) String() string { return fmt.Sprintf("P(%d)", p.X) }

type Pair struct {
	K any
	V string
}

var table = []Pair{{T(1), "t"}, {P{2, 3}, "p"}, {1, "i"}}

func show(x any) string { return fmt.Sprint(x) }

func two() (T, int) { return 3, 4 }

func main() {
	for _, row := range table {
		_, isT := row.K.(T)
		fmt.Println(row.K, row.V, isT, show(row.K))
	}
	var a, b any
	a, b = two()
	fmt.Println(a, b, a == any(T(3)))
	a, b = "x", P{5, 6}
	fmt.Println(a, b)
	var k any
	for k = range map[T]bool{T(7): true} {
	}
	_, isT := k.(T)
	fmt.Println(k, isT)
	switch k {
	case 7:
		fmt.Println("int 7")
	case T(7):
		fmt.Println("T 7")
	}
	t := T(8)
	switch t {
	case k:
		fmt.Println("k")
	default:
		fmt.Println("not k")
	}
	keys := map[any]int{P{1, 2}: 1}
	var pk any = P{1, 2}
	fmt.Println(keys[P{1, 2}], keys[pk], fmt.Sprintf("%d|%v|%s", pk, pk, pk))
	if x := any(T(9)); x == T(9) {
		fmt.Println("if header")
	}
}
`,
			out: "1 t true 1\nP(2) p false P(2)\n1 i false 1\n3 4 true\nx P(5)\n7 true\nT 7\nnot k\n1 1 {1 2}|P(1)|P(1)\nif header\n",
		},
		parityCase{
			// Pointers to non-struct types keep their type in interfaces
			// too (pointer boxes): errors.As, fmt through Error and String
			// on the pointer, sort.Sort(&b), type switches, map keys, a
			// recovered *Code; and a value with methods appended to an []any
			// among other values (held in yaegi's wrapper) still matches its
			// case.
			name: "pointers to non-struct types in interfaces keep their type",
			prog: `package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

type Code int

func (c *Code) Error() string { return fmt.Sprintf("code %d", int(*c)) }

type Name string

func (n *Name) String() string { return "name:" + string(*n) }

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

type ByLen []string

func (b *ByLen) Len() int           { return len(*b) }
func (b *ByLen) Less(i, j int) bool { return len((*b)[i]) < len((*b)[j]) }
func (b *ByLen) Swap(i, j int)      { (*b)[i], (*b)[j] = (*b)[j], (*b)[i] }

func find(n int) error {
	if n > 2 {
		c := Code(n)
		return &c
	}
	return nil
}

func main() {
	err := find(5)
	fmt.Println(err, err != nil)
	var ce *Code
	fmt.Println(errors.As(err, &ce), ce != nil && *ce == 5)
	wrapped := fmt.Errorf("wrap: %w", err)
	fmt.Println(wrapped)
	var ce2 *Code
	fmt.Println(errors.As(wrapped, &ce2), errors.Is(wrapped, err))
	n := Name("bob")
	fmt.Println(&n, n)
	fmt.Printf("%v %s %T\n", &n, &n, &n)
	t := Temp(21.5)
	fmt.Println(t, &t)
	fmt.Printf("%T %T\n", t, &t)
	b := ByLen{"ccc", "a", "bb"}
	sort.Sort(&b)
	fmt.Println(b)
	var xs []any
	xs = append(xs, &n, &t, n)
	for _, x := range xs {
		switch v := x.(type) {
		case *Name:
			fmt.Println("*Name", *v)
		case *Temp:
			fmt.Println("*Temp", *v)
		case Name:
			fmt.Println("Name", v)
		}
	}
	ys := []any{}
	ys = append(ys, t, &n, 3)
	for _, y := range ys {
		switch v := y.(type) {
		case Temp:
			fmt.Println("Temp", float64(v))
		case *Name:
			fmt.Println("*Name again", string(*v))
		default:
			fmt.Println("default", v)
		}
	}
	var np *Name
	var a any = np
	fmt.Println(a != nil, a.(*Name) == nil)
	m := map[any]int{&n: 1}
	fmt.Println(m[&n], len(m))
	var sb strings.Builder
	fmt.Fprint(&sb, &t)
	fmt.Println(sb.String())
	defer func() {
		r := recover()
		fmt.Println("recovered", r)
		e, ok := r.(error)
		fmt.Println(ok, e)
	}()
	c := Code(7)
	panic(&c)
}
`,
			out: "code 5 true\ntrue true\nwrap: code 5\ntrue true\nname:bob bob\nname:bob name:bob *main.Name\n21.5° 21.5°\nmain.Temp *main.Temp\n[a bb ccc]\n*Name bob\n*Temp 21.5°\nName bob\nTemp 21.5\n*Name again bob\ndefault 3\ntrue true\n1 1\n21.5°\nrecovered code 7\ntrue code 7\n",
		},
	)
}
