package engine

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestZZDump prints what the cell in $DUMP_FILE is rewritten to (a
// developer's tool; skipped without DUMP_FILE).
func TestZZDump(t *testing.T) {
	f := os.Getenv("DUMP_FILE")
	if f == "" {
		t.Skip("DUMP_FILE not set")
	}
	src, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	e := newEngine(t)
	cells := strings.Split(string(src), "#cell\n")
	for _, c := range cells[:len(cells)-1] {
		run(t, e, c)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.cellN++
	p, ce := e.prepareWith(cells[len(cells)-1], nil)
	if ce != nil {
		t.Fatal(ce)
	}
	for _, u := range p.pl.units {
		fmt.Println("----", strings.TrimSpace(directiveRe.ReplaceAllString(u.src, "")))
	}
}

// TestZZRun runs the cells of $RUN_FILE (separated by lines "#cell").
func TestZZRun(t *testing.T) {
	f := os.Getenv("RUN_FILE")
	if f == "" {
		t.Skip("RUN_FILE not set")
	}
	src, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	e := newEngine(t)
	for _, c := range strings.Split(string(src), "#cell\n") {
		out, r := run(t, e, c)
		fmt.Printf("%s", out.out())
		if r.Err != nil {
			fmt.Println("ERR", r.Err)
		}
	}
}
