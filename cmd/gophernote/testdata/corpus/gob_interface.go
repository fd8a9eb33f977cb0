// encoding/gob of an interface value of a cell type: refused with an
// error (yaegi's interface values are not Go's to gob).
package main

import (
	"bytes"
	"encoding/gob"
	"fmt"
)

type Point struct{ X, Y int }

func (p Point) Sum() int { return p.X + p.Y }

type Summer interface{ Sum() int }

func main() {
	gob.Register(Point{})
	var network bytes.Buffer
	var s Summer = Point{3, 4}
	if err := gob.NewEncoder(&network).Encode(&s); err != nil {
		fmt.Println("encode:", err)
		return
	}
	var back Summer
	if err := gob.NewDecoder(&network).Decode(&back); err != nil {
		fmt.Println("decode:", err)
		return
	}
	fmt.Println(back.Sum())
}
