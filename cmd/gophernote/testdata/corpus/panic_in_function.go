package main

import (
	"fmt"
	"strings"
)

// A panic raised by compiled code called from a function, several
// statements into the function: reported at the call's line.
func banner(title string, width int) string {
	pad := width - len(title)
	fmt.Println("padding", pad)
	left := strings.Repeat("=", pad/2)
	return left + title
}

func main() {
	fmt.Println(banner("ok", 6))
	fmt.Println(banner("too long", 3))
}
