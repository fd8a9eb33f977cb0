package engine

// A slice converted to a longer array or array pointer panics with Go's
// runtime error, recovered as a runtime.Error (fix_panics.go's
// reflectPanics; convert4.go of Go's tests). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "slice to array conversion panics with Go's runtime error",
		prog: `package main

import "fmt"

func try(f func()) {
	defer func() {
		r := recover()
		e, ok := r.(error)
		fmt.Println(ok, e)
	}()
	f()
}

func main() {
	s := make([]byte, 8, 10)
	try(func() { _ = (*[9]byte)(s) })
	try(func() { _ = [9]byte(s) })
	var p *[]byte
	try(func() { _ = [0]byte(*p) })
	try(func() { _ = (*[0]byte)(*p) })
	a := [8]byte(s)
	pa := (*[8]byte)(s)
	pa[0] = 9
	fmt.Println(a, *pa, s[0])
	var ns []int
	fmt.Println((*[0]int)(ns) == nil, [0]int(ns))
}
`,
		out: "true runtime error: cannot convert slice with length 8 to array or pointer to array with length 9\n" +
			"true runtime error: cannot convert slice with length 8 to array or pointer to array with length 9\n" +
			"true runtime error: invalid memory address or nil pointer dereference\n" +
			"true runtime error: invalid memory address or nil pointer dereference\n" +
			"[0 0 0 0 0 0 0 0] [9 0 0 0 0 0 0 0] 9\n" +
			"true []\n",
	}, parityCase{
		name: "slice to array conversion panic uncaught",
		prog: `package main

func main() {
	s := make([]int, 2)
	_ = [3]int(s)
}
`,
		panic: "runtime error: cannot convert slice with length 2 to array or pointer to array with length 3",
	})
}
