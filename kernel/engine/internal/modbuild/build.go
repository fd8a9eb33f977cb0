// Package modbuild builds Go packages as plugins that the running kernel
// can load: a module's package imported by a cell, or a compiled cell. It
// writes a throw-away build module whose go.mod requires exactly the
// dependency versions the kernel was built with (runtime/debug's build
// information; the kernel's own module replaced by the source it was built
// from), lets the go command resolve the module with the machine's
// settings (GOPROXY, GOFLAGS, GONOSUMDB... as go reads them), refuses a
// resolution that would change a package the kernel shares, generates the
// package's yaegi symbol table (yaegi's extract package, as stdlib/ does),
// and runs `go build -buildmode=plugin` with the kernel's build flags.
//
// Built plugins are cached under Builder.Cache by package, module version,
// toolchain, flags and dependency versions (and, for plugins holding
// packages of the kernel's own module, the kernel binary's build ID). An
// entry is a directory renamed into place once complete: an interrupted
// build leaves none. Nothing is ever rewritten in place (a process that
// maps a plugin dies if its file changes under it): an entry is removed
// (Forget) and a new one, with a plugin file of another name, stored.
package modbuild

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Kind classifies a build failure.
type Kind int

const (
	ErrOther        Kind = iota
	ErrNoGo              // no go command
	ErrToolchain         // the go command is another toolchain than the kernel's
	ErrNoCgo             // cgo disabled (CGO_ENABLED=0), for the kernel or the go command
	ErrNoCC              // no C compiler
	ErrNoPlugins         // the platform has no plugins
	ErrConflict          // the module needs other versions of the kernel's dependencies
	ErrNotFound          // no such module, version or package
	ErrCompile           // the package does not compile
	ErrCgoPackage        // the package uses cgo where cgo cannot work
	ErrInterrupted       // the context was cancelled
	ErrKernelSource      // the kernel's source is unknown or differs from the binary's
)

// Error is a build failure with one message naming the cause and the way
// out.
type Error struct {
	Kind Kind
	Msg  string
	// Diags are the compile errors in the cell's file (ErrCompile of a
	// compiled cell): line, column, go build's message.
	Diags []Diag
}

func (e *Error) Error() string { return e.Msg }

// Diag is one compile error at a position of the compiled file.
type Diag struct {
	Line, Col int
	Msg       string
}

// NoPlugins reports whether err says plugins cannot work on this machine
// (the caller may interpret the package's source instead).
func NoPlugins(err error) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Kind {
	case ErrToolchain, ErrNoCgo, ErrNoCC, ErrNoPlugins:
		return true
	}
	return false
}

// KindOf returns the kind of err (ErrOther when it is not an *Error).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ErrOther
}

// Package is a built (or resolved) package: what the engine needs to load
// it and to document it. It is stored as meta.json in its cache entry.
type Package struct {
	ImportPath string `json:"import_path"`
	Name       string `json:"name"`
	Module     string `json:"module"`
	Version    string `json:"version"`
	Dir        string `json:"dir"`              // the package's source
	Plugin     string `json:"plugin,omitempty"` // the .so; "" when only resolved (interpretation)
	// Docs are the declaration and doc comment of each exported name
	// ("Type.Method" for methods, "" for the package).
	Docs map[string]DocEntry `json:"docs"`
	// Generic are the exported generic functions and types, which a
	// symbol table cannot hold.
	Generic []string `json:"generic,omitempty"`
	// Sources maps each non-standard package of the import graph
	// (the package included) to its source directory.
	Sources map[string]string `json:"sources,omitempty"`
	// Cgo lists the packages of the graph that use cgo.
	Cgo []string `json:"cgo,omitempty"`
	// Mods are the modules the package's graph uses: path -> version.
	Mods map[string]string `json:"mods,omitempty"`
	// Cached is true when the entry came from the cache (not stored).
	Cached bool `json:"-"`
	// Took is how long the toolchain worked (not stored).
	Took time.Duration `json:"-"`
}

// DocEntry is one documented identifier.
type DocEntry struct {
	Sig string `json:"sig"`
	Doc string `json:"doc"`
}

// Builder builds plugins for one host. Its methods may be called
// concurrently; builds of the same entry are not deduplicated across
// processes (the last rename wins, both being complete).
type Builder struct {
	Host  *Host
	Cache string // cache root (entries, resolutions, temporary build modules)
	// Env is added to the environment of the go command (tests point
	// GOPROXY at a folder of their own with it).
	Env []string
	// Progress, when set, receives each line the go command prints and
	// each step ("building ..."), as they come.
	Progress func(line string)

	once    sync.Once
	toolErr error
	goenv   map[string]string
}

