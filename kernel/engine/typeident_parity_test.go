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
}
