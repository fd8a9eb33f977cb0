// Issue 12: a top-level defer func(){ recover() }() did not recover a
// later panic in the same cell.
package main

import "fmt"

func main() {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("recovered:", r)
		}
	}()
	fmt.Println("about to panic")
	panic("boom")
}
