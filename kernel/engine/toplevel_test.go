package engine

import (
	"strings"
	"testing"
)

// Constructs of func main's body pasted into a cell (the corpus's
// notebook mode): top-level return, jumps to top-level labels, a
// redefinition read before it, untyped rune constants.

func TestTopLevelReturnEndsTheCell(t *testing.T) {
	e := newEngine(t)
	s, r := execute(t, e, `defer fmt.Println("deferred")
x := 1
for i := 0; i < 5; i++ {
	if i == 2 {
		return
	}
	fmt.Println(i)
}
fmt.Println("never")`)
	if r.Err != nil || s.out() != "0\n1\ndeferred\n" {
		t.Errorf("error %v, stdout %q", r.Err, s.out())
	}
	if _, r := run(t, e, "x"); text(r) != "1" {
		t.Errorf("x after the return: %q", text(r))
	}
	if err := runErr(t, e, "return 1"); err.Name != "CompileError" || err.Value != "1:1: return with values at the top level of a cell: the cell's statements are like the body of func main, which has no results" {
		t.Errorf("return with a value: %s %q", err.Name, err.Value)
	}
}

func TestJumpsToTopLevelLabels(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `n := 3
fmt.Println("start")
goto Loop
fmt.Println("skipped")
Loop:
for i := 0; i < n; i++ {
	for j := 0; j < n; j++ {
		if j == 1 {
			continue Loop
		}
		if i == 2 {
			break Loop
		}
		fmt.Println(i, j)
	}
}
if n > 0 {
	goto end
}
fmt.Println("skipped too")
end:
fmt.Println("end")`)
	if s.out() != "start\n0 0\n1 0\nend\n" {
		t.Errorf("stdout %q", s.out())
	}
}

func TestRedefinitionReadBeforeItSeesTheOldValue(t *testing.T) {
	e := newEngine(t)
	run(t, e, "var a = 1\nfunc show() { fmt.Println(\"f\", a) }")
	s, _ := run(t, e, "fmt.Println(a)\na := 2\nfmt.Println(a)\nshow()")
	if s.out() != "1\n2\nf 1\n" {
		t.Errorf("stdout %q, want 1 2 f 1", s.out())
	}
}

func TestGlobalRuneConstantsAreRunes(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `a := 'r'
b := 'a' + 1
var c = 'x'
var d = 'y' * 2.0
fmt.Printf("%T %T %T %T %v\n", a, b, c, d, b)`)
	if s.out() != "int32 int32 int32 float64 98\n" {
		t.Errorf("stdout %q", s.out())
	}
}

func TestGlobalsYaegiCannotCompileAtTopLevel(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `type counters [2][4]int
cs := &counters{}
p := &cs[0][1]
*p = 2
a := []byte{} == nil
i := 1
d := nil != &i
fmt.Println(cs[0][1], a, d)`)
	if s.out() != "2 false true\n" {
		t.Errorf("stdout %q", s.out())
	}
}

func TestSwitchWithInitAndTag(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `for _, x := range []any{"hi", 42, 1.5} {
	switch v := reflect.ValueOf(x); v.Kind() {
	case reflect.String:
		fmt.Println("string", v.String())
	case reflect.Int:
		fmt.Println("int", v.Int())
	default:
		fmt.Println("other", v.Kind())
	}
}`)
	if s.out() != "string hi\nint 42\nother float64\n" {
		t.Errorf("stdout %q", s.out())
	}
}

func TestProtocolMethodsOnlyOnTopLevelValues(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `type T struct{ A int }
func (T) MarshalJSON() ([]byte, error) { return []byte("42"), nil }
b, _ := json.Marshal(T{1})
fmt.Println(string(b))`)
	if s.out() != "42\n" {
		t.Errorf("a top-level value's MarshalJSON: %q", s.out())
	}
	err := runErr(t, e, "ts := []T{{1}}")
	if err.Name != "CompileError" || !strings.HasPrefix(err.Value, "1:9: T has method MarshalJSON: encoding/json calls it on a value it is given, never on a T that is a slice or array element") {
		t.Errorf("a slice of T: %s %q", err.Name, err.Value)
	}

	// Without an encoder in the session, a nesting runs; the cell that
	// then uses the encoder (imported by the engine) is refused.
	e = newEngine(t)
	run(t, e, "type W struct{}\nfunc (W) MarshalBinary() ([]byte, error) { return []byte(\"w\"), nil }\ntype Pair struct{ A, B W }\nvar p Pair")
	err = runErr(t, e, "var buf bytes.Buffer\n_ = gob.NewEncoder(&buf).Encode(p)")
	if err.Name != "CompileError" || !strings.Contains(err.Value, "using encoding/gob is refused in this session: W has method MarshalBinary") || !strings.Contains(err.Value, "declared at cell 1, 3:24") {
		t.Errorf("gob after a nesting: %s %q", err.Name, err.Value)
	}
}

