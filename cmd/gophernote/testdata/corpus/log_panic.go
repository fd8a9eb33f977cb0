// log.Panic writes its message, then panics; a recover sees it.
package main

import (
	"fmt"
	"log"
	"os"
)

func main() {
	l := log.New(os.Stdout, "L ", 0)
	defer func() { fmt.Println("recovered:", recover()) }()
	l.Println("logger to stdout")
	log.SetFlags(0)
	log.Panicln("giving up", 7)
}
