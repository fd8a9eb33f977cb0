package engine

// Defined types that contain themselves with no struct between (type F
// func(*lexer) F, type T []T, type M map[string]M, type C chan C, type A
// *B with type B []A, type N *N, type Tree [2]*Tree) run as a struct of
// one field (fix_recursivetypes.go): calls, indexes, slices, append, copy,
// make, delete, range, receive and send, dereference, nil comparisons,
// conversions both ways, map keys, methods and promoted methods. Pinned
// with go1.26 `go run`.
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "recursive types with no struct between",
			prog: `package main

import (
	"fmt"
	"strings"
)

// A lexer's state function (Rob Pike's pattern): a func type returning itself.
type stateFn func(*lexer) stateFn

type lexer struct {
	in    string
	pos   int
	words []string
}

func lexWord(l *lexer) stateFn {
	start := l.pos
	for l.pos < len(l.in) && l.in[l.pos] != ' ' {
		l.pos++
	}
	l.words = append(l.words, l.in[start:l.pos])
	if l.pos >= len(l.in) {
		return nil
	}
	return lexSpace
}

func lexSpace(l *lexer) stateFn {
	for l.pos < len(l.in) && l.in[l.pos] == ' ' {
		l.pos++
	}
	return lexWord
}

type T []T

func ln(args ...T) int { return len(args) }

func (*T) Sum(args ...int) int { return len(args) }

type U struct {
	*T
	name T
}

type M map[string]M

func (m M) depth() int {
	d := 0
	for _, v := range m {
		if x := v.depth() + 1; x > d {
			d = x
		}
	}
	return d
}

type C chan C

type A *B
type B []A

type Num *Num

func succ(n Num) Num { return Num(&n) }

func count(n Num) int {
	c := 0
	for n != nil {
		n = *n
		c++
	}
	return c
}

type Tree [2]*Tree

func (t *Tree) size() int {
	if t == nil {
		return 0
	}
	return 1 + t[0].size() + t[1].size()
}

type Fib func(int, Fib) (int, int)

func fib(x int, self Fib) (int, int) {
	if x < 3 {
		return 0, x
	}
	a, b := self(x-2, self)
	c, d := self(x-1, self)
	return a + d, b + c
}

func main() {
	l := &lexer{in: "hello big  world"}
	for state := stateFn(lexWord); state != nil; {
		state = state(l)
	}
	fmt.Println(strings.Join(l.words, "|"), len(l.words))
	var f stateFn = lexSpace
	fmt.Println(f != nil, f(&lexer{in: "  x"}) != nil)
	f = nil
	fmt.Println(f == nil)
	steps := 0
	var loop stateFn
	loop = func(l *lexer) stateFn {
		steps++
		if steps < 4 {
			return loop
		}
		return nil
	}
	for s := loop; s != nil; s = s(nil) {
	}
	fmt.Println("steps", steps)

	fmt.Println(ln([]T{}), ln(T{}), ln(nil, T{nil}), ((*T)(nil)).Sum(1, 3, 5, 7), (*T).Sum(nil, 1, 3))
	var u U
	u.name = T{T{}}
	fmt.Println(u.Sum(1, 2), len(u.name), u.T == nil)
	t := T{T{}, T{T{}, nil}}
	fmt.Println(len(t), len(t[1]), t[1][1] == nil, cap(t[0:1]))
	t = append(t, t...)
	t = append(t, nil)
	for i, x := range t {
		fmt.Print(i, ":", len(x), " ")
	}
	fmt.Println()
	m2 := make(T, 3)
	fmt.Println(copy(m2, t), len(m2[1]), len(t[2:]), len(t[:2:3]))

	m := M{"a": M{"b": M{}}, "c": nil}
	m["d"] = make(M)
	m["d"]["e"] = M{"f": {"g": {}}}
	fmt.Println(len(m), m.depth(), m["c"] == nil, len(m["d"]["e"]["f"]))
	delete(m, "c")
	_, ok := m["c"]
	fmt.Println(len(m), ok)

	c := make(C, 2)
	c <- c
	c <- nil
	x := <-c
	fmt.Println(x == c, (<-c) == nil, cap(c))
	close(c)
	_, open := <-c
	fmt.Println(open)

	b := B{nil, nil}
	var a A = &b
	fmt.Println(len(*a), (*a)[0] == nil)

	var n Num
	for i := 0; i < 5; i++ {
		n = succ(n)
	}
	fmt.Println(count(n))
	seen := map[Num]int{n: 1, nil: 2}
	fmt.Println(seen[n], seen[nil], len(seen))

	tr := &Tree{&Tree{}, &Tree{nil, &Tree{}}}
	fmt.Println(tr.size(), len(tr), tr[0][1] == nil)
	fs := []stateFn{lexWord, nil, func(l *lexer) stateFn { return nil }}
	for i, g := range fs {
		fmt.Print(i, g == nil, " ")
	}
	fmt.Println()
	var g func(*lexer) stateFn = fs[0]
	h := stateFn(g)
	fmt.Println(g != nil, h(&lexer{in: "ab"}) == nil)
	p, q := fib(20, fib)
	fmt.Println(p, q)
}
`,
			out: "hello|big|world 3\ntrue true\ntrue\nsteps 4\n1 1 2 4 2\n2 1 true\n2 2 true 2\n0:0 1:2 2:0 3:2 4:0 \n3 2 3 2\n3 4 true 1\n2 false\ntrue true 2\nfalse\n2 true\n5\n1 2 2\n4 2 true\n0 false 1 true 2 false \ntrue true\n2584 8362\n",
		},
	)
}

// A recursive type's value assigned to a blank variable of interface
// type in a function goes nowhere: it runs (typeparam/issue48617 of Go's
// tests). (At the top level, a notebook cell's, it is refused.)
func init() {
	parityCases = append(parityCases, parityCase{
		name: "recursive type into a blank interface variable",
		prog: `package main

import "fmt"

type Maker interface{ Make() Fn }

type Fn func() Fn

func (f Fn) Make() Fn { return f }

func main() {
	calls := 0
	var f Fn = func() Fn { calls++; var g Fn; return g }
	func() { var _ Maker = f() }()
	func() { var _ Maker = f().Make() }()
	fmt.Println(calls)
}
`,
		out: "2\n",
	})
}
