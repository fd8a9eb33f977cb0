package main

import "fmt"

type Counter struct {
	counts map[string]int
}

// Add writes to a nil map on its third line: the panic is there, two
// calls deep.
func (c *Counter) Add(word string) {
	n := len(word)
	fmt.Println("adding", word, n)
	c.counts[word] += n
}

func count(c *Counter, words []string) {
	for _, w := range words {
		c.Add(w)
	}
}

func main() {
	count(&Counter{}, []string{"a", "b"})
}
