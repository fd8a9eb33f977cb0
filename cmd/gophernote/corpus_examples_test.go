package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	gnstd "github.com/gophernote/gophernote/stdlib"
)

// Testable examples as corpus programs: every `func ExampleXxx()` with an
// ordered "// Output:" comment in an external test package (package
// X_test, which uses only X's exported API) becomes a program: the file's
// other declarations, the imports they and the example use, and the
// example's body as func main. Its Output comment is its known output (the
// selection then requires compiled Go to print exactly it, as `go test`
// would check).
//
// The examples come from gonum's packages that cells can import (read
// from the module cache at the version go.mod requires).

// gonumExamplePackages are the gonum packages with symbol tables in
// stdlib/ (see stdlib/deps.go).
var gonumExamplePackages = []string{"floats", "mat", "stat", "stat/distuv", "optimize", "integrate/quad", "diff/fd", "mathext"}

// exampleProgram is one example turned into a program.
type exampleProgram struct {
	name   string // "Add_simple"
	src    []byte // package main source
	output string
}

// examplePrograms turns the examples of one _test.go file into programs.
func examplePrograms(path string) ([]exampleProgram, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(f.Name.Name, "_test") {
		return nil, nil // an internal test package may use unexported names
	}
	var helpers []ast.Decl
	var examples []*ast.FuncDecl
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok != token.IMPORT {
				helpers = append(helpers, d)
			}
		case *ast.FuncDecl:
			name := d.Name.Name
			switch {
			case d.Recv == nil && strings.HasPrefix(name, "Example") && d.Type.Params.NumFields() == 0:
				examples = append(examples, d)
			case d.Recv == nil && (strings.HasPrefix(name, "Test") || strings.HasPrefix(name, "Benchmark") || strings.HasPrefix(name, "Fuzz")):
			default:
				helpers = append(helpers, d)
			}
		}
	}
	var out []exampleProgram
	for _, ex := range examples {
		want, ok := exampleOutput(f, ex)
		if !ok {
			continue
		}
		var b bytes.Buffer
		b.WriteString("package main\n\n")
		body := &ast.FuncDecl{Name: ast.NewIdent("main"), Type: &ast.FuncType{Params: &ast.FieldList{}}, Body: ex.Body}
		decls := append(append([]ast.Decl{}, helpers...), body)
		// Imports: those of the file whose name the program uses.
		used := usedNames(decls)
		var imps []string
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			name := pathName(p)
			if im.Name != nil {
				name = im.Name.Name
			}
			if used[name] || name == "_" {
				imps = append(imps, "\t"+importSpec(im))
			}
		}
		if len(imps) > 0 {
			b.WriteString("import (\n" + strings.Join(imps, "\n") + "\n)\n\n")
		}
		for _, d := range decls {
			if err := format.Node(&b, fset, d); err != nil {
				return nil, err
			}
			b.WriteString("\n\n")
		}
		src, err := format.Source(b.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s: %v", ex.Name.Name, err)
		}
		out = append(out, exampleProgram{name: strings.TrimPrefix(ex.Name.Name, "Example"), src: src, output: want})
	}
	return out, nil
}

// exampleOutput returns an example's ordered Output comment.
func exampleOutput(f *ast.File, ex *ast.FuncDecl) (string, bool) {
	var last *ast.CommentGroup
	for _, cg := range f.Comments {
		if cg.Pos() > ex.Body.Lbrace && cg.End() < ex.Body.Rbrace {
			last = cg
		}
	}
	if last == nil {
		return "", false
	}
	text := last.Text()
	out, ok := strings.CutPrefix(text, "Output:")
	if !ok {
		return "", false // no output, or "Unordered output:"
	}
	return strings.TrimSpace(out), true
}

// usedNames collects the identifiers X of selector expressions X.Sel.
func usedNames(decls []ast.Decl) map[string]bool {
	used := map[string]bool{}
	for _, d := range decls {
		ast.Inspect(d, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					used[id.Name] = true
				}
			}
			return true
		})
	}
	return used
}

