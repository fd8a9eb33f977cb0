package main

import (
	"time"

	"github.com/gophernote/gophernote/kernel/display"
)

func main() {
	p := display.NewProgress(30, "work")
	for i := 0; i < 30; i++ {
		time.Sleep(20 * time.Millisecond)
		p.Add(1)
	}
	p.Done()
	display.Markdown("# done")
	display.LaTeX(`x^2`)
}
