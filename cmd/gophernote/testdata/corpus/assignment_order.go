// Assignments of several values and loop variables as users write them:
// a composite literal among the values (n := 7; c, d := []int{1}, n gave
// [1] 0), calls among them (a, b = b, f(a) assigned a before reading it),
// a map index after the variable it uses, return b, a of named results,
// range loops written with = (they assigned nothing), loop bodies that
// assign their variable, and calls that change what the left side reads.
package main

import (
	"fmt"
	"sort"
)

type Account struct {
	Name    string
	Balance int
}

var audit []string

func log(s string, v int) int { audit = append(audit, s); return v }

func fib(n int) (a, b int) {
	a, b = 0, 1
	for i := 0; i < n; i++ {
		a, b = b, log("f", a+b)
	}
	return
}

func minmax(xs []int) (lo, hi int) {
	lo, hi = xs[0], xs[0]
	for _, x := range xs[1:] {
		if x < lo {
			lo = x
		}
		if x > hi {
			hi = x
		}
	}
	return hi, lo // reversed on purpose: the named results swap
}

var cursor int

func next() int { cursor++; return cursor * 100 }

func main() {
	n := 7
	accounts, count := []Account{{"a", 10}, {"b", 20}}, n
	fmt.Println(accounts, count)
	from, to := &accounts[0], &accounts[1]
	from.Balance, to.Balance = from.Balance-5, to.Balance+log("deposit", 5)
	fmt.Println(accounts, audit)
	fmt.Println(fib(10))
	fmt.Println(minmax([]int{3, 9, -2, 4}))

	idx := map[string]int{}
	var key string
	for key = range map[string]int{"only": 1} {
	}
	var pos, last int
	for pos, last = range []int{4, 5, 6} {
		idx[fmt.Sprint(pos)] = last
	}
	fmt.Println(key, pos, last, idx)

	i, x := 1, []int{10, 20}
	for i, x[i] = range []int{99} {
		break
	}
	fmt.Println(i, x)

	k, seen := 0, map[int]int{}
	k, seen[k] = 1, 2
	fmt.Println(k, seen)

	var visits []func() int
	for step := 0; step < 6; step++ {
		visits = append(visits, func() int { return step })
		if step%2 == 0 {
			step++
		}
	}
	for _, v := range visits {
		fmt.Print(v(), " ")
	}
	fmt.Println()

	for i := range []string{"w", "x", "y", "z"} {
		if i == 1 {
			i = 3
		}
		fmt.Print(i, " ")
	}
	fmt.Println()

	slots := make([]int, 4)
	slots[cursor] = next()
	var got int
	got, slots[cursor] = next(), next()
	fmt.Println(slots, got, cursor)

	names := []string{"c", "a", "b"}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	names[0], names[2] = names[2], names[0]
	fmt.Println(names)
}
