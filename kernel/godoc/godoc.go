// Package godoc reads the documentation of Go packages from their source
// with go/doc, for inspection in the notebook (Shift-Tab): each exported
// identifier's declaration (without body) and doc comment, keyed as the
// generated tables of package stdlib are ("Name", "Type.Method", "" for
// the package).
//
// An Index finds a package's source directory through its Sources — the
// toolchain's GOROOT for the standard library (GOROOTSource); package
// loaders add theirs (AddSource: a module's directory in the module cache)
// — and caches what it read in memory and on disk, keyed by the source's
// version, so that a package is parsed once per toolchain or module
// version, not once per kernel. Nothing is generated into the binary.
package godoc

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// Entry documents one identifier.
type Entry struct {
	Decl string `json:"decl"` // the declaration, without a function's body
	Doc  string `json:"doc"`  // the doc comment's text
}

// Package is the documentation of one package.
type Package struct {
	Path    string           `json:"path"`
	Name    string           `json:"name"`
	Entries map[string]Entry `json:"entries"`
}

// Read parses the Go files of the package in dir that build for this
// platform (go/build's rules, tests excluded) and returns their
// documentation: every exported const, var, func, type and method.
func Read(dir, importPath string) (*Package, error) {
	ctx := build.Default
	bp, err := ctx.ImportDir(dir, 0)
	if err != nil {
		var noGo *build.NoGoError
		if !errors.As(err, &noGo) {
			return nil, err
		}
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range append(append([]string{}, bp.GoFiles...), bp.CgoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no Go files", dir)
	}
	d, err := doc.NewFromFiles(fset, files, importPath)
	if err != nil {
		return nil, fmt.Errorf("go/doc: %v", err)
	}
	p := &Package{Path: importPath, Name: d.Name, Entries: map[string]Entry{}}
	// Doc comments as go doc prints them: plain text, [links] as words,
	// wrapped at 80 columns, code blocks indented by a tab.
	text := func(comment string) string { return strings.TrimSpace(string(d.Text(comment))) }
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, spec := range v.Decl.Specs {
				vs := spec.(*ast.ValueSpec)
				comment := v.Doc
				if vs.Doc != nil {
					comment = vs.Doc.Text()
				}
				if vs.Comment != nil {
					// A line comment of a grouped value (math.Pi's link).
					comment = strings.TrimSpace(comment + "\n\n" + vs.Comment.Text())
				}
				c := *vs
				c.Doc, c.Comment = nil, nil
				one := &ast.GenDecl{Tok: v.Decl.Tok, Specs: []ast.Spec{&c}}
				for _, n := range vs.Names {
					if n.IsExported() {
						p.Entries[n.Name] = Entry{node(fset, one), text(comment)}
					}
				}
			}
		}
	}
	funcs := func(fs []*doc.Func, prefix string) {
		for _, f := range fs {
			if !ast.IsExported(f.Name) {
				continue
			}
			decl := *f.Decl
			decl.Body, decl.Doc = nil, nil
			p.Entries[prefix+f.Name] = Entry{node(fset, &decl), text(f.Doc)}
		}
	}
	values(d.Consts)
	values(d.Vars)
	funcs(d.Funcs, "")
	for _, t := range d.Types {
		spec := *t.Decl.Specs[0].(*ast.TypeSpec)
		spec.Doc, spec.Comment = nil, nil
		p.Entries[t.Name] = Entry{node(fset, &ast.GenDecl{Tok: token.TYPE, Specs: []ast.Spec{&spec}}), text(t.Doc)}
		values(t.Consts)
		values(t.Vars)
		funcs(t.Funcs, "")
		funcs(t.Methods, t.Name+".")
	}
	p.Entries[""] = Entry{"package " + d.Name + ` // import "` + importPath + `"`, text(d.Doc)}
	return p, nil
}

func node(fset *token.FileSet, n any) string {
	var b bytes.Buffer
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if err := cfg.Fprint(&b, fset, n); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return b.String()
}

// A Source finds the source directory of a package: dir, and a key that
// changes whenever the sources may (a toolchain or module version) for the
// disk cache. ok is false for packages it does not know.
type Source func(importPath string) (dir, key string, ok bool)

// Index looks up documentation through its sources, caching packages.
type Index struct {
	cacheDir string // "" for no disk cache

	mu      sync.Mutex
	sources []Source
	pkgs    map[string]*cached
}

// cached is a package read (or the reason it could not be), shared by
// concurrent lookups.
type cached struct {
	once sync.Once
	pkg  *Package
	err  error
}

// NewIndex returns an index over sources caching packages in memory and,
// when cacheDir is not empty, as files in cacheDir.
func NewIndex(cacheDir string, sources ...Source) *Index {
	return &Index{cacheDir: cacheDir, sources: sources, pkgs: map[string]*cached{}}
}

