// Package-level variables a user declares in reading order, not
// dependency order: a default configuration built by a method that reads
// a table declared below it, a registry filled by a function, derived
// constants of a model computed from variables declared later. Go
// initializes them in dependency order (through functions and methods).
package main

import (
	"fmt"
	"strings"
)

type Config struct {
	Name  string
	Steps int
}

func (c Config) Scaled() Config { return Config{c.Name + "-x", c.Steps * factor} }

var (
	defaults = base.Scaled()
	summary  = describe()
	base     = Config{"base", steps()}
	factor   = len(registry)
)

var registry = register("adam", "sgd", "lion")

var log []string

func register(names ...string) map[string]int {
	log = append(log, "register")
	m := map[string]int{}
	for i, n := range names {
		m[n] = i
	}
	return m
}

func steps() int {
	log = append(log, "steps")
	return 100
}

func describe() string {
	log = append(log, "describe")
	return fmt.Sprintf("%s:%d", defaults.Name, defaults.Steps)
}

func main() {
	fmt.Println(defaults, summary, base, factor, len(registry))
	fmt.Println(strings.Join(log, " "))
}
