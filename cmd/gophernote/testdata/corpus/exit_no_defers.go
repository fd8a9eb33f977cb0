// Issue 12: os.Exit(3) ran the deferred calls first.
package main

import (
	"fmt"
	"os"
)

func main() {
	defer fmt.Println("deferred: must not print")
	fmt.Println("before exit")
	os.Exit(3)
}
