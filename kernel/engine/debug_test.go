package engine

import (
	"fmt"
	"os"
	"testing"
)

func TestDebugPlan(t *testing.T) {
	code := os.Getenv("GN_CELL")
	if code == "" {
		t.Skip("set GN_CELL to print the plan of a cell (debugging aid)")
	}
	e := newEngine(t)
	e.cellN++
	pl, err := e.prepare(code)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range pl.units {
		fmt.Printf("--- unit %d final=%v\n%s\n", u.kind, u.final, u.src)
	}
	e.cellN--
	s, r := run(t, e, code)
	fmt.Printf("stdout %q stderr %q value %q\n", s.out(), s.errText(), text(r))
}
