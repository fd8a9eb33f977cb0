package progen

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"strconv"
	"testing"
)

// check type-checks a generated program as go build would.
func check(src []byte, imp types.Importer) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "prog.go", src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	conf := types.Config{Importer: imp, GoVersion: "go1.24"}
	_, err = conf.Check("main", fset, []*ast.File{f}, nil)
	return err
}

// TestGeneratedProgramsTypeCheck: every program of the first seeds is
// valid Go (go/types accepts it).
func TestGeneratedProgramsTypeCheck(t *testing.T) {
	n := 60
	if s := os.Getenv("PROGEN_SEEDS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	imp := importer.Default()
	bad := 0
	for seed := int64(1); seed <= int64(n); seed++ {
		src := Generate(seed, Config{}).Source(nil)
		if err := check(src, imp); err != nil {
			bad++
			if bad <= 10 {
				t.Errorf("seed %d: %v", seed, err)
				if os.Getenv("PROGEN_DUMP") != "" {
					os.WriteFile("/tmp/progen_bad_"+strconv.FormatInt(seed, 10)+".go", src, 0o644)
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d programs do not type-check", bad, n)
	}
}

// TestDeterministic: a seed always gives the same program.
func TestDeterministic(t *testing.T) {
	for seed := int64(1); seed <= 5; seed++ {
		a := Generate(seed, Config{}).Source(nil)
		b := Generate(seed, Config{}).Source(nil)
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: two generations differ", seed)
		}
	}
}
