package engine

import (
	"context"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/engine/internal/modbuild"
)

// Compiled cells.
//
// `%%compile NAME` on a cell's first line makes the cell a Go file of
// package NAME (the package clause may be written or left out; the file's
// lines are the cell's, so go build's messages point at the cell's
// line:col). The toolchain builds it into a plugin, whose symbol table is
// registered under the import path "NAME": later cells `import "NAME"`.
// Each version gets a fresh internal path (gophernote.cell/NAME_HASH),
// since a loaded plugin cannot be unloaded; re-running an unchanged cell
// reuses the loaded version. A compiled cell imports other compiled cells
// by their NAME (the current version at compile time).

// cellVersion is the current version of a compiled cell.
type cellVersion struct {
	src  modbuild.CellSource
	deps []string // the compiled cells it imports, by name
	cell int      // the execution count that compiled it
	pkg  *modbuild.Package
}

// compileCell runs a %%compile cell whose magic is on line index at.
func (e *Engine) compileCell(ctx context.Context, args string, at int, lines []string) cell.Result {
	fail := func(line, col int, format string, a ...any) cell.Result {
		ce := &cellError{line: line, col: col, msg: fmt.Sprintf(format, a...)}
		return cell.Result{Err: ce.toError()}
	}
	magicCol := strings.Index(lines[at], "%%compile") + 1
	fields := strings.Fields(args)
	if len(fields) != 1 {
		return fail(at+1, magicCol, "usage: %s (one package name)", EngineMagics()[1].Usage)
	}
	name := fields[0]
	if msg := e.badCellName(name); msg != "" {
		return fail(at+1, magicCol, "%%%%compile %s: %s", name, msg)
	}
	// The file: the magic line becomes the package clause (unless the
	// cell writes one), every other line stays where it is.
	file := append([]string{}, lines...)
	for i := 0; i < at; i++ {
		file[i] = ""
	}
	file[at] = "package " + name
	body := strings.Join(append(append([]string{}, make([]string, at+1)...), lines[at+1:]...), "\n")
	fset := token.NewFileSet()
	if f, err := parser.ParseFile(fset, name+".go", body, parser.PackageClauseOnly); err == nil {
		if f.Name.Name != name {
			p := fset.Position(f.Name.Pos())
			return fail(p.Line, p.Column, "the cell says package %s, but %%%%compile names it %s", f.Name.Name, name)
		}
		file[at] = ""
	}
	src := strings.Join(file, "\n")

	b, err := e.mod.builder()
	if err == nil && os.Getenv(PluginsEnv) == "0" {
		err = fmt.Errorf("compiled cells are plugins, and %s=0 turns plugins off: unset it and restart the kernel (or run the code in an ordinary cell, interpreted)", PluginsEnv)
	}
	if err == nil {
		if cerr := b.Check(); cerr != nil {
			err = fmt.Errorf("%%%%compile needs plugins: %w (meanwhile the code runs in an ordinary cell, interpreted)", cerr)
		}
	}
	if err != nil {
		return cell.Result{Err: moduleError(err, at+1, magicCol)}
	}
	// Imports: compiled cells by their current version, modules resolved.
	var deps []string
	if f, err := parser.ParseFile(fset, name+".go", src, parser.ImportsOnly); err == nil {
		type edit struct {
			off, end int
			text     string
		}
		var edits []edit
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			pos := fset.Position(is.Path.Pos())
			switch {
			case p == name:
				return fail(pos.Line, pos.Column, "import cycle between compiled cells: %s imports itself", name)
			case e.mod.cells[p] != nil:
				if chain := e.cellChain(p, name); chain != nil {
					return fail(pos.Line, pos.Column, "import cycle between compiled cells: %s imports %s, which imports %s (compiled cells form no cycle, as Go packages do not)", name, strings.Join(chain, ", which imports "), name)
				}
				deps = append(deps, p)
				edits = append(edits, edit{fset.Position(is.Path.Pos()).Offset, fset.Position(is.Path.End()).Offset, strconv.Quote(e.mod.cells[p].src.Path)})
			case isModulePath(p) && e.mod.loaded[p] == nil && !b.Host.Provides(p):
				pkg, err := b.Import(ctx, p, e.mod.pinFor(p), e.mod.pins, false)
				if err == nil {
					err = e.mod.checkVersions(pkg)
				}
				if err != nil {
					return cell.Result{Err: moduleError(err, pos.Line, pos.Column)}
				}
				for m, v := range pkg.Mods {
					e.mod.mods[m] = v
				}
				e.mod.mods[pkg.Module] = pkg.Version
			}
		}
		for i := len(edits) - 1; i >= 0; i-- {
			ed := edits[i]
			src = src[:ed.off] + ed.text + src[ed.end:]
		}
	}
	mods := map[string]string{}
	for m, v := range e.mod.mods {
		mods[m] = v
	}
	for m, v := range e.mod.pins {
		mods[m] = v
	}
	path := b.CellPath(name, src, mods)
	old := e.mod.cells[name]
	if old != nil && old.src.Path == path {
		return cell.Result{} // unchanged: the loaded version stays
	}
	c := modbuild.CellSource{Name: name, Path: path, Src: src}
	var depSrcs []modbuild.CellSource
	seen := map[string]bool{}
	var walk func(names []string)
	walk = func(names []string) {
		for _, d := range names {
			v := e.mod.cells[d]
			if v == nil || seen[v.src.Path] {
				continue
			}
			seen[v.src.Path] = true
			depSrcs = append(depSrcs, v.src)
			walk(v.deps)
		}
	}
	walk(deps)
	prog := e.newBuildProgress("%%compile " + name)
	b.Progress = prog.line
	pkg, err := b.Cell(ctx, c, depSrcs, mods)
	b.Progress = nil
	if err != nil {
		prog.finish("")
		return cell.Result{Err: compileError(err, at+1, magicCol)}
	}
	syms, err := openPlugin(b, pkg)
	if err != nil {
		prog.finish("")
		return cell.Result{Err: moduleError(err, at+1, magicCol)}
	}
	table, ok := syms[path+"/"+name]
	if !ok {
		prog.finish("")
		return fail(at+1, magicCol, "the plugin of compiled cell %s holds no symbol table", name)
	}
	if err := e.usePackage(name, name, table); err != nil {
		prog.finish("")
		return cell.Result{Err: moduleError(err, at+1, magicCol)}
	}
	addModuleDocs(name, pkg.Docs)
	addModuleDocs(path, pkg.Docs)
	e.mod.cells[name] = &cellVersion{src: c, deps: deps, cell: e.cellN, pkg: pkg}
	summary := fmt.Sprintf("package %s compiled in %.1f s: import %q", name, pkg.Took.Seconds(), name)
	if pkg.Cached {
		summary = fmt.Sprintf("package %s loaded from the plugin cache: import %q", name, name)
	}
	prog.finish(summary)
	if old != nil {
		if note := e.replacedNote(name, old); note != "" {
			fmt.Fprintln(streamWriter{e.out, "stdout"}, note)
		}
	}
	return cell.Result{}
}

