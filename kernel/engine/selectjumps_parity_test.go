package engine

// break and continue out of a select's cases (fix_selectjumps.go). Pinned
// with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "break and continue in a select's cases leave the select or the loops around it",
		prog: `package main

import "fmt"

func main() {
	c := make(chan int, 8)
	d := make(chan int, 8)
	var log []string
	n := 0
	for i := 0; i < 6; i++ {
		c <- i
		select {
		case v := <-c:
			if v == 1 {
				continue
			}
			if v == 4 {
				break
			}
			switch v {
			case 2:
				continue
			case 3:
				fmt.Println("three")
				break
			}
			n += 10
		}
		n++
	}
	fmt.Println("n", n)
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			d <- j
			c <- i
			select {
			case x := <-d:
				<-c
				select {
				case y := <-c:
					_ = y
				default:
					if x == 1 {
						continue outer
					}
					if x == 2 && i == 2 {
						break outer
					}
				}
				log = append(log, fmt.Sprint(i, x))
			}
		}
	}
	fmt.Println(log)
	k := 0
sel:
	select {
	default:
		for t := 0; t < 5; t++ {
			if t == 2 {
				break sel
			}
			k++
		}
		k += 100
	}
	fmt.Println("k", k)
	m := 0
	for i := 0; i < 3; i++ {
		select {
		default:
			f := func() int {
				for {
					if m > 100 {
						break
					}
					m += 50
				}
				return m
			}
			m = f() - 100
			continue
		}
		m += 1000
	}
	fmt.Println("m", m)
	cnt := 0
L:
	for {
		select {
		case c <- cnt:
			cnt++
		default:
			break L
		}
	}
	fmt.Println("cnt", cnt)
}
`,
		out: `three
n 34
[0 0 1 0 2 0]
k 2
m 50
cnt 8
`,
	})
}
