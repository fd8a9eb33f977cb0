package engine

import (
	"strings"
	"testing"
)

// TestIntrospectionRefused: every use of a runtime view the interpreter
// changes (frames, finalizers, allocation counts, heap statistics) is a
// CompileError at its cell line:col naming the function, before the cell
// runs (its earlier statements print nothing).
func TestIntrospectionRefused(t *testing.T) {
	cases := []struct{ code, want string }{
		{"fmt.Println(1)\nx := new(int)\nruntime.SetFinalizer(x, func(*int) {})", "3:1: runtime.SetFinalizer is not supported by the gophernote interpreter: the interpreter keeps values alive longer than compiled Go"},
		{"type T struct{ p *int }\nfunc (t *T) arm() { runtime.SetFinalizer(t, (*T).done) }\nfunc (t *T) done() {}", "2:21: runtime.SetFinalizer is not"},
		{"f := runtime.SetFinalizer\n_ = f", "1:6: runtime.SetFinalizer is not"},
		{"runtime.AddCleanup(new(int), func(int) {}, 0)", "1:1: runtime.AddCleanup is not supported by the gophernote interpreter: the interpreter keeps values alive"},
		{"n := testing.AllocsPerRun(100, func() {})\nfmt.Println(n)", "1:6: testing.AllocsPerRun is not supported by the gophernote interpreter: the interpreter allocates for the cell's own operations"},
		{"r := testing.Benchmark(func(b *testing.B) {})\nfmt.Println(r.NsPerOp(), r.AllocsPerOp())", "2:26: testing.BenchmarkResult.AllocsPerOp is not"},
		{"var m runtime.MemStats\nruntime.ReadMemStats(&m)\nfmt.Println(m.Mallocs)", "2:1: runtime.ReadMemStats is not supported by the gophernote interpreter: the heap is the interpreter's"},
		{"var s debug.GCStats\ndebug.ReadGCStats(&s)", "2:1: debug.ReadGCStats is not"},
		{"func trace() string { return string(debug.Stack()) }", "1:37: debug.Stack is not supported by the gophernote interpreter: interpreted functions have no frames"},
		{"defer debug.PrintStack()", "1:7: debug.PrintStack is not"},
		{"old := debug.SetMaxStack(1 << 16)\n_ = old", "1:8: debug.SetMaxStack is not supported by the gophernote interpreter: an interpreted call takes many times the Go stack"},
		{"buf := make([]byte, 1024)\nn := runtime.Stack(buf, false)\n_ = n", "2:6: runtime.Stack is not"},
		{"import . \"runtime\"\nfunc f(p *int) { SetFinalizer(p, nil) }", "2:18: runtime.SetFinalizer is not"},
		{"import \"weak\"", "1:8: package weak is not available in gophernote: the interpreter keeps values alive longer than compiled Go"},
	}
	for _, c := range cases {
		e := newEngine(t)
		s, r := execute(t, e, c.code)
		if r.Err == nil || r.Err.Name != "CompileError" || !strings.HasPrefix(r.Err.Value, c.want) {
			t.Errorf("%q:\n got %+v\nwant a CompileError starting %q", c.code, r.Err, c.want)
		}
		if s.out() != "" {
			t.Errorf("%q: the refused cell printed %q", c.code, s.out())
		}
	}
	// What stays: the runtime's controls, and the names of these packages
	// that describe no frame or heap.
	e := newEngine(t)
	s, _ := run(t, e, "x := new(int)\nruntime.GC()\nruntime.KeepAlive(x)\nold := debug.SetGCPercent(100)\ndebug.SetGCPercent(old)\nvar r testing.BenchmarkResult\nfmt.Println(r.NsPerOp(), old)")
	if s.out() != "0 100\n" {
		t.Errorf("runtime controls: %q", s.out())
	}
}

// TestMissingSymbolsRefused: a name a package's symbol table lacks is
// refused naming the table, not in yaegi's words.
func TestMissingSymbolsRefused(t *testing.T) {
	cases := []struct{ code, want string }{
		{"import \"syscall\"\nb, err := syscall.Mmap(-1, 0, 4096, syscall.PROT_READ, syscall.MAP_ANON)\n_, _ = b, err", "2:19: syscall.Mmap is not available in gophernote: its table of package syscall holds only the process calls"},
		{"import \"syscall\"\nfmt.Println(syscall.Getpagesize())", "2:21: syscall.Getpagesize is not available in gophernote: its table of package syscall"},
		{"import \"os\"\nerr := os.CopyFS(\"d\", nil)\n_ = err", "2:11: os.CopyFS is not available in gophernote: its symbol table of package os (yaegi v0.16.1's, extracted from Go 1.22) lacks it"},
	}
	for _, c := range cases {
		e := newEngine(t)
		err := runErr(t, e, c.code)
		if err.Name != "CompileError" || !strings.HasPrefix(err.Value, c.want) {
			t.Errorf("%q:\n got %s %q\nwant a CompileError starting %q", c.code, err.Name, err.Value, c.want)
		}
	}
	// The process calls the table has still run.
	e := newEngine(t)
	s, _ := run(t, e, "import \"syscall\"\nfmt.Println(syscall.Kill(1, 0) != nil || true)")
	if s.out() != "true\n" {
		t.Errorf("syscall.Kill: %q", s.out())
	}
}
