package main

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Joining a test of several files into the one file `gophernote run`
// takes.
//
// `run x.go` (a second file of package main) and `rundir` tests whose
// folder holds only package main: the files' imports are merged at the
// top and their declarations follow in the harness's order.
//
// `rundir` tests of several packages (the harness compiles the .dir
// folder's files as packages in lexicographic order, the last being
// main, and imports them as "./a" or "test/a"): each package-level name X
// of a package a other than main becomes a_X, in its declarations and
// uses, and a use a.X in an importing package becomes a_X; the packages
// follow each other in the harness's order (an imported package first).
// The joined program must type-check, and in TestGoSpec its compiled run
// must pass the harness's check of the original test (its .out file, or
// no output): a join that changes what the program prints (type names
// with %T, reflect's package paths, init order across packages) is out of
// scope as "multi-package test not joinable". The renaming works on the
// source text at go/types' positions, so everything else stays as written.

// joinFiles joins p.files (a run recipe naming more files of package main).
func joinFiles(p *specProgram, root, out string) string {
	var files []joinFile
	for _, f := range p.files {
		files = append(files, joinFile{path: filepath.Join(root, f)})
	}
	return writeJoined(p, out, files)
}

// joinRundir joins a rundir test's .dir folder.
func joinRundir(p *specProgram, root, out string) string {
	dir := strings.TrimSuffix(p.path, ".go") + ".dir"
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err.Error()
	}
	var files []joinFile
	p.files = p.files[:1]
	for _, e := range entries {
		if filepath.Ext(e.Name()) == ".go" {
			files = append(files, joinFile{path: filepath.Join(dir, e.Name())})
			rel, _ := filepath.Rel(root, filepath.Join(dir, e.Name()))
			p.files = append(p.files, filepath.ToSlash(rel))
		}
	}
	if len(files) == 0 {
		return "no .go files in " + filepath.Base(dir)
	}
	return writeJoined(p, out, files)
}

type joinFile struct {
	path string
	src  []byte
	ast  *ast.File
	pkg  string // package name
}

// joinPkg is one package of a multi-file test, in the harness's order.
type joinPkg struct {
	name, path string // "a", "test/a"
	files      []*joinFile
	types      *types.Package
	info       *types.Info
}

// joinMu serialises joins: go/importer's default importer is not safe for
// concurrent use.
var (
	joinMu       sync.Mutex
	joinImporter types.Importer
	joinFset     = token.NewFileSet()
)

