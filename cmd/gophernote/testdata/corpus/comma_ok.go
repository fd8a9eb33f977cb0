// Issue 12: top-level comma-ok forms crashed compiling the cell (nil type).
package main

import "fmt"

func main() {
	m := map[string]int{"a": 1}
	v, ok := m["a"]
	fmt.Println(v, ok)
	w, ok2 := m["zz"]
	fmt.Println(w, ok2)
	var i any = 42
	n, isInt := i.(int)
	s, isStr := i.(string)
	fmt.Println(n, isInt, s == "", isStr)
	ch := make(chan int, 1)
	ch <- 5
	close(ch)
	x, open := <-ch
	y, open2 := <-ch
	fmt.Println(x, open, y, open2)
}
