// Every goroutine blocked: main waits on a WaitGroup nobody finishes, the
// workers on a channel nobody reads.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	results := make(chan int)
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results <- i * i
		}()
	}
	fmt.Println("waiting")
	wg.Wait()
	close(results)
}
