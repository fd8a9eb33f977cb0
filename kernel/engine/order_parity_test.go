package engine

// Parity cases for assignment, evaluation order and loop variables
// (fix_rangevars.go, fix_loopvar.go, fix_assignorder.go): whole programs
// with compiled Go's output, run by TestGoParity as one cell and as a
// notebook (`-gorun` checks the pins against go run).
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "range loops written with =",
			prog: `package main

import "fmt"

type S struct{ f, g int }

func main() {
	x := []int{10, 20}
	y := []int{99}
	i := 1
	for i, x[i] = range y {
		break
	}
	fmt.Println(i, x)
	var k, v int
	for k, v = range []int{5, 6} {
	}
	var s S
	for s.f, s.g = range []int{7, 8} {
	}
	fmt.Println(k, v, s)
	p := new(int)
	for *p = range "abc" {
	}
	m := map[string]int{}
	for m["k"] = range 4 {
	}
	var j int
	var r rune
	for j, r = range "hé" {
	}
	fmt.Println(*p, m, j, r)
	ch := make(chan int, 2)
	ch <- 3
	ch <- 4
	close(ch)
	var c int
	for c = range ch {
	}
	var n int
	for n = range 0 {
	}
	fmt.Println(c, n)
}
`,
			out: "0 [10 99]\n1 6 {1 8}\n2 map[k:3] 1 233\n4 0\n",
		},
		parityCase{
			name: "a loop body assigning its iteration variables",
			prog: `package main

import "fmt"

func main() {
	for i := range []int{1, 2, 3, 4} {
		if i == 1 {
			i = 2
		}
		fmt.Print(i, " ")
	}
	fmt.Println()
	for i := range 5 {
		if i == 1 {
			i = 3
		}
		fmt.Print(i, " ")
	}
	fmt.Println()
	for i, v := range "abc" {
		v++
		i += 5
		fmt.Print(i, string(v), " ")
	}
	fmt.Println()
	var fs []func() int
	for i := 0; i < 5; i++ {
		fs = append(fs, func() int { return i })
		if i == 1 {
			i++
			continue
		}
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var gs []func() int
	for i := 0; i < 3; i++ {
		gs = append(gs, func() int { i += 10; return i })
	}
	fmt.Println(gs[0](), gs[0](), gs[1](), gs[2]())
}
`,
			out: "0 2 2 3 \n0 3 2 3 4 \n5b 6c 7d \n0 2 3 4 \n10 20 11 12\n",
		},
	)
}