// DefaultCache is the cache root: $GOPHERNOTE_PLUGIN_CACHE, else
// gophernote/plugins under the user cache directory.
func DefaultCache() string {
	if d := os.Getenv("GOPHERNOTE_PLUGIN_CACHE"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "gophernote", "plugins")
	}
	return filepath.Join(os.TempDir(), "gophernote-plugins")
}

// pluginPlatforms are the GOOS values package plugin supports.
var pluginPlatforms = map[string]bool{"linux": true, "darwin": true, "freebsd": true}

// Check reports whether plugins can be built and loaded here: a go
// command of the kernel's own toolchain, cgo enabled for the kernel and
// the go command, a C compiler, a platform with plugins. The error is an
// *Error whose NoPlugins is true when only plugins are missing; a missing
// go command (ErrNoGo) leaves nothing to fall back on.
func (b *Builder) Check() error {
	b.once.Do(func() {
		b.toolErr = b.check()
		b.sweep()
	})
	return b.toolErr
}

// sweep removes what builds of processes that died mid-way left in the
// cache's tmp folder (a day old: a build in progress elsewhere is younger).
func (b *Builder) sweep() {
	entries, err := os.ReadDir(filepath.Join(b.Cache, "tmp"))
	if err != nil {
		return
	}
	for _, en := range entries {
		if fi, err := en.Info(); err == nil && time.Since(fi.ModTime()) > 24*time.Hour {
			p := filepath.Join(b.Cache, "tmp", en.Name())
			_ = filepath.Walk(p, func(q string, fi os.FileInfo, err error) error {
				if err == nil && fi.IsDir() {
					_ = os.Chmod(q, 0o755)
				}
				return nil
			})
			_ = os.RemoveAll(p)
		}
	}
}

func (b *Builder) check() error {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return &Error{Kind: ErrNoGo, Msg: fmt.Sprintf("no go command on PATH: modules are resolved and built by the Go toolchain; install %s (the toolchain that built the kernel) and restart the kernel", b.Host.GoVersion)}
	}
	cmd := exec.Command(goCmd, "env", "-json", "GOVERSION", "CGO_ENABLED", "CC", "GOMODCACHE", "GOOS", "GOARCH")
	cmd.Env = b.env()
	cmd.Dir = os.TempDir()
	out, err := cmd.Output()
	if err != nil {
		return &Error{Kind: ErrNoGo, Msg: fmt.Sprintf("go env failed (%s): %v", goCmd, exitText(err))}
	}
	if err := json.Unmarshal(out, &b.goenv); err != nil {
		return &Error{Kind: ErrNoGo, Msg: "go env -json: " + err.Error()}
	}
	if err := b.Host.fillDeps(b.env()); err != nil {
		return &Error{Kind: ErrKernelSource, Msg: err.Error()}
	}
	if !pluginPlatforms[runtime.GOOS] {
		return &Error{Kind: ErrNoPlugins, Msg: fmt.Sprintf("Go plugins do not exist on %s/%s (package plugin supports Linux, macOS and FreeBSD): run the kernel on one of those for compiled speed", runtime.GOOS, runtime.GOARCH)}
	}
	if v := b.goenv["GOVERSION"]; v != b.Host.GoVersion {
		return &Error{Kind: ErrToolchain, Msg: fmt.Sprintf("the go command here is %s but the kernel was built with %s, and a plugin loads only into a binary of the same toolchain: rebuild the kernel with this go (make build, or go install), or put %s first on PATH (or set GOTOOLCHAIN=%s), then restart the kernel", v, b.Host.GoVersion, b.Host.GoVersion, b.Host.GoVersion)}
	}
	if b.Host.Settings["CGO_ENABLED"] != "1" {
		return &Error{Kind: ErrNoCgo, Msg: "the kernel was built with CGO_ENABLED=0, and only a cgo-enabled binary can load plugins: rebuild it with CGO_ENABLED=1 and a C compiler (apt-get install gcc), then restart the kernel"}
	}
	if b.goenv["CGO_ENABLED"] != "1" {
		return &Error{Kind: ErrNoCgo, Msg: "cgo is disabled for the go command (go env CGO_ENABLED is 0), and plugins are built with cgo: set CGO_ENABLED=1 (go env -w CGO_ENABLED=1) with a C compiler installed, then restart the kernel"}
	}
	cc := strings.Fields(b.goenv["CC"])
	if len(cc) == 0 {
		cc = []string{"gcc"}
	}
	if _, err := exec.LookPath(cc[0]); err != nil {
		return &Error{Kind: ErrNoCC, Msg: fmt.Sprintf("no C compiler: go env CC is %q, which is not on PATH, and plugins are linked with it: install one (apt-get install gcc) or point CC at one, then restart the kernel", b.goenv["CC"])}
	}
	return nil
}

