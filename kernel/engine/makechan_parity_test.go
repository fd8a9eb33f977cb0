package engine

// make of a directional channel type (fix_makechan.go; typeparam/append.go
// of Go's tests). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "make of send-only and receive-only channel types",
		prog: `package main

import "fmt"

type Recv <-chan int
type Send chan<- string

func main() {
	r := make(Recv)
	s := make(Send, 2)
	o := make(<-chan float64, 3)
	fmt.Printf("%T %T %T %d %d %d\n", r, s, o, cap(r), cap(s), cap(o))
	s <- "x"
	fmt.Println(len(s))
	select {
	case v := <-r:
		fmt.Println("received", v)
	default:
		fmt.Println("nothing to receive")
	}
}
`,
		out: "main.Recv main.Send <-chan float64 0 2 3\n" +
			"1\n" +
			"nothing to receive\n",
	})
}
