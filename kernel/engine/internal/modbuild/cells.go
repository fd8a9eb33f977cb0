package modbuild

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// CellModule is the module path of compiled cells: cell NAME's version
// with hash H is the package CellModule/NAME_H (a fresh path for every
// different source, since a loaded plugin's package cannot be replaced).
const CellModule = "gophernote.cell"

// CellSource is one version of a compiled cell.
type CellSource struct {
	Name string // the package name (NAME of %%compile NAME)
	Path string // its import path, from CellPath
	Src  string // the Go file, imports of other cells spelled with their Path
}

// CellPath returns the import path of a compiled cell's version: a hash
// of its file (which names the versions of the cells it imports), the
// session's modules and the kernel binary.
func (b *Builder) CellPath(name, src string, mods map[string]string) string {
	h := sha256.New()
	fmt.Fprintln(h, "cell 1", b.Host.FullKey(), name)
	for _, m := range sortedKeys(mods) {
		fmt.Fprintln(h, m, mods[m])
	}
	h.Write([]byte(src))
	return CellModule + "/" + name + "_" + hex.EncodeToString(h.Sum(nil))[:16]
}

// Cell builds the compiled cell c as a plugin. deps are the versions of
// the cells it imports (transitively), mods the session's modules
// (path -> version, from earlier imports and pins): they join the build.
func (b *Builder) Cell(ctx context.Context, c CellSource, deps []CellSource, mods map[string]string) (*Package, error) {
	if err := b.Check(); err != nil {
		return nil, err
	}
	key := "c-" + strings.TrimPrefix(c.Path, CellModule+"/")
	if p, ok := b.cached(key); ok {
		return p, nil
	}
	start := time.Now()
	// One build module per kernel binary, at a path that never changes:
	// a cell's package compiles the same in every plugin that holds it
	// (its file paths are part of what the runtime compares when a second
	// plugin brings the same package).
	dir := filepath.Join(b.Cache, "cells", b.Host.FullKey())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockDir(dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if err := b.writeModule(dir, CellModule, mods, b.Host.MainPath != "" && importsUnder(c.Src, b.Host.MainPath)); err != nil {
		return nil, err
	}
	for _, s := range append([]CellSource{c}, deps...) {
		d := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(s.Path, CellModule+"/")))
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
		f := filepath.Join(d, s.Name+".go")
		if old, err := os.ReadFile(f); err == nil && string(old) == s.Src {
			continue // unchanged: keep its modification time
		}
		if err := os.WriteFile(f, []byte(s.Src), 0o644); err != nil {
			return nil, err
		}
	}
	plug := plugName(strings.TrimPrefix(c.Path, CellModule+"/"))
	defer os.RemoveAll(filepath.Join(dir, plug))
	defer os.Remove(filepath.Join(dir, "plugin.so"))
	rel := "./" + strings.TrimPrefix(c.Path, CellModule+"/")
	b.step("go build %s", c.Name)
	// go build first: compile errors in go build's words, at the file's
	// positions (the cell's, line for line).
	args := append([]string{"build"}, b.hostFlags()...)
	if _, stderr, err := b.run(ctx, dir, append(args, rel)...); err != nil {
		if KindOf(err) == ErrInterrupted {
			return nil, err
		}
		if strings.Contains(stderr, "cannot find module providing package") || strings.Contains(stderr, "no required module provides package") {
			return nil, getError(c.Name, "", stderr, err)
		}
		be := buildError("compiled cell "+c.Name, stderr, err)
		if e, ok := be.(*Error); ok && e.Kind == ErrCompile {
			e.Diags = cellDiags(stderr, c)
			e.Msg = cellMessage(stderr, c)
		}
		return nil, be
	}
	pkg, _, err := b.graph(ctx, dir, "compiled cell "+c.Name, c.Path)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	if f, err := parser.ParseFile(fset, c.Name+".go", c.Src, parser.ParseComments); err == nil {
		pkg.Docs, pkg.Generic = docsOf(fset, []*ast.File{f}, c.Path)
	}
	so, err := b.buildPlugin(ctx, dir, CellModule+"/"+plug, []string{c.Path}, "compiled cell "+c.Name)
	if err != nil {
		return nil, err
	}
	p, err := b.store(key, pkg, so)
	if err != nil {
		return nil, err
	}
	p.Took = time.Since(start)
	return p, nil
}

// importsUnder reports whether the Go file src imports a package of the
// module mod.
func importsUnder(src, mod string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.ImportsOnly)
	if err != nil {
		return true
	}
	for _, im := range f.Imports {
		p := strings.Trim(im.Path.Value, "\"`")
		if p == mod || strings.HasPrefix(p, mod+"/") {
			return true
		}
	}
	return false
}

// cellDiags are go build's diagnostics in c's own file.
func cellDiags(stderr string, c CellSource) []Diag {
	var ds []Diag
	for _, l := range strings.Split(stderr, "\n") {
		m := fileLine.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil || filepath.Base(m[1]) != c.Name+".go" || !strings.Contains(filepath.ToSlash(m[1]), strings.TrimPrefix(c.Path, CellModule+"/")) {
			continue
		}
		ds = append(ds, diags(l)...)
	}
	return ds
}

// cellMessage is go build's output with the file names of compiled cells
// shortened to the cell's name ("stats.go:3:5: ...") and the package
// header line dropped.
func cellMessage(stderr string, c CellSource) string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if strings.HasPrefix(l, "# ") {
			continue
		}
		if m := fileLine.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			l = filepath.Base(m[1]) + ":" + m[2] + ":" + m[3] + ": " + m[4]
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// Names returns the sorted exported names a package's docs describe
// (methods excluded).
func (p *Package) Names() []string {
	var ns []string
	for n := range p.Docs {
		if n != "" && !strings.Contains(n, ".") {
			ns = append(ns, n)
		}
	}
	sort.Strings(ns)
	return ns
}
