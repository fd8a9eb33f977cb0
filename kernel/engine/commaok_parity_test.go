package engine

// The comma-ok read of a map and the comma-ok assertion into existing
// places store the zero value when the key is missing or the assertion
// fails (yaegi v0.16 left the old value: fix_assignorder.go's
// tupleToMap). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "comma-ok into existing places stores the zero value",
		prog: `package main

import "fmt"

var a [3]byte

func f() *byte { return &a[1] }

type P struct{ f int }

func main() {
	m := map[int]int{4: 40}
	x, ok := 7, true
	x, ok = m[1]
	fmt.Println(x, ok)
	x, ok = m[4]
	fmt.Println(x, ok)
	var v any = "s"
	y, ok2 := 8, true
	y, ok2 = v.(int)
	fmt.Println(y, ok2)
	s := []int{5}
	s[0], ok = m[2]
	fmt.Println(s, ok)
	pp := &P{6}
	pp.f, ok = m[3]
	fmt.Println(pp.f, ok)
	a = [3]byte{' ', ' ', ' '}
	mb := map[byte]byte{}
	*f(), ok = mb[11]
	fmt.Println(a, ok)
	var e error = fmt.Errorf("e")
	var st fmt.Stringer = nil
	st, ok = any(e).(fmt.Stringer)
	fmt.Println(st == nil, ok)
}
`,
		out: "0 false\n40 true\n0 false\n[0] false\n0 false\n[32 0 32] false\ntrue false\n",
	})
}
