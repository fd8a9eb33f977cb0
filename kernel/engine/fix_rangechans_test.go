package engine

import (
	"strings"
	"testing"
)

// Range loops over slices, arrays, pointers to arrays and maps of
// channels, with := and =, captured per iteration, with labels: compiled
// Go's output (go run). yaegi ran them as receive loops and panicked
// ("reflect: call of reflect.Value.Len on int Value").
func TestRangeChans(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type ch chan int")
	s, _ := run(t, e, `var a []chan bool
for i := 0; i < 3; i++ {
	d := make(chan bool, i+1)
	a = append(a, d)
}
for i, d := range a {
	fmt.Println(i, cap(d))
}
var arr [2]ch
arr[1] = make(ch, 5)
for _, v := range arr {
	fmt.Println(cap(v))
}
p := &arr
for i, v := range p {
	fmt.Println(i, cap(v))
}
m := map[string]<-chan int{"k": make(chan int, 7)}
for k, v := range m {
	fmt.Println(k, cap(v))
}
var k int
var v chan bool
for k, v = range a {
}
fmt.Println(k, cap(v))
var fs []func() int
for i, d := range a {
	fs = append(fs, func() int { return i*10 + cap(d) })
}
for _, f := range fs {
	fmt.Print(f(), " ")
}
fmt.Println()
outer:
for i, d := range a {
	for j := 0; j < 3; j++ {
		if j == 1 {
			continue outer
		}
		if i == 2 {
			break outer
		}
		fmt.Println("label", i, j, cap(d))
	}
}`)
	want := `0 1
1 2
2 3
0
5
0 0
1 5
k 7
2 3
1 12 23 
label 0 0 1
label 1 0 2
`
	if got := s.out(); got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
	ce := runErr(t, e, "func ms() map[int]chan int { return nil }\nfor _, c := range ms() {\n\t_ = c\n}")
	if !strings.Contains(ce.Error(), "map of channels") {
		t.Errorf("a map of channels ranged over a call: %v, want a refusal", ce)
	}
}

// A map keyed by a cell interface with methods is refused (yaegi compared
// the keys by identity: three keys made one entry, Go's has three); the
// interfaces of compiled code and any are not.
func TestIfaceKeys(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type I interface{ f() }\ntype C int\nfunc (C) f() {}")
	for _, code := range []string{
		"m := map[I]int{}\nfor i := 0; i < 3; i++ {\n\tm[C(i)] = 1\n}",
		"type K struct{ X [1]I }\nvar m map[K]bool\n_ = m",
		"func f(m map[interface{ f() }]int) {}",
	} {
		ce := runErr(t, e, code)
		if !strings.Contains(ce.Error(), "the interpreter cannot key a map by interface type") {
			t.Errorf("%q: %v, want the refusal", code, ce)
		}
	}
	s, _ := run(t, e, "m := map[error]int{}\ne1 := errors.New(\"x\")\nm[e1] = 1\nm[e1] = 2\nn := map[any]int{1: 1, \"a\": 2}\nfmt.Println(len(m), len(n))")
	if got, want := s.out(), "1 2\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A map key of a type that cannot be hashed panics with Go's words,
// naming the cell type (recover2.go), not the struct yaegi builds for it.
func TestUnhashableKeyText(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type T struct {\n\ta, b int\n\tc []int\n}")
	s, _ := run(t, e, `func try(k any) (msg string) {
	defer func() { msg = recover().(error).Error() }()
	m := make(map[any]int)
	m[k] = 1
	return ""
}
fmt.Println(try(T{}))
fmt.Println(try([]int{}))`)
	want := "runtime error: hash of unhashable type main.T\nruntime error: hash of unhashable type []int\n"
	if got := s.out(); got != want {
		t.Errorf("got %q, want (go run) %q", got, want)
	}
	ce := runErr(t, e, "var z any = T{}\nm := map[any]int{}\nm[z] = 1")
	if !strings.Contains(ce.Error(), "runtime error: hash of unhashable type main.T") {
		t.Errorf("the cell's panic: %v", ce)
	}
}
