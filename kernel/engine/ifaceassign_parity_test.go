package engine

// Values of cell types with methods assigned into interface variables by
// a multiple assignment, a comma-ok form or a range with = (yaegi
// panicked in reflect.Set: typeparam/issue50642.go and
// typeparam/mdempsky/17.go of Go's tests). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases,
		parityCase{
			// fix_ifaceplace.go and fix_assignorder.go convert the value
			name: "multiple and comma-ok assignments into a cell interface",
			prog: `package main

import "fmt"

type MyInt int

func (i MyInt) String() string { return "a" }

type P struct{ n int }

func (p *P) String() string { return fmt.Sprint("p", p.n) }

type Stringer interface{ String() string }

func main() {
	var s Stringer
	var ok bool
	m := map[int]MyInt{1: 5}
	s, ok = m[1]
	fmt.Println(s.String(), ok)
	s, ok = m[2]
	fmt.Println(s.String(), ok)
	var x any = &P{3}
	s, ok = x.(*P)
	fmt.Println(s.String(), ok)
	a, b := MyInt(1), true
	s, ok = a, b
	fmt.Println(s.String(), ok)
	var e any
	e, s = 2.5, &P{4}
	fmt.Println(e, s.String())
}
`,
			out: "a true\n" +
				"a false\n" +
				"p3 true\n" +
				"a true\n" +
				"2.5 p4\n",
		},
		parityCase{
			// fix_rangevars.go converts the iteration values
			name: "range with = into interface variables",
			prog: `package main

import "fmt"

type iface interface{ M() int }

type V int

func (v V) M() int { return int(v) * 10 }

func main() {
	var k any
	var v iface
	for k, v = range [...]V{1, 2, 3} {
		if v.M() == 20 {
			continue
		}
		fmt.Println(k, v.M())
	}
	fmt.Println("after:", k, v.M())
	var e any
	m := map[string]V{"a": 4}
	for k, e = range m {
		fmt.Println(k, e)
	}
	var r any
	for k, r = range "hé" {
		fmt.Println(k, r)
	}
	for k = range 2 {
	}
	fmt.Println(k)
	var s iface
	for _, s = range []V{7} {
	}
	fmt.Println(s.M())
}
`,
			out: "0 10\n" +
				"2 30\n" +
				"after: 2 30\n" +
				"a 4\n" +
				"0 104\n" +
				"1 233\n" +
				"1\n" +
				"70\n",
		},
	)
}
