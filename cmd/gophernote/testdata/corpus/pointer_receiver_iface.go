// Issue 12: a value whose method has a pointer receiver was accepted as the
// interface.
package main

import "fmt"

type Counter struct{ n int }

func (c *Counter) String() string { return fmt.Sprint("count ", c.n) }

func main() {
	var s fmt.Stringer = Counter{3}
	fmt.Println(s)
}
