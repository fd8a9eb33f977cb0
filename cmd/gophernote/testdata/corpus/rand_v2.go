// Issue 12: import "math/rand/v2" bound rand to math/rand.
package main

import (
	"fmt"
	"math/rand/v2"
)

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	fmt.Println(r.IntN(1000), r.IntN(1000), r.Float64())
	c := rand.New(rand.NewChaCha8([32]byte{1, 2, 3}))
	fmt.Println(c.Uint64(), c.Perm(5))
	z := rand.NewZipf(rand.New(rand.NewPCG(3, 4)), 1.5, 2, 100)
	fmt.Println(z.Uint64(), z.Uint64())
	fmt.Println(rand.N(1) == 0)
}
