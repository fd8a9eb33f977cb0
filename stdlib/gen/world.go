package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/traefik/yaegi/extract"
)

// listed is the part of `go list -json` output the generator uses.
type listed struct {
	ImportPath   string
	Name         string
	Dir          string
	Standard     bool
	GoFiles      []string
	TestGoFiles  []string
	XTestGoFiles []string
	Deps         []string
	Module       *struct{ Path, Version string }
	Error        *struct{ Err string }
}

// world is what one generator run knows: the target packages and every
// package in their dependency graph.
type world struct {
	targets []*listed
	all     map[string]*listed
	genHash string // hash of the generator's own sources and toolchain
	cache   string // extract cache directory, "" when unavailable
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("not inside a Go module")
	}
	return filepath.Dir(mod), nil
}

func loadWorld(root, dir string) (*world, error) {
	fixed, err := depsImports(filepath.Join(dir, "deps.go"))
	if err != nil {
		return nil, err
	}
	pkgs, err := goList(root, append([]string{"-deps"}, append(fixed, "./fitlib/...")...))
	if err != nil {
		return nil, err
	}
	w := &world{all: map[string]*listed{}}
	for _, p := range pkgs {
		w.all[p.ImportPath] = p
	}
	// The fitlib packages are those of the pattern, listed without -deps.
	fit, err := goList(root, []string{"./fitlib/..."})
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, f := range fixed {
		want[f] = true
	}
	for _, p := range fit {
		if exported(p) {
			want[p.ImportPath] = true
		}
	}
	for path := range want {
		p, ok := w.all[path]
		if !ok {
			return nil, fmt.Errorf("package %s not found by go list", path)
		}
		w.targets = append(w.targets, p)
	}
	sort.Slice(w.targets, func(i, j int) bool { return w.targets[i].ImportPath < w.targets[j].ImportPath })

	h := sha256.New()
	fmt.Fprintln(h, runtime.Version())
	gens, _ := filepath.Glob(filepath.Join(dir, "gen", "*.go"))
	if err := hashFiles(h, gens); err != nil {
		return nil, err
	}
	if ym := w.moduleOf("github.com/traefik/yaegi/extract"); ym != "" {
		fmt.Fprintln(h, ym)
	}
	w.genHash = hex.EncodeToString(h.Sum(nil))
	if c, err := os.UserCacheDir(); err == nil {
		w.cache = filepath.Join(c, "gophernote", "stdlib-extract")
	}
	return w, nil
}

// moduleOf returns "path@version" of the module providing pkg when listed.
func (w *world) moduleOf(pkg string) string {
	if p, ok := w.all[pkg]; ok && p.Module != nil {
		return p.Module.Path + "@" + p.Module.Version
	}
	out, err := exec.Command("go", "list", "-f", "{{with .Module}}{{.Path}}@{{.Version}}{{end}}", pkg).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// exported reports whether cells may import p: no internal packages, no
// commands, no test-only or empty directories.
func exported(p *listed) bool {
	if strings.Contains("/"+p.ImportPath+"/", "/internal/") || p.Name == "main" {
		return false
	}
	if len(p.GoFiles) == 0 {
		// Test-only package, or a directory being created ("no Go files").
		return p.Error == nil || !strings.Contains(p.Error.Err, "no Go files") && !strings.Contains(p.Error.Err, "build constraints exclude")
	}
	return true
}

// depsImports returns the import paths of deps.go.
func depsImports(path string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s imports no packages", path)
	}
	return paths, nil
}

// goList runs `go list -e -json args...` in dir.
func goList(dir string, args []string) ([]*listed, error) {
	cmd := exec.Command("go", append([]string{"list", "-e", "-json"}, args...)...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v", err)
	}
	var pkgs []*listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(listed)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

// inputsKey hashes everything yaegi extract's output for p depends on: the
// generator, p's sources, the sources of its dependencies in this module,
// and the versions of its dependencies' modules.
func (w *world) inputsKey(p *listed) (string, error) {
	h := sha256.New()
	fmt.Fprintln(h, w.genHash, p.ImportPath)
	deps := append([]string{p.ImportPath}, p.Deps...)
	for _, d := range deps {
		q, ok := w.all[d]
		if !ok || q.Standard {
			continue
		}
		if q.Module != nil && q.Module.Version != "" {
			fmt.Fprintln(h, d, q.Module.Path, q.Module.Version)
			continue
		}
		files := make([]string, len(q.GoFiles))
		for i, f := range q.GoFiles {
			files[i] = filepath.Join(q.Dir, f)
		}
		fmt.Fprintln(h, d)
		if err := hashFiles(h, files); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func hashFiles(h io.Writer, files []string) error {
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		fmt.Fprintln(h, filepath.Base(f), len(b))
		h.Write(b)
	}
	return nil
}

// symbols returns p's yaegi extract output, from the cache when possible.
func (w *world) symbols(p *listed) ([]byte, error) {
	if p.Error != nil {
		return nil, fmt.Errorf("%s", p.Error.Err)
	}
	key, err := w.inputsKey(p)
	if err != nil {
		return nil, err
	}
	cached := ""
	if w.cache != "" {
		cached = filepath.Join(w.cache, key+".go.txt")
		if b, err := os.ReadFile(cached); err == nil {
			return b, nil
		}
	}
	var sym bytes.Buffer
	ext := extract.Extractor{Dest: "stdlib"}
	if _, err := ext.Extract(p.ImportPath, "", &sym); err != nil {
		return nil, fmt.Errorf("yaegi extract: %v", err)
	}
	if cached != "" && os.MkdirAll(w.cache, 0o755) == nil {
		tmp := cached + ".tmp" + strconv.Itoa(os.Getpid())
		if os.WriteFile(tmp, sym.Bytes(), 0o644) == nil {
			_ = os.Rename(tmp, cached)
		}
	}
	return sym.Bytes(), nil
}
