package engine

import "testing"

// Calls of functions with unnamed parameters given && and || arguments
// (fix_unnamedparams.go), against compiled Go.
func TestUnnamedParams(t *testing.T) { testParity(t, unnamedParamCases) }

var unnamedParamCases = []parityCase{
	{
		name: "boolean arguments to unnamed parameters inside an expression",
		prog: `package main

import "fmt"

type T struct{}

var trace string

func note(s string) { trace += s }

func A() bool { note("A"); return true }
func B() bool { note("B"); return false }

func (T) G(bool) int { note("G"); return 1 }
func H(int, bool, ...int) int {
	note("H")
	return 2
}

func main() {
	g := func(bool, int) int { note("g"); return 3 }
	x := T{}.G(A() && B()) + g(A() || B(), 1) + H(4, B() && A(), 5, 6)
	fmt.Println(x, trace)
}
`,
		out: "6 ABGAgBH\n",
	},
}
