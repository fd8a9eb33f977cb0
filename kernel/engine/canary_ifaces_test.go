package engine

import (
	"reflect"
	"strings"

	"github.com/traefik/yaegi/interp"
)

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
		canary{
			// A type switch on a cell interface value converted to the
			// interface explicitly misses the case of its dynamic type,
			// and a nil one misses case nil (lowerCellIfaceSwitch).
			name: "typeswitch/celliface",
			evals: []string{`import "fmt"`, "type S struct{}", "func (S) M() byte { return 0 }", "type I interface{ M() byte }",
				`func h(x I) string { switch v := x.(type) { case S: _ = v; return "S" }; return "none" }`,
				`func g() string { var i I; switch v := i.(type) { case nil: _ = v; return "nil" }; return "none" }`,
				"fmt.Print(h(I(S{})), g())"},
			broken: func(out string, err error) bool { return err == nil && strings.Contains(out, "none") },
		},
		canary{
			// yaegi's wrapper of error keeps only Error: errors.Is never
			// calls a cell type's Is method (fix_errors.go's IsError).
			name: "errors/ismethod",
			evals: []string{`import ("errors"; "fmt")`, "var base = errors.New(\"b\")", "type E struct{}",
				`func (E) Error() string { return "e" }`, "func (E) Is(t error) bool { return t == base }", "fmt.Print(errors.Is(E{}, base))"},
			broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "false" },
		},
		canary{
			// The wrapper of a struct value converted to error holds its
			// last field instead of the value (interp.getConcreteValue):
			// errors.As cannot find it (TestErrorsAsValueStructRefused).
			name: "errors/ivalue",
			symbols: interp.Exports{"canary/canary": {"Inner": reflect.ValueOf(func(e error) string {
				v := reflect.ValueOf(e)
				if v.Kind() != reflect.Struct || v.NumField() == 0 {
					return "?"
				}
				return reflect.TypeOf(v.Field(0).Interface()).String()
			})}},
			evals:  []string{`import ("canary"; "fmt")`, "type M struct{ A string; B int }", `func (M) Error() string { return "m" }`, "fmt.Print(canary.Inner(M{\"a\", 1}))"},
			broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "int" },
		},
		canary{
			// A struct value put into a cell interface with methods
			// aliases the variable (fix_ifacecopy.go's copy through a
			// pointer).
			name: "ifacecopy/celliface",
			evals: []string{`import "fmt"`, "type Shape interface{ Area() float64 }", "type R struct{ W float64 }", "func (r R) Area() float64 { return r.W }",
				"func f() float64 { r := R{1}; var s Shape = r; r.W = 10; return s.Area() }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "10" },
		},
	)
}
