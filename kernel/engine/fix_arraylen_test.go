package engine

import "testing"

// len, cap and counting ranges of arrays through nil pointers
// (fix_arraylen.go), against compiled Go.
func TestArrayLenNilPointers(t *testing.T) { testParity(t, arrayLenCases) }

var arrayLenCases = []parityCase{
	{
		name: "len, cap and counting ranges do not dereference",
		prog: `package main

import "fmt"

type S struct{ a [3]int }

var calls int

func nilp() *[4]int { calls++; return nil }

func main() {
	var p *[5]int
	var s *S
	fmt.Println(len(p), cap(p), len(*p), len(s.a), len(nilp()), calls)
	n := 0
	for i := range p {
		n += i
	}
	for i, _ := range p {
		n += i
	}
	for range s.a {
		n++
	}
	for i := range nilp() {
		n += i
	}
	fmt.Println(n, calls)
	x := len(p) / 2.0
	fmt.Println(x)
	const c = len((*[7]int)(nil))
	fmt.Println(c)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		for range *nilp() {
		}
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		_ = len(*nilp())
	}()
	q := &[2]string{"a", "b"}
	for i := range q {
		fmt.Println(i, q[i])
	}
	var k int
	for k = range p {
	}
	fmt.Println(k)
}
`,
		out: "5 5 5 3 4 1\n29 2\n2\n7\nrecovered: runtime error: invalid memory address or nil pointer dereference\nrecovered: runtime error: invalid memory address or nil pointer dereference\n0 a\n1 b\n4\n",
	},
	{
		name: "a blank value variable evaluates an array operand",
		prog: `package main

import "fmt"

func main() {
	var p *[3]int
	n := 0
	for i := range *p {
		n += i
	}
	fmt.Println(n)
	for i, _ := range *p {
		n += i
	}
	fmt.Println(n)
}
`,
		out:   "3\n",
		panic: "runtime error: invalid memory address or nil pointer dereference",
	},
}
