package engine

import "strings"

// Canaries of type identity (typeident_parity_test.go pins the engine).
func init() {
	canaries = append(canaries,
		canary{
			// A local struct type has the reflect type of the top-level
			// one of its shape: the assertion Go fails succeeds.
			name:   "fmt/localtypes",
			evals:  []string{`import "fmt"`, "type T struct{ a, b int }", "func mk() any { type T struct{ a, b int }; return T{1, 2} }", "func f() bool { _, ok := mk().(T); return ok }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "true" },
		},
		canary{
			// A defined struct type and the unnamed struct type of its
			// shape are one type.
			name:   "fmt/unnamed",
			evals:  []string{`import "fmt"`, "type P struct{ X int }", "var x any = P{1}", "func f() bool { _, ok := x.(struct{ X int }); return ok }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "true" },
		},
		canary{
			// Two empty struct types are one reflect type: struct {}.
			name:   "emptystructs",
			evals:  []string{`import "fmt"`, "type E struct{}", "type F struct{}", "func f() bool { var x any = F{}; _, ok := x.(E); return ok }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "true" },
		},
	)
}
