package engine

// Type identity: distinct Go types that yaegi's reflect types would make
// one (fix_fmt.go's _gnT identity tags). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "local, top-level and unnamed struct types of one shape stay distinct",
		prog: `package main

import (
	"encoding/json"
	"fmt"
	"reflect"
)

type Pt struct{ X, Y int }

func local() any {
	type Pt struct{ X, Y int }
	return Pt{1, 2}
}

func other() any {
	type Q struct{ X, Y int }
	return Q{1, 2}
}

func check(v any) string {
	switch v.(type) {
	case Pt:
		return "Pt"
	case struct{ X, Y int }:
		return "anon"
	}
	return "other"
}

func main() {
	l, o := local(), other()
	_, a := l.(Pt)
	_, b := o.(Pt)
	_, c := any(Pt{1, 2}).(struct{ X, Y int })
	fmt.Println(a, b, c, check(l), check(o), check(Pt{}), check(struct{ X, Y int }{}))
	fmt.Println(l == any(Pt{1, 2}), l == o, l == local())
	fmt.Printf("%T %T %v %+v\n", l, o, l, o)
	m := map[any]int{}
	m[l]++
	m[o]++
	m[Pt{1, 2}]++
	m[struct{ X, Y int }{1, 2}]++
	m[local()]++
	fmt.Println(len(m), m[l])
	j, _ := json.Marshal(l)
	fmt.Println(string(j), reflect.TypeOf(l).Field(0).Tag == "", reflect.DeepEqual(l, Pt{1, 2}), reflect.DeepEqual(l, local()))
	p := Pt(struct{ X, Y int }{3, 4})
	fmt.Println(p, struct{ X, Y int }(p))
	defer func() { fmt.Println("recovered:", recover() != nil) }()
	_ = o.(Pt)
}
`,
		out: `false false false other other Pt anon
false false true
main.Pt main.Q {1 2} {X:1 Y:2}
4 2
{"X":1,"Y":2} true false true
{3 4} {3 4}
recovered: true
`,
	})
	parityCases = append(parityCases, parityCase{
		name: "an embedded field of an unexported non-struct type is unexported to reflect and json",
		prog: `package main

import (
	"encoding/json"
	"fmt"
	"reflect"
)

type myint int

type S struct {
	int
	myint
	Name string
}

var G struct{ int }

func main() {
	s := S{1, 2, "n"}
	v := reflect.ValueOf(&s).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		sf := v.Type().Field(i)
		fmt.Println(sf.Name, sf.PkgPath, sf.Anonymous, f.CanSet(), sf.IsExported())
	}
	g := reflect.ValueOf(&G).Elem().Field(0)
	fmt.Println(g.CanSet(), g.Int())
	b, _ := json.Marshal(G)
	fmt.Println(string(b))
	fmt.Printf("%+v %v\n", s, s)
	s.int = 5
	fmt.Println(s.int, s.myint)
}
`,
		out: `int main true false false
myint main true false false
Name  false true true
false 0
{}
{int:1 myint:2 Name:n} {1 2 n}
5 2
`,
	})
	parityCases = append(parityCases, parityCase{
		name: "a positional struct literal stores nothing in blank fields",
		prog: `package main

import (
	"fmt"
	"reflect"
)

type P struct {
	a, _, c int
	_       string
	d       float64
}

var x = struct{ a, _, c int }{1, 2, 3}

func main() {
	fmt.Println(reflect.ValueOf(x).Field(1).Int())
	v := 7
	p := P{1, v, 3, "s", 4.5}
	q := P{1, 9, 3, "t", 4.5}
	fmt.Println(p == q, reflect.ValueOf(p).Field(1).Int(), reflect.ValueOf(q).Field(3).String() == "")
	fmt.Printf("%v %+v\n", p, q)
	m := map[P]int{p: 1}
	m[q]++
	fmt.Println(len(m), m[p])
}
`,
		out: `0
true 0 true
{1 0 3  4.5} {a:1 _:0 c:3 _: d:4.5}
1 2
`,
	})
}
