package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/internal/modproxy"
)

// moduleEnv points the go command at a proxy folder of the test's own
// (modproxy.Sample plus extra), never the network, and the plugin cache at
// cache ("" for a fresh one). It skips the test where plugins cannot be
// built.
func moduleEnv(t *testing.T, cache string, extra ...modproxy.Module) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	proxy := t.TempDir()
	if err := modproxy.Write(proxy, append(modproxy.Sample(), extra...)...); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, kv := range modproxy.Env(proxy, strings.TrimSpace(string(out))) {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	if cache == "" {
		cache = t.TempDir()
	}
	t.Setenv("GOPHERNOTE_PLUGIN_CACHE", cache)
	return cache
}

// runLong runs a cell that may build (minutes on a cold build cache).
func runLong(t *testing.T, e *Engine, code string) (*fakeSink, cell.Result) {
	t.Helper()
	s := &fakeSink{}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	return s, e.Execute(ctx, code, s)
}

func mustLong(t *testing.T, e *Engine, code string) (*fakeSink, cell.Result) {
	t.Helper()
	s, r := runLong(t, e, code)
	if r.Err != nil {
		t.Fatalf("cell %q failed: %v\ntraceback: %q\nstderr: %s", code, r.Err, r.Err.Traceback, s.errText())
	}
	return s, r
}

func displayText(s *fakeSink) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	for _, d := range s.displays {
		if t, ok := d.Data["text/plain"].(string); ok {
			b.WriteString(t + "\n")
		}
	}
	return b.String()
}

func TestModuleImport(t *testing.T) {
	cache := moduleEnv(t, "")
	e := newEngine(t)
	s, r := mustLong(t, e, `import "example.com/greet"
g := greet.Greeter{Word: "hi"}
fmt.Println(g.Greet("Bo"), greet.Version, greet.Sum([]float64{1, 2, 3.5}))
greet.Hello("Ada")`)
	if got := text(r); got != "HELLO, Ada!!" {
		t.Errorf("value = %q (latest is v1.1.0)", got)
	}
	if got := s.out(); got != "hi, Bo!! v1.1.0 6.5\n" {
		t.Errorf("stdout = %q", got)
	}
	if d := displayText(s); !strings.Contains(d, "example.com/greet v1.1.0: built as a plugin") {
		t.Errorf("progress displays: %q", d)
	}
	// Completion and inspection know the package.
	items, _, _ := e.Complete("greet.He", len("greet.He"))
	if len(items) != 1 || items[0] != "Hello" {
		t.Errorf("completion: %+v", items)
	}
	data, found := e.Inspect("greet.Hello", len("greet.Hello"), 0)
	if txt, _ := data["text/plain"].(string); !found || !strings.Contains(txt, "Hello greets name loudly.") || !strings.Contains(txt, "func Hello(name string) string") {
		t.Errorf("inspect: %v %q", found, data["text/plain"])
	}
	// A restart (a new engine) finds the plugin in the cache: no build.
	e2 := newEngine(t)
	s2, r2 := mustLong(t, e2, `import "example.com/greet"
greet.Hello("Cy")`)
	if got := text(r2); got != "HELLO, Cy!!" {
		t.Errorf("after restart: %q", got)
	}
	if d := displayText(s2); d != "" {
		t.Errorf("a cached import shows %q", d)
	}
	entries, _ := os.ReadDir(filepath.Join(cache, "entries"))
	if len(entries) != 1 {
		t.Errorf("cache entries: %d", len(entries))
	}
}
