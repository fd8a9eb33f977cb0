// In a generic function whose type parameter's constraint has String or
// Error, fmt calls the method on each element of a []T it prints (the
// interpreter's fmt printed [1 0]); %d prints the values; with T any a
// slice prints as it is.
package main

import "fmt"

type Suit int

func (s Suit) String() string { return [...]string{"S", "H"}[s] }

type Card struct{ R int }

func (c *Card) String() string { return fmt.Sprint("C", c.R) }

type Err struct{ Code int }

func (e Err) Error() string { return fmt.Sprint("err", e.Code) }

func Show[T fmt.Stringer](xs []T) {
	fmt.Println(xs, len(xs))
	fmt.Printf("%v|%d|%5v\n", [][]T{xs}, len(xs), xs)
}

func ShowD[T fmt.Stringer](xs []T) { fmt.Printf("%d\n", xs) }

func Errs[E error](es ...E) string { return fmt.Sprint(es) }

func Plain[T any](xs []T) { fmt.Println(xs) }

func main() {
	Show([]Suit{1, 0})
	Show([]*Card{{3}})
	ShowD([]Suit{1, 0})
	fmt.Println(Errs(Err{1}, Err{2}))
	Plain([]int{1, 2})
	Plain([]string{"a"})
}
