package main

import (
	"go/importer"
	"strings"
	"testing"
)

// TestMinimizerRepair: the minimizer's repairs make a candidate valid
// again when all that is wrong is what a deletion leaves: a variable
// declared and not used gets `_ = x`, the `_ = x` of a deleted x goes,
// an unused import goes; any other error rejects the candidate.
func TestMinimizerRepair(t *testing.T) {
	m := &minimizer{f: &fuzzer{imp: importer.Default()}}
	cases := []struct {
		name, src string
		want      []string // substrings of the repaired program
		absent    []string
		reject    bool
	}{
		{name: "unused variable",
			src:  "package main\n\nfunc main() {\n\tx := 1\n}\n",
			want: []string{"x := 1", "_ = x"}},
		{name: "blank use of a deleted variable",
			src:    "package main\n\nimport \"fmt\"\n\nfunc main() {\n\t_ = x\n\tfmt.Println(1)\n}\n",
			want:   []string{"fmt.Println(1)"},
			absent: []string{"_ = x"}},
		{name: "unused import",
			src:    "package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nfunc main() { fmt.Println(1) }\n",
			want:   []string{`"fmt"`},
			absent: []string{`"strings"`}},
		{name: "a real use of a deleted variable",
			src:    "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(x) }\n",
			reject: true},
		{name: "a type error",
			src:    "package main\n\nfunc main() { var s string = 1; _ = s }\n",
			reject: true},
	}
	for _, c := range cases {
		got := m.repair([]byte(c.src))
		if c.reject {
			if got != nil {
				t.Errorf("%s: repaired to\n%s\nwant a rejection", c.name, got)
			}
			continue
		}
		if got == nil {
			t.Errorf("%s: rejected, want a repair", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(string(got), w) {
				t.Errorf("%s: repaired program lacks %q:\n%s", c.name, w, got)
			}
		}
		for _, a := range c.absent {
			if strings.Contains(string(got), a) {
				t.Errorf("%s: repaired program still has %q:\n%s", c.name, a, got)
			}
		}
	}
}
