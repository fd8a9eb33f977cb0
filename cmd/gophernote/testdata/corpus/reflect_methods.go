// reflect's method accessors on a cell type: yaegi v0.16.1 builds the
// type for reflect without its methods (NumMethod 0, Method(0) panics);
// the engine refuses the call (issue 19; fix_reflectmethods.go).
package main

import (
	"fmt"
	"reflect"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

func (c Celsius) Fahrenheit() float64 { return float64(c)*9/5 + 32 }

func main() {
	t := reflect.TypeOf(Celsius(0))
	for i := 0; i < t.NumMethod(); i++ {
		fmt.Println(t.Method(i).Name)
	}
}
