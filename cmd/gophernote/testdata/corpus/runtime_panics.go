// Panics worded as Go words them.
package main

import "fmt"

func main() {
	defer func() {
		r := recover()
		fmt.Println("recovered:", r)
		var m map[string]int
		m["x"] = 1
	}()
	var a []int
	fmt.Println(len(a))
	var p *struct{ X int }
	fmt.Println(p.X)
}
