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
		canary{
			// The method set built for an interface keeps a deeper
			// promoted String than the one Go selects.
			name: "promoted/ifaceconv",
			evals: []string{`import ("bytes"; "fmt")`, "type in struct{}", `func (in) String() string { return "in" }`, "type mid struct{ in }",
				`func f() string { s := struct { mid; *bytes.Buffer }{mid{}, bytes.NewBufferString("ok")}; var i fmt.Stringer = s; return i.String() }`, "fmt.Print(f())"},
			broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "in" },
		},
	)
}

// Canary of the pass switchany (fix_switchany.go).
func init() {
	canaries = append(canaries, canary{
		// A value returned by a function and switched on as an any
		// misses the case of a cell interface it implements.
		name: "switchany",
		evals: []string{`import "fmt"`, "type G interface{ Get() int }", "type S struct{}", "func (*S) Get() int { return 1 }", "func mk() *S { return &S{} }",
			`func f(p any) string { switch p.(type) { case G: return "G" }; return "none" }`, "fmt.Print(f(mk()))"},
		broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "none" },
	})
}
