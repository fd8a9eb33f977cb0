// A cell value whose type has methods, held in an interface inside a
// slice, map or struct, reached fmt and encoding/json as the interpreter's
// wrapper: [{0xc000... {0xc000... 409}}] and [{}].
package main

import (
	"encoding/json"
	"fmt"
)

type Q struct{ X int }

func (q Q) Sum() int { return q.X }

type Shape interface{ Sum() int }

type Box struct {
	V any
	S Shape
	N int
}

func main() {
	xs := []any{Q{1}, 2, "three"}
	fmt.Println(xs)
	fmt.Println([]Shape{Q{3}}, map[string]any{"a": Q{4}})
	fmt.Printf("%v %+v\n", Box{Q{5}, Q{6}, 7}, []any{Q{8}})
	s := fmt.Sprint([]any{Q{9}, []any{Q{10}}})
	fmt.Println(s)
	b, err := json.Marshal(map[string]any{"q": Q{11}, "box": Box{V: Q{12}, N: 13}})
	fmt.Println(string(b), err)
	m := map[string]any{"q": Q{14}}
	fmt.Println(xs[0], m["q"])
	b, err = json.Marshal(xs[0])
	fmt.Println(string(b), err)
}
