package engine

// Canaries of the reflect panics over receives, conversions to
// interfaces and tagless switches (fix_recvslot.go, fix_convsel.go,
// fix_ifaceplace.go, fix_switchiface.go, fix_commaok.go); see
// canary_test.go.
func init() {
	canaries = append(canaries,
		canary{
			// A variable defined by a receive, written again (Go prints 4).
			name:   "recvslot",
			evals:  []string{`import "fmt"`, "func f() int { c := make(chan int, 1); c <- 3; x := <-c; x++; return x }", "fmt.Print(f())"},
			broken: errContains("unaddressable"),
		},
		canary{
			// A returned receive (Go prints 3).
			name:   "recvslot/return",
			evals:  []string{`import "fmt"`, "func f() int { c := make(chan int, 1); c <- 3; return <-c }", "fmt.Print(f())"},
			broken: errContains("unaddressable"),
		},
		canary{
			// A method call on a conversion to an interface (Go prints 2).
			name:   "convsel",
			evals:  []string{`import "fmt"`, "type I interface{ M() int }", "type V int", "func (v V) M() int { return int(v) }", "func f() int { return I(V(2)).M() }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out != "2" },
		},
		canary{
			// A cell value into an interface-typed field (Go prints 1).
			name: "ifaceplace",
			evals: []string{`import "fmt"`, "type It interface{ Next() int }", "type my struct{ n int }", "func (m my) Next() int { return m.n }", "type Box struct{ it It }",
				"func f() int { var b Box; b.it = my{1}; return b.it.Next() }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out != "1" },
		},
		canary{
			// A cell struct value in an error variable (Go prints x).
			name:   "ifaceplace/error",
			evals:  []string{`import "fmt"`, "type E struct{ m string }", "func (e E) Error() string { return e.m }", "func f() string { var e error = E{\"x\"}; return e.Error() }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out != "x" },
		},
		canary{
			// A method promoted from an embedded interface (Go prints 3).
			name:   "promoted/iface",
			evals:  []string{`import "fmt"`, "type A interface{ M() int }", "type impl struct{ n int }", "func (p *impl) M() int { return p.n }", "type B struct {\n\tfiller int\n\tA\n}", "func f() int { var b B; b.A = &impl{3}; return b.M() }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out != "3" },
		},
		canary{
			// A tagless switch's case of an interface type (Go prints ok).
			name:   "switchiface/tagless",
			evals:  []string{`import "fmt"`, "func f() { var i any = true; switch { case i: fmt.Print(\"ok\") } }", "f()"},
			broken: func(out string, err error) bool { return out != "ok" },
		},
		canary{
			// A top-level comma-ok var of a declared interface type (Go prints 3 true).
			name:   "commaok/typed",
			evals:  []string{`import "fmt"`, "var a, b any = any(3).(int)", "fmt.Print(a, b)"},
			broken: func(out string, err error) bool { return out != "3 true" },
		},
	)
}
