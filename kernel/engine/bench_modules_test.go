package engine

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// loopBody is the benchmark loop: 3,000,000 dependent float adds.
const loopBody = `func Loop(n int) float64 {
	s := 0.0
	for i := 0; i < n; i++ {
		s += float64(i)
	}
	return s
}`

// TestBenchCompiledCellLoop (GOPHERNOTE_BENCH=1) prints
//
//	BENCH compiled-cell-loop cell=T compiled-go=T ratio=R interpreted=T compile=T
//
// the 3M float-add loop as a compiled cell called from a cell, beside the
// same loop in a compiled Go binary (built here, timing itself), best of
// 5 each; ratio is cell/binary (goal ≤ 1.5); interpreted is the loop
// written in a plain cell; compile is the %%compile cell's time with the
// go build cache warm and an empty plugin cache.
func TestBenchCompiledCellLoop(t *testing.T) {
	if os.Getenv("GOPHERNOTE_BENCH") != "1" {
		t.Skip("set GOPHERNOTE_BENCH=1")
	}
	moduleEnv(t, "")
	const n = 3_000_000
	// The compiled Go binary.
	dir := t.TempDir()
	prog := "package main\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\n//go:noinline\n" + loopBody + `

func main() {
	best := time.Hour
	var s float64
	for range 5 {
		t0 := time.Now()
		s = Loop(3_000_000)
		if d := time.Since(t0); d < best {
			best = d
		}
	}
	fmt.Println(best.Nanoseconds(), s)
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module loop\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", "loop", ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(dir, "loop")).Output()
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(out))
	goNs, _ := strconv.ParseInt(f[0], 10, 64)
	want := f[1]

	e := newEngine(t)
	// Warm the go build cache for this shape of build (its std -dynlink
	// and the generator), then time a fresh compile of the loop cell.
	mustLong(t, e, "%%compile warmup\nfunc F() int { return 1 }")
	t0 := time.Now()
	mustLong(t, e, "%%compile loopbench\n\n"+loopBody)
	compile := time.Since(t0)
	best := func(code string) time.Duration {
		b := time.Duration(1 << 62)
		for range 5 {
			s, r := mustLong(t, e, code)
			ns, err := strconv.ParseInt(strings.TrimSpace(s.out()), 10, 64)
			if err != nil {
				t.Fatalf("%q: %v", s.out(), err)
			}
			if d := time.Duration(ns); d < b {
				b = d
			}
			if got := text(r); got != want && fmt.Sprint(got) != want {
				t.Fatalf("sum %q, want %q", got, want)
			}
		}
		return b
	}
	cell := best(fmt.Sprintf("import \"loopbench\"\nt0 := time.Now()\ns := loopbench.Loop(%d)\nfmt.Println(time.Since(t0).Nanoseconds())\ns", n))
	mustLong(t, e, "func interpLoop(n int) float64 {\n\ts := 0.0\n\tfor i := 0; i < n; i++ {\n\t\ts += float64(i)\n\t}\n\treturn s\n}")
	interp := best(fmt.Sprintf("t1 := time.Now()\ns1 := interpLoop(%d)\nfmt.Println(time.Since(t1).Nanoseconds())\ns1", n))
	fmt.Printf("BENCH compiled-cell-loop cell=%s compiled-go=%s ratio=%.2f interpreted=%s compile=%s\n",
		cell.Round(10*time.Microsecond), time.Duration(goNs).Round(10*time.Microsecond), float64(cell)/float64(goNs),
		interp.Round(time.Millisecond), compile.Round(10*time.Millisecond))
}

// TestBenchModuleImport (GOPHERNOTE_BENCH=1) prints
//
//	BENCH module-import first=T cached=T restart=T ratio=R
//
// a module's package (with a dependency) from a local proxy: the first
// import (resolve, generate, build the plugin: the go build cache warm),
// a second import in the same session (nothing to do), and the import in
// a new engine (a restart: the plugin from the cache); ratio is
// restart/first.
func TestBenchModuleImport(t *testing.T) {
	if os.Getenv("GOPHERNOTE_BENCH") != "1" {
		t.Skip("set GOPHERNOTE_BENCH=1")
	}
	moduleEnv(t, "")
	e := newEngine(t)
	mustLong(t, e, `import "example.com/ver"`) // warms the generator and std -dynlink
	t0 := time.Now()
	mustLong(t, e, "import \"example.com/greet\"\ngreet.Hello(\"a\")")
	first := time.Since(t0)
	t0 = time.Now()
	mustLong(t, e, "import \"example.com/greet\"\ngreet.Hello(\"b\")")
	cached := time.Since(t0)
	e2 := newEngine(t)
	t0 = time.Now()
	mustLong(t, e2, "import \"example.com/greet\"\ngreet.Hello(\"c\")")
	restart := time.Since(t0)
	fmt.Printf("BENCH module-import first=%s cached=%s restart=%s ratio=%.3f\n",
		first.Round(10*time.Millisecond), cached.Round(100*time.Microsecond), restart.Round(100*time.Microsecond), float64(restart)/float64(first))
}