// writeJoined joins files into out/NAME.go and points p at it; it
// returns why it could not, or "".
func writeJoined(p *specProgram, out string, files []joinFile) string {
	joinMu.Lock()
	defer joinMu.Unlock()
	if joinImporter == nil {
		joinImporter = importer.Default()
	}
	fset := joinFset
	var pkgs []*joinPkg
	byName := map[string]*joinPkg{}
	for i := range files {
		f := &files[i]
		src, err := os.ReadFile(f.path)
		if err != nil {
			return err.Error()
		}
		f.src = src
		f.ast, err = parser.ParseFile(fset, f.path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return "parse: " + err.Error()
		}
		f.pkg = f.ast.Name.Name
		jp := byName[f.pkg]
		if jp == nil {
			stem := strings.TrimSuffix(filepath.Base(f.path), ".go")
			jp = &joinPkg{name: f.pkg, path: path.Join("test", stem)}
			byName[f.pkg] = jp
			pkgs = append(pkgs, jp)
		}
		jp.files = append(jp.files, f)
	}
	if last := pkgs[len(pkgs)-1]; last.name != "main" {
		return "the last package is " + last.name + ", not main"
	}
	// Type-check each package, resolving the local imports to the
	// packages checked before it.
	byPath := map[string]*joinPkg{}
	for _, jp := range pkgs {
		conf := types.Config{Importer: joinImporterFunc(func(ip string) (*types.Package, error) {
			if lp := localImport(ip, byPath); lp != nil {
				return lp.types, nil
			}
			if strings.HasPrefix(ip, "./") || strings.HasPrefix(ip, "test/") {
				return nil, fmt.Errorf("local package %s is not compiled before %s", ip, jp.name)
			}
			return joinImporter.Import(ip)
		})}
		jp.info = &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}}
		var asts []*ast.File
		for _, f := range jp.files {
			asts = append(asts, f.ast)
		}
		tp, err := conf.Check(jp.path, fset, asts, jp.info)
		if err != nil {
			return "type-check " + jp.name + ": " + err.Error()
		}
		jp.types = tp
		byPath[jp.path] = jp
	}
	// Text edits per file.
	type edit struct {
		start, end int
		text       string
	}
	renamed := func(jp *joinPkg, name string) string { return jp.name + "_" + name }
	imports := map[string]string{} // local name -> import path, merged over all files
	var importLines []string
	var bodies []string
	for _, jp := range pkgs {
		for _, f := range jp.files {
			var edits []edit
			off := func(pos token.Pos) int { return fset.Position(pos).Offset }
			// Uses of local packages: a.X -> a_X.
			var bad string
			qualified := map[*ast.Ident]bool{}
			ast.Inspect(f.ast, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				id, ok := sel.X.(*ast.Ident)
				if !ok {
					return true
				}
				pn, ok := jp.info.Uses[id].(*types.PkgName)
				if !ok {
					return true
				}
				if lp := byPath[pn.Imported().Path()]; lp != nil {
					edits = append(edits, edit{off(sel.Pos()), off(sel.End()), renamed(lp, sel.Sel.Name)})
					qualified[sel.Sel] = true
					return false
				}
				return true
			})
			// The package-level names of the packages other than main:
			// their declarations, and their unqualified uses (in their
			// own package, or through a dot import).
			if jp.name != "main" {
				for id, obj := range jp.info.Defs {
					if obj != nil && obj.Parent() == jp.types.Scope() && id.Name != "_" && id.Name != "init" && fset.File(id.Pos()).Name() == f.path {
						edits = append(edits, edit{off(id.Pos()), off(id.End()), renamed(jp, id.Name)})
					}
				}
			}
			for id, obj := range jp.info.Uses {
				if obj == nil || obj.Pkg() == nil || qualified[id] || fset.File(id.Pos()).Name() != f.path {
					continue
				}
				if lp := byPath[obj.Pkg().Path()]; lp != nil && lp.name != "main" && obj.Parent() == lp.types.Scope() {
					edits = append(edits, edit{off(id.Pos()), off(id.End()), renamed(lp, id.Name)})
				}
			}
			// Imports: hoisted and merged; local ones dropped.
			for _, spec := range f.ast.Imports {
				ip, _ := strconv.Unquote(spec.Path.Value)
				var pn *types.PkgName
				if spec.Name != nil && spec.Name.Name == "." {
					// A dot import: kept (a local package's names are
					// renamed where used).
					line := ". " + spec.Path.Value
					if localImport(ip, byPath) == nil && !slices.Contains(importLines, line) {
						importLines = append(importLines, line)
					}
					continue
				}
				if spec.Name != nil {
					pn, _ = jp.info.Defs[spec.Name].(*types.PkgName)
				} else {
					pn, _ = jp.info.Implicits[spec].(*types.PkgName)
				}
				if localImport(ip, byPath) != nil {
					continue
				}
				name := "_"
				if pn != nil {
					name = pn.Name()
				} else if spec.Name != nil {
					name = spec.Name.Name
				}
				if name == "_" {
					line := "_ " + spec.Path.Value
					if !slices.Contains(importLines, line) {
						importLines = append(importLines, line)
					}
					continue
				}
				if prev, ok := imports[name]; ok {
					if prev != ip {
						bad = fmt.Sprintf("two packages named %s (%s, %s)", name, prev, ip)
					}
					continue
				}
				imports[name] = ip
				line := spec.Path.Value
				if pn != nil && pn.Imported().Name() != name || spec.Name != nil {
					line = name + " " + spec.Path.Value
				}
				importLines = append(importLines, line)
			}
			if bad != "" {
				return bad
			}
			// The body: everything after the last import declaration (or
			// the package clause).
			bodyStart := off(f.ast.Name.End())
			for _, d := range f.ast.Decls {
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
					bodyStart = off(g.End())
				}
			}
			sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
			src := string(f.src)
			last := len(src) + 1
			for _, e := range edits {
				if e.end > last {
					continue // inside an edit already made (a.X)
				}
				if e.start < bodyStart {
					continue
				}
				src = src[:e.start] + e.text + src[e.end:]
				last = e.start
			}
			bodies = append(bodies, fmt.Sprintf("// ---- %s (package %s)\n%s", filepath.Base(f.path), jp.name, src[bodyStart:]))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// Code generated by TestGoSpec from Go's test %s (%d files joined into one); DO NOT EDIT.\n\npackage main\n\n", p.name, len(files))
	if len(importLines) > 0 {
		b.WriteString("import (\n")
		for _, l := range importLines {
			b.WriteString("\t" + l + "\n")
		}
		b.WriteString(")\n")
	}
	for _, body := range bodies {
		b.WriteString("\n" + body)
	}
	joined := []byte(b.String())
	// The joined program must type-check.
	jf, err := parser.ParseFile(fset, "joined.go", joined, 0)
	if err != nil {
		return "the joined program does not parse: " + err.Error()
	}
	if _, err := (&types.Config{Importer: joinImporter}).Check("main", fset, []*ast.File{jf}, nil); err != nil {
		return "the joined program does not type-check: " + err.Error()
	}
	name := strings.ReplaceAll(strings.TrimSuffix(p.name, ".go"), "/", "_") + ".go"
	file := filepath.Join(out, name)
	if err := os.WriteFile(file, joined, 0o644); err != nil {
		return err.Error()
	}
	p.path, p.src = file, joined
	return ""
}

// localImport resolves a test-local import path ("./a", "test/a").
func localImport(ip string, byPath map[string]*joinPkg) *joinPkg {
	if rest, ok := strings.CutPrefix(ip, "./"); ok {
		ip = "test/" + rest
	}
	return byPath[ip]
}

type joinImporterFunc func(string) (*types.Package, error)

func (f joinImporterFunc) Import(p string) (*types.Package, error) { return f(p) }
