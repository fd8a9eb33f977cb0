package engine

// Parity cases for values the interpreter computed differently
// (fix_assignorder.go, fix_values.go): whole programs with compiled Go's
// output, run by TestGoParity as one cell and as a notebook (`-gorun`
// checks the pins against go run).
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "a tuple assigned to a map element, a receive to a slice element",
			prog: `package main

import (
	"errors"
	"fmt"
	"strconv"
)

type T chan int

type B bool

type S struct{ f int }

var trace string

func f() string { trace += "f"; return "abc" }

func g() *error { trace += "g"; var x error; return &x }

func h() string { trace += "h"; return "123" }

func two() (int, error) { return 5, errors.New("e") }

func M() (T, T) { return make(T), make(T) }

func N() ([]int, *int) { return make([]int, 1), new(int) }

func main() {
	m := map[string]int{}
	var err error
	m["a"], err = two()
	m[f()], *g() = strconv.Atoi(h())
	fmt.Println(m, err, trace)
	var i interface{} = "y"
	ret := map[string]string{}
	var ok bool
	var b B
	ret["x"], ok = i.(string)
	ret["z"], b = i.(string)
	fmt.Println(ret, ok, b)
	mm := map[int]int{7: 1}
	mm[1], ok = mm[7]
	c := make(chan int, 10)
	c <- 3
	mm[3], ok = <-c
	fmt.Println(mm, ok)
	a1, a2 := M()
	s1, p1 := N()
	s1[0], *p1 = 1, 2
	s2, p2 := N()
	fmt.Println(a1 == a2, s2[0], *p2)
	for k := range 8 {
		c <- k + 1
	}
	xs := make([]int, 2)
	var arr [2]int
	p := new(int)
	var s S
	ps := &S{}
	arr[1] = <-c
	*p = <-c
	s.f = <-c
	ps.f = <-c
	xs[0] += <-c
	mm[0] += <-c
	pa := &arr
	pa[0] = <-c
	xs[1] = <-c
	fmt.Println(xs, arr, *p, s, *ps, mm)
}
`,
			out: "map[a:5 abc:123] e fgh\nmap[x:y z:y] true true\nmap[1:1 3:3 7:1] true\nfalse 0 0\n[5 8] [7 1] 2 {3} {4} map[0:6 1:1 3:3 7:1]\n",
		},
	)
}
