// A panic inside a method of a generic type.
package main

import "fmt"

type Ring[T any] struct{ buf []T }

func (r *Ring[T]) At(i int) T {
	return r.buf[i%len(r.buf)+len(r.buf)]
}

func main() {
	r := &Ring[string]{buf: []string{"a", "b"}}
	fmt.Println("before")
	fmt.Println(r.At(1))
}
