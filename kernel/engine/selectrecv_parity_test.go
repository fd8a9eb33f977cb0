package engine

// Select cases on channels read through a pointer: a receive from dat[0]
// of a *[2]chan T and from *pc, a send through one, nil channels skipped
// (fix_selectrecv.go). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "select cases on channels read through a pointer",
			prog: `package main

import "fmt"

type rat struct{ num, den int64 }

func fan() {
	in := [2]chan rat{make(chan rat), make(chan rat)}
	reqs := [2]chan int{make(chan int), make(chan int)}
	for i := 0; i < 2; i++ {
		go func(i int) {
			<-reqs[i]
			in[i] <- rat{int64(i + 1), 2}
		}(i)
	}
	req := new([2]chan int)
	dat := new([2]chan rat)
	req[0], req[1] = reqs[0], reqs[1]
	out := make([]rat, 2)
	var it rat
	seq := 0
	for n := 4; n > 0; n-- {
		seq++
		select {
		case req[0] <- seq:
			dat[0] = in[0]
			req[0] = nil
		case req[1] <- seq:
			dat[1] = in[1]
			req[1] = nil
		case it = <-dat[0]:
			out[0] = it
			dat[0] = nil
		case it = <-dat[1]:
			out[1] = it
			dat[1] = nil
		}
	}
	fmt.Println(out)
}

func main() {
	fan()
	dat := new([2]chan int)
	dat[0] = make(chan int, 1)
	dat[1] = make(chan int, 1)
	dat[0] <- 7
	select {
	case v := <-dat[0]:
		fmt.Println("a", v)
	case v, ok := <-(*dat)[1]:
		fmt.Println("b", v, ok)
	}
	c := make(chan string, 1)
	pc := &c
	c <- "x"
	var s string
	select {
	case s = <-*pc:
		fmt.Println(s)
	}
}
`,
			out: "[{1 2} {2 2}]\na 7\nx\n",
		},
	)
}
