package engine

import (
	"strings"
	"testing"
)

// TestValidGoYaegiRejects: programs go/types accepts and yaegi v0.16's
// compiler refused (the passes addrindex, cmpconv, unsafelen, blankvars,
// and the cases of selectrecv, rangeint and loopvar for them), run as a
// script and as a notebook. The outputs are compiled Go's (`go test -run
// TestValidGoYaegiRejects -gorun` checks them).
func TestValidGoYaegiRejects(t *testing.T) {
	cases := []parityCase{
		{
			name: "address of an element through a pointer to an array",
			prog: `package main

import "fmt"

type S struct{ p *[2][3]int }

func main() {
	s := make([]byte, 4)
	p := (*[4]byte)(s)
	q := &p[1]
	*q = 7
	fmt.Println(&p[0] == &s[0], s)
	var m [2][3]int
	v := S{&m}
	*(&v.p[1][2]) = 5
	r := &(v.p)[0]
	r[1] = 4
	fmt.Println(m)
}
`,
			out: "true [0 7 0 0]\n[[0 4 0] [0 0 5]]\n",
		},
		{
			name: "address of an element through a nil pointer to an array panics",
			prog: `package main

import "fmt"

var a10p *[10]int

func main() {
	defer func() { fmt.Println(recover() != nil) }()
	fmt.Println(&a10p[0])
}
`,
			out: "true\n",
		},
		{
			name: "comparisons of a named type with its unnamed type, of *any with *interface{}",
			prog: `package main

import "fmt"

type ID [2]any

func mk(x int) [2]any { return [2]any{x} }

var x any
var y interface{}

var same = &x == &y

func main() {
	var a ID = mk(1)
	fmt.Println(a == mk(1), mk(2) != a, same, &y == &x)
}
`,
			out: "true true false false\n",
		},
		{
			name: "unsafe.Add with a uint8 length",
			prog: `package main

import (
	"fmt"
	"unsafe"
)

func main() {
	buf := []byte{1, 2, 3}
	i := 2
	fmt.Println(*(*byte)(unsafe.Add(unsafe.Pointer(&buf[0]), uint8(i))))
}
`,
			out: "3\n",
		},
		{
			name: "var _ T in a function",
			prog: `package main

import "fmt"

type A[T any] struct{}

type B[T any] struct {
	_ A[T]
}

type S struct{ v int }

func main() {
	var _ B[int]
	var _ S
	var _, _ []int
	fmt.Println("ok")
}
`,
			out: "ok\n",
		},
		{
			name: "range over a rune literal",
			prog: `package main

import "fmt"

func main() {
	for r := range '\x03' {
		var rp *rune = &r
		fmt.Printf("%T %v ", r, *rp)
	}
	fmt.Println()
}
`,
			out: "int32 0 int32 1 int32 2 \n",
		},
		{
			name: "select cases receiving into _ and defining from a parenthesized receive",
			prog: `package main

import "fmt"

func main() {
	c := make(chan int, 1)
	c <- 1
	select {
	case _ = <-c:
		fmt.Println("discarded")
	}
	c <- 2
	select {
	case _, _ = <-c:
		fmt.Println("discarded twice")
	}
	c <- 3
	select {
	case v, ok := (<-c):
		fmt.Println(v, ok)
	}
}
`,
			out: "discarded\ndiscarded twice\n3 true\n",
		},
		{
			name: "a loop body that copies its variable (i := i) before a closure",
			prog: `package main

import "fmt"

func main() {
	done := make(chan int, 3)
	var fs []func() int
	for i := 0; i < 3; i++ {
		i := i
		fs = append(fs, func() int { return i })
		go func() { done <- i }()
	}
	sum := 0
	for range fs {
		sum += <-done
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println(sum)
}
`,
			out: "0 1 2 3\n",
		},
		{
			name: "local types shadowing package-level types",
			prog: `package main

import "fmt"

type T struct{ V int }

func f1() {
	type T [2]int
	p := T{0, 1}
	switch p {
	case T{0, 0}:
		fmt.Println("wrong")
	case T{0, 1}:
		fmt.Println("right", p == (T{0, 1}))
	}
}

func f2() {
	type T int
	fmt.Println(T(3) + 1)
}

func main() {
	fmt.Println(T{})
	f1()
	f2()
}
`,
			out: "{0}\nright true\n4\n",
		},
		{
			name: "indexing where len is a variable",
			prog: `package main

import "fmt"

func main() {
	len := 2
	x := make([]*[]string, len)
	for j := 0; j < len; j++ {
		y := make([]string, 1)
		x[j] = &y
	}
	fmt.Println(len, x[1] != nil)
}
`,
			out: "2 true\n",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if *goRun {
				if out, pan := runCompiled(t, c.prog); out != c.out || pan != c.panic {
					t.Errorf("pinned output is stale: go run gives stdout %q panic %q; pinned %q, %q", out, pan, c.out, c.panic)
				}
			}
			for _, mode := range []string{"script", "notebook"} {
				cells := []string{c.prog}
				if mode == "notebook" {
					cells = notebookCells(t, c.prog)
				}
				out, errName, errValue := runCells(t, cells)
				if out != c.out || errName != "" && (c.panic == "" || !strings.HasPrefix(errValue, c.panic)) {
					t.Errorf("%s: stdout %q, error %s %q; compiled Go prints %q", mode, out, errName, errValue, c.out)
				}
			}
		})
	}
}
