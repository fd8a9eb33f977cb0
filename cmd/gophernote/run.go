package main

import (
	"fmt"
	"os"
)

// runCmd implements `gophernote run FILE.ipynb|FILE.go`. Placeholder until
// the headless runner lands; owned by the display/run work.
func runCmd(args []string) int {
	fmt.Fprintln(os.Stderr, "gophernote run: not implemented yet")
	return 2
}
