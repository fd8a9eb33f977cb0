// Found while probing error handling by hand (2026-12-03), then generated
// by TestGoFuzz's commaOkLoop (progen): a failed comma-ok assertion or map
// read in a loop body kept the last iteration's value (yaegi v0.16 sets
// only ok, and a variable defined in a loop keeps its slot). Go prints the
// zero values.

package main

import "fmt"

type E struct{ code int }

func (e *E) Error() string { return fmt.Sprint("E", e.code) }

func main() {
	for _, err := range []error{&E{1}, fmt.Errorf("x"), nil} {
		e, ok := err.(*E)
		fmt.Println(e, ok)
	}
	m := map[string][]int{"a": {1}}
	for _, k := range []string{"a", "b"} {
		v, ok := m[k]
		fmt.Println(v, ok, v == nil)
	}
	var n int
	var ok bool
	for _, x := range []any{1, "a"} {
		n, ok = x.(int)
		fmt.Println(n, ok)
		if s, ok := x.(string); !ok {
			fmt.Printf("%q\n", s)
		}
	}
}