func TestFastPrintsPrintLikeFmt(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `type E struct{ code int }
func (e E) Error() string { return fmt.Sprintf("E%d", e.code) }
type S struct{}
func (S) String() string { return "str" }
fmt.Println(E{7})
fmt.Println(S{}, 2, nil)
fmt.Print(S{})
fmt.Print("|", 1.5, "\n")
fmt.Printf("%v %d %s\n", E{1}, 3, S{})
xs := []any{1, "b"}
fmt.Println(xs...)`)
	want := "E7\nstr 2 <nil>\nstr|1.5\nE1 3 str\n1 b\n"
	if s.out() != want {
		t.Errorf("stdout %q, want %q", s.out(), want)
	}
}

func TestRecoverOutsideADeferredCallIsNil(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `var r any = 1
r = recover()
fmt.Println(r == nil)`)
	if s.out() != "true\n" {
		t.Errorf("stdout %q", s.out())
	}
}

func TestConstGroupsWithSeveralNames(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `const (
	p, q = iota, iota * 2
	r, s
	_, u
)
type W int
const (
	a, b W = iota, 10 * iota
	c, d
)
fmt.Println(p, q, r, s, u, a, b, c, d)`)
	if s.out() != "0 0 1 2 4 0 0 1 10\n" {
		t.Errorf("stdout %q", s.out())
	}
}

func TestNonStringVerbsOfErrorAndStringerTypes(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `type T int
func (t T) Error() string { return fmt.Sprintf("T%d", t) }
type S float64
func (s S) String() string { return "S" }
fmt.Println(T(1))
fmt.Printf("%d %v %s %x|%.1f %v %q\n", T(2), T(3), T(4), T(5), S(1.5), S(2), S(3))`)
	if s.out() != "T1\n2 T3 T4 5435|1.5 S \"S\"\n" {
		t.Errorf("stdout %q", s.out())
	}
}

func TestErrorComparisonsSeeThroughWrappers(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `type NotFound struct{ Key string }
func (e *NotFound) Error() string { return "not found: " + e.Key }
nf := &NotFound{"x"}
err := fmt.Errorf("find: %w", nf)
base := errors.New("base")
fmt.Println(errors.Unwrap(err) == error(nf), errors.Unwrap(err) != error(nf), err == base, fmt.Errorf("w: %w", base) != nil)`)
	if s.out() != "true false false true\n" {
		t.Errorf("stdout %q", s.out())
	}
}

func TestEncodingEmbeddedFieldsIsRefused(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type B struct{ X int }\ntype A struct {\n\tB\n\tY int\n}")
	err := runErr(t, e, "var out []A\njson.Unmarshal([]byte(`[]`), &out)")
	if err.Name != "CompileError" || !strings.HasPrefix(err.Value, "2:1: encoding/json.Unmarshal would see the embedded field B of A as a field named B") {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	s, _ := run(t, e, "var buf bytes.Buffer\njson.NewEncoder(&buf).Encode(map[string]int{\"a\": 1})\nfmt.Print(buf.String())")
	if s.out() != "{\"a\":1}\n" {
		t.Errorf("other encodes: %q", s.out())
	}
	if err := runErr(t, e, "enc := json.NewEncoder(os.Stdout)\nenc.Encode(A{})"); !strings.Contains(err.Value, "encoding/json.Encoder.Encode would see the embedded field B") {
		t.Errorf("Encoder.Encode: %q", err.Value)
	}
}
