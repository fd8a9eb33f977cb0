// The Fatal method of a logger made by log.New ends the program too.
package main

import (
	"fmt"
	"log"
	"os"
)

func main() {
	defer fmt.Println("deferred: must not print")
	l := log.New(os.Stderr, "lg: ", log.Lmsgprefix)
	l.Print("first")
	log.Default().SetFlags(0)
	l.SetFlags(l.Flags() &^ log.LstdFlags)
	l.Fatalln("fatal", 2)
}
