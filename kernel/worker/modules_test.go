package worker

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/internal/modproxy"
)

// modDomain is this package's test domain (test processes share the
// machine's module cache and run at once: engine tests use example.com,
// modbuild example.net, jupytertest example.org).
const modDomain = "example.edu"

// moduleEnv points the go command (in the worker, which inherits the
// environment) at a proxy folder of the test's own and the plugin cache
// at a fresh folder, which it returns.
func moduleEnv(t *testing.T) string {
	t.Helper()
	modproxy.SetenvForTest(t, modproxy.In(modDomain, modproxy.Sample())...)
	cache := t.TempDir()
	t.Setenv("GOPHERNOTE_PLUGIN_CACHE", cache)
	return cache
}

// runBuild runs a cell that may build with the toolchain (minutes on a
// cold build cache) and fails the test when the cell fails.
func runBuild(t *testing.T, c *Client, code string) (*recSink, string) {
	t.Helper()
	s := &recSink{}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	r := c.Execute(ctx, code, s)
	if r.Err != nil {
		t.Fatalf("cell %q: %v\ntraceback: %q\nstderr: %s", code, r.Err, r.Err.Traceback, s.errText())
	}
	return s, text(r)
}

func (s *recSink) displayText() string {
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

// cancelSink cancels its cell when a display shows want.
type cancelSink struct {
	recSink
	want   string
	cancel func()
}

func (s *cancelSink) Display(b display.Bundle, update bool) {
	s.recSink.Display(b, update)
	if t, _ := b.Data["text/plain"].(string); strings.Contains(t, s.want) {
		s.cancel()
	}
}

// TestModulesInWorker: a module's plugin, a compiled cell and %go get
// work through the client, the plugins loading into the worker's process
// (the kernel's own never links them); the build's progress reaches the
// cell, an interrupt stops a build there leaving no cache entry, and a
// new worker (a kernel restart) imports from the cache without a build.
func TestModulesInWorker(t *testing.T) {
	cache := moduleEnv(t)
	c := start(t, Options{})

	s, v := runBuild(t, c, fmt.Sprintf("import \"%s/greet\"\ng := greet.Greeter{Word: \"hi\"}\nfmt.Println(g.Greet(\"Bo\"))\ngreet.Hello(\"Ada\")", modDomain))
	if v != "HELLO, Ada!!" || s.out() != "hi, Bo!!\n" {
		t.Errorf("import: value %q stdout %q", v, s.out())
	}
	if d := s.displayText(); !strings.Contains(d, "go get "+modDomain+"/greet") || !strings.Contains(d, modDomain+"/greet v1.1.0: built as a plugin") {
		t.Errorf("progress: %q", d)
	}
	// The cells run in the worker, a process other than this one.
	s, v = runBuild(t, c, "import \"os\"\nos.Getpid()")
	if pid := c.PID(); v != fmt.Sprint(pid) || pid == os.Getpid() {
		t.Errorf("cell pid %s, worker %d, client %d", v, pid, os.Getpid())
	}
	if m, _, _ := c.Complete("greet.He", len("greet.He")); len(m) != 1 || m[0] != "Hello" {
		t.Errorf("complete: %v", m)
	}
	if data, found := c.Inspect("greet.Hello", len("greet.Hello"), 0); !found || !strings.Contains(fmt.Sprint(data["text/plain"]), "Hello greets name loudly.") {
		t.Errorf("inspect: %v %v", found, data)
	}

	s, v = runBuild(t, c, "%%compile acc\n\n// Loop adds 0.5 n times.\nfunc Loop(n int) float64 {\n\ts := 0.0\n\tfor i := 0; i < n; i++ {\n\t\ts += 0.5\n\t}\n\treturn s\n}")
	if !strings.Contains(s.displayText(), "package acc compiled") {
		t.Errorf("compile: %q", s.displayText())
	}
	if _, v = runBuild(t, c, "import \"acc\"\nacc.Loop(3_000_000)"); v != "1.5e+06" {
		t.Errorf("acc.Loop = %q", v)
	}
	r := c.Execute(context.Background(), "%%compile bad\n\nfunc F() int {\n\treturn \"x\"\n}", &recSink{})
	if want := `4:9: cannot use "x" (untyped string constant) as int value in return statement`; r.Err == nil || r.Err.Name != "CompileError" || !strings.HasPrefix(r.Err.Value, want) {
		t.Errorf("compile error: %v", r.Err)
	}
	if _, v = runBuild(t, c, fmt.Sprintf("%%go get %s/ver@v1.0.0\nimport \"%s/ver\"\nver.Version", modDomain, modDomain)); v != "v1.0.0" {
		t.Errorf("%%go get: %q", v)
	}

	// An interrupt (the client cancels the request) stops the build in
	// the worker: no cache entry, and the session goes on.
	ctx, cancel := context.WithCancel(context.Background())
	cs := &cancelSink{want: "go build -buildmode=plugin", cancel: cancel}
	r = c.Execute(ctx, "%%compile slow\nfunc F() int { return 42 }", cs)
	cancel()
	if r.Err == nil || r.Err.Name != "Interrupted" {
		t.Fatalf("interrupted compiled cell: %v", r.Err)
	}
	entries, _ := os.ReadDir(filepath.Join(cache, "entries"))
	for _, en := range entries {
		if strings.HasPrefix(en.Name(), "c-") && strings.Contains(en.Name(), "slow") {
			t.Errorf("the interrupted cell left entry %s", en.Name())
		}
	}
	if tmp, _ := os.ReadDir(filepath.Join(cache, "tmp")); len(tmp) != 0 {
		t.Errorf("left in tmp: %v", tmp)
	}
	if _, v = runBuild(t, c, "acc.Loop(4)"); v != "2" {
		t.Errorf("after the interrupt: %q", v)
	}

	// A new worker (what a kernel restart starts) finds the plugin in the
	// cache: no build, no progress.
	c.Close()
	c2 := start(t, Options{})
	s, v = runBuild(t, c2, fmt.Sprintf("import \"%s/greet\"\ngreet.Hello(\"Cy\")", modDomain))
	if v != "HELLO, Cy!!" || s.displayText() != "" {
		t.Errorf("after restart: %q, displays %q", v, s.displayText())
	}
}

var _ cell.Sink = (*cancelSink)(nil)

// TestBenchModuleImportWorker (GOPHERNOTE_BENCH=1) prints
//
//	BENCH module-import-worker first=T cached=T restart=T worker-start=T ratio=R
//
// a module's package from a local proxy imported through the kernel
// users run: a gophernote binary built here, its worker a process of its
// own. first builds the plugin (go build cache warm), cached imports it
// again in the session, restart is the import in a new worker (the
// plugin from the cache), worker-start that worker's start; ratio is
// restart/first. (A test binary records no dependency versions, so the
// engine's own BENCH module-import pays a go list on each restart that
// the kernel's binary does not.)
func TestBenchModuleImportWorker(t *testing.T) {
	if os.Getenv("GOPHERNOTE_BENCH") != "1" {
		t.Skip("set GOPHERNOTE_BENCH=1")
	}
	moduleEnv(t)
	bin := filepath.Join(t.TempDir(), "gophernote")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/gophernote/gophernote/cmd/gophernote").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	opts := Options{Command: []string{bin, Subcommand}, Log: testLogger(t)}
	c, err := Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { c.Close() }()
	runBuild(t, c, fmt.Sprintf("import \"%s/ver\"", modDomain)) // warms the generator and std -dynlink
	code := fmt.Sprintf("import \"%s/greet\"\ngreet.Hello(\"a\")", modDomain)
	t0 := time.Now()
	runBuild(t, c, code)
	first := time.Since(t0)
	t0 = time.Now()
	runBuild(t, c, code)
	cached := time.Since(t0)
	c.Close()
	t0 = time.Now()
	if c, err = Start(opts); err != nil {
		t.Fatal(err)
	}
	start := time.Since(t0)
	t0 = time.Now()
	if _, v := runBuild(t, c, code); v != "HELLO, a!!" {
		t.Fatalf("after restart: %q", v)
	}
	restart := time.Since(t0)
	fmt.Printf("BENCH module-import-worker first=%s cached=%s restart=%s worker-start=%s ratio=%.3f\n",
		first.Round(10*time.Millisecond), cached.Round(100*time.Microsecond), restart.Round(100*time.Microsecond),
		start.Round(100*time.Microsecond), float64(restart)/float64(first))
}
