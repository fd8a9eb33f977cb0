package engine

// Canary of encoding/xml element names (fix_xmlnames.go); see
// canary_test.go.

func init() {
	canaries = append(canaries,
		canary{
			// xml.Marshal of a cell struct: yaegi's struct types have no
			// name (Go prints <B><X>1</X></B>).
			name:   "xmlnames",
			evals:  []string{`import "encoding/xml"`, `import "fmt"`, "type B struct{ X int }", "func f() { b, err := xml.Marshal(B{1}); fmt.Print(string(b), err) }", "f()"},
			broken: func(out string, err error) bool { return out != "<B><X>1</X></B><nil>" },
		},
	)
}
