package godoc

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// words splits text into words, so that doc text compares whatever its
// wrapping and indentation.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestStdAgainstGoDoc compares the standard library's documentation with
// what `go doc` prints for the same identifiers (the toolchain's own
// reader): the declaration and every word of the doc comment.
func TestStdAgainstGoDoc(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go command is needed (make deps installs the toolchain)")
	}
	x := NewIndex(t.TempDir(), GOROOTSource())
	for _, c := range []struct{ pkg, name, goDoc string }{
		{"strings", "Split", "strings.Split"},
		{"strings", "Builder.WriteString", "strings.Builder.WriteString"},
		{"os", "Args", "os.Args"},
		{"math", "Pi", "math.Pi"},
		{"net/http", "Get", "net/http.Get"},
		{"fmt", "Stringer", "fmt.Stringer"},
	} {
		decl, doc, ok := x.Lookup(c.pkg, c.name)
		if !ok {
			t.Errorf("%s.%s not found", c.pkg, c.name)
			continue
		}
		out, err := exec.Command("go", "doc", c.goDoc).Output()
		if err != nil {
			t.Fatalf("go doc %s: %v", c.goDoc, err)
		}
		want := words(string(out))
		// go doc prints the declaration, then the comment; a value of a
		// group comes in its whole group, with its line comment inside:
		// each paragraph of ours must be there.
		first := strings.TrimPrefix(strings.TrimPrefix(strings.SplitN(decl, "\n", 2)[0], "const "), "var ")
		if !strings.Contains(want, words(first)) {
			t.Errorf("%s.%s: declaration %q not in go doc's\n%s", c.pkg, c.name, first, want)
		}
		for _, para := range strings.Split(doc, "\n\n") {
			if !strings.Contains(want, words(para)) {
				t.Errorf("%s.%s: %q not in go doc's\n%s", c.pkg, c.name, words(para), want)
			}
		}
		if doc == "" {
			t.Errorf("%s.%s has no doc comment", c.pkg, c.name)
		}
	}
	if decl, _, ok := x.Lookup("strings", "Split"); !ok || decl != "func Split(s, sep string) []string" {
		t.Errorf("strings.Split: %q", decl)
	}
	if _, doc, ok := x.Lookup("strings", ""); !ok || !strings.HasPrefix(doc, "Package strings implements simple functions") {
		t.Errorf("package strings: %q", doc)
	}
	for _, p := range []string{"github.com/x/y", "internal/abi", "cmd/go", "nosuchpkg"} {
		if _, _, ok := x.Lookup(p, ""); ok {
			t.Errorf("%s: found in GOROOT", p)
		}
	}
}

// TestCache: a package is read once; its documentation is kept on disk
// for its key, so another index with the same key answers without the
// sources, and one with another key reads them again.
func TestCache(t *testing.T) {
	src := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.go", "// Package demo is a demo.\npackage demo\n\n// F doubles x.\nfunc F(x int) int { return 2 * x }\n\ntype T struct{}\n\n// M is a method.\nfunc (T) M() {}\n")
	write("b_windows.go", "package demo\n\n// W exists on Windows only.\nfunc W() {}\n")
	write("a_test.go", "package demo\n\n// Tested is a test helper.\nfunc Tested() {}\n")
	cache := t.TempDir()
	key := "v1"
	source := func(p string) (string, string, bool) { return src, key, p == "example.com/demo" }
	x := NewIndex(cache, source)
	if decl, doc, ok := x.Lookup("example.com/demo", "F"); !ok || decl != "func F(x int) int" || doc != "F doubles x." {
		t.Fatalf("F: %q %q %v", decl, doc, ok)
	}
	if _, doc, ok := x.Lookup("example.com/demo", "T.M"); !ok || doc != "M is a method." {
		t.Errorf("T.M: %q %v", doc, ok)
	}
	if _, _, ok := x.Lookup("example.com/demo", "W"); ok {
		t.Error("a _windows.go file was read on linux")
	}
	if _, _, ok := x.Lookup("example.com/demo", "Tested"); ok {
		t.Error("a _test.go file was read")
	}
	files, _ := os.ReadDir(cache)
	if len(files) != 1 || strings.HasPrefix(files[0].Name(), ".tmp") {
		t.Fatalf("cache holds %v, want one file", files)
	}
	write("a.go", "package demo\n\n// F triples x.\nfunc F(x int) int { return 3 * x }\n")
	if _, doc, _ := NewIndex(cache, source).Lookup("example.com/demo", "F"); doc != "F doubles x." {
		t.Errorf("same key: %q, want the cached doc", doc)
	}
	key = "v2"
	if _, doc, _ := NewIndex(cache, source).Lookup("example.com/demo", "F"); doc != "F triples x." {
		t.Errorf("new key: %q, want the sources read again", doc)
	}
	// A corrupt cache file is a miss.
	files, _ = os.ReadDir(cache)
	for _, f := range files {
		os.WriteFile(filepath.Join(cache, f.Name()), []byte("{not json"), 0o644)
	}
	if _, doc, _ := NewIndex(cache, source).Lookup("example.com/demo", "F"); doc != "F triples x." {
		t.Errorf("corrupt cache: %q", doc)
	}
	// Sources added later are consulted.
	y := NewIndex("")
	if _, _, ok := y.Lookup("example.com/other", ""); ok {
		t.Fatal("found without a source")
	}
	y.AddSource(func(p string) (string, string, bool) { return src, "", p == "example.com/late" })
	if _, _, ok := y.Lookup("example.com/late", "F"); !ok {
		t.Error("a source added later is not consulted")
	}
}
