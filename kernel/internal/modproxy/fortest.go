package modproxy

import (
	"os/exec"
	"strings"
	"testing"
)

// ForTest is the set-up every module test shares: it writes mods as a
// proxy in a temporary folder of t, makes the machine's module cache
// forget them when t ends (Forget), and returns the go command's
// environment that serves them, and the cache's own modules, offline
// (Env). A test without the go command is skipped.
func ForTest(t testing.TB, mods ...Module) []string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	proxy := t.TempDir()
	if err := Write(proxy, mods...); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOMODCACHE: %v", err)
	}
	modcache := strings.TrimSpace(string(out))
	t.Cleanup(func() {
		if err := Forget(modcache, mods...); err != nil {
			t.Error(err)
		}
	})
	return Env(proxy, modcache)
}

// SetenvForTest is ForTest with its environment set for the rest of t
// (t.Setenv).
func SetenvForTest(t testing.TB, mods ...Module) {
	t.Helper()
	for _, kv := range ForTest(t, mods...) {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
}
