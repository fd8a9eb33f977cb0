package engine

import (
	"context"
	"fmt"
	"go/ast"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"plugin"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/traefik/yaegi/interp"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/engine/internal/modbuild"
)

// Packages from modules, and compiled cells.
//
// An import of a package the engine has no table for, whose path starts
// with a domain (example.com/pkg), is resolved by the machine's go command
// (its GOPROXY, GOFLAGS, GONOSUMDB... settings) and built as a plugin
// (kernel/engine/internal/modbuild) against exactly the versions the
// kernel was built with; the plugin's symbol table is loaded with
// interp.Use, so the package runs at compiled speed. Where plugins cannot
// work (another toolchain, no cgo or C compiler, a platform without
// plugins, or GOPHERNOTE_PLUGINS=0), the package's source is interpreted
// instead, and the cell says so once. `%go get MODULE@VERSION` pins a
// module's version for later imports (and compiled cells).
//
// A cell whose first line is `%%compile NAME` is a Go file of package
// NAME, compiled by the toolchain into a plugin (compile.go); later cells
// import "NAME".
//
// Everything here runs on the engine's side of the kernel, so plugins
// load into whichever process runs the engine.

// PluginsEnv set to 0 makes the engine interpret modules' sources instead
// of building plugins (as where plugins cannot work).
const PluginsEnv = "GOPHERNOTE_PLUGINS"

// srcGoPath is the GOPATH the interpreter sees: the sources of the
// packages it interprets (srcFS maps it onto the module cache).
const srcGoPath = "gophernote-src"

// modState is the engine's record of modules and compiled cells.
type modState struct {
	once     sync.Once
	b        *modbuild.Builder
	bErr     error
	pins     map[string]string            // module -> version, from %go get
	mods     map[string]string            // module -> version of the packages loaded
	loaded   map[string]*modbuild.Package // import path (as cells write it) -> package
	srcPkgs  map[string]bool              // packages interpreted from source
	src      *srcFS
	cells    map[string]*cellVersion // compiled cells by name
	noteCell int                     // the cell that said "interpreting" already
}

func newModState() *modState {
	return &modState{
		pins:    map[string]string{},
		mods:    map[string]string{},
		loaded:  map[string]*modbuild.Package{},
		srcPkgs: map[string]bool{},
		src:     &srcFS{dirs: map[string]string{}},
		cells:   map[string]*cellVersion{},
	}
}

// builder returns the plugin builder, made on first use.
func (m *modState) builder() (*modbuild.Builder, error) {
	m.once.Do(func() {
		h, err := modbuild.CurrentHost()
		if err != nil {
			m.bErr = err
			return
		}
		m.b = &modbuild.Builder{Host: h, Cache: modbuild.DefaultCache()}
	})
	return m.b, m.bErr
}

// isModulePath reports whether an import path names a package of a
// module: its first element holds a dot (a domain).
func isModulePath(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return strings.Contains(first, ".") && !strings.HasPrefix(p, modbuild.CellModule+"/")
}

// resolveImports imports, before the cell is prepared, the module packages
// the cell imports that the engine does not have yet.
func (e *Engine) resolveImports(ctx context.Context, code string) *cell.Error {
	if len(e.mod.loaded) == 0 && len(e.mod.cells) == 0 && !strings.Contains(code, "import") {
		return nil // nothing to resolve or check: no second parse
	}
	pc, err := splitCell(code)
	if err != nil {
		return nil // prepare reports it
	}
	for _, is := range pc.imports.Imports {
		p, err := strconv.Unquote(is.Path.Value)
		if err != nil || e.importable(p) || !isModulePath(p) || importAdvice[p] != "" || unsupportedImport(p) != "" {
			continue
		}
		if e.sandbox {
			l, c := lineCol(code, pc.offset(is.Path.Pos()))
			return (&cellError{line: l, col: c, msg: "package " + p + " is not available in the sandbox: modules' packages run compiled code, which the sandbox cannot restrict"}).toError()
		}
		if err := e.importModule(ctx, p, ""); err != nil {
			l, c := lineCol(code, pc.offset(is.Path.Pos()))
			return moduleError(err, l, c)
		}
	}
	return e.checkRecompiled(pc, code)
}

