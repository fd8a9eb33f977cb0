// Issue 12: log.Fatal in a cell killed the kernel.
package main

import (
	"fmt"
	"log"
)

func main() {
	defer fmt.Println("deferred: must not print")
	log.SetFlags(0)
	log.SetPrefix("app: ")
	log.Println("starting")
	log.Printf("value %d", 42)
	log.Fatalf("cannot continue: %s", "boom")
}
