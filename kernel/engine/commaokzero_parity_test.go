package engine

// A failed comma-ok assertion or map read gives the value its zero value,
// also where the variable is defined in a loop (fix_commaokzero.go), and
// an any holding a cell struct value asserts to error and to compiled
// packages' interfaces as Go does (fix_assertiface.go's assertFromAny).
// A concrete value passed to a cell interface parameter of a call that
// spreads its variadic argument reaches it (fix_spreadargs.go). Pinned
// with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "comma-ok failures in loops give zero values",
		prog: `package main

import "fmt"

type T struct{ a int }

func main() {
	m := map[string]int{"a": 1}
	ms := map[string]T{"a": {1}}
	for _, k := range []string{"a", "b"} {
		v, ok := m[k]
		t, ok2 := ms[k]
		fmt.Println(v, ok, t, ok2)
	}
	var n int
	var ok bool
	for _, x := range []any{1, "a"} {
		n, ok = x.(int)
		fmt.Println(n, ok)
	}
	for _, x := range []any{T{1}, "a"} {
		t, _ := x.(T)
		var u, uok = x.(T)
		fmt.Println(t, u, uok)
	}
	for _, x := range []any{[]int{1}, "a"} {
		t, ok := x.([]int)
		fmt.Println(t, ok, t == nil)
	}
	for i := 0; i < 2; i++ {
		var y any = 1
		if i == 1 {
			y = "s"
		}
		if v, ok := y.(int); ok || !ok {
			fmt.Println("if", v, ok)
		}
		if v, ok := y.(int); ok {
			fmt.Println("then", v)
		} else {
			fmt.Println("else", v)
		}
		switch v, ok := y.(int); {
		case ok:
			fmt.Println("sw ok", v)
		default:
			fmt.Println("sw", v, ok)
		}
	}
	for _, x := range []any{"q", 1} {
		s, ok := x.(string)
		fmt.Printf("%q %v\n", s, ok)
	}
}
`,
		out: `1 true {1} true
0 false {0} false
1 true
0 false
{1} {1} true
{0} {0} false
[1] true false
[] false true
if 1 true
then 1
sw ok 1
if 0 false
else 0
sw 0 false
"q" true
"" false
`,
	}, parityCase{
		name: "cell struct values in an any assert to compiled interfaces",
		prog: `package main

import "fmt"

type E struct{ code int }

func (e E) Error() string { return fmt.Sprint("E", e.code) }

type P struct{ x int }

func (p *P) String() string { return "P" }

type H struct{ v any }

func id(v any) any { return v }
func ret() any     { return E{5} }

func check(name string, r any) {
	_, ok1 := r.(error)
	_, ok2 := r.(E)
	_, ok3 := r.(fmt.Stringer)
	k := "default"
	switch r.(type) {
	case fmt.Stringer:
		k = "stringer"
	case error:
		k = "error"
	}
	fmt.Println(name, ok1, ok2, ok3, k)
}

func main() {
	var a any = E{1}
	check("var", a)
	var b any
	b = E{2}
	check("assign", b)
	check("conv", any(E{3}))
	check("arg", E{4})
	check("ret", ret())
	s := []any{E{8}}
	check("slice", s[0])
	m := map[string]any{"k": E{9}}
	check("map", m["k"])
	h := H{E{10}}
	check("field", h.v)
	ch := make(chan any, 1)
	ch <- E{11}
	check("chan", <-ch)
	check("id", id(E{12}))
	func() {
		defer func() { check("recover", recover()) }()
		panic(E{13})
	}()
	check("ptr", &E{14})
	check("P", &P{1})
	check("Pvalue", P{1})
	check("int", 3)
	check("compiled", fmt.Errorf("x"))
	e := a.(error)
	fmt.Println(e.Error())
}
`,
		out: `var true true false error
assign true true false error
conv true true false error
arg true true false error
ret true true false error
slice true true false error
map true true false error
field true true false error
chan true true false error
id true true false error
recover true true false error
ptr true false false error
P false false true stringer
Pvalue false false false default
int false false false default
compiled true false false error
E1
`,
	}, parityCase{
		name: "concrete arguments of cell interface parameters in spread calls",
		prog: `package main

import "fmt"

type S struct{ A byte }

func (r *S) String() string { return fmt.Sprint("s", r.A) }

type I interface{ String() string }

func f(a int64, i I, xs ...uintptr) string { return fmt.Sprint(a, i.String(), len(xs)) }

type T struct{}

func (T) m(i I, xs ...int) string { return i.String() + fmt.Sprint(xs) }

func main() {
	ys := []uintptr{4, 5}
	fmt.Println(f(1, new(S), ys...), f(2, &S{7}, []uintptr{1}...), f(3, &S{8}, 9))
	var i I = &S{2}
	fmt.Println(f(4, i, ys...), T{}.m(&S{3}, []int{6}...))
}
`,
		out: "1s02 2s71 3s81\n4s22 s3[6]\n",
	})
}
