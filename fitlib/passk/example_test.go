package passk_test

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/passk"
)

func ExamplePassAtK() {
	// 5 samples, 2 correct: pass@2 = 1 - C(3,2)/C(5,2) = 0.7.
	p, _ := passk.PassAtK(5, 2, 2)
	fmt.Printf("%.4f\n", p)
	fmt.Println(passk.Grid(1000))
	// Two problems, 10 samples each, 0 and 5 correct: pass@5 of the second
	// is 1 - C(5,5)/C(10,5) = 1 - 1/252, so the mean is 0.498.
	curve, _ := passk.Mean([]int{10, 10}, []int{0, 5}, []int{1, 5})
	fmt.Printf("%.4f\n", curve)
	// Output:
	// 0.7000
	// [1 2 5 10 20 50 100 200 500 1000]
	// [0.2500 0.4980]
}
