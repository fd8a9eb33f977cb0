package engine

// runtime.NumGoroutine counts the program's goroutines, not the
// process's (fix_numgoroutine.go): main, a go statement's goroutine from
// the statement on, a time.AfterFunc or context.AfterFunc function while
// it runs, and none of the kernel's. Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "runtime.NumGoroutine counts the program's goroutines",
		prog: `package main

import (
	"context"
	"fmt"
	"runtime"
	"time"
)

func settle(want int) int {
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() != want && time.Now().Before(deadline) {
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
	return runtime.NumGoroutine()
}

func main() {
	fmt.Println("main:", runtime.NumGoroutine())
	release := make(chan bool)
	started := make(chan bool)
	go func() {
		started <- true
		<-release
	}()
	<-started
	fmt.Println("go statement:", runtime.NumGoroutine())
	close(release)
	fmt.Println("after it returns:", settle(1))

	fired := make(chan bool)
	hold := make(chan bool)
	time.AfterFunc(time.Millisecond, func() {
		fired <- true
		<-hold
	})
	<-fired
	fmt.Println("AfterFunc's function:", runtime.NumGoroutine())
	close(hold)
	fmt.Println("after it returns:", settle(1))

	ctx, cancel := context.WithCancel(context.Background())
	inAfter := make(chan bool)
	done := make(chan bool)
	context.AfterFunc(ctx, func() {
		inAfter <- true
		<-done
	})
	cancel()
	<-inAfter
	fmt.Println("context.AfterFunc's function:", runtime.NumGoroutine())
	close(done)
	fmt.Println("after it returns:", settle(1))

	block := make(chan bool)
	go func() { <-block }()
	fmt.Println("right after go, before it runs:", runtime.NumGoroutine())
	close(block)
	fmt.Println("after it returns:", settle(1))
}
`,
		out: "main: 1\ngo statement: 2\nafter it returns: 1\nAfterFunc's function: 2\nafter it returns: 1\n" +
			"context.AfterFunc's function: 2\nafter it returns: 1\nright after go, before it runs: 2\nafter it returns: 1\n",
	})
}
