package engine

// Canaries of the run-time checks Go makes that yaegi skips or words
// otherwise (fix_makeslice.go, fix_methodvalue.go, fix_slicecheck.go,
// fix_unhashable.go); see canary_test.go.
func init() {
	canaries = append(canaries,
		canary{
			// make with a capacity too big: reflect's words, not which
			// argument (Go: "makeslice: cap out of range").
			name:   "makeslice",
			evals:  []string{"func f() { n := 1 << 59; _ = make([]int, 0, n) }", "f()"},
			broken: errContains("allocation size out of range"),
		},
		canary{
			// A method value through a nil pointer does not panic (Go:
			// nil pointer dereference when it is evaluated).
			name:   "methodvalue",
			evals:  []string{"type T struct{ a int }", "func (t T) M() int { return t.a }", "func f() { var p *T; g := p.M; _ = g }", "f()"},
			broken: func(out string, err error) bool { return err == nil },
		},
		canary{
			// A value of a type with methods put into an interface is
			// not copied: the interface follows the variable (Go: 5), and
			// a loop's call results share one place (Go: 0 1).
			name: "ifacecopy",
			evals: []string{`import "fmt"`, "type T struct{ n int }", "func (t T) M() int { return t.n }", "func mk(i int) T { return T{i} }",
				"func f() { t := T{5}; var a any = t; t.n = 6; var xs []any; for i := 0; i < 2; i++ { xs = append(xs, mk(i)) }; fmt.Println(a.(T).n, xs[0].(T).n, xs[1].(T).n) }", "f()"},
			broken: func(out string, err error) bool { return err == nil && out == "6 1 1\n" },
		},
		canary{
			// _ = *p of a nil p does not panic.
			name:   "methodvalue/deref",
			evals:  []string{"func f() { var p *int; _ = *p }", "f()"},
			broken: func(out string, err error) bool { return err == nil },
		},
		canary{
			// A slice expression out of range panics in reflect's words,
			// without the bounds.
			name:   "slicecheck",
			evals:  []string{"func f() []int { s := []int{1}; j := 5; return s[:j] }", "f()"},
			broken: errContains("slice index out of bounds"),
		},
		canary{
			// The comma-ok read of a map with an unhashable key into
			// blanks does not panic (Go: "hash of unhashable type: []int").
			name:   "unhashable",
			evals:  []string{"func f() { m := map[any]int{}; k := []int{}; _, _ = m[k] }", "f()"},
			broken: func(out string, err error) bool { return err == nil },
		},
	)
}
