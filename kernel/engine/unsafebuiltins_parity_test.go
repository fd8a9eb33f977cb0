package engine

// unsafe.String, StringData, Slice and SliceData run as Go's builtins
// (fix_unsafebuiltins.go): values, aliasing, a cell's struct type, a
// length of another integer type, nil cases and the runtime's panics.
// Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "unsafe.Slice, SliceData, String and StringData",
		prog: `package main

import (
	"fmt"
	"runtime"
	"unsafe"
)

type P struct {
	X, Y float64
}

func try(f func()) {
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		fmt.Println("panic:", r, isRuntime)
	}()
	f()
}

func main() {
	b := []byte("hello")
	s := unsafe.String(&b[0], 3)
	fmt.Println(s, len(s), *unsafe.StringData(s))
	a := [4]int{1, 2, 3, 4}
	sl := unsafe.Slice(&a[1], 2)
	sl[0] = 20
	fmt.Println(sl, len(sl), cap(sl), a, *unsafe.SliceData(sl) == a[1])
	ps := []P{{1, 2}, {3, 4}}
	q := unsafe.SliceData(ps)
	q.Y = 5
	fmt.Println(ps, unsafe.Slice(q, 2)[1])
	var n uint8 = 2
	fmt.Println(len(unsafe.Slice(&a[0], n)), unsafe.Slice((*int)(nil), 0) == nil, unsafe.SliceData([]int(nil)) == nil)
	fmt.Println(unsafe.String(nil, 0) == "", unsafe.Sizeof(a), unsafe.Sizeof(P{}))
	try(func() { _ = unsafe.Slice((*int)(nil), 1) })
	neg := -1
	try(func() { _ = unsafe.Slice(&a[0], neg) })
	try(func() { _ = unsafe.String(nil, 1) })
	try(func() { _ = unsafe.String(&b[0], neg) })
}
`,
		out: "hel 3 104\n" +
			"[20 3] 2 2 [1 20 3 4] true\n" +
			"[{1 5} {3 4}] {3 4}\n" +
			"2 true true\n" +
			"true 32 16\n" +
			"panic: runtime error: unsafe.Slice: ptr is nil and len is not zero true\n" +
			"panic: runtime error: unsafe.Slice: len out of range true\n" +
			"panic: runtime error: unsafe.String: ptr is nil and len is not zero true\n" +
			"panic: runtime error: unsafe.String: len out of range true\n",
	})
}
