package modbuild

import (
	"bufio"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
)

// Host is what the running program (the kernel, or a test binary) was
// built from: a plugin loads only when it was built by the same toolchain,
// with the same flags, from exactly the same source of every package it
// shares with the host.
type Host struct {
	GoVersion string            // runtime.Version(): the toolchain that built the host
	MainPath  string            // the host's main module (github.com/gophernote/gophernote)
	MainVer   string            // its version; "(devel)" when built from a checkout
	MainDir   string            // the main module's source, "" when unknown
	MainDirBy string            // how MainDir was found (for messages)
	Deps      map[string]string // module path -> version the host was built with
	Replace   map[string]string // module path -> replacement ("dir" or "path version")
	Settings  map[string]string // build settings (-trimpath, -tags, CGO_ENABLED, GOAMD64...)
	GoLine    string            // the language version for the build module's go line

	// depsFromSource: Deps came from the main module's build list, not
	// from the binary; the build module then gets its versions through
	// the main module's go.mod (which the build module requires).
	depsFromSource bool

	depsKey string // hash of toolchain, settings and dependency versions
	buildID string // the executable's build ID (or size+mtime): changes with any source
}

// SrcEnv names the environment variable that points the plugin builds at
// the source the kernel was built from, when the binary cannot tell
// (built with -trimpath, or moved to another machine).
const SrcEnv = "GOPHERNOTE_SRC"

// CurrentHost describes the running binary.
func CurrentHost() (*Host, error) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return nil, fmt.Errorf("the kernel binary carries no build information (runtime/debug.ReadBuildInfo): rebuild it with the go command in module mode")
	}
	h := &Host{
		GoVersion: runtime.Version(),
		MainPath:  bi.Main.Path,
		MainVer:   bi.Main.Version,
		Deps:      map[string]string{},
		Replace:   map[string]string{},
		Settings:  map[string]string{},
	}
	for _, d := range bi.Deps {
		h.Deps[d.Path] = d.Version
		if r := d.Replace; r != nil {
			if r.Version == "" {
				h.Replace[d.Path] = r.Path
			} else {
				h.Replace[d.Path] = r.Path + " " + r.Version
			}
			h.Deps[d.Path] = r.Version
			if r.Version == "" {
				h.Deps[d.Path] = d.Version
			}
		}
	}
	for _, s := range bi.Settings {
		h.Settings[s.Key] = s.Value
	}
	h.GoLine = goLine(h.GoVersion)
	if h.MainPath != "" && (h.MainVer == "(devel)" || h.MainVer == "") {
		h.MainDir, h.MainDirBy = findMainDir(h.MainPath)
	}
	if h.MainDir != "" {
		if l := modGoLine(filepath.Join(h.MainDir, "go.mod")); l != "" && h.GoLine == "" {
			h.GoLine = l
		}
	}
	if h.GoLine == "" {
		h.GoLine = "1.24.0"
	}
	h.computeKeys()
	return h, nil
}

// computeKeys hashes what the host was built from.
func (h *Host) computeKeys() {
	k := sha256.New()
	fmt.Fprintln(k, "modbuild 1", h.GoVersion, runtime.GOOS, runtime.GOARCH, h.MainPath, h.MainVer)
	for _, key := range sortedKeys(h.Settings) {
		if strings.HasPrefix(key, "vcs") {
			continue
		}
		fmt.Fprintln(k, key, h.Settings[key])
	}
	for _, p := range sortedKeys(h.Deps) {
		fmt.Fprintln(k, p, h.Deps[p], h.Replace[p])
	}
	h.depsKey = hex.EncodeToString(k.Sum(nil))[:24]
	h.buildID = executableID()
}

