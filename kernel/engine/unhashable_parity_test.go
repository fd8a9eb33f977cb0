package engine

// Map keys that cannot be hashed, in compiled Go's two wordings: a map
// assignment's runtime error (fix_unhashable.go's HashCheck) and the map
// code's error of a read, comma-ok read or delete (yaegi's own), with a
// cell struct's Go name. Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "unhashable map keys worded as the operation's",
		prog: `package main

import "fmt"

type T struct{ s []int }

func try(name string, f func()) {
	defer func() { fmt.Println(name+":", recover()) }()
	f()
}

func main() {
	m := map[any]int{}
	var key any = []int{1}
	try("assign", func() { m[key] = 1 })
	try("add", func() { m[key] += 2 })
	try("incr", func() { m[key]++ })
	try("read", func() { _ = m[key] })
	try("commaok", func() { _, ok := m[key]; _ = ok })
	try("delete", func() { delete(m, key) })
	var tk any = T{}
	try("assignT", func() { m[tk] = 1 })
	try("readT", func() { _ = m[tk] })
	var arr any = [2]any{1, []int{}}
	try("array", func() { m[arr] = 1 })
	m[1], m["x"] = 1, 2
	fmt.Println(len(m), m[1], m["x"])
}
`,
		out: "assign: runtime error: hash of unhashable type []int\nadd: runtime error: hash of unhashable type []int\nincr: runtime error: hash of unhashable type []int\nread: hash of unhashable type: []int\ncommaok: hash of unhashable type: []int\ndelete: hash of unhashable type: []int\nassignT: runtime error: hash of unhashable type main.T\nreadT: hash of unhashable type: main.T\narray: runtime error: hash of unhashable type []int\n2 1 2\n",
	})
}
