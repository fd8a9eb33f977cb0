// Issue 12: x := os.Args[0] at top level gave "constant definition loop";
// a cell sees os.Args like a fresh program without arguments.
package main

import (
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	x := os.Args[0]
	fmt.Println(filepath.Base(x), len(os.Args))
}
