// Issue 12: errors.As panicked on a custom error type and %w printed
// %!w(*struct {...}).
package main

import (
	"errors"
	"fmt"
)

type NotFound struct{ Key string }

func (e *NotFound) Error() string { return "not found: " + e.Key }

var ErrBase = errors.New("base")

func find(k string) error {
	if k == "" {
		return fmt.Errorf("find: %w", ErrBase)
	}
	return fmt.Errorf("find %q: %w", k, &NotFound{k})
}

func main() {
	err := find("x")
	fmt.Println(err)
	var nf *NotFound
	if errors.As(err, &nf) {
		fmt.Println("as:", nf.Key)
	}
	fmt.Println(errors.Is(find(""), ErrBase), errors.Is(err, ErrBase))
	fmt.Println(errors.Unwrap(err) == error(nf))
}
