package engine

// Parity cases for constants and numeric operations (fix_consts.go and
// the numeric passes): whole programs with compiled Go's output, run by
// TestGoParity as one cell and as a notebook (`-gorun` checks the pins
// against go run).
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "untyped constant division in typed contexts",
			prog: `package main

import (
	"fmt"
	"math"
)

type Celsius float64

const c float64 = 3 / 2

var r float64 = 3 / 2

func half() float64 { return 1 / 2 }

func main() {
	var a float64
	a = 3 / 2
	var f32 float32 = 7 / 2
	var t Celsius = 5 / 2
	x := 3 / 2.0
	fmt.Println(r, a, c, f32, t, x, half(), 3/2, 7.0/2)
	fmt.Println(math.Sin(0.6*math.Pi)+3, 2*math.Pi/3)
	var s []float64
	s = append(s, 1/4, 1/4.0)
	m := map[string]float32{"k": 9 / 4}
	fmt.Println(s, m, float64(9/4))
}
`,
			out: "1 1 1 3 2 1.5 0 1 3.5\n3.9510565162951536 2.0943951023931957\n[0 0.25] map[k:2] 2\n",
		},
		parityCase{
			name: "untyped constants beyond 64 bits",
			prog: `package main

import (
	"fmt"
	"math"
)

const (
	huge  = 1 << 100
	huge1 = huge - 1
	small = huge >> 98
	rsh   = 1e100 >> 1000
	big   = 1e302 >> 1000
)

func main() {
	fmt.Println(huge > huge1, huge1+1 == huge, small, rsh, big)
	fmt.Println(float64(huge), float32(huge1), huge/(1<<90), huge%7)
	var u uint64 = math.MaxUint64
	fmt.Println(u, uint64(math.MaxUint64>>1), math.MaxInt64, math.MinInt64)
	const third = 1.0 / 3
	fmt.Println(third*3 == 1, float32(third), third*3)
}
`,
			out: "true true 4 0 9\n1.2676506002282294e+30 1.2676506e+30 1024 2\n18446744073709551615 9223372036854775807 9223372036854775807 -9223372036854775808\ntrue 0.33333334 1\n",
		},
		parityCase{
			name: "the untyped left operand of a non-constant shift",
			prog: `package main

import "fmt"

func shift(x int) int { return 1 << (1 << (1 << uint(x))) }

func f1(v1 uint) uint { return v1 >> ((1 >> v1) + (1 >> v1)) }

func set(b []byte, bit uint) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | 1<<(bit&31)
}

func gen(val uint64, pos int) uint64 { return val | 1<<uint(pos) }

func main() {
	var p uint = 0xdead
	var max, a, b uint32
	max = a + (1 << b)
	var rounds uint64
	var cost uint32 = 2
	rounds = 1 << cost
	fmt.Println(shift(2), f1(48), set([]byte{1, 2}, 33), gen(1, 40), byte((1<<(p&7))-1), max, rounds)
	var i8 int8 = -1
	var k int64 = 1.0 << cost
	fmt.Println(i8<<7, uint8(1)<<p, k)
}
`,
			out: "65536 48 515 1099511627777 31 1 4\n-128 0 4\n",
		},
		parityCase{
			name: "iota, implicit repetition and typed const specs",
			prog: `package main

import "fmt"

type Weekday int

func (d Weekday) String() string { return [...]string{"Sun", "Mon", "Tue"}[d] }

const (
	Sunday Weekday = iota
	Monday
	Tuesday
)

const (
	a = string(iota + 'a')
	b
	c
)

const (
	p, q = iota, iota * 10
	r, s
)

const n int64 = 1 << 40

type Bits uint8

const (
	F0 Bits = 1 << iota
	F1
	F2
)

func main() {
	fmt.Println(Sunday, Monday, Tuesday, Monday+1)
	fmt.Println(a, b, c, p, q, r, s)
	fmt.Printf("%T %v %T %v\n", n, n, F2, F0|F1|F2)
	x := Tuesday
	fmt.Printf("%v %d\n", x, x)
}
`,
			out: "Sun Mon Tue Tue\na b c 0 0 1 10\nint64 1099511627776 main.Bits 7\nTue 2\n",
		},
		parityCase{
			name: "negative zero constants are zero",
			prog: `package main

import (
	"fmt"
	"math"
)

const zero = 0.0

var m = -1e-10000

func main() {
	x := -zero
	y := -float64(zero)
	var z float32 = -0.0
	fmt.Println(math.Float64bits(x), math.Float64bits(y), math.Float32bits(z), math.Signbit(m), 1/x)
	v := x
	fmt.Println(math.Float64bits(-v), 1/-v)
}
`,
			out: "0 0 0 false +Inf\n9223372036854775808 -Inf\n",
		},
		parityCase{
			name: "float32 and complex constants round to their type",
			prog: `package main

import "fmt"

const (
	x30 = 1 << 30
	x60 = 1 << 60

	staticF32  = float32(x30) + 1 - x30
	staticF64  = float64(x60) + 1 - x60
	staticC64  = complex64(x30) + 1 - x30
	staticC128 = complex128(x60) + 1 - x60
)

func main() {
	fmt.Println(staticF32, staticF64, staticC64, staticC128)
	var f float32 = 0.1
	var c complex64 = 1.5 + 0.1i
	fmt.Println(float64(f), complex128(c), 1+2i, real(c)*2)
	d := float32(x30)
	d += 1
	d -= x30
	fmt.Println(d)
}
`,
			out: "0 0 (0+0i) (0+0i)\n0.10000000149011612 (1.5+0.10000000149011612i) (1+2i) 3\n0\n",
		},
		parityCase{
			name: "float constants as uint64 switch cases",
			prog: `package main

import "fmt"

func isPow10(x uint64) bool {
	switch x {
	case 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
		1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19:
		return true
	}
	return false
}

func main() {
	n := 0
	for x := uint64(1); ; x *= 10 {
		if !isPow10(x) || isPow10(x-1) || isPow10(x+1) {
			fmt.Println("wrong at", x)
		}
		n++
		if x*10/10 != x {
			break
		}
	}
	fmt.Println(n)
}
`,
			out: "20\n",
		},
		parityCase{
			name: "++ and -- on every integer kind, uintptr too",
			prog: `package main

import "fmt"

type Addr uintptr

type S struct{ p uintptr }

func main() {
	var u uintptr
	u--
	fmt.Println(u)
	u++
	u++
	var a Addr = 10
	a--
	s := S{5}
	s.p++
	m := map[string]uintptr{}
	m["k"]++
	arr := []uintptr{7}
	arr[0]--
	fmt.Println(u, a, s, m, arr)
	var i8 int8 = 127
	i8++
	var u8 uint8
	u8--
	var i64 int64 = -9223372036854775808
	i64--
	fmt.Println(i8, u8, i64)
}
`,
			out: "18446744073709551615\n1 9 {6} map[k:1] [6]\n-128 255 9223372036854775807\n",
		},
		parityCase{
			name: "comparison results in interfaces",
			prog: `package main

import "fmt"

type B bool

func t(x, y interface{}) interface{} { return x.(float64) > y.(float64) }

func both(a, b float64) (any, bool) { return a < b, a > b }

func main() {
	fmt.Println(t(1.0, 2.0), t(3.0, 2.0))
	fmt.Println(both(1, 2))
	var n int
	f := func() [2]string { n++; return [2]string{"a", "b"} }
	_ = f() == f()
	var e interface{} = [2]string{"a", "b"}
	_ = e == f()
	fmt.Println(n)
	var ok interface{}
	var i int
	c := make(chan int, 2)
	c <- 42
	i, ok = <-c
	fmt.Println(i, ok)
	m := map[int]int{1: 2}
	i, ok = m[3]
	var nb B
	_, nb = m[1]
	fmt.Println(i, ok, nb)
	c <- 7
	select {
	case i, ok = <-c:
		fmt.Println(i, ok)
	}
}
`,
			out: "false true\ntrue false\n3\n42 true\n0 false true\n7 true\n",
		},
		parityCase{
			name: "shifts by signed and large counts",
			prog: `package main

import "fmt"

func try(s int) (r any) {
	defer func() { r = recover() }()
	return 1 << s
}

func main() {
	var i8 int8 = -5
	var big uint = 100
	fmt.Println(i8>>big, i8<<big, uint8(200)>>big, int64(-1)<<63)
	fmt.Println(try(3), try(-1))
	var e error
	func() {
		defer func() { e = recover().(error) }()
		s := -2
		x := 8
		x >>= s
		fmt.Println(x)
	}()
	fmt.Println(e)
	n := -1
	fmt.Println(1 << n)
}
`,
			out:   "-1 0 0 -9223372036854775808\n<nil> runtime error: negative shift amount\nruntime error: negative shift amount\n",
			panic: "runtime error: negative shift amount",
		},
		parityCase{
			name: "operator results stored into interfaces",
			prog: `package main

import "fmt"

type Celsius float64

func neg(a int) any     { return -a }
func rem(a, b int) any  { return a % b }
func shl(a, b uint) any { return a << b }

func main() {
	a, b, f, c := 3, 1, 1.5, Celsius(20)
	var v any
	v = -a
	fmt.Println(v)
	m := map[string]any{}
	m["not"], m["xor"], m["shr"], m["neg"] = !(a > b), ^a, a>>b, -f
	m["c"] = -c
	fmt.Println(m)
	xs := []any{nil, nil}
	xs[0], xs[1] = a%2, f*-2
	fmt.Println(xs, neg(4), rem(7, 3), shl(1, 4))
}
`,
			out: "-3\nmap[c:-20 neg:-1.5 not:false shr:1 xor:-4]\n[1 -3] -4 1 16\n",
		},
		parityCase{
			name: "interfaces holding pointers compared",
			prog: `package main

import "fmt"

type W struct{ x int }

func (*W) M() {}

type V struct{ x int }

func (V) M() {}

type C int

func (C) M() {}

type I interface{ M() }

type E struct{ s string }

func (e *E) Error() string { return e.s }

func main() {
	b, c := W{1}, W{1}
	var f any = &b
	var i I = &b
	fmt.Println(f == &b, f != &b, i == &b, i == f, f == &c, any(&b) == f, i != f)
	var v any = V{2}
	var vi I = V{2}
	fmt.Println(v == V{2}, vi == V{2}, v == vi, v == V{3})
	e := &E{"e"}
	var err error = e
	var ea any = e
	fmt.Println(err == e, ea == err, ea == any(e))
	var n any
	fmt.Println(n == nil, n == f, f == n)
	s := []any{&b, &c, 3, "s"}
	cnt := 0
	for _, q := range s {
		if q == f || q == "s" || q == 3 {
			cnt++
		}
	}
	fmt.Println(cnt)
	var x any = C(1)
	var j I = C(2)
	fmt.Println(x == C(1), C(1) != x, j == C(2), x == C(2), j == C(1))
}
`,
			out: "true false true true false true false\ntrue true true false\ntrue true true\ntrue false false\n3\ntrue false true false false\n",
		},
		parityCase{
			name: "package-level initialization order",
			prog: `package main

import "fmt"

type T int

func (T) Scale() int { return unit * 10 }

var (
	_      = note("_", total)
	scaled = T(0).Scale()
	total  = base + extra()
	base   = note("base", 0) + 1
	unit   = note("unit", 0) + 2
)

var trace []string

func note(s string, v int) int { trace = append(trace, s); return v }

func extra() int { return unit * 3 }

var name, size = describe()

func describe() (string, int) { return fmt.Sprint("n", base), scaled }

func main() {
	fmt.Println(scaled, total, base, unit, name, size)
	fmt.Println(trace)
}
`,
			out: "20 7 1 2 n1 20\n[base unit _]\n",
		},
	)
}