// pathName is the default package name of an import path.
func pathName(p string) string {
	base := filepath.Base(p)
	if len(base) >= 2 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		base = filepath.Base(filepath.Dir(p))
	}
	return base
}

func importSpec(im *ast.ImportSpec) string {
	if im.Name != nil {
		return im.Name.Name + " " + im.Path.Value
	}
	return im.Path.Value
}

// gonumExamples writes the gonum example programs into dir (which gets
// the repository's go.mod and go.sum, so that they build against the
// gonum version cells use) and returns them.
func gonumExamples(t *testing.T, dir string) []*corpusProgram {
	t.Helper()
	root := moduleRoot(t)
	cmd := exec.Command("go", "list", "-m", "-json", "gonum.org/v1/gonum")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -m gonum.org/v1/gonum: %v", err)
	}
	var mod struct{ Dir string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		t.Fatalf("gonum module directory: %q %v (go mod download fetches it)", out, err)
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var progs []*corpusProgram
	for _, pkg := range gonumExamplePackages {
		files, _ := filepath.Glob(filepath.Join(mod.Dir, pkg, "*_test.go"))
		sort.Strings(files)
		for _, file := range files {
			exs, err := examplePrograms(file)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			for _, ex := range exs {
				name := "Example" + ex.name
				path := filepath.Join(dir, strings.ReplaceAll(pkg, "/", "_")+"_"+name+".go")
				if err := os.WriteFile(path, ex.src, 0o644); err != nil {
					t.Fatal(err)
				}
				progs = append(progs, &corpusProgram{name: "gonum/" + pkg + "/" + name, path: path, dir: dir,
					src: ex.src, output: ex.output, moduleDir: dir, skip: unavailableImport(ex.src)})
			}
		}
	}
	if len(progs) < 30 {
		t.Fatalf("found %d gonum examples in %s; want the ~50 of its packages with tables", len(progs), mod.Dir)
	}
	return progs
}

// unavailableImport names a third-party package a program imports that
// cells cannot import (it has no symbol table in stdlib/), or "".
func unavailableImport(src []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if err != nil {
		return "does not parse"
	}
	have := map[string]bool{}
	for k := range gnstd.Symbols {
		have[path.Dir(k)] = true
	}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") && !have[p] {
			return "imports " + p + ", which has no symbol table in stdlib/ (cells cannot import it)"
		}
	}
	return ""
}

// stdExampleSkip are the standard library trees whose examples are left
// out: they need the network, other processes, signals, the runtime's
// internals or the testing framework.
var stdExampleSkip = []string{"net", "os/exec", "os/signal", "runtime", "testing", "syscall", "plugin", "crypto/tls", "log/syslog", "debug"}

// stdExamples writes the Go distribution's testable examples (GOROOT/src,
// external test packages) into dir and returns them as programs.
func stdExamples(t *testing.T, dir string) []*corpusProgram {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	src := filepath.Join(strings.TrimSpace(string(out)), "src")
	var progs []*corpusProgram
	err = filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			base := d.Name()
			if base == "testdata" || base == "internal" || base == "vendor" || rel == "cmd" {
				return filepath.SkipDir
			}
			for _, s := range stdExampleSkip {
				if rel == s {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(p, "_test.go") || !strings.HasPrefix(d.Name(), "example") {
			return nil
		}
		exs, err := examplePrograms(p)
		if err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		pkg := filepath.ToSlash(filepath.Dir(rel))
		for _, ex := range exs {
			name := "Example" + ex.name
			file := filepath.Join(dir, strings.ReplaceAll(pkg, "/", "_")+"_"+name+".go")
			if err := os.WriteFile(file, ex.src, 0o644); err != nil {
				return err
			}
			progs = append(progs, &corpusProgram{name: "std/" + pkg + "/" + name, path: file, dir: dir, src: ex.src, output: ex.output})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(progs) < 300 {
		t.Fatalf("found %d examples in %s; want the ~700 of the Go distribution", len(progs), src)
	}
	return progs
}
