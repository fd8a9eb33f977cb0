// A deferred print reads a map's keys and values, and a slice's elements,
// when it runs (an array is copied at the defer statement); the engine's
// printing of maps and slices of cell types with String keeps that.
package main

import "fmt"

type Kind int

func (k Kind) String() string { return fmt.Sprint("K", int(k)) }

func show() {
	m := map[Kind]int{}
	s := []Kind{1, 2}
	a := [2]Kind{1, 2}
	defer fmt.Println("deferred", m, s, a)
	m[2] = 20
	m[1] = 10
	s[0] = 9
	a[0] = 9
	s = append(s, 3)
}

func main() {
	show()
	m := map[string][]Kind{"x": {1}}
	defer fmt.Println(m)
	m["a"] = []Kind{2, 3}
	delete(m, "x")
}
