// Issue 12: gonum's distributions take a math/rand/v2 source.
package main

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

func main() {
	n := distuv.Normal{Mu: 10, Sigma: 2, Src: rand.NewPCG(7, 8)}
	var sum float64
	for i := 0; i < 1000; i++ {
		sum += n.Rand()
	}
	fmt.Printf("%.6f\n", sum/1000)
	p := distuv.Poisson{Lambda: 3, Src: rand.NewPCG(1, 1)}
	fmt.Println(p.Rand(), p.Rand(), p.Rand())
	fmt.Printf("%.6f\n", n.CDF(12))
}
