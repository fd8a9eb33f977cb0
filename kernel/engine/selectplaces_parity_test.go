package engine

// A select case that receives into a field, an element or *f() is
// chosen as in Go, and f is called only when its case is (chan/select4.go
// of Go's tests deadlocked: the pass assignorder parenthesized the case's
// receive). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "select cases receiving into places",
		prog: `package main

import "fmt"

type T struct{ a int }

var calls int

func f() *int {
	calls++
	return new(int)
}

func main() {
	var x T
	xs := make([]int, 2)
	c := make(chan int, 2)
	c1 := make(chan int)
	c <- 42
	c <- 43
	for range 2 {
		select {
		default:
			fmt.Println("outer default")
		case *f() = <-c1:
			fmt.Println("never")
		case x.a = <-c:
			fmt.Println("field", x.a)
			select {
			case xs[1] = <-c:
				fmt.Println("element", xs)
			case *f() = <-c1:
			default:
				fmt.Println("default", xs)
			}
		}
	}
	fmt.Println(x, xs, calls)
}
`,
		out: "field 42\n" +
			"element [0 43]\n" +
			"outer default\n" +
			"{42} [0 43] 0\n",
	})
}
