// make and append beyond what a slice or channel can hold panic with Go's
// runtime errors, also as recover() sees them (yaegi v0.16.1 let reflect's
// strings through: "reflect.MakeChan: negative buffer size"; issue 19).
package main

import (
	"fmt"
	"runtime"
	"strings"
)

type T struct{}

const maxInt = int(^uint(0) >> 1)

func try(name string, f func()) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		_, rt := r.(runtime.Error)
		if !ok {
			fmt.Println(name, "not an error:", r)
			return
		}
		fmt.Println(name, rt, err.Error(), strings.Contains(err.Error(), "out of range"))
	}()
	f()
}

func main() {
	n := -1
	try("chan", func() { _ = make(chan int, n) })
	try("chan64", func() { _ = make(chan string, int64(n)) })
	try("slice len", func() { _ = make([]int, n) })
	try("slice cap", func() { _ = make([]int, 2, n+2) })
	s := make([]T, maxInt)
	try("append", func() { s = append(s, T{}) })
	one := make([]T, 1)
	try("append...", func() { s = append(s, one...) })
}
