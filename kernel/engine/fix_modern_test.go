package engine

import (
	"strings"
	"testing"
)

func TestRangeOverInt(t *testing.T) {
	e := newEngine(t)
	cases := []struct{ code, want string }{
		{"s := 0\nfor i := range 5 { s += i }\ns", "10"},
		{"n := 4\nc := 0\nfor range n { c++ }\nc", "4"},
		{"var k int64 = 3\nvar got []int64\nfor i := range k { got = append(got, i) }\ngot", "[0 1 2]"},
		{"xs := []string{\"a\", \"b\"}\nm := 0\nfor i := range len(xs) + 1 { m = i }\nm", "2"},
		{"func count(n int) int { t := 0; for i := range n { t += i }; return t }\ncount(4)", "6"},
		{"const N = 3\nq := 0\nfor i := range N { q += i * i }\nq", "5"},
		{"type S struct{ N int }\nst := S{3}\nw := 0\nfor i := range st.N { w += i }\nw", "3"},
	}
	for _, c := range cases {
		_, r := run(t, e, c.code)
		if got := text(r); got != c.want {
			t.Errorf("%q: %q, want %q", c.code, got, c.want)
		}
	}
	// An operand evaluated once, even when the loop changes its inputs.
	_, r := run(t, e, "calls := 0\nfunc lim() int { calls++; return 3 }\nfor i := range lim() { _ = i }\ncalls")
	if got := text(r); got != "1" {
		t.Errorf("range lim(): operand evaluated %s times", got)
	}
}

func TestMinMaxClear(t *testing.T) {
	e := newEngine(t)
	cases := []struct{ code, want string }{
		{"min(3, 1, 2)", "1"},
		{"max(3, 1, 2)", "3"},
		{"x := 2.5\nmin(x, 1)", "1"},
		{"y := 2.5\nmin(1, y)", "1"},
		{"max(1, 2.5)", "2.5"},
		{`min("b", "a")`, "a"},
		{"m := map[string]int{\"a\": 1}\nclear(m)\nlen(m)", "0"},
		{"s := []int{1, 2}\nclear(s)\ns", "[0 0]"},
	}
	for _, c := range cases {
		_, r := run(t, e, c.code)
		if got := text(r); got != c.want {
			t.Errorf("%q: %q, want %q", c.code, got, c.want)
		}
	}
	// A user function named min is called, not replaced.
	_, r := run(t, e, "func min(a, b int) int { return 42 }\nmin(1, 2)")
	if got := text(r); got != "42" {
		t.Errorf("user min: %q", got)
	}
}

func TestLoopVariablesPerIteration(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `var fs []func()
for i := 0; i < 3; i++ {
	fs = append(fs, func() { fmt.Print(i) })
}
for _, v := range []string{"a", "b"} {
	fs = append(fs, func() { fmt.Print(v) })
}
for _, f := range fs {
	f()
}`)
	if got := s.out(); got != "012ab" {
		t.Errorf("closures print %q, want 012ab", got)
	}
	// Inside a function too, and a loop that changes its variable keeps
	// working.
	_, r := run(t, e, `func caps() string {
	var out []func() int
	for i := range 3 {
		out = append(out, func() int { return i })
	}
	s := ""
	for _, f := range out {
		s += fmt.Sprint(f())
	}
	return s
}
func skip() int {
	n := 0
	for i := 0; i < 10; i++ {
		if i == 2 {
			i += 5
		}
		n++
	}
	return n
}
caps() + fmt.Sprint(skip())`)
	if got := text(r); got != "0125" {
		t.Errorf("got %q, want 0125", got)
	}
}