// checkRecompiled refuses a use of a name that the current version of a
// compiled cell no longer has (the interpreter still knows the old
// version's names, since a package's table can only grow).
//
// It also refuses, with the way out, a use of an exported generic
// function or type of a compiled package: a symbol table holds no
// generics, so only compiled code can instantiate them.
func (e *Engine) checkRecompiled(pc *parsedCell, code string) *cell.Error {
	if len(e.mod.cells) == 0 && len(e.mod.loaded) == 0 {
		return nil
	}
	names := map[string]string{} // package name -> import path, as cells write them
	for name, p := range e.importNames {
		names[name] = p
	}
	for _, is := range pc.imports.Imports {
		if p, err := strconv.Unquote(is.Path.Value); err == nil {
			name := e.pkgName(p)
			if is.Name != nil {
				name = is.Name.Name
			}
			names[name] = p
		}
	}
	var bad *cell.Error
	pc.inspect(func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || bad != nil {
			return bad == nil
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		p := names[x.Name]
		v, pkg := e.mod.cells[p], e.mod.loaded[p]
		if v != nil {
			pkg = v.pkg
		}
		if pkg == nil || e.mod.srcPkgs[p] {
			return true
		}
		if _, ok := e.syms[p][sel.Sel.Name]; ok {
			return true
		}
		l, c := lineCol(code, pc.offset(sel.Sel.Pos()))
		msg := ""
		for _, g := range pkg.Generic {
			if g == sel.Sel.Name {
				msg = fmt.Sprintf("%s.%s is generic, and an interpreted cell cannot instantiate compiled generic code: instantiate it in compiled code (in a compiled cell: var %sFloat = %s[float64], or a compiled cell wrapping it) and call that", x.Name, g, g, g)
			}
		}
		if msg == "" && v != nil {
			msg = fmt.Sprintf("undefined: %s.%s (compiled cell %s, last compiled in cell %d, has no exported %s)", x.Name, sel.Sel.Name, p, v.cell, sel.Sel.Name)
		}
		if msg != "" {
			bad = (&cellError{line: l, col: c, msg: msg}).toError()
		}
		return true
	})
	return bad
}

// moduleError is the cell's error for a failed import or build.
func moduleError(err error, line, col int) *cell.Error {
	name := "ImportError"
	switch modbuild.KindOf(err) {
	case modbuild.ErrInterrupted:
		return &cell.Error{Name: "Interrupted", Value: err.Error(), Traceback: []string{"Interrupted: " + err.Error()}}
	case modbuild.ErrCompile:
		name = "CompileError"
	}
	ce := &cellError{name: name, line: line, col: col, msg: err.Error()}
	v := ce.Error()
	tb := strings.Split(name+": "+v, "\n")
	return &cell.Error{Name: name, Value: strings.ReplaceAll(v, "\n", " "), Traceback: tb}
}

// pinFor returns the version %go get pinned for the module holding p.
func (m *modState) pinFor(p string) string {
	best, v := "", ""
	for mod, ver := range m.pins {
		if (p == mod || strings.HasPrefix(p, mod+"/")) && len(mod) > len(best) {
			best, v = mod, ver
		}
	}
	return v
}

// importModule makes the package p importable: a plugin built (or found
// in the cache) and loaded, or its source registered for interpretation.
func (e *Engine) importModule(ctx context.Context, p, version string) error {
	m := e.mod
	b, err := m.builder()
	if err != nil {
		return err
	}
	if version == "" {
		version = m.pinFor(p)
	}
	compile := os.Getenv(PluginsEnv) != "0"
	var why string
	if compile {
		if err := b.Check(); modbuild.NoPlugins(err) {
			compile, why = false, err.Error()
		} else if err != nil {
			return err
		}
	} else {
		why = PluginsEnv + "=0"
	}
	prog := e.newBuildProgress("import " + p)
	b.Progress = prog.line
	pkg, err := b.Import(ctx, p, version, m.pins, compile)
	b.Progress = nil
	if err != nil {
		prog.finish("")
		return err
	}
	if err := m.checkVersions(pkg); err != nil {
		prog.finish("")
		return err
	}
	if !compile {
		prog.finish("")
		e.noteInterpreted(p, pkg, why)
		for ip, dir := range pkg.Sources {
			m.src.add(ip, dir)
		}
		m.srcPkgs[p] = true
		e.pkgNames[p] = pkg.Name
		m.record(p, pkg)
		return nil
	}
	syms, err := openPlugin(b, pkg)
	if err != nil && pkg.Cached && modbuild.KindOf(err) != modbuild.ErrKernelSource {
		// A cached plugin that no longer loads (the kernel was rebuilt):
		// build it again, once.
		b.Forget(pkg)
		b.Progress = prog.line
		pkg, err = b.Import(ctx, p, pkg.Version, m.pins, true)
		b.Progress = nil
		if err == nil {
			syms, err = openPlugin(b, pkg)
		}
	}
	if err != nil {
		prog.finish("")
		return err
	}
	table, ok := syms[pkg.ImportPath+"/"+pkg.Name]
	if !ok {
		prog.finish("")
		return fmt.Errorf("the plugin of %s holds no symbol table for it", p)
	}
	if err := e.usePackage(p, pkg.Name, table); err != nil {
		prog.finish("")
		return err
	}
	m.record(p, pkg)
	if pkg.Cached {
		prog.finish("")
	} else {
		prog.finish(fmt.Sprintf("%s %s: built as a plugin in %.1f s (cached for later imports)", p, pkg.Version, pkg.Took.Seconds()))
	}
	return nil
}

