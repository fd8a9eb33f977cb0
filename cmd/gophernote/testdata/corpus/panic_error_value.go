package main

import (
	"errors"
	"fmt"
)

type E struct{ code int }

func (e E) Error() string { return fmt.Sprintf("E%d", e.code) }

func main() {
	fmt.Println("start")
	if true {
		panic(fmt.Errorf("wrapped: %w", E{7}))
	}
	panic(errors.New("unreached"))
}
