package engine

import (
	"context"
	"runtime/debug"
	"testing"
	"time"
)

func TestChunkCell(t *testing.T) {
	src := "x := 1\nfunc f() {}\nfunc() { x++ }()\nfunc (r T) M() {}\ntype (\n\tA int\n)\nfmt.Println(x); var y = 2"
	want := []struct {
		text string
		decl bool
	}{
		{"x := 1", false},
		{"func f() {}", true},
		{"func() { x++ }()", false},
		{"func (r T) M() {}", true},
		{"type (\n\tA int\n)", true},
		{"fmt.Println(x);", false},
		{"var y = 2", true},
	}
	got := chunkCell(src)
	if len(got) != len(want) {
		t.Fatalf("got %d chunks: %+v", len(got), got)
	}
	for i, w := range want {
		if s := src[got[i].start:got[i].end]; s != w.text || got[i].decl != w.decl {
			t.Errorf("chunk %d = %q decl=%v, want %q decl=%v", i, s, got[i].decl, w.text, w.decl)
		}
	}
}

// FuzzSplit checks that no input makes the splitter, the rewrites or the
// plan builder panic, and that syntax errors carry a position in the cell.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{
		"x := 1\nfunc f() int { return x }\nf()",
		"for i := range 10 { go func() { println(i) }() }",
		"import \"fmt\"\nfmt.Println(min(1, 2.5))",
		"type T struct{}\nfunc (T) M() {}\n",
		"s := `raw\nstring`\nvar (\n a = 1\n)",
		"a, b := f()\nif a { c, d := g() }",
		"slices.Sorted(maps.Keys(m))",
		"func (",
		"}{)(",
		"L: for i := range n { continue L }",
		"\"unterminated",
	} {
		f.Add(s)
	}
	e, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		pc, err := splitCell(src)
		if err != nil {
			ce := err.(*cellError)
			if lines, _ := lineCol(src, len(src)); ce.line > lines {
				t.Fatalf("error line %d past the cell's %d lines: %v", ce.line, lines, ce)
			}
			return
		}
		for _, c := range pc.chunks {
			if c.start < 0 || c.end > len(src) || c.start > c.end {
				t.Fatalf("bad chunk %+v", c)
			}
		}
		e.mu.Lock()
		defer e.mu.Unlock()
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("prepare panicked: %v\n%s", r, debug.Stack())
				}
			}()
			pl, _ := e.prepare(src)
			if pl != nil {
				for _, u := range pl.units {
					_ = u.src
				}
			}
		}()
	})
}

// TestExecuteNeverPanics runs odd cells through the whole engine.
func TestExecuteNeverPanics(t *testing.T) {
	e := newEngine(t)
	for _, src := range []string{
		"", "   \n\n", ";;;", "func", "import", "import \"no/such/pkg\"", "x :=", "go", "defer",
		"type", "var x", "for i := range", "1 +", "}", "panic(nil)", "var f func()\nf()",
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		r := e.Execute(ctx, src, &fakeSink{})
		cancel()
		if r.Err != nil && r.Err.Name == "InternalError" {
			t.Errorf("%q: %v", src, r.Err)
		}
	}
	_, r := run(t, e, "40 + 2")
	if text(r) != "42" {
		t.Errorf("engine unusable: %q", text(r))
	}
}
