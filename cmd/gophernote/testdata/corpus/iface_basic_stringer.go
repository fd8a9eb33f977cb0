// Values of non-struct cell types with a String or Error method held in
// interfaces: the ways that keep the type print as Go does; a conversion
// to any loses it in the interpreter (fmt printed 21.5, Go: 21.5°C), so
// printing such a value fails with an error naming the type.
package main

import "fmt"

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Code int

func (c Code) Error() string { return fmt.Sprint("code ", int(c)) }

func describe(x any) string { return fmt.Sprint(x) }

func main() {
	var t any = Celsius(20)
	var err error = Code(7)
	fmt.Println(t, err, describe(Celsius(19.5)))
	readings := []any{Celsius(18), 3}
	for _, r := range readings {
		fmt.Println(r)
	}
	fmt.Println(any(Celsius(21.5)))
}
