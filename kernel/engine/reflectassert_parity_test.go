package engine

// An assertion on reflect's Value.Field(i).Interface(), plain and
// comma-ok (fixedbugs/issue77779.go of Go's tests failed to compile: the
// passes reflectfields and assertiface nested their edits the wrong way
// round). Pinned with go1.26 `go run`. Zero has a field here: a bare
// struct {} from reflect is refused (TestAssertFromAnyRefused).
func init() {
	parityCases = append(parityCases, parityCase{
		name: "assertions on reflect Field(i).Interface()",
		prog: `package main

import (
	"fmt"
	"reflect"
)

type Renderer interface{ Render() string }

type Zero struct{ tag string }

func (Zero) Render() string { return "zero" }

type Box struct {
	Zero
	N int
}

func main() {
	b := Box{N: 3}
	fmt.Println(reflect.ValueOf(b).Field(0).Interface().(Renderer).Render())
	fmt.Println(reflect.ValueOf(&b).Elem().Field(0).Interface().(Renderer).Render())
	fmt.Println(reflect.ValueOf(&b).Elem().Field(1).Interface().(int) + 1)
	r, ok := reflect.ValueOf(b).Field(0).Interface().(Renderer)
	fmt.Println(r.Render(), ok)
}
`,
		out: "zero\n" +
			"zero\n" +
			"4\n" +
			"zero true\n",
	})
}