// checkVersions refuses a package whose graph needs another version of a
// module the session loaded already (a loaded plugin cannot be replaced).
func (m *modState) checkVersions(pkg *modbuild.Package) error {
	need := map[string]string{}
	for mod, v := range pkg.Mods {
		need[mod] = v
	}
	if pkg.Module != "" {
		need[pkg.Module] = pkg.Version
	}
	for _, mod := range sortedKeysOf(need) {
		have, ok := m.mods[mod]
		if !ok {
			have, ok = processMods.get(mod)
		}
		if ok && have != need[mod] {
			return fmt.Errorf("%s needs %s %s, but this kernel loaded %s %s already, and a loaded package cannot be replaced: restart the kernel to use %s (and pin it first with %%go get %s@%s)", pkg.ImportPath, mod, need[mod], mod, have, need[mod], mod, need[mod])
		}
	}
	return nil
}

// processMods are the module versions whose packages plugins loaded into
// this process (by any engine): plugins are the process's, not a
// session's.
var processMods = &modVersions{m: map[string]string{}}

type modVersions struct {
	mu sync.Mutex
	m  map[string]string
}

func (v *modVersions) get(mod string) (string, bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	s, ok := v.m[mod]
	return s, ok
}

func (v *modVersions) add(pkg *modbuild.Package) {
	v.mu.Lock()
	defer v.mu.Unlock()
	for mod, ver := range pkg.Mods {
		v.m[mod] = ver
	}
	if pkg.Module != "" {
		v.m[pkg.Module] = pkg.Version
	}
}

// record notes a loaded package: its modules and its docs.
func (m *modState) record(p string, pkg *modbuild.Package) {
	m.loaded[p] = pkg
	for mod, v := range pkg.Mods {
		m.mods[mod] = v
	}
	if pkg.Module != "" {
		m.mods[pkg.Module] = pkg.Version
	}
	addModuleDocs(p, pkg.Docs)
}

// noteInterpreted says once per cell that a package is interpreted.
func (e *Engine) noteInterpreted(p string, pkg *modbuild.Package, why string) {
	if e.mod.noteCell == e.cellN {
		return
	}
	e.mod.noteCell = e.cellN
	fmt.Fprintf(streamWriter{e.out, "stderr"}, "gophernote: interpreting the source of %s %s (interpreted speed, not compiled): plugins cannot work here: %s\n", p, pkg.Version, why)
}

// openPlugin loads a built plugin and returns its symbol tables.
func openPlugin(b *modbuild.Builder, pkg *modbuild.Package) (map[string]map[string]reflect.Value, error) {
	pl, err := plugin.Open(pkg.Plugin)
	if err != nil {
		msg := err.Error()
		if i := strings.Index(msg, "different version of package "); i >= 0 {
			bad := strings.TrimSpace(msg[i+len("different version of package "):])
			h := b.Host
			if h.MainPath != "" && (bad == h.MainPath || strings.HasPrefix(bad, h.MainPath+"/")) {
				return nil, &modbuild.Error{Kind: modbuild.ErrKernelSource, Msg: fmt.Sprintf("the kernel's source in %s (found by %s) is not the source this kernel binary was built from (package %s differs): rebuild the kernel from it (make build, or go install) and restart, or set %s to the exact source it was built from", h.MainDir, h.MainDirBy, bad, modbuild.SrcEnv)}
			}
			return nil, fmt.Errorf("the plugin of %s does not match this kernel (package %s differs): %s", pkg.ImportPath, bad, msg)
		}
		return nil, fmt.Errorf("loading the plugin of %s: %v", pkg.ImportPath, err)
	}
	s, err := pl.Lookup("Symbols")
	if err != nil {
		return nil, fmt.Errorf("the plugin of %s: %v", pkg.ImportPath, err)
	}
	tables, ok := s.(*map[string]map[string]reflect.Value)
	if !ok {
		return nil, fmt.Errorf("the plugin of %s: Symbols is a %T", pkg.ImportPath, s)
	}
	processMods.add(pkg)
	return *tables, nil
}

