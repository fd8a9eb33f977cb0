package session

import (
	"os/exec"
	"strings"
	"testing"
)

// forbiddenDeps returns the dependencies of package dir that the session
// must not have: the interpreter (yaegi), the generated symbol tables
// (stdlib/) and the engine.
func forbiddenDeps(t *testing.T, dir string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", dir).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", dir, err)
	}
	var bad []string
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/traefik/yaegi") ||
			dep == "github.com/gophernote/gophernote/stdlib" ||
			strings.HasPrefix(dep, "github.com/gophernote/gophernote/stdlib/") ||
			dep == "github.com/gophernote/gophernote/kernel/engine" {
			bad = append(bad, dep)
		}
	}
	return bad
}

// TestSessionDoesNotImportTheInterpreter guards the layering: the
// session speaks Jupyter and knows cells only through kernel/cell; yaegi
// and the symbol tables stay behind kernel/engine.
func TestSessionDoesNotImportTheInterpreter(t *testing.T) {
	if bad := forbiddenDeps(t, "."); len(bad) > 0 {
		t.Errorf("kernel/session depends on %v", bad)
	}
	// The check itself sees such a dependency where there is one.
	if bad := forbiddenDeps(t, "../engine"); len(bad) == 0 {
		t.Error("the check found no interpreter dependency in kernel/engine, which has one")
	}
}
