package engine

// A recovered value holding an empty struct asserts and type-switches as
// in Go (fix_panics.go: recover() becomes interface{}(_gnrt.Recovered(..));
// fixedbugs/issue4066.go of Go's tests panicked in reflect). Pinned with
// go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "a recovered empty struct asserts and type-switches",
		prog: `package main

import "fmt"

type done struct{}

type full struct{ n int }

func catch(v any) {
	defer func() {
		r := recover()
		_, isInt := r.(int)
		d, isDone := r.(done)
		switch x := r.(type) {
		case done:
			fmt.Println("switch: done", x)
		case full:
			fmt.Println("switch: full", x.n)
		default:
			fmt.Println("switch: default", isInt)
		}
		fmt.Println(d, isDone)
	}()
	panic(v)
}

func main() {
	catch(done{})
	catch(full{2})
	catch(7)
}
`,
		out: "switch: done {}\n" +
			"{} true\n" +
			"switch: full 2\n" +
			"{} false\n" +
			"switch: default true\n" +
			"{} false\n",
	})
}
