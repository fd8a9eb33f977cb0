// Not a deadlock: main waits on timers and a goroutine that sleeps.
package main

import (
	"fmt"
	"time"
)

func main() {
	done := make(chan string)
	go func() {
		time.Sleep(300 * time.Millisecond)
		done <- "worker"
	}()
	<-time.After(200 * time.Millisecond)
	fmt.Println("timer")
	fmt.Println(<-done)
	t := time.NewTimer(100 * time.Millisecond)
	<-t.C
	fmt.Println("done")
}
