// Expression switches yaegi compared wrongly: on values of interface
// types (error values, any, a type parameter instantiated with an
// interface), and with case values after a clause's first that call or
// compute, evaluated in Go's order.
package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

var errMissing = errors.New("missing")

func classify(err error) string {
	switch err {
	case nil:
		return "ok"
	case io.EOF, io.ErrUnexpectedEOF:
		return "eof"
	case errMissing:
		return "missing"
	}
	return "other: " + err.Error()
}

func what(v any) string {
	switch v {
	case 0, 1:
		return "small int"
	case 2.5, float32(1.5):
		return "a float"
	case "", "x":
		return "short string"
	case true:
		return "true"
	case nil:
		return "nil"
	}
	return fmt.Sprintf("other %T", v)
}

// Index finds x in xs with a switch on T, which may be an interface.
func Index[T comparable](xs []T, x T) int {
	for i, v := range xs {
		switch v {
		case x:
			return i
		}
	}
	return -1
}

var trace []string

func val(name string, n int) int {
	trace = append(trace, name)
	return n
}

func pick(n int) string {
	trace = trace[:0]
	r := ""
	switch val("tag", n) {
	case val("a", 1), val("b", 2):
		r = "a or b"
	case val("c", 3), n * 10, val("d", 4):
		r = "c or d"
	default:
		r = "none"
	}
	return r + " after " + strings.Join(trace, ",")
}

func main() {
	for _, err := range []error{nil, io.EOF, io.ErrUnexpectedEOF, errMissing, errors.New("boom")} {
		fmt.Println(classify(err))
	}
	for _, v := range []any{0, 1, 2, 2.5, float32(1.5), 1.5, "", "x", "y", true, false, nil, 1.0} {
		fmt.Println(what(v))
	}
	fmt.Println(Index([]any{1, "a", 2.5}, any("a")), Index([]any{1, "a"}, any(3)))
	fmt.Println(Index([]error{io.EOF, errMissing}, errMissing))
	fmt.Println(Index([]string{"p", "q"}, "q"))
	for _, n := range []int{1, 2, 3, 4, 0} {
		fmt.Println(pick(n))
	}
	var s fmt.Stringer
	switch s {
	case nil:
		fmt.Println("nil Stringer")
	}
	x := 5
	switch y := x * 2; any(y) {
	case 10:
		fmt.Println("ten")
	}
}
