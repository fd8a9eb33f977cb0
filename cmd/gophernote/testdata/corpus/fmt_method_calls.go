// fmt calls the String or Error method of a value it is given, also when
// the value is a call's result (one(), h.Get(), a generic call), and not
// when only the value's pointer has the method (v of type P with
// func (p *P) String: Go prints the fields). The interpreter handed fmt a
// call's result without its methods (1 for K) and a P value with its
// pointer's method (P for {2}).
package main

import (
	"errors"
	"fmt"
)

type Kind int

func (k Kind) String() string { return "K" }

type P struct{ N int }

func (p *P) String() string { return "P" }

type E struct{ c int }

func (e E) Error() string { return "E" }

func one() Kind            { return 1 }
func pp() *P               { return &P{1} }
func pv() P                { return P{2} }
func ks() []Kind           { return []Kind{1} }
func first[T any](x []T) T { return x[0] }
func fail() error          { return E{1} }
func failE() E             { return E{2} }

type H struct{ k Kind }

func (h H) Get() Kind { return h.k }

func main() {
	h := H{1}
	v := pv()
	fmt.Println(one(), pp(), pv(), ks(), h.Get(), min(one(), 3), first([]Kind{2}), (one()))
	fmt.Printf("%v %d %s %+v %T|%v %v\n", one(), one(), pp(), v, v, fail(), failE())
	fmt.Print(v, &v, "\n")
	s := fmt.Sprintln(first([]P{{3}}), errors.New("x"))
	fmt.Print(s)
}
