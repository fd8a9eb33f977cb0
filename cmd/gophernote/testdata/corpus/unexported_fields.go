// Issue 12: %+v printed {Xx:1 Xy:2} and json.Marshal included an
// unexported field.
package main

import (
	"encoding/json"
	"fmt"
)

type point struct{ x, y int }

type Record struct {
	Name   string
	Score  float64 `json:"score"`
	secret string
}

func main() {
	p := point{1, 2}
	fmt.Printf("%v %+v\n", p, p)
	r := Record{Name: "a", Score: 1.5, secret: "hidden"}
	fmt.Printf("%+v\n", r)
	b, err := json.Marshal(r)
	fmt.Println(string(b), err)
	var back Record
	err = json.Unmarshal([]byte(`{"Name":"b","score":2.5,"secret":"x"}`), &back)
	fmt.Printf("%+v %v\n", back, err)
}
