// Issue 12: flag.Parse saw gophernote's own command line.
package main

import (
	"flag"
	"fmt"
)

var n = flag.Int("n", 3, "how many")

func main() {
	verbose := flag.Bool("v", false, "verbose")
	flag.Parse()
	fmt.Println(*n, *verbose, flag.NArg(), flag.Args(), flag.Parsed())
	flag.VisitAll(func(f *flag.Flag) { fmt.Println(f.Name, f.DefValue, f.Usage) })
}
