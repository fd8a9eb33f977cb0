// A program's func main may call itself and be used as a value; a local
// variable named main is another name. The script runner and the engine
// renamed the declaration only, and the call panicked in reflect.
package main

import "fmt"

var depth int

func main() {
	depth++
	if depth < 3 {
		main()
		fmt.Println("back in", depth)
		return
	}
	f := main
	fmt.Println("deepest", depth, f != nil)
	{
		main := "a string"
		fmt.Println(main)
	}
}