// env is the go command's environment: the process's, GOWORK=off (a
// go.work around the cache must not join the build module), -mod=mod
// added to GOFLAGS (the build module's go.sum starts empty), then Env.
func (b *Builder) env() []string {
	env := append([]string{}, os.Environ()...)
	flags := os.Getenv("GOFLAGS")
	for _, kv := range b.Env {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			flags = v
		}
	}
	env = append(env, b.Env...)
	env = append(env, "GOWORK=off", "GOFLAGS="+strings.TrimSpace(flags+" -mod=mod"))
	return env
}

// entryDir is a cache entry's directory.
func (b *Builder) entryDir(key string) string { return filepath.Join(b.Cache, "entries", key) }

// cached returns the package of a complete cache entry.
func (b *Builder) cached(key string) (*Package, bool) {
	dir := b.entryDir(key)
	raw, err := os.ReadFile(filepath.Join(dir, "meta.json"))
	if err != nil {
		return nil, false
	}
	var p Package
	if json.Unmarshal(raw, &p) != nil {
		return nil, false
	}
	if p.Plugin != "" {
		p.Plugin = filepath.Join(dir, filepath.Base(p.Plugin))
		if _, err := os.Stat(p.Plugin); err != nil {
			return nil, false
		}
	}
	p.Cached = true
	return &p, true
}

// Forget removes a cache entry (a plugin that no longer loads).
func (b *Builder) Forget(p *Package) {
	if p != nil && p.Plugin != "" {
		_ = os.RemoveAll(filepath.Dir(p.Plugin))
	}
}

