// A struct with an embedded field, encoded by encoding/json: Go promotes
// the embedded struct's fields; the interpreter's struct types have no
// embedding, so gophernote refuses the call rather than print
// {"Params":{...},"Loss":0.5}.
package main

import (
	"encoding/json"
	"fmt"
)

type Params struct {
	Alpha, Beta float64
}

type Result struct {
	Params
	Loss float64
}

func main() {
	b, err := json.Marshal([]Result{{Params{0.34, 0.28}, 1.69}})
	fmt.Println(string(b), err)
}
