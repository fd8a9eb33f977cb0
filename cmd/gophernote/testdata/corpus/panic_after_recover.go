package main

import (
	"fmt"
	"strconv"
)

func parse(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

func check(n int) {
	fmt.Println("checking", n)
	if n < 0 {
		panic(fmt.Sprintf("negative: %d", n))
	}
}

// The first panic is recovered; the second, in another function, ends
// the program and is reported where it happened.
func main() {
	defer func() {
		fmt.Println("recovered:", recover())
		check(-1)
	}()
	fmt.Println(parse("12"))
	parse("x")
}
