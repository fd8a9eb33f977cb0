// Found by TestGoFuzz (make fuzz-go): progen seeds 5010 (unit 2) and 1011
// (unit 4), crashes in script and notebook modes, minimized automatically
// and reduced by hand.
//
// Returning an untyped constant from a function whose result is complex
// (func g() complex128 { return 2.5 }) panics in the interpreter
// ("reflect.Value.Convert: value of type float64 cannot be converted to
// type complex128"; yaegi v0.16.1 alone does it; with a constant
// expression the crash comes while compiling). Go prints (2.5+0i) (2+0i).

package main

import "fmt"

func g() complex128 { return 2.5 }

func h() complex64 { return 2 }

func main() {
	fmt.Println(g(), h())
}
