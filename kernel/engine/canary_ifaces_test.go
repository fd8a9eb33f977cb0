package engine

// Canaries of interfaces with methods (ifaces_parity_test.go pins the
// engine).
func init() {
	canaries = append(canaries,
		canary{
			// A comma-ok assertion of a nil interface to error (or to a
			// compiled package's interface) dereferences the missing
			// value instead of answering false (guardNilAssertion).
			name:   "assert/nilcompiled",
			evals:  []string{`import "fmt"`, "func f() bool { var x any; _, ok := x.(error); return ok }", "fmt.Print(f())"},
			broken: errContains("zero Value"),
		},
		canary{
			// The same of a nil cell interface to an interface literal.
			name:   "assert/nilliteral",
			evals:  []string{`import "fmt"`, "type S interface{ M() }", "func f() bool { var s S; _, ok := s.(interface{ N() }); return ok }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return err != nil },
		},
	)
}
