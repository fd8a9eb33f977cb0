package modproxy

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
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
	// Test processes run side by side (go test runs packages in
	// parallel, and kernel/engine, kernel/runner and kernel/jupytertest
	// all serve the sample modules): each holds a shared lock on the
	// machine's module cache while it uses them, and only the last one
	// forgets them. Forgetting them under another's build removed its
	// source files (open .../example.com/words@v1.0.0/words.go: no such
	// file or directory, a red CI).
	lock := lockModcache(t, modcache)
	t.Cleanup(func() {
		defer lock.Close()
		_ = syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
		if syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
			return // another test still uses them; it forgets them
		}
		if err := Forget(modcache, mods...); err != nil {
			t.Error(err)
		}
	})
	return Env(proxy, modcache)
}

// lockModcache opens the lock file of the sample modules in modcache and
// takes a shared lock on it (waiting while a test forgets them).
func lockModcache(t testing.TB, modcache string) *os.File {
	t.Helper()
	dir := filepath.Join(modcache, "cache")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, "gophernote-modtest.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH); err != nil {
		f.Close()
		t.Fatalf("locking the module cache: %v", err)
	}
	return f
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
