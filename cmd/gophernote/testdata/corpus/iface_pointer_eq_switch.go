// Interface values compared with pointers to types with pointer methods:
// a registry of handlers found by identity, an error pointer compared
// with the error interface, generic code comparing T with an interface.
package main

import (
	"errors"
	"fmt"
)

type Counter struct{ n int }

func (c *Counter) Inc() { c.n++ }

type Incer interface{ Inc() }

type ParseError struct{ Line int }

func (e *ParseError) Error() string { return fmt.Sprint("parse error at line ", e.Line) }

var errEOF = &ParseError{Line: -1}

func parse(s string) error {
	switch s {
	case "":
		return errEOF
	case "bad":
		return &ParseError{Line: 3}
	}
	return nil
}

// Same reports whether x holds exactly p.
func Same[T comparable](x any, p T) bool { return x == any(p) }

func indexOf(hs []Incer, h *Counter) int {
	for i, x := range hs {
		if x == h {
			return i
		}
	}
	return -1
}

func main() {
	a, b := &Counter{}, &Counter{}
	hs := []Incer{a, b}
	fmt.Println(indexOf(hs, b), indexOf(hs, a), indexOf(hs, &Counter{}))
	for _, h := range hs {
		h.Inc()
		if h != a {
			h.Inc()
		}
	}
	fmt.Println(a.n, b.n)
	for _, s := range []string{"", "bad", "ok"} {
		err := parse(s)
		fmt.Println(err == errEOF, errEOF == err, err != nil, errors.Is(err, errEOF))
	}
	var none Incer
	fmt.Println(none == a, Same(any(a), a), Same(any(b), a))
	switch Incer(b) {
	case a:
		fmt.Println("a")
	case b:
		fmt.Println("b")
	}
}
