package engine

// A value of a cell struct type with a String or Error method printed
// with a verb for which fmt calls neither (%d, %f) prints its fields
// (fix_fmt.go's bareStructArg; TestGoFuzz, progen seed 1008 unit 1).
// %#v of a value of a named slice, map or array type with elements of
// basic kinds names the type (namedCompositePrefix). Pinned with go1.26
// `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "verbs that call no String method print a Stringer struct's fields",
		prog: `package main

import (
	"fmt"
	"os"
)

type S struct{ Items uint8 }

func (s S) String() string { return fmt.Sprintf("S{Items=%d}", s.Items) }

type E struct {
	code int
	msg  string
}

func (e E) Error() string { return e.msg }

type P struct{ X, Y float64 }

func (p P) String() string { return "P" }

func main() {
	fmt.Printf("%s|%d|%v|%x|%05d\n", S{1}, S{10}, S{2}, S{11}, S{3})
	fmt.Println(fmt.Sprintf("%d", S{10}), fmt.Sprintf("%d|%v", E{4, "m"}, E{5, "n"}))
	fmt.Fprintf(os.Stdout, "%.1f %v\n", P{1.25, 2}, P{})
	s := S{7}
	fmt.Printf("%d %d\n", s, &s)
}
`,
		out: "S{Items=1}|{10}|S{Items=2}|537b4974656d733d31317d|{00003}\n{10} {4 %!d(string=m)}|n\n{1.2 2.0} P\n{7} &{7}\n",
	}, parityCase{
		name: "%#v of named slice, map and array types names them",
		prog: `package main

import "fmt"

type X map[uint8]string
type IDs []int
type Grid [2]float64
type Names []string

func main() {
	x := X{1: "a"}
	fmt.Printf("%#v %#v %#v %#v\n", x, IDs{1, 2}, Grid{1.5, 2}, Names(nil))
	fmt.Printf("%#v|%+v|%v\n", IDs{}, IDs{3}, x)
}
`,
		out: "main.X{0x1:\"a\"} main.IDs{1, 2} main.Grid{1.5, 2} main.Names(nil)\nmain.IDs{}|[3]|map[1:a]\n",
	})
}
