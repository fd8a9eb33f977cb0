// Identity of pointers held in interfaces, as a user tracking objects
// through an interface writes it: a registry of Shape values looked up by
// comparing with the pointer, == between two interfaces holding the same
// pointer, and errors of a pointer type compared with the value returned.
package main

import (
	"errors"
	"fmt"
)

type Shape interface{ Area() float64 }

type Rect struct{ W, H float64 }

func (r *Rect) Area() float64 { return r.W * r.H }

type NotFound struct{ Key string }

func (e *NotFound) Error() string { return "not found: " + e.Key }

var errMissing = &NotFound{"x"}

func lookup(k string) error {
	if k == "x" {
		return errMissing
	}
	return nil
}

func index(shapes []Shape, s *Rect) int {
	for i, x := range shapes {
		if x == s {
			return i
		}
	}
	return -1
}

func main() {
	a, b, c := &Rect{1, 2}, &Rect{3, 4}, &Rect{1, 2}
	shapes := []Shape{a, b}
	fmt.Println(index(shapes, a), index(shapes, b), index(shapes, c))
	var first Shape = a
	var anyA any = a
	fmt.Println(first == shapes[0], anyA == first, anyA == any(c), anyA != a)
	err := lookup("x")
	fmt.Println(err == errMissing, err != nil, errors.Is(err, errMissing), lookup("y") == nil)
	var held any = err
	fmt.Println(held == errMissing, held == error(errMissing))
}
