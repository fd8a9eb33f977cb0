package engine

import (
	"strings"
	"testing"
)

// A package cells cannot import is a compile error at its import, which
// names it and says what to do, and it leaves the rest of the session
// (the other packages of its import block) usable.
func TestFailedImportDoesNotPoisonTheBlock(t *testing.T) {
	e := newEngine(t)
	err := runErr(t, e, "import (\n\t\"fmt\"\n\t\"golang.org/x/exp/rand\"\n\t\"strings\"\n)\nfmt.Println(strings.ToUpper(\"a\"))")
	if err.Name != "CompileError" || !strings.HasPrefix(err.Value, "3:2: package golang.org/x/exp/rand is not available") ||
		!strings.Contains(err.Value, "math/rand/v2") {
		t.Errorf("error %s: %q", err.Name, err.Value)
	}
	for _, bad := range []string{"GOPATH", "Interpreter.Options"} {
		if strings.Contains(err.Value, bad) {
			t.Errorf("error talks of %s: %q", bad, err.Value)
		}
	}
	s, _ := run(t, e, "import (\n\t\"fmt\"\n\t\"strings\"\n)\nfmt.Println(strings.ToUpper(\"a\"))")
	if s.out() != "A\n" {
		t.Errorf("after the failed import: %q", s.out())
	}
	err = runErr(t, e, `import "embed"`)
	if !strings.HasPrefix(err.Value, "1:8: package embed is not available") || strings.Contains(err.Value, "GOPATH") {
		t.Errorf("embed: %q", err.Value)
	}
}

// import "math/rand/v2" binds rand to math/rand/v2, not math/rand.
func TestRandV2ImportBinding(t *testing.T) {
	e := newEngine(t)
	_, r := run(t, e, "import \"math/rand/v2\"\nr := rand.New(rand.NewPCG(1, 2))\nr.IntN(10) < 10")
	if text(r) != "true" {
		t.Errorf("rand/v2: %q", text(r))
	}
	_, r = run(t, e, "import r1 \"math/rand\"\nr1.New(r1.NewSource(1)).Intn(5) < 5")
	if text(r) != "true" {
		t.Errorf("math/rand beside v2: %q", text(r))
	}
}