// usePackage gives cells the package p (package name name) with the
// symbols table: the interpreter, completion, and go/types' view of it
// (rebuilt from the new table).
func (e *Engine) usePackage(p, name string, table map[string]reflect.Value) error {
	if err := e.in.Use(interp.Exports{p + "/" + name: table}); err != nil {
		return err
	}
	e.syms[p] = table
	e.pkgNames[p] = name
	e.names = packageNames(e.syms)
	if e.types != nil {
		delete(e.types.built, p)
		delete(e.types.pkgs, p)
	}
	return nil
}

// buildProgress shows in the cell what the toolchain does while it works:
// a display updated with the step, the go command's last line and the
// time so far; finish replaces it with a summary, or clears it.
type buildProgress struct {
	mu    sync.Mutex
	h     *display.Handle
	what  string
	last  string
	start time.Time
	stop  chan struct{}
	done  bool
}

func (e *Engine) newBuildProgress(what string) *buildProgress {
	return &buildProgress{what: what, start: time.Now()}
}

func (bp *buildProgress) text() string {
	return fmt.Sprintf("gophernote: %s: %s (%.0f s)", bp.what, bp.last, time.Since(bp.start).Seconds())
}

// line receives a line of the toolchain's output.
func (bp *buildProgress) line(l string) {
	bp.mu.Lock()
	defer bp.mu.Unlock()
	if bp.done {
		return
	}
	bp.last = strings.TrimPrefix(l, "go: ")
	if bp.h == nil {
		bp.h = display.Show(display.Bundle{Data: display.MIME{"text/plain": bp.text()}})
		bp.stop = make(chan struct{})
		go bp.tick()
		return
	}
	_ = bp.h.Update(display.Bundle{Data: display.MIME{"text/plain": bp.text()}})
}

func (bp *buildProgress) tick() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-bp.stop:
			return
		case <-t.C:
			bp.mu.Lock()
			if !bp.done {
				_ = bp.h.Update(display.Bundle{Data: display.MIME{"text/plain": bp.text()}})
			}
			bp.mu.Unlock()
		}
	}
}

// finish ends the progress display: summary replaces it, or it is
// emptied when summary is "".
func (bp *buildProgress) finish(summary string) {
	bp.mu.Lock()
	defer bp.mu.Unlock()
	if bp.done {
		return
	}
	bp.done = true
	if bp.h == nil {
		if summary != "" {
			display.Show(display.Bundle{Data: display.MIME{"text/plain": "gophernote: " + summary}})
		}
		return
	}
	close(bp.stop)
	if summary == "" {
		summary = bp.what + ": done"
		if bp.last != "" {
			summary = bp.what + ": " + bp.last
		}
	}
	_ = bp.h.Update(display.Bundle{Data: display.MIME{"text/plain": "gophernote: " + summary}})
}

// moduleDocs are the doc tables of module packages and compiled cells,
// by import path (as cells write it, and as their types' PkgPath).
var moduleDocs sync.Map // string -> map[string]modbuild.DocEntry

func addModuleDocs(p string, docs map[string]modbuild.DocEntry) {
	if docs != nil {
		moduleDocs.Store(p, docs)
	}
}

// lookupModuleDoc returns the docs of a module package's or compiled
// cell's name (pkgPath may also be a symbol table key, path/name).
func lookupModuleDoc(pkgPath, name string) (sig, doc string, ok bool) {
	for _, p := range []string{pkgPath, path.Dir(pkgPath)} {
		if v, found := moduleDocs.Load(p); found {
			if d, ok := v.(map[string]modbuild.DocEntry)[name]; ok {
				return d.Sig, d.Doc, true
			}
		}
	}
	return "", "", false
}

// srcFS is the interpreter's source filesystem: GOPATH-style paths
// (gophernote-src/src/IMPORT/PATH/file.go) onto the directories of the
// packages it interprets (in the module cache).
type srcFS struct {
	mu   sync.RWMutex
	dirs map[string]string // import path -> directory
}

func (s *srcFS) add(importPath, dir string) {
	s.mu.Lock()
	s.dirs[importPath] = dir
	s.mu.Unlock()
}

// Open implements fs.FS.
func (s *srcFS) Open(name string) (fs.File, error) {
	rest, ok := strings.CutPrefix(filepath.ToSlash(name), srcGoPath+"/src/")
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if dir, ok := s.dirs[rest]; ok {
		return os.Open(dir)
	}
	if dir, ok := s.dirs[path.Dir(rest)]; ok {
		return os.Open(filepath.Join(dir, path.Base(rest)))
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

func sortedKeysOf[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
