package engine

import (
	"strings"
	"testing"
)

// Struct types referring to each other (fix_structcycles.go): a tree
// whose nodes point to their parent and their tree, a list whose elements
// point to the list, a package-level var of the list type (which made
// yaegi build List first). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "struct types referring to each other",
			prog: `package main

import "fmt"

type Tree struct {
	root *Node
	size int
}

type Node struct {
	parent   *Node
	children []*Node
	tree     *Tree
	val      int
}

func (t *Tree) add(parent *Node, v int) *Node {
	n := &Node{parent: parent, tree: t, val: v}
	if parent == nil {
		t.root = n
	} else {
		parent.children = append(parent.children, n)
	}
	t.size++
	return n
}

func (n *Node) sum() int {
	s := n.val
	for _, c := range n.children {
		s += c.sum()
	}
	return s
}

type Element struct {
	next *Element
	list *List
	v    int
}

type List struct {
	head *Element
	n    int
}

var l = &List{}

func push(v int) {
	e := &Element{list: l, v: v}
	e.next = l.head
	l.head = e
	l.n++
}

func lists() {
	push(1)
	push(2)
	s := 0
	for e := l.head; e != nil; e = e.next {
		s += e.v
	}
	fmt.Println(l.n, s, l.head.list == l)
}

func main() {
	lists()
	t := &Tree{}
	r := t.add(nil, 1)
	a := t.add(r, 2)
	t.add(a, 3)
	t.add(r, 4)
	fmt.Println(t.size, t.root.sum(), a.parent == r, a.tree == t, len(r.children))
}
`,
			out: "2 3 true\n4 10 true true 2\n",
		},
	)
}

// TestStructCyclesRefused: container/list's shape (an element pointing to
// itself and to its list, the list holding an element by value) has no
// type yaegi can build it from: refused at the first type's name; and an
// assertion of a struct value type on a compiled interface with methods
// (yaegi's wrapper of a parameter holds the struct's last field).
func TestStructCyclesRefused(t *testing.T) {
	e := newEngine(t)
	cases := []struct{ code, pos, want string }{
		{"type Element struct {\n\tnext, prev *Element\n\tlist *List\n\tValue int\n}\ntype List struct {\n\troot Element\n\tlen int\n}", "1:6", "the struct types Element, List refer to each other"},
		{"type S struct{ n int }\nfunc (s S) Write(p []byte) (int, error) { return len(p), nil }\nfunc f(w io.Writer) bool { _, ok := w.(S); return ok }", "3:40", "the assertion of S on a value of type io.Writer"},
		{"type S2 struct{ n int }\nfunc (s S2) Write(p []byte) (int, error) { return len(p), nil }\nfunc g(w io.Writer) { switch w.(type) {\ncase S2:\n} }", "4:6", "this type switch case of S2 on a value of type io.Writer"},
	}
	for _, c := range cases {
		err := runErr(t, e, c.code)
		if err.Name != "CompileError" || !strings.HasPrefix(err.Value, c.pos+": ") || !strings.Contains(err.Value, c.want) {
			t.Errorf("%q: got %s %q\nwant CompileError %s: ...%q...", c.code, err.Name, err.Value, c.pos, c.want)
		}
	}
	// A pointer works: yaegi's wrapper keeps it.
	_, r := run(t, e, "type P struct{ n int }\nfunc (p *P) Write(b []byte) (int, error) { return len(b), nil }\nfunc h(w io.Writer) int { if p, ok := w.(*P); ok { return p.n }; return -1 }\nh(&P{7})")
	if text(r) != "7" {
		t.Errorf("pointer through io.Writer: %s", text(r))
	}
}