// AddSource adds a source, consulted after the earlier ones. Packages
// already looked up (also those not found) keep their answer.
func (x *Index) AddSource(s Source) {
	x.mu.Lock()
	x.sources = append(x.sources, s)
	x.mu.Unlock()
}

// Lookup returns the declaration and doc comment of name ("Name",
// "Type.Method", or "" for the package) in the package importPath.
func (x *Index) Lookup(importPath, name string) (decl, doc string, ok bool) {
	p, err := x.Package(importPath)
	if err != nil || p == nil {
		return "", "", false
	}
	e, ok := p.Entries[name]
	return e.Decl, e.Doc, ok
}

// Package returns the documentation of importPath, read once.
func (x *Index) Package(importPath string) (*Package, error) {
	x.mu.Lock()
	c := x.pkgs[importPath]
	if c == nil {
		c = &cached{}
		x.pkgs[importPath] = c
	}
	sources := append([]Source(nil), x.sources...)
	x.mu.Unlock()
	c.once.Do(func() { c.pkg, c.err = x.load(importPath, sources) })
	return c.pkg, c.err
}

// errUnknown: no source knows the package.
var errUnknown = errors.New("no source for the package")

func (x *Index) load(importPath string, sources []Source) (*Package, error) {
	for _, src := range sources {
		dir, key, ok := src(importPath)
		if !ok {
			continue
		}
		file := x.cacheFile(key, importPath)
		if p := readCache(file, key, importPath); p != nil {
			return p, nil
		}
		p, err := Read(dir, importPath)
		if err != nil {
			return nil, err
		}
		writeCache(file, key, p)
		return p, nil
	}
	return nil, errUnknown
}

// cacheFile is where the package's documentation for key is kept.
func (x *Index) cacheFile(key, importPath string) string {
	if x.cacheDir == "" || key == "" {
		return ""
	}
	h := sha256.Sum256([]byte(key + "\x00" + importPath))
	return filepath.Join(x.cacheDir, hex.EncodeToString(h[:12])+".json")
}

// cacheEntry is a cache file: the key and path it was written for (a hash
// collision, or a file of another version, is a miss), and the package.
type cacheEntry struct {
	Key string   `json:"key"`
	Pkg *Package `json:"package"`
}

func readCache(file, key, importPath string) *Package {
	if file == "" {
		return nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var e cacheEntry
	if json.Unmarshal(b, &e) != nil || e.Key != key || e.Pkg == nil || e.Pkg.Path != importPath {
		return nil
	}
	return e.Pkg
}

// writeCache writes the cache file atomically (a temporary file renamed):
// a reader sees a whole file or none. Failing to write only costs a parse
// next time.
func writeCache(file, key string, p *Package) {
	if file == "" {
		return
	}
	b, err := json.Marshal(cacheEntry{Key: key, Pkg: p})
	if err != nil {
		return
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".tmp-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), file) != nil {
		os.Remove(tmp.Name())
	}
}

// GOROOTSource finds standard library packages in the source tree of the
// Go toolchain: the GOROOT that `go env GOROOT` names (the go command on
// PATH), else the GOROOT this binary was built with. Its key is the
// toolchain's version and GOROOT. It is asked lazily, once.
func GOROOTSource() Source {
	var once sync.Once
	var root, version string
	return func(importPath string) (string, string, bool) {
		if !isStd(importPath) {
			return "", "", false
		}
		once.Do(func() { root, version = toolchain() })
		if root == "" {
			return "", "", false
		}
		dir := filepath.Join(root, "src", filepath.FromSlash(importPath))
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return "", "", false
		}
		return dir, "goroot " + version + " " + root, true
	}
}

// isStd reports whether importPath is a standard library path: no dot in
// its first element, and not a command or internal to the toolchain.
func isStd(importPath string) bool {
	first, _, _ := strings.Cut(importPath, "/")
	return importPath != "" && !strings.Contains(first, ".") && first != "cmd" &&
		!strings.Contains("/"+importPath+"/", "/internal/") && !strings.Contains("/"+importPath+"/", "/vendor/")
}

// toolchain returns the GOROOT and version of the Go toolchain.
func toolchain() (root, version string) {
	if out, err := exec.Command("go", "env", "GOROOT", "GOVERSION").Output(); err == nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) == 2 && lines[0] != "" {
			return strings.TrimSpace(lines[0]), strings.TrimSpace(lines[1])
		}
	}
	root = runtime.GOROOT() // the fallback when no go command is on PATH
	if root == "" {
		return "", ""
	}
	version = runtime.Version()
	if b, err := os.ReadFile(filepath.Join(root, "VERSION")); err == nil {
		version, _, _ = strings.Cut(string(b), "\n")
	}
	return root, version
}

// DefaultCacheDir is where Default keeps its files: gophernote/godoc in
// the user's cache directory ("" when there is none).
func DefaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "gophernote", "godoc")
}

// Default is the index the engine inspects with: the standard library from
// the toolchain's GOROOT, and what package loaders add.
var Default = NewIndex(DefaultCacheDir(), GOROOTSource())
