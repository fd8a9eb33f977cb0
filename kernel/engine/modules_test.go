package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/internal/modproxy"
)

// moduleEnv points the go command at a proxy folder of the test's own
// (modproxy.Sample plus extra), never the network, and the plugin cache at
// cache ("" for a fresh one). It skips the test where plugins cannot be
// built.
func moduleEnv(t *testing.T, cache string, extra ...modproxy.Module) string {
	t.Helper()
	modproxy.SetenvForTest(t, append(modproxy.Sample(), extra...)...)
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
		t.Fatalf("cache entries: %d", len(entries))
	}
	// A cached plugin that no longer loads is built again, once. (The
	// entry is built without loading it: a loaded plugin's file is never
	// changed in place, which would crash the process that maps it.)
	cache2 := t.TempDir()
	t.Setenv("GOPHERNOTE_PLUGIN_CACHE", cache2)
	e3 := newEngine(t)
	b, err := e3.mod.builder()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Import(context.Background(), "example.com/greet", "", nil, true); err != nil {
		t.Fatal(err)
	}
	sos, _ := filepath.Glob(filepath.Join(cache2, "entries", "*", "*.so"))
	if len(sos) != 1 {
		t.Fatalf("plugin files: %v", sos)
	}
	if err := os.WriteFile(sos[0]+".new", []byte("not a plugin"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(sos[0]+".new", sos[0]); err != nil {
		t.Fatal(err)
	}
	s3, r3 := mustLong(t, e3, "import \"example.com/greet\"\ngreet.Hello(\"Di\")")
	if text(r3) != "HELLO, Di!!" || !strings.Contains(displayText(s3), "built as a plugin") {
		t.Errorf("after a broken cache entry: %q %q", text(r3), displayText(s3))
	}
}

// conflictModules are a gonum newer than the kernel's and a module that
// needs it.
func conflictModules() []modproxy.Module {
	return []modproxy.Module{
		{Path: "gonum.org/v1/gonum", Version: "v0.99.0", Files: map[string]string{"floats/floats.go": "package floats\n\nfunc Sum(xs []float64) float64 { return 0 }\n"}},
		{Path: "example.com/newer", Version: "v1.0.0", GoMod: "\nrequire gonum.org/v1/gonum v0.99.0\n", Files: map[string]string{
			"newer.go": "package newer\n\nimport \"gonum.org/v1/gonum/floats\"\n\nfunc Total(xs []float64) float64 { return floats.Sum(xs) }\n"}},
		{Path: "example.com/cgopkg", Version: "v1.0.0", Files: map[string]string{
			"cgo.go": "package cgopkg\n\n// int twice(int x) { return 2 * x; }\nimport \"C\"\n\n// Twice doubles x in C.\nfunc Twice(x int) int { return int(C.twice(C.int(x))) }\n"}},
	}
}

// TestModuleVersionConflict uses a module cache of its own: its gonum
// v0.99.0 must never reach the machine's.
func TestModuleVersionConflict(t *testing.T) {
	moduleEnv(t, "", conflictModules()...)
	t.Setenv("GOMODCACHE", t.TempDir())
	t.Setenv("GOFLAGS", "-modcacherw")
	e := newEngine(t)
	_, r := runLong(t, e, "import \"example.com/newer\"")
	want := "version conflict: example.com/newer needs gonum.org/v1/gonum v0.99.0 (the kernel has v0.17.0; example.com/newer uses its package gonum.org/v1/gonum/floats)"
	if r.Err == nil || !strings.Contains(r.Err.Value, want) || !strings.Contains(r.Err.Value, "Way out: pin an older version") {
		t.Errorf("got %v", r.Err)
	}
}

func TestModuleErrors(t *testing.T) {
	moduleEnv(t, "", conflictModules()[2])
	e := newEngine(t)
	cases := []struct{ code, name, want string }{
		{"import \"example.com/nosuch\"", "ImportError", `1:8: module for example.com/nosuch not found`},
		{"%go get example.com/greet@v9.9.9", "ImportError", "1:1: version v9.9.9 of example.com/greet does not exist"},
		{"x := 1\nimport \"example.com/broken\"", "CompileError", `2:8: example.com/broken v1.0.0 does not compile`},
		{"%go fetch x", "ImportError", "usage: %go get MODULE@VERSION"},
	}
	for _, c := range cases {
		_, r := runLong(t, e, c.code)
		if r.Err == nil || r.Err.Name != c.name || !strings.Contains(r.Err.Value, c.want) {
			t.Errorf("%q: got %v, want %s %q", c.code, r.Err, c.name, c.want)
		}
		if _, r := run(t, e, "1 + 1"); text(r) != "2" {
			t.Fatalf("session unusable after %q", c.code)
		}
	}
	// broken's error is go build's.
	_, r := runLong(t, e, "import \"example.com/broken\"")
	if r.Err == nil || !strings.Contains(r.Err.Value, `cannot use "not an int" (untyped string constant) as int value in return statement`) {
		t.Errorf("broken: %v", r.Err)
	}
	// A cgo package builds where cgo works.
	_, r = mustLong(t, e, "import \"example.com/cgopkg\"\ncgopkg.Twice(21)")
	if text(r) != "42" {
		t.Errorf("cgo: %q", text(r))
	}
}

func TestGoGetPins(t *testing.T) {
	moduleEnv(t, "")
	e := newEngine(t)
	s, _ := mustLong(t, e, "%go get example.com/ver@v1.0.0")
	if d := displayText(s); !strings.Contains(d, "example.com/ver pinned at v1.0.0") {
		t.Errorf("displays %q", d)
	}
	_, r := mustLong(t, e, "import \"example.com/ver\"\nver.Version")
	if text(r) != "v1.0.0" {
		t.Errorf("pinned: %q", text(r))
	}
	// Another version once loaded: refused, session fine.
	_, r = runLong(t, e, "%go get example.com/ver@v1.1.0")
	if r.Err == nil || !strings.Contains(r.Err.Value, "example.com/ver v1.0.0 is loaded in this session already") {
		t.Errorf("re-pin: %v", r.Err)
	}
	// %go get lines mix with Go.
	_, r = mustLong(t, e, "%go get example.com/words@v1.0.0\nimport \"example.com/words\"\nwords.Upper(\"go\")")
	if text(r) != "GO" {
		t.Errorf("mixed: %q", text(r))
	}
}

func TestModuleInterpretedFallback(t *testing.T) {
	for _, c := range []struct{ name, key, val, why string }{
		{"plugins-off", PluginsEnv, "0", PluginsEnv + "=0"},
		{"no-c-compiler", "CC", "/nonexistent/cc", "no C compiler"},
	} {
		t.Run(c.name, func(t *testing.T) {
			moduleEnv(t, "", conflictModules()[2])
			t.Setenv(c.key, c.val)
			e := newEngine(t)
			s, r := mustLong(t, e, `import "example.com/greet"
import "example.com/words"
g := greet.Greeter{Word: "hey"}
fmt.Println(g.Greet("Al"), words.Hello)
greet.Hello("Ada")`)
			if text(r) != "HELLO, Ada!!" || s.out() != "hey, Al!! hello\n" {
				t.Errorf("interpreted: %q %q", text(r), s.out())
			}
			if n := strings.Count(s.errText(), "gophernote: interpreting the source of"); n != 1 || !strings.Contains(s.errText(), c.why) {
				t.Errorf("stderr %q", s.errText())
			}
			_, r = runLong(t, e, "import \"example.com/cgopkg\"")
			if r.Err == nil || !strings.Contains(r.Err.Value, "example.com/cgopkg uses cgo (example.com/cgopkg (cgo.go)), which the interpreter cannot run") {
				t.Errorf("cgo: %v", r.Err)
			}
			_, r = runLong(t, e, "%%compile k\nfunc F() int { return 1 }")
			if r.Err == nil || !strings.HasPrefix(r.Err.Value, "1:1: ") || !strings.Contains(r.Err.Value, c.why) {
				t.Errorf("compiled cell without plugins: %v", r.Err)
			}
		})
	}
}

// interruptSink cancels the cell when a display shows want.
type interruptSink struct {
	fakeSink
	want   string
	cancel func()
}

func (s *interruptSink) Display(b display.Bundle, update bool) {
	s.fakeSink.Display(b, update)
	if t, _ := b.Data["text/plain"].(string); strings.Contains(t, s.want) {
		s.cancel()
	}
}

func TestModuleBuildInterrupted(t *testing.T) {
	cache := moduleEnv(t, "")
	e := newEngine(t)
	for _, step := range []string{"go get", "go build -buildmode=plugin"} {
		ctx, cancel := context.WithCancel(context.Background())
		s := &interruptSink{want: step, cancel: cancel}
		r := e.Execute(ctx, "import \"example.com/greet\"", s)
		cancel()
		if r.Err == nil || r.Err.Name != "Interrupted" {
			t.Fatalf("at %q: %v", step, r.Err)
		}
		if entries, _ := os.ReadDir(filepath.Join(cache, "entries")); len(entries) != 0 {
			t.Errorf("at %q: cache entries %d", step, len(entries))
		}
		if tmp, _ := os.ReadDir(filepath.Join(cache, "tmp")); len(tmp) != 0 {
			t.Errorf("at %q: left in tmp: %v", step, tmp)
		}
	}
	_, r := mustLong(t, e, "import \"example.com/greet\"\ngreet.Hello(\"x\")")
	if text(r) != "HELLO, x!!" {
		t.Errorf("after interrupts: %q", text(r))
	}
	// A compiled cell interrupted while it builds: no entry, and it
	// compiles when run again.
	const cellSrc = "%%compile slow\nfunc F() int { return 42 }"
	ctx, cancel := context.WithCancel(context.Background())
	s := &interruptSink{want: "go build -buildmode=plugin", cancel: cancel}
	r = e.Execute(ctx, cellSrc, s)
	cancel()
	if r.Err == nil || r.Err.Name != "Interrupted" {
		t.Fatalf("compiled cell: %v", r.Err)
	}
	entries, _ := os.ReadDir(filepath.Join(cache, "entries"))
	for _, en := range entries {
		if strings.HasPrefix(en.Name(), "c-") {
			t.Errorf("interrupted cell left entry %s", en.Name())
		}
	}
	if err := runErr(t, e, "import \"slow\""); !strings.Contains(err.Value, "package slow is not available") {
		t.Errorf("an interrupted compiled cell: %v", err)
	}
	mustLong(t, e, cellSrc)
	if _, r := mustLong(t, e, "import \"slow\"\nslow.F()"); text(r) != "42" {
		t.Errorf("after the interrupt: %q", text(r))
	}
}