// badCellName says why name cannot name a compiled cell ("" when it can).
func (e *Engine) badCellName(name string) string {
	switch {
	case !token.IsIdentifier(name):
		return "the package name must be a Go identifier"
	case name == "main":
		return "a compiled cell cannot be package main: its functions are for later cells to call"
	case e.mod.cells[name] != nil:
		return ""
	case e.importable(name) || e.syms[name] != nil:
		return "a standard package has that import path: choose another name"
	}
	return ""
}

// cellChain returns the chain of compiled cells from "from" to target (by
// their imports), or nil when from does not reach it.
func (e *Engine) cellChain(from, target string) []string {
	seen := map[string]bool{}
	var walk func(n string) []string
	walk = func(n string) []string {
		if seen[n] {
			return nil
		}
		seen[n] = true
		v := e.mod.cells[n]
		if v == nil {
			return nil
		}
		for _, d := range v.deps {
			if d == target {
				return []string{n}
			}
			if rest := walk(d); rest != nil {
				return append([]string{n}, rest...)
			}
		}
		return nil
	}
	return walk(from)
}

// compileError is a failed compiled cell's error: go build's messages at
// the cell's line:col.
func compileError(err error, line, col int) *cell.Error {
	be, ok := err.(*modbuild.Error)
	if !ok || be.Kind != modbuild.ErrCompile || len(be.Diags) == 0 {
		return moduleError(err, line, col)
	}
	var tb []string
	for _, d := range be.Diags {
		tb = append(tb, fmt.Sprintf("%d:%d: %s", d.Line, d.Col, d.Msg))
	}
	v := strings.Join(tb, "; ")
	return &cell.Error{Name: "CompileError", Value: v, Traceback: append([]string{"CompileError: " + tb[0]}, tb[1:]...)}
}

// replacedNote says what keeps the old version of a replaced compiled
// cell: session values whose types are the old package's, functions
// defined earlier that call it, and compiled cells built against it.
func (e *Engine) replacedNote(name string, old *cellVersion) string {
	var vals []string
	for n, v := range e.in.Globals() {
		if strings.HasPrefix(n, "_") || !v.IsValid() {
			continue
		}
		if t := v.Type(); mentionsPkg(t, old.src.Path, map[reflect.Type]bool{}) {
			vals = append(vals, n+" ("+strings.ReplaceAll(t.String(), old.src.Path[strings.LastIndex(old.src.Path, "/")+1:], name)+")")
		}
	}
	var funcs []string
	for n, d := range e.decls {
		if d.kind == token.FUNC && d.refs[name] {
			funcs = append(funcs, n)
		}
	}
	var cells []string
	for n, v := range e.mod.cells {
		for _, d := range v.deps {
			if d == name && n != name {
				cells = append(cells, n)
			}
		}
	}
	sort.Strings(vals)
	sort.Strings(funcs)
	sort.Strings(cells)
	var parts []string
	if len(vals) > 0 {
		parts = append(parts, "values made before keep the old version's types and methods: "+strings.Join(vals, ", "))
	}
	if len(funcs) > 0 {
		parts = append(parts, "functions defined before keep calling the old code: "+strings.Join(funcs, ", ")+" (re-run their cells)")
	}
	if len(cells) > 0 {
		parts = append(parts, "compiled cells built against the old version keep it: "+strings.Join(cells, ", ")+" (re-run their cells)")
	}
	msg := fmt.Sprintf("package %s replaced (the version of cell %d stays loaded for what uses it)", name, old.cell)
	if len(parts) == 0 {
		return msg + "; nothing in the session uses the old version."
	}
	return msg + "; " + strings.Join(parts, "; ") + "."
}

// mentionsPkg reports whether t is, or is built from, a type of package
// path pkg.
func mentionsPkg(t reflect.Type, pkg string, seen map[reflect.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if t.PkgPath() == pkg {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
		return mentionsPkg(t.Elem(), pkg, seen)
	case reflect.Map:
		return mentionsPkg(t.Key(), pkg, seen) || mentionsPkg(t.Elem(), pkg, seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if mentionsPkg(t.Field(i).Type, pkg, seen) {
				return true
			}
		}
	case reflect.Func:
		for i := range t.NumIn() {
			if mentionsPkg(t.In(i), pkg, seen) {
				return true
			}
		}
		for i := range t.NumOut() {
			if mentionsPkg(t.Out(i), pkg, seen) {
				return true
			}
		}
	}
	return false
}
