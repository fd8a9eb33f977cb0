package engine

// Canaries of multiple assignments assigned in two phases
// (fix_assignsplit.go) and of the recovered value (fix_panics.go); see
// canary_test.go.
func init() {
	canaries = append(canaries,
		canary{
			// A later place that panics when assigned: yaegi computes
			// every place first, so the earlier one is not assigned (Go
			// prints 1).
			name: "assignsplit",
			evals: []string{`import "fmt"`,
				"func f() { m := map[int]int{}; var s []int; func() { defer func() { recover() }(); m[1], s[0] = 1, 1 }(); fmt.Print(len(m)) }", "f()"},
			broken: func(out string, err error) bool { return out != "1" },
		},
		canary{
			// An untyped nil among the values: reflect.New(nil) (Go
			// prints true 7).
			name:   "assignsplit/nil",
			evals:  []string{`import "fmt"`, "func f() { p := new(int); var n int; p, n = nil, 7; fmt.Print(p == nil, n) }", "f()"},
			broken: func(out string, err error) bool { return out != "true 7" },
		},
		canary{
			// recover gives the reflect.Value of panic's argument (Go
			// prints true true).
			name: "panics/recovervalue",
			evals: []string{`import "fmt"`,
				"func f() { defer func() { r := recover(); s, ok := r.(string); fmt.Print(ok, s == \"x\") }(); panic(\"x\") }", "f()"},
			broken: func(out string, err error) bool { return out != "true true" },
		},
	)
}
