package engine

// Range loops over strings give byte offsets as indices, invalid UTF-8
// one byte per rune (fix_rangestrings.go). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "range over a string: byte offsets, invalid UTF-8 one byte wide",
		prog: `package main

import "fmt"

type Name string

func main() {
	for i, r := range "a\xffb\xe2\x82c\xc0" {
		fmt.Print(i, ":", r, " ")
	}
	fmt.Println()
	for i := range "éa世\x80" {
		fmt.Print(i, " ")
	}
	fmt.Println()
	var n Name = "x\xe9y"
	var fs []func() int
	for i, r := range n {
		if r == 'x' {
			i = 10
			continue
		}
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var k int
	var v rune
	pos := []int{0, 0, 0, 0}
	for k, v = range "\xf0\x9f\x98!" {
		pos[k%4]++
	}
	fmt.Println(k, v, pos)
	s := "ab"
L:
	for i, c := range s + "\xffd" {
		s = "changed"
		for j := range 3 {
			if j == 1 {
				continue L
			}
			if c == 'd' {
				break L
			}
			fmt.Print(i, c, j, " ")
		}
	}
	fmt.Println(s)
	for i, _ := range "é\xff" {
		fmt.Print(i, " ")
	}
	fmt.Println()
}
`,
		out: "0:97 1:65533 2:98 3:65533 4:65533 5:99 6:65533 \n0 2 3 6 \n1 2 \n3 33 [1 1 1 1]\n0 97 0 1 98 0 2 65533 0 changed\n0 2 \n",
	})
}