func TestSlicesAndMaps(t *testing.T) {
	e := newEngine(t)
	cases := []struct{ code, want string }{
		{"s := []int{3, 1, 2}\nslices.Sort(s)\ns", "[1 2 3]"},
		{"f := []float64{2.5, -1}\nslices.Sort(f)\nf", "[-1 2.5]"},
		{"type ID int\nids := []ID{3, 1}\nslices.Sort(ids)\nids", "[1 3]"},
		{"w := []string{\"bb\", \"a\", \"ccc\"}\nslices.SortFunc(w, func(a, b string) int { return len(b) - len(a) })\nw", "[ccc bb a]"},
		{"slices.Contains([]int{1, 2}, 2)", "true"},
		{"slices.Index([]string{\"x\", \"y\"}, \"y\")", "1"},
		{"slices.Max([]int{4, 9, 2})", "9"},
		{"slices.Min([]float64{4, 9, 2})", "2"},
		{"r := []int{1, 2, 3}\nslices.Reverse(r)\nr", "[3 2 1]"},
		{"slices.Equal([]int{1, 2}, []int{1, 2})", "true"},
		{"i, found := slices.BinarySearch([]int{1, 3, 5}, 3)\nfmt.Sprint(i, found)", "1 true"},
		{"m := map[string]int{\"b\": 2, \"a\": 1, \"c\": 3}\nslices.Sorted(maps.Keys(m))", "[a b c]"},
		{"m2 := map[string]int{\"b\": 2, \"a\": 1}\nks := slices.Collect(maps.Keys(m2))\nslices.Sort(ks)\nks", "[a b]"},
		{"slices.Sorted(maps.Values(map[int]int{1: 9, 2: 4}))", "[4 9]"},
		{"lo := min(4, 2)\nhi := max(2.5, 1)\nfmt.Sprint(lo, hi)", "2 2.5"},
		{"func Last[T any](xs []T) T { return xs[len(xs)-1] }\nl := Last([]string{\"p\", \"q\"})\nl + \"!\"", "q!"},
	}
	for _, c := range cases {
		_, r := run(t, e, c.code)
		if got := text(r); got != c.want {
			t.Errorf("%q: %q, want %q", c.code, got, c.want)
		}
	}
}

func TestUnsupportedConstructsNamed(t *testing.T) {
	e := newEngine(t)
	cases := []struct{ code, want string }{
		{"f := slices.All[[]int]\n_ = f", "1:6: slices.All (an iterator function) is supported"},
		{"func g(seq func(func(int) bool)) {\n\tfor range seq {\n\t\tdefer func() { recover() }()\n\t}\n}", "3:3: defer of a function calling recover in the body of a range-over-func loop"},
		{"func h(seq func(func() bool)) {\nL:\n\tfor range seq {\n\t}\n\tgoto L\n}", "5:2: goto to the label of a range-over-func loop"},
	}
	for _, c := range cases {
		err := runErr(t, e, c.code)
		if err.Name != "CompileError" || !strings.HasPrefix(err.Value, c.want) {
			t.Errorf("%q: %s %q, want %q", c.code, err.Name, err.Value, c.want)
		}
	}
}

// Several variables from generic calls at top level (fix_stash.go).
func TestTopLevelMultiAssignOfGenericCalls(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, "lo, hi := min(1, 2), max(3, 4)\ni, found := slices.BinarySearch([]int{1, 3, 5}, 3)\nfmt.Println(lo, hi, i, found)")
	if s.out() != "1 4 1 true\n" {
		t.Errorf("got %q", s.out())
	}
}

func TestNestedMultiAssign(t *testing.T) {
	e := newEngine(t)
	_, r := run(t, e, `func two() (int, string) { return 7, "x" }
out := ""
if true {
	n, s := two()
	out = fmt.Sprint(n, s)
}
for i := 0; i < 1; i++ {
	v, ok := map[string]int{"a": 1}["a"]
	out += fmt.Sprint(v, ok, i)
}
a, b := two()
out + fmt.Sprint(a, b)`)
	if got := text(r); got != "7x1 true 07x" {
		t.Errorf("got %q", got)
	}
}

func TestGenericInference(t *testing.T) {
	e := newEngine(t)
	run(t, e, `func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}`)
	// yaegi alone infers U = int here; the engine writes out what go/types
	// inferred (fix_inferred.go).
	_, r := run(t, e, "strs := []int{1, 2}\nMap(strs, func(x int) string { return fmt.Sprint(x) + \"!\" })")
	if text(r) != "[1! 2!]" {
		t.Errorf("inferred: %q", text(r))
	}
	// Explicit type arguments work.
	_, r = run(t, e, "Map[int, string]([]int{1, 2}, func(x int) string { return fmt.Sprint(x * 2) })")
	if text(r) != "[2 4]" {
		t.Errorf("explicit: %q", text(r))
	}
	_, r = run(t, e, "labels := Map[int, string]([]int{3}, func(x int) string { return fmt.Sprint(x, \"!\") })\nlabels")
	if text(r) != "[3!]" {
		t.Errorf("explicit, defined at top level: %q", text(r))
	}
}
