package engine

// A method value with a value receiver copies its receiver when it is
// evaluated (fix_methodcopy.go). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "method values of value receivers copy the receiver",
		prog: `package main

import "fmt"

type N int8

func (r *N) Inc() { *r++ }

func (r N) String() string { return fmt.Sprintf("N(%d)", int8(r)) }
func (r N) Add(k int) int  { return int(r) + k }

type S struct {
	A int
	B []int
}

func (s S) Get() int { return s.A*10 + len(s.B) }

type O struct {
	*S
	X int
}

type P struct {
	S
	Y int
}

type I interface{ Get() int }

func main() {
	m := N(0)
	mv := m.String
	m.Inc()
	fmt.Println(mv())
	s := S{A: 1}
	f := s.Get
	s.A = 5
	s = S{A: 7}
	fmt.Println(f(), s.Get())
	p := &s
	g := p.Get
	p.A = 9
	fmt.Println(g())
	o := O{S: &S{A: 3}}
	h := o.Get
	o.A = 4
	fmt.Println(h())
	q := P{S: S{A: 2}}
	var hq func() int
	hq = q.Get
	q.A = 8
	fmt.Println(hq(), q.Get())
	var i I = s
	k := i.Get
	i = S{A: 100}
	fmt.Println(k(), i.Get())
	fs := []func(int) int{m.Add}
	m = 50
	fmt.Println(fs[0](1), (m.Add)(2))
	inc := m.Inc
	inc()
	fmt.Println(m)
	defer fmt.Println("deferred", m.String())
	for j := range 2 {
		w := N(j).String
		m += 10
		fmt.Println(w())
	}
}
`,
		out: "N(0)\n10 70\n70\n30\n20 80\n90 1000\n2 52\nN(51)\nN(0)\nN(1)\ndeferred N(51)\n",
	})
}