// store moves a finished build into the cache: the entry directory is
// written under a temporary name and renamed, so it is either complete or
// absent.
func (b *Builder) store(key string, p *Package, so string) (*Package, error) {
	if err := os.MkdirAll(filepath.Join(b.Cache, "tmp"), 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(filepath.Join(b.Cache, "tmp"), "entry-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	stored := *p
	if so != "" {
		// A file name of its own: package plugin remembers a path that
		// failed to load, so a rebuilt entry must not reuse it.
		name := fmt.Sprintf("plugin-%x.so", time.Now().UnixNano())
		if err := os.Rename(so, filepath.Join(tmp, name)); err != nil {
			return nil, err
		}
		stored.Plugin = name
	}
	raw, err := json.MarshalIndent(&stored, "", " ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, "meta.json"), raw, 0o644); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(b.Cache, "entries"), 0o755); err != nil {
		return nil, err
	}
	dst := b.entryDir(key)
	if err := os.Rename(tmp, dst); err != nil {
		if _, statErr := os.Stat(filepath.Join(dst, "meta.json")); statErr != nil {
			return nil, err
		}
		// Another process stored it first: use that one.
	}
	out, ok := b.cached(key)
	if !ok {
		return nil, fmt.Errorf("cache entry %s vanished", dst)
	}
	out.Cached = false
	return out, nil
}

// workDir makes a fresh build module: go.mod requiring the kernel's
// dependencies at its versions (and extra modules), the kernel's module
// replaced by its source when that is known.
func (b *Builder) workDir(module string, extra map[string]string, needMain bool) (string, error) {
	if err := os.MkdirAll(filepath.Join(b.Cache, "tmp"), 0o755); err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp(filepath.Join(b.Cache, "tmp"), "build-")
	if err != nil {
		return "", err
	}
	if err := b.writeModule(dir, module, extra, needMain); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

// writeModule writes the build module's go.mod (and go.sum, when missing)
// in dir.
func (b *Builder) writeModule(dir, module string, extra map[string]string, needMain bool) error {
	h := b.Host
	var mod strings.Builder
	fmt.Fprintf(&mod, "// Generated by gophernote: a build module for plugins. DO NOT EDIT.\nmodule %s\n\ngo %s\n\nrequire (\n", module, h.GoLine)
	reqs := map[string]string{}
	if !h.depsFromSource {
		for p, v := range h.Deps {
			reqs[p] = v
		}
	}
	for p, v := range extra {
		reqs[p] = v
	}
	mainKnown := h.MainPath != "" && h.MainPath != "command-line-arguments"
	if mainKnown {
		switch {
		case h.MainDir != "":
			reqs[h.MainPath] = "v0.0.0-00010101000000-000000000000"
		case h.MainVer != "" && h.MainVer != "(devel)":
			reqs[h.MainPath] = h.MainVer
		case needMain:
			return &Error{Kind: ErrKernelSource, Msg: "this cell needs the kernel's own packages (" + h.MainPath + "), but the source the kernel was built from is unknown (" + h.MainDirBy + "): set " + SrcEnv + " to that source and restart the kernel"}
		}
	}
	for _, p := range sortedKeys(reqs) {
		fmt.Fprintf(&mod, "\t%s %s\n", p, reqs[p])
	}
	mod.WriteString(")\n")
	var reps []string
	for _, p := range sortedKeys(h.Replace) {
		r := h.Replace[p]
		if !strings.Contains(r, " ") && !filepath.IsAbs(r) && h.MainDir != "" {
			r = filepath.Join(h.MainDir, r)
		}
		reps = append(reps, fmt.Sprintf("\t%s => %s\n", p, r))
	}
	if mainKnown && h.MainDir != "" {
		reps = append(reps, fmt.Sprintf("\t%s => %s\n", h.MainPath, h.MainDir))
	}
	if len(reps) > 0 {
		mod.WriteString("\nreplace (\n" + strings.Join(reps, "") + ")\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod.String()), 0o644); err != nil {
		return err
	}
	// The kernel's go.sum vouches for its dependencies, so that only new
	// modules need the checksum database.
	if _, err := os.Stat(filepath.Join(dir, "go.sum")); err == nil || h.MainDir == "" {
		return nil
	}
	if sum, err := os.ReadFile(filepath.Join(h.MainDir, "go.sum")); err == nil {
		if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// run runs the go command in dir, passing its stderr lines to Progress
// as they come; on cancellation it ends the command's process group.
func (b *Builder) run(ctx context.Context, dir string, args ...string) (stdout, stderr string, err error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = b.env()
	cmd.SysProcAttr = sysProcAttr()
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout = &out
	pr, pw := io.Pipe()
	cmd.Stderr = pw
	var errBuf bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			errBuf.WriteString(line + "\n")
			if b.Progress != nil {
				b.Progress(line)
			}
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	err = cmd.Run()
	pw.Close()
	<-done
	if ctx.Err() != nil {
		return out.String(), errBuf.String(), &Error{Kind: ErrInterrupted, Msg: "interrupted: the build was stopped (nothing was cached)"}
	}
	return out.String(), errBuf.String(), err
}

func (b *Builder) step(format string, args ...any) {
	if b.Progress != nil {
		b.Progress(fmt.Sprintf(format, args...))
	}
}

// listedPkg is the part of `go list -json` the builder reads.
type listedPkg struct {
	ImportPath string
	Name       string
	Dir        string
	Standard   bool
	GoFiles    []string
	CgoFiles   []string
	Imports    []string
	Module     *listedMod
	Error      *struct{ Err string }
	DepsErrors []*struct{ Err string }
}

type listedMod struct {
	Path    string
	Version string
	Replace *listedMod
	Dir     string
	Main    bool
}

func (b *Builder) list(ctx context.Context, dir string, args ...string) ([]*listedPkg, error) {
	out, stderr, err := b.run(ctx, dir, append([]string{"list", "-e", "-json"}, args...)...)
	if err != nil {
		if KindOf(err) == ErrInterrupted {
			return nil, err
		}
		return nil, &Error{Kind: ErrOther, Msg: "go list: " + firstLines(stderr, err)}
	}
	var pkgs []*listedPkg
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		p := new(listedPkg)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

// graph lists pkgs and their dependencies, checks that every module the
// graph shares with the kernel has the kernel's version, and fills the
// package description of the first (the imported package).
func (b *Builder) graph(ctx context.Context, dir string, what string, pkgs ...string) (*Package, bool, error) {
	listed, err := b.list(ctx, dir, append([]string{"-deps"}, pkgs...)...)
	if err != nil {
		return nil, false, err
	}
	byPath := map[string]*listedPkg{}
	for _, p := range listed {
		byPath[p.ImportPath] = p
	}
	top := byPath[pkgs[0]]
	if top == nil {
		return nil, false, &Error{Kind: ErrNotFound, Msg: "package " + pkgs[0] + " not found"}
	}
	if top.Error != nil {
		return nil, false, &Error{Kind: ErrNotFound, Msg: cleanGoErr(top.Error.Err)}
	}
	pkg := &Package{ImportPath: top.ImportPath, Name: top.Name, Dir: top.Dir, Sources: map[string]string{}, Mods: map[string]string{}}
	if m := top.Module; m != nil {
		pkg.Module, pkg.Version = m.Path, modVersion(m)
	}
	usesMain := false
	var conflicts []string
	for _, p := range listed {
		if p.Standard {
			continue
		}
		if p.Error != nil {
			return nil, false, &Error{Kind: ErrNotFound, Msg: cleanGoErr(p.Error.Err)}
		}
		pkg.Sources[p.ImportPath] = p.Dir
		if len(p.CgoFiles) > 0 {
			pkg.Cgo = append(pkg.Cgo, p.ImportPath+" ("+strings.Join(p.CgoFiles, ", ")+")")
		}
		m := p.Module
		if m == nil {
			continue
		}
		if m.Path == b.Host.MainPath {
			usesMain = true
			continue
		}
		if m.Main {
			continue
		}
		v := modVersion(m)
		pkg.Mods[m.Path] = v
		if hv, ok := b.Host.Deps[m.Path]; ok && hv != v {
			conflicts = append(conflicts, fmt.Sprintf("%s %s (the kernel has %s; %s uses its package %s)", m.Path, v, hv, what, p.ImportPath))
		}
	}
	sort.Strings(conflicts)
	conflicts = dedupeByModule(conflicts)
	if len(conflicts) > 0 {
		return nil, false, &Error{Kind: ErrConflict, Msg: fmt.Sprintf("version conflict: %s needs %s, but a plugin must share the exact versions the kernel was built with. Way out: pin an older version of %s that accepts the kernel's (%%go get MODULE@VERSION), or rebuild the kernel with the newer version (go get it in the kernel's module, make build) and restart", what, strings.Join(conflicts, "; "), what)}
	}
	sort.Strings(pkg.Cgo)
	return pkg, usesMain, nil
}

func dedupeByModule(cs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range cs {
		m := strings.Fields(c)[0]
		if !seen[m] {
			seen[m] = true
			out = append(out, c)
		}
	}
	return out
}

func modVersion(m *listedMod) string {
	if m.Replace != nil && m.Replace.Version != "" {
		return m.Replace.Version
	}
	return m.Version
}

// Resolved is where `import P` without a pinned version resolved to the
// first time on this machine (later imports, and restarts, reuse it; %go
// get P@latest resolves again).
func (b *Builder) resolvedFile(importPath, version string) string {
	h := sha256.Sum256([]byte(importPath + "@" + version))
	return filepath.Join(b.Cache, "resolved", hex.EncodeToString(h[:8])+".json")
}

type resolution struct {
	ImportPath string `json:"import_path"`
	Module     string `json:"module"`
	Version    string `json:"version"`
}

func (b *Builder) lookupResolved(importPath, version string) (resolution, bool) {
	var r resolution
	raw, err := os.ReadFile(b.resolvedFile(importPath, version))
	if err != nil || json.Unmarshal(raw, &r) != nil || r.ImportPath != importPath {
		return r, false
	}
	return r, true
}

func (b *Builder) saveResolved(r resolution, query string) {
	raw, _ := json.Marshal(r)
	for _, v := range []string{"", query, r.Version} {
		if v == "latest" {
			continue
		}
		f := b.resolvedFile(r.ImportPath, v)
		if os.MkdirAll(filepath.Dir(f), 0o755) != nil {
			return
		}
		tmp := f + ".tmp" + strconv.Itoa(os.Getpid())
		if os.WriteFile(tmp, raw, 0o644) == nil {
			_ = os.Rename(tmp, f)
		}
	}
}

// moduleKey is the cache key of a module package's plugin (or, with
// compile false, of its resolution for interpretation).
func (b *Builder) moduleKey(importPath, module, version string, compile bool, usesMain bool) string {
	base := b.Host.DepsKey()
	if usesMain {
		base = b.Host.FullKey()
	}
	h := sha256.Sum256([]byte(fmt.Sprintf("module\n%s\n%s\n%s\n%s\n%v", base, importPath, module, version, compile)))
	return "m-" + hex.EncodeToString(h[:12])
}

// Import makes the package importPath usable: resolved at version (a
// module version or query; "" for the one resolved before on this
// machine, else the latest; "latest" resolves again), checked against the kernel's dependencies and, when
// compile is set, built as a plugin; each step is cached. pins are the
// modules the session pinned (%go get): they join the build module.
func (b *Builder) Import(ctx context.Context, importPath, version string, pins map[string]string, compile bool) (*Package, error) {
	if err := b.checkGo(compile); err != nil {
		return nil, err
	}
	if version != "latest" {
		if r, ok := b.lookupResolved(importPath, version); ok {
			version = r.Version
			for _, usesMain := range []bool{false, true} {
				if p, ok := b.cached(b.moduleKey(importPath, r.Module, r.Version, compile, usesMain)); ok {
					return p, nil
				}
			}
		}
	}
	query := version
	if query == "" {
		query = "latest"
	}
	start := time.Now()
	dir, err := b.workDir("gophernote.build/m", pins, false)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	b.step("go get %s@%s", importPath, query)
	if _, stderr, err := b.run(ctx, dir, "get", importPath+"@"+query); err != nil {
		if KindOf(err) == ErrInterrupted {
			return nil, err
		}
		return nil, getError(importPath, query, stderr, err)
	}
	pkg, usesMain, err := b.graph(ctx, dir, importPath, importPath)
	if err != nil {
		return nil, err
	}
	if pkg.Name == "main" {
		return nil, &Error{Kind: ErrNotFound, Msg: "package " + importPath + " is a command (package main), which cannot be imported"}
	}
	key := b.moduleKey(importPath, pkg.Module, pkg.Version, compile, usesMain)
	r := resolution{ImportPath: importPath, Module: pkg.Module, Version: pkg.Version}
	if p, ok := b.cached(key); ok {
		b.saveResolved(r, query)
		return p, nil
	}
	pkg.Docs, pkg.Generic = readDocs(pkg.Dir, pkg.ImportPath)
	if !compile {
		if len(pkg.Cgo) > 0 {
			return nil, &Error{Kind: ErrCgoPackage, Msg: fmt.Sprintf("%s uses cgo (%s), which the interpreter cannot run, and plugins cannot be built here", importPath, strings.Join(pkg.Cgo, "; "))}
		}
		p, err := b.store(key, pkg, "")
		if err == nil {
			b.saveResolved(r, query)
		}
		return p, err
	}
	// go build first: a package that does not compile says so in go
	// build's words.
	b.step("go build %s", importPath)
	if _, stderr, err := b.run(ctx, dir, append(append([]string{"build"}, b.hostFlags()...), importPath)...); err != nil {
		if KindOf(err) == ErrInterrupted {
			return nil, err
		}
		return nil, buildError(importPath+" "+pkg.Version, stderr, err)
	}
	so, err := b.buildPlugin(ctx, dir, "gophernote.build/m/"+plugName(key), []string{importPath}, importPath)
	if err != nil {
		return nil, err
	}
	p, err := b.store(key, pkg, so)
	if err != nil {
		return nil, err
	}
	b.saveResolved(r, query)
	p.Took = time.Since(start)
	return p, nil
}

// checkGo checks the toolchain: for a build, everything plugins need; for
// interpretation, only a go command that resolves modules.
func (b *Builder) checkGo(compile bool) error {
	err := b.Check()
	if err == nil || (!compile && KindOf(err) != ErrNoGo) {
		return nil
	}
	return err
}

// buildPlugin writes the plugin's main package (plug/: the symbol tables
// of pkgs, generated by yaegi extract) in the build module dir, and
// builds it with the kernel's flags; it returns the .so's path.
func (b *Builder) buildPlugin(ctx context.Context, dir, mainPath string, pkgs []string, what string) (string, error) {
	plug := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(mainPath, modulePathOf(filepath.Join(dir, "go.mod"))+"/")))
	if err := os.MkdirAll(plug, 0o755); err != nil {
		return "", err
	}
	gen := filepath.Join(dir, "internal_gen")
	if err := os.MkdirAll(gen, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(gen, "main.go"), []byte(genSource), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(plug, "main.go"), []byte(plugMain), 0o644); err != nil {
		return "", err
	}
	b.step("generating the symbol table of %s (yaegi extract)", what)
	args := append([]string{"run", "./internal_gen", plug}, pkgs...)
	if _, stderr, err := b.run(ctx, dir, args...); err != nil {
		if KindOf(err) == ErrInterrupted {
			return "", err
		}
		return "", &Error{Kind: ErrCompile, Msg: "generating the symbol table of " + what + ": " + firstLines(stderr, err)}
	}
	so := filepath.Join(dir, "plugin.so")
	bargs := []string{"build", "-buildmode=plugin", "-o", so}
	bargs = append(bargs, b.hostFlags()...)
	bargs = append(bargs, "./"+filepath.ToSlash(strings.TrimPrefix(plug, dir+string(filepath.Separator))))
	b.step("go build -buildmode=plugin %s", what)
	if _, stderr, err := b.run(ctx, dir, bargs...); err != nil {
		if KindOf(err) == ErrInterrupted {
			return "", err
		}
		return "", buildError(what, stderr, err)
	}
	return so, nil
}

// plugName is the directory (and last element of the import path) of a
// plugin's main package: unique for every build, since the runtime refuses
// a second plugin with the same main package path ("plugin already
// loaded"), as a rebuilt entry or another cache's would have.
func plugName(key string) string {
	return fmt.Sprintf("plug_%s_%x", key, time.Now().UnixNano())
}

// hostFlags are the build flags of the kernel that a plugin must share.
func (b *Builder) hostFlags() []string {
	s := b.Host.Settings
	var f []string
	if s["-trimpath"] == "true" {
		f = append(f, "-trimpath")
	}
	for _, k := range []string{"-race", "-msan", "-asan"} {
		if s[k] == "true" {
			f = append(f, k)
		}
	}
	for _, k := range []string{"-tags", "-gcflags", "-asmflags"} {
		if v := s[k]; v != "" {
			f = append(f, k+"="+v)
		}
	}
	return f
}

// genSource is the generator the build module runs: yaegi extract of each
// package into plug/symbols.go, as package main of the plugin.
const genSource = `// Generated by gophernote: writes the yaegi symbol tables of a plugin. DO NOT EDIT.
package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/traefik/yaegi/extract"
)

func main() {
	out, pkgs := os.Args[1], os.Args[2:]
	for i, p := range pkgs {
		var b bytes.Buffer
		ext := extract.Extractor{Dest: "main"}
		if _, err := ext.Extract(p, "", &b); err != nil {
			fmt.Fprintln(os.Stderr, p+":", err)
			os.Exit(1)
		}
		name := fmt.Sprintf("symbols%d.go", i)
		src := strings.Replace(blankUnused(b.String(), p), "// Code generated by 'yaegi extract", "// Code generated by gophernote with 'yaegi extract", 1)
		if err := os.WriteFile(filepath.Join(out, name), []byte(src), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

// blankUnused makes the import of pkg blank when the table names nothing
// of it (a package of constants only: their values are literals).
func blankUnused(src, pkg string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "symbols.go", src, parser.ParseComments)
	if err != nil {
		return src
	}
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p != pkg {
			continue
		}
		// The package name is the last element of the table's key.
		name := pkg[strings.LastIndex(pkg, "/")+1:]
		if i := strings.Index(src, "Symbols["+strconv.Quote(pkg+"/")[:len(pkg)+2]); i >= 0 {
			rest := src[i+len("Symbols[")+len(pkg)+2:]
			if j := strings.Index(rest, "\""); j > 0 {
				name = rest[:j]
			}
		}
		if im.Name != nil {
			name = im.Name.Name
		}
		used := false
		ast.Inspect(f, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := s.X.(*ast.Ident); ok && x.Name == name {
					used = true
				}
			}
			return !used
		})
		if used {
			return src
		}
		im.Name = ast.NewIdent("_")
	}
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		return src
	}
	return b.String()
}
`

const plugMain = `// Code generated by gophernote: the main package of a plugin. DO NOT EDIT.
package main

import "reflect"

// Symbols holds the plugin's yaegi symbol tables, filled by the init
// functions of the generated symbols*.go files.
var Symbols = map[string]map[string]reflect.Value{}
`

// getError words a failed `go get`.
func getError(importPath, query, stderr string, err error) error {
	text := strings.TrimSpace(stderr)
	lower := strings.ToLower(text)
	kind := ErrNotFound
	switch {
	case strings.Contains(lower, "/@v/list: no such file") || strings.Contains(lower, "/@v/list: 404") || strings.Contains(lower, "@latest: module") && strings.Contains(lower, "not found"):
		return &Error{Kind: kind, Msg: fmt.Sprintf("module for %s not found (go get: %s): check the import path, and GOPROXY/GOPRIVATE for a private module", importPath, lastLine(text))}
	case strings.Contains(lower, ".info: no such file") || strings.Contains(lower, ".info: 404") || strings.Contains(lower, ".info: 410"):
		return &Error{Kind: kind, Msg: fmt.Sprintf("version %s of %s does not exist (go get: %s): pick a version the module has (go list -m -versions MODULE)", query, importPath, lastLine(text))}
	case strings.Contains(lower, "unknown revision") || strings.Contains(lower, "invalid version") || strings.Contains(lower, "no matching versions"):
		return &Error{Kind: kind, Msg: fmt.Sprintf("version %s of %s does not exist (go get: %s): pick a version the module has (go list -m -versions MODULE)", query, importPath, lastLine(text))}
	case strings.Contains(lower, "not found") || strings.Contains(lower, "404") || strings.Contains(lower, "410") || strings.Contains(lower, "unrecognized import path") || strings.Contains(lower, "does not contain package") || strings.Contains(lower, "cannot find module"):
		return &Error{Kind: kind, Msg: fmt.Sprintf("module for %s not found (go get: %s): check the import path, and GOPROXY/GOPRIVATE for a private module", importPath, lastLine(text))}
	}
	return &Error{Kind: ErrOther, Msg: fmt.Sprintf("go get %s@%s failed: %s", importPath, query, firstLines(stderr, err))}
}

// fileLine matches a go build diagnostic "path/file.go:L:C: message".
var fileLine = regexp.MustCompile(`^(\S+\.go):(\d+):(\d+): (.*)$`)

// buildError words a failed plugin build: a missing C compiler or cgo, or
// the compiler's messages.
func buildError(what, stderr string, err error) error {
	lower := strings.ToLower(stderr)
	switch {
	case strings.Contains(lower, "requires external (cgo) linking") || strings.Contains(lower, "cgo is not enabled") || strings.Contains(lower, "build constraints exclude all go files in") && strings.Contains(lower, "runtime/cgo"):
		return &Error{Kind: ErrNoCgo, Msg: "plugins need cgo, which is disabled: set CGO_ENABLED=1 with a C compiler installed (apt-get install gcc), then restart the kernel"}
	case strings.Contains(lower, "exec: \"gcc\"") || strings.Contains(lower, "c compiler") && strings.Contains(lower, "not found"):
		return &Error{Kind: ErrNoCC, Msg: "no C compiler, and plugins are linked with one: install gcc (apt-get install gcc) or set CC, then restart the kernel"}
	}
	return &Error{Kind: ErrCompile, Msg: fmt.Sprintf("%s does not compile:\n%s", what, strings.TrimSpace(stderr)), Diags: diags(stderr)}
}

func diags(stderr string) []Diag {
	var ds []Diag
	for _, l := range strings.Split(stderr, "\n") {
		m := fileLine.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		ds = append(ds, Diag{Line: line, Col: col, Msg: m[4]})
	}
	return ds
}

func firstLines(stderr string, err error) string {
	s := strings.TrimSpace(stderr)
	if s == "" {
		return exitText(err)
	}
	lines := strings.Split(s, "\n")
	if len(lines) > 12 {
		lines = append(lines[:12], "...")
	}
	return strings.Join(lines, "\n")
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimPrefix(lines[len(lines)-1], "go: ")
}

func cleanGoErr(s string) string { return strings.TrimSpace(s) }

func exitText(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return strings.TrimSpace(string(ee.Stderr))
	}
	return err.Error()
}

// Resolve checks that module exists at version (a version or a query such
// as latest) and returns the version it names, for %go get.
func (b *Builder) Resolve(ctx context.Context, module, version string) (string, error) {
	if err := b.checkGo(false); err != nil {
		return "", err
	}
	if version == "" {
		version = "latest"
	}
	dir, err := b.workDir("gophernote.build/m", nil, false)
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	b.step("go get %s@%s", module, version)
	if _, stderr, err := b.run(ctx, dir, "get", module+"@"+version); err != nil {
		if KindOf(err) == ErrInterrupted {
			return "", err
		}
		return "", getError(module, version, stderr, err)
	}
	out, stderr, err := b.run(ctx, dir, "list", "-m", "-f", "{{if .Replace}}{{.Replace.Version}}{{else}}{{.Version}}{{end}}", module)
	if err != nil {
		return "", &Error{Kind: ErrNotFound, Msg: fmt.Sprintf("%s is not a module (go list -m: %s)", module, lastLine(stderr))}
	}
	return strings.TrimSpace(out), nil
}