// fillDeps reads the dependency versions from the main module's source
// when the binary lists none (a test binary records no dependencies): the
// modules of the packages its packages import, at the versions its go.mod
// selects, which is what the go command built it with.
func (h *Host) fillDeps(env []string) error {
	if len(h.Deps) > 0 || h.MainDir == "" {
		return nil
	}
	// The modules of the packages the main module's packages import:
	// -mod=readonly, never a change to the kernel's own go.mod or go.sum.
	cmd := exec.Command("go", "list", "-mod=readonly", "-deps", "-f", "{{with .Module}}{{.Path}} {{.Version}}{{with .Replace}} {{.Path}} {{.Version}}{{end}}{{end}}", "./...")
	cmd.Dir = h.MainDir
	cmd.Env = append(env, "GOFLAGS=")
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go list -m all in %s: %v", h.MainDir, exitText(err))
	}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] == h.MainPath {
			continue
		}
		h.Deps[f[0]] = f[1]
		if len(f) == 4 {
			h.Replace[f[0]] = f[2] + " " + f[3]
			h.Deps[f[0]] = f[3]
		} else if len(f) == 3 {
			h.Replace[f[0]] = f[2]
		}
	}
	h.depsFromSource = true
	h.computeKeys()
	return nil
}

// Provides reports whether the package path p belongs to the host's own
// module or one of its dependencies (the kernel's versions apply).
func (h *Host) Provides(p string) bool {
	if h.MainPath != "" && (p == h.MainPath || strings.HasPrefix(p, h.MainPath+"/")) {
		return true
	}
	for m := range h.Deps {
		if p == m || strings.HasPrefix(p, m+"/") {
			return true
		}
	}
	return false
}

// DepsKey identifies what a plugin sharing no package of the host's own
// module depends on: toolchain, flags and dependency versions.
func (h *Host) DepsKey() string { return h.depsKey }

// FullKey identifies the host binary itself: plugins that include packages
// of the host's own module (fitlib in a compiled cell) are valid only for
// it.
func (h *Host) FullKey() string {
	k := sha256.Sum256([]byte(h.depsKey + " " + h.buildID + " " + h.MainDir))
	return hex.EncodeToString(k[:])[:24]
}

// goLine turns go1.26.8 into 1.26.8 (the language version compiled cells
// get: the toolchain's own).
func goLine(v string) string {
	v = strings.TrimPrefix(v, "go")
	if i := strings.IndexAny(v, " -+"); i >= 0 {
		v = v[:i]
	}
	if v == "" || v[0] < '0' || v[0] > '9' {
		return ""
	}
	return v
}

// findMainDir locates the source of the host's main module: $GOPHERNOTE_SRC,
// else the directory of this very file as the compiler recorded it (absent
// with -trimpath), walked up to the go.mod that declares the module.
func findMainDir(mainPath string) (dir, by string) {
	if d := os.Getenv(SrcEnv); d != "" {
		if modulePathOf(filepath.Join(d, "go.mod")) == mainPath {
			return d, "$" + SrcEnv
		}
		return "", "$" + SrcEnv + " (" + d + " holds no go.mod of module " + mainPath + ")"
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", "the binary records no source paths (built with -trimpath): set $" + SrcEnv
	}
	for d := filepath.Dir(file); ; d = filepath.Dir(d) {
		if modulePathOf(filepath.Join(d, "go.mod")) == mainPath {
			return d, "the source paths recorded in the binary"
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return "", "the source the binary was built from (" + filepath.Dir(file) + ") is gone: set $" + SrcEnv
}

// modulePathOf returns the module path a go.mod declares, "" when none.
func modulePathOf(gomod string) string {
	f, err := os.Open(gomod)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

func modGoLine(gomod string) string {
	b, err := os.ReadFile(gomod)
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "go "); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

// executableID returns the Go build ID of the running executable (ELF
// note .note.go.buildid), else its path, size and modification time.
func executableID() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	if f, err := elf.Open(exe); err == nil {
		defer f.Close()
		if s := f.Section(".note.go.buildid"); s != nil {
			if b, err := s.Data(); err == nil && len(b) > 16 {
				return strings.TrimRight(string(b[16:]), "\x00")
			}
		}
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return exe
	}
	return fmt.Sprintf("%s %d %d", exe, fi.Size(), fi.ModTime().UnixNano())
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
