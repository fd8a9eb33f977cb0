// fmt calls a pointer method on a nil *T (nilT, E), prints <nil> unpadded
// when the method has a value receiver, and calls the method of a *T a
// function returns; the interpreter handed fmt a nil *T as a nil
// interface (%!s(<nil>)) and a returned *T without methods (&{found}).
package main

import (
	"fmt"
	"log"
	"os"
)

type T struct{ N string }

func (t *T) String() string {
	if t == nil {
		return "nilT"
	}
	return "T" + t.N
}

type V struct{ N string }

func (v V) String() string { return "V" + v.N }

type E struct{}

func (e *E) Error() string { return "E" }

func find(ok bool) *T {
	if ok {
		return &T{"found"}
	}
	return nil
}

func main() {
	var t *T
	var v *V
	var e *E
	fmt.Println(t, v, e, &T{"a"}, &V{"b"})
	fmt.Printf("%s|%7v|%q|%+v|%-6s|\n", t, v, t, &V{"c"}, &T{"d"})
	fmt.Print(t, v, "x", e, "\n")
	fmt.Println(find(true), find(false), fmt.Sprint(v), fmt.Errorf("wrapped: %v", e))
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.Println(t, v)
}
