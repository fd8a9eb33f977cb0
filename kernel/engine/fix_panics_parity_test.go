package engine

// Runtime panics compiled Go raises that yaegi did not raise, or raised
// in other words: make with a length or capacity out of range
// (fix_makeslice.go), an assertion of an any to a cell's interface
// (fix_assertiface.go), method values through a nil pointer or a nil
// interface, `_ = *p` and `m[k] = *p` (fix_methodvalue.go), slice bounds
// (fix_slicecheck.go), unsigned indexes (fix_indexcheck.go), comma-ok
// reads with an unhashable key (fix_unhashable.go). Pinned with go1.26
// `go run`.
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "make of a slice with a length or capacity out of range",
			prog: `package main

import "fmt"

type T []int

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover()) }()
	f()
}

func main() {
	n, big := -1, 1<<59
	var u uint64 = 1<<64 - 1
	try("len -1", func() { _ = make(T, n) })
	try("len big", func() { _ = make(T, big) })
	try("cap big", func() { _ = make(T, 0, big) })
	try("len big of cap", func() { _ = make(T, big, 1) })
	try("len > cap", func() { _ = make([]byte, 3, n+3) })
	try("uint64", func() { _ = make([]byte, u) })
	try("uint64 cap", func() { _ = make([]byte, 1, u) })
	try("empty elems", func() { s := make([]struct{}, big); fmt.Println(len(s)) })
	s := make([]string, n+3, n+5)
	fmt.Println(len(s), cap(s))
}
`,
			out: "len -1 runtime error: makeslice: len out of range\nlen big runtime error: makeslice: len out of range\ncap big runtime error: makeslice: cap out of range\nlen big of cap runtime error: makeslice: cap out of range\nlen > cap runtime error: makeslice: cap out of range\nuint64 runtime error: makeslice: len out of range\nuint64 cap runtime error: makeslice: cap out of range\n576460752303423488\nempty elems <nil>\n2 4\n",
		},
		parityCase{
			name: "a failed assertion of an any to a cell interface",
			prog: `package main

import (
	"fmt"
	"runtime"
)

type I interface{ Foo() }
type S struct{ x int }

func (s *S) Bar() {}

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, rt := r.(runtime.Error)
		fmt.Println(name, r, rt)
	}()
	f()
}

func main() {
	var e any = &S{}
	try("missing", func() { i := e.(I); _ = i })
	e = 1
	try("int", func() { fmt.Println(e.(I)) })
	e = nil
	try("nil", func() { var i I = e.(I); _ = i })
	e = "x"
	try("concrete", func() { _ = e.(int) })
}
`,
			out: "missing interface conversion: *main.S is not main.I: missing method Foo true\nint interface conversion: int is not main.I: missing method Foo true\nnil interface conversion: interface is nil, not main.I true\nconcrete interface conversion: interface {} is string, not int true\n",
		},
		parityCase{
			name: "method values through nil pointers and nil interfaces",
			prog: `package main

import "fmt"

type T struct{ a int }

func (t T) M() int  { return t.a }
func (t *T) P() int { return 1 }

type W struct{ *T }
type V struct{ W }
type I interface{ M() int }
type E struct{ I }

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover()) }()
	f()
}

func main() {
	var p *T
	var f func() int
	try("p.M", func() { f = p.M })
	try("(*p).M", func() { f = (*p).M })
	try("p.P", func() { f = p.P })
	var w W
	try("w.M", func() { f = w.M })
	try("w.P", func() { f = w.P })
	var v V
	try("v.M", func() { f = v.M })
	var pv *V
	try("pv.P", func() { f = pv.P })
	var i I
	try("i.M", func() { f = i.M })
	var e E
	try("e.M", func() { f = e.M })
	p = &T{7}
	try("ok", func() { f = p.M; fmt.Println(f()) })
	fmt.Println(f != nil)
}
`,
			out: "p.M runtime error: invalid memory address or nil pointer dereference\n(*p).M runtime error: invalid memory address or nil pointer dereference\np.P <nil>\nw.M runtime error: invalid memory address or nil pointer dereference\nw.P <nil>\nv.M runtime error: invalid memory address or nil pointer dereference\npv.P runtime error: invalid memory address or nil pointer dereference\ni.M runtime error: invalid memory address or nil pointer dereference\ne.M runtime error: invalid memory address or nil pointer dereference\n7\nok <nil>\ntrue\n",
		},
		parityCase{
			name: "slice bounds, unsigned indexes, nil dereferences and unhashable keys out of range as Go words them",
			prog: `package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		if r == nil {
			fmt.Println(name, r)
			return
		}
		if e, ok := r.(runtime.Error); ok {
			fmt.Println(name, e.Error())
			return
		}
		fmt.Println(name, r)
	}()
	f()
}

func main() {
	s := make([]int, 2, 3)
	a := [3]int{1, 2, 3}
	str := "abc"
	i, j, k := 1, 5, -1
	var u uint64 = 1<<64 - 1
	try("s[:j]", func() { _ = s[:j] })
	try("s[j:]", func() { _ = s[j:] })
	try("s[2:i]", func() { _ = s[2:i] })
	try("s[k:]", func() { _ = s[k:] })
	try("s[:k]", func() { _ = s[:k] })
	try("s[i:3] ok", func() { fmt.Println(len(s[i:3])) })
	try("s[0:1:j]", func() { _ = s[0:1:j] })
	try("s[0:i:0]", func() { _ = s[0:i:0] })
	try("s[2:i:3]", func() { _ = s[2:i:3] })
	try("s[k:1:2]", func() { _ = s[k:1:2] })
	try("s[:k:2]", func() { _ = s[:k:2] })
	try("a[:j]", func() { _ = a[:j] })
	try("a[i:j:j]", func() { _ = a[i:j:j] })
	try("str[:j]", func() { _ = str[:j] })
	try("str[j:]", func() { _ = str[j:] })
	try("s[:u]", func() { _ = s[:u] })
	try("s[u:]", func() { _ = s[u:] })
	try("s[u]", func() { _ = s[u] })
	try("str[u]", func() { _ = str[u] })
	var p *int
	try("_ = *p", func() { _ = *p })
	var ps [2]*int
	try("_ = *ps[1]", func() { _ = *ps[1] })
	mp := map[int]int{}
	try("mp[0] = *p", func() { mp[0] = *p })
	fmt.Println(len(mp))
	m := map[any]int{}
	key := []int{1}
	try("m[key] comma-ok", func() { _, ok := m[key]; fmt.Println(ok) })
	fmt.Println(len(m))
}
`,
			out: "s[:j] runtime error: slice bounds out of range [:5] with capacity 3\ns[j:] runtime error: slice bounds out of range [5:2]\ns[2:i] runtime error: slice bounds out of range [2:1]\ns[k:] runtime error: slice bounds out of range [-1:]\ns[:k] runtime error: slice bounds out of range [:-1]\n2\ns[i:3] ok <nil>\ns[0:1:j] runtime error: slice bounds out of range [::5] with capacity 3\ns[0:i:0] runtime error: slice bounds out of range [:1:0]\ns[2:i:3] runtime error: slice bounds out of range [2:1:]\ns[k:1:2] runtime error: slice bounds out of range [-1::]\ns[:k:2] runtime error: slice bounds out of range [:-1:]\na[:j] runtime error: slice bounds out of range [:5] with length 3\na[i:j:j] runtime error: slice bounds out of range [::5] with length 3\nstr[:j] runtime error: slice bounds out of range [:5] with length 3\nstr[j:] runtime error: slice bounds out of range [5:3]\ns[:u] runtime error: slice bounds out of range [:18446744073709551615] with capacity 3\ns[u:] runtime error: slice bounds out of range [18446744073709551615:2]\ns[u] runtime error: index out of range [18446744073709551615] with length 2\nstr[u] runtime error: index out of range [18446744073709551615] with length 3\n_ = *p runtime error: invalid memory address or nil pointer dereference\n_ = *ps[1] runtime error: invalid memory address or nil pointer dereference\nmp[0] = *p runtime error: invalid memory address or nil pointer dereference\n0\nm[key] comma-ok hash of unhashable type: []int\n0\n",
		},
	)
}
