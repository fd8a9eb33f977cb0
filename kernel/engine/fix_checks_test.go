package engine

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Go refuses these programs (pinned: the go/types messages are those
// `go vet` and `go build` print for them, checked by hand with go1.26);
// yaegi ran them with another answer.
func TestGoRefusesWhatYaegiAccepts(t *testing.T) {
	e := newEngine(t)
	err := runErr(t, e, "func sign(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n}\nsign(0)")
	if err.Name != "CompileError" || !strings.HasPrefix(err.Value, "5:1: missing return") {
		t.Errorf("missing return: %s %q", err.Name, err.Value)
	}
	run(t, e, "type counter interface{ Inc() }\ntype c struct{ n int }\nfunc (c *c) Inc() { c.n++ }")
	err = runErr(t, e, "var x counter = c{}")
	want := "1:17: cannot use c{} (value of struct type c) as counter value in variable declaration: c does not implement counter (method Inc has pointer receiver)"
	if err.Value != want {
		t.Errorf("pointer receiver:\n got %q\nwant %q", err.Value, want)
	}
	err = runErr(t, e, "func use(x counter) {}\nuse(c{})")
	if !strings.Contains(err.Value, "2:5: cannot use c{} (value of struct type c) as counter value in argument to use: c does not implement counter (method Inc has pointer receiver)") {
		t.Errorf("pointer receiver in a call: %q", err.Value)
	}
	// The session still works.
	_, r := run(t, e, "var y counter = &c{}\ny.Inc()\ny.(*c).n")
	if text(r) != "1" {
		t.Errorf("after the refusals: %q", text(r))
	}
}

// TestGoRefusesAtCompile: programs Go refuses at compile time that yaegi
// ran with the first of two results (c := two(), two() + 1) or refused in
// its own words at another position (a mismatch "2 variables but  returns
// 1 values" at the statement; a reflect panic for s[0] = 1). Each message
// and column is go build's for the same line (go1.26: the line of the
// program in a func main, one tab in, so go build's column is one more).
// With -gorun the test builds that program and checks the pins.
func TestGoRefusesAtCompile(t *testing.T) {
	e := newEngine(t)
	run(t, e, "func two() (int, int) { return 1, 2 }\ntype P struct{ x int }")
	cases := []struct{ code, want string }{
		{`c := two()`, "1:6: assignment mismatch: 1 variable but two returns 2 values"},
		{`a, b := strings.ToUpper("x")`, "1:9: assignment mismatch: 2 variables but strings.ToUpper returns 1 value"},
		{`f, g, h := os.Getwd()`, "1:12: assignment mismatch: 3 variables but os.Getwd returns 2 values"},
		{`var a, b = strings.ToUpper("x")`, "1:12: assignment mismatch: 2 variables but strings.ToUpper returns 1 value"},
		{`fmt.Println(two() + 1)`, "1:13: multiple-value two() (value of type (int, int)) in single-value context"},
		{`s := "abc"; s[0] = 1`, "1:13: cannot assign to s[0] (neither addressable nor a map index expression)"},
		{`m := map[string]P{"k": {1}}; m["k"].x = 2`, `1:30: cannot assign to struct field m["k"].x in map`},
	}
	for _, c := range cases {
		err := runErr(t, e, c.code)
		if err.Name != "CompileError" || err.Value != c.want {
			t.Errorf("%s:\n got %s %q\nwant CompileError %q", c.code, err.Name, err.Value, c.want)
		}
	}
	_, r := run(t, e, "x, y := two()\nx + y")
	if text(r) != "3" {
		t.Errorf("after the refusals: %q", text(r))
	}
	if !*goRun {
		return
	}
	dir := t.TempDir()
	for i, c := range cases {
		src := "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"strings\"\n)\n\nvar _, _, _ = fmt.Println, os.Getwd, strings.ToUpper\n\nfunc two() (int, int) { return 1, 2 }\n\ntype P struct{ x int }\n\nfunc main() {\n\t" + c.code + "\n}\n"
		f := filepath.Join(dir, fmt.Sprintf("p%d.go", i))
		os.WriteFile(f, []byte(src), 0o644)
		out, _ := exec.Command("go", "build", "-o", os.DevNull, f).CombinedOutput()
		col, msg, _ := strings.Cut(c.want[2:], ": ")
		n, _ := strconv.Atoi(col)
		want := fmt.Sprintf(":16:%d: %s", n+1, msg)
		if !strings.Contains(string(out), want) {
			t.Errorf("go build %s: want %q in\n%s", c.code, want, out)
		}
	}
}
