// Package modproxy writes Go module proxies for tests: a folder in the
// GOPROXY protocol's layout (served as GOPROXY=file://DIR) holding small
// modules that the test describes, so that tests of module imports never
// touch the network.
package modproxy

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Module is one version of a module: its go.mod text (a "module PATH"
// line is added when missing) and its files, path -> content.
type Module struct {
	Path    string
	Version string
	GoMod   string
	Files   map[string]string
}

// Write adds the modules to the proxy folder dir (created when missing).
func Write(dir string, mods ...Module) error {
	byPath := map[string][]string{}
	for _, m := range mods {
		esc := escape(m.Path)
		vdir := filepath.Join(dir, filepath.FromSlash(esc), "@v")
		if err := os.MkdirAll(vdir, 0o755); err != nil {
			return err
		}
		gomod := m.GoMod
		if !strings.Contains(gomod, "module ") {
			gomod = "module " + m.Path + "\n\ngo 1.24\n" + gomod
		}
		info, _ := json.Marshal(map[string]any{"Version": m.Version, "Time": time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err := os.WriteFile(filepath.Join(vdir, m.Version+".info"), info, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(vdir, m.Version+".mod"), []byte(gomod), 0o644); err != nil {
			return err
		}
		f, err := os.Create(filepath.Join(vdir, m.Version+".zip"))
		if err != nil {
			return err
		}
		zw := zip.NewWriter(f)
		files := map[string]string{"go.mod": gomod}
		for name, content := range m.Files {
			files[name] = content
		}
		names := make([]string, 0, len(files))
		for n := range files {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			w, err := zw.Create(m.Path + "@" + m.Version + "/" + n)
			if err != nil {
				return err
			}
			if _, err := w.Write([]byte(files[n])); err != nil {
				return err
			}
		}
		if err := zw.Close(); err != nil {
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		byPath[m.Path] = append(byPath[m.Path], m.Version)
	}
	for p, vs := range byPath {
		esc := escape(p)
		list := filepath.Join(dir, filepath.FromSlash(esc), "@v", "list")
		old, _ := os.ReadFile(list)
		all := strings.Fields(string(old))
		all = append(all, vs...)
		sort.Strings(all)
		if err := os.WriteFile(list, []byte(strings.Join(dedupe(all), "\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func dedupe(s []string) []string {
	var out []string
	for i, v := range s {
		if i == 0 || s[i-1] != v {
			out = append(out, v)
		}
	}
	return out
}

// Forget removes the modules (every version) of test domains
// (example.com, example.org...; others are left alone) from the module cache
// modcache, where the go command extracted them from the proxy: a test
// leaves the machine's cache as it found it, and a module it changes is
// never served stale from the cache. Use module paths of a test domain
// of the calling package's own (test processes run at once).
func Forget(modcache string, mods ...Module) error {
	seen := map[string]bool{}
	for _, m := range mods {
		if seen[m.Path] {
			continue
		}
		if first, _, _ := strings.Cut(m.Path, "/"); !strings.HasPrefix(first, "example.") {
			// Never a real module's (a fake newer version of one belongs
			// in a module cache of the test's own).
			continue
		}
		seen[m.Path] = true
		esc := filepath.FromSlash(escape(m.Path))
		dirs, _ := filepath.Glob(filepath.Join(modcache, esc+"@*"))
		dirs = append(dirs, filepath.Join(modcache, "cache", "download", esc))
		for _, d := range dirs {
			_ = filepath.Walk(d, func(p string, fi os.FileInfo, err error) error {
				if err == nil && fi.IsDir() {
					_ = os.Chmod(p, 0o755)
				}
				return nil
			})
			if err := os.RemoveAll(d); err != nil {
				return err
			}
			// The folders above it, when nothing else is left in them.
			for p := filepath.Dir(d); p != modcache && strings.HasPrefix(p, modcache); p = filepath.Dir(p) {
				if os.Remove(p) != nil {
					break
				}
			}
		}
	}
	return nil
}

// Env is the environment for the go command that resolves modules from
// the proxy folder dir first and then from the module cache (the kernel's
// own dependencies, downloaded when it was built), never the network; the
// checksum database is off for it (test modules are not in it).
func Env(dir, modcache string) []string {
	return []string{
		"GOPROXY=file://" + filepath.ToSlash(dir) + ",file://" + filepath.ToSlash(filepath.Join(modcache, "cache", "download")),
		"GOSUMDB=off",
		"GONOSUMDB=*",
		"GOPRIVATE=",
		"GONOPROXY=",
		"GOTOOLCHAIN=local",
	}
}

// Sample are the modules most tests use: example.com/greet v1.0.0 and
// v1.1.0, which import example.com/words (a dependency),
// example.com/broken v1.0.0, which does not compile, and example.com/ver
// v1.0.0 and v1.1.0 (for pinning: plugins are per process, so tests in one
// process load one version of a module).
func Sample() []Module {
	words := Module{Path: "example.com/words", Version: "v1.0.0", Files: map[string]string{
		"words.go": "// Package words holds words.\npackage words\n\n// Hello is a greeting.\nconst Hello = \"hello\"\n\n// Upper upper-cases ASCII letters.\nfunc Upper(s string) string {\n\tb := []byte(s)\n\tfor i, c := range b {\n\t\tif 'a' <= c && c <= 'z' {\n\t\t\tb[i] = c - 32\n\t\t}\n\t}\n\treturn string(b)\n}\n",
	}}
	greet := func(v, suffix string) Module {
		return Module{Path: "example.com/greet", Version: v, GoMod: "\nrequire example.com/words v1.0.0\n", Files: map[string]string{
			"greet.go": fmt.Sprintf(`// Package greet greets people.
package greet

import "example.com/words"

// Version is the module version.
const Version = %q

// Greeter greets with a word.
type Greeter struct{ Word string }

// Greet returns the greeting for name.
func (g Greeter) Greet(name string) string { return g.Word + ", " + name + %q }

// Hello greets name loudly.
func Hello(name string) string { return words.Upper(words.Hello) + ", " + name + %q }

// Sum adds the numbers up.
func Sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// Map applies f to each element (a generic function).
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}
`, v, suffix, suffix),
		}}
	}
	broken := Module{Path: "example.com/broken", Version: "v1.0.0", Files: map[string]string{
		"broken.go": "package broken\n\nfunc F() int { return \"not an int\" }\n",
	}}
	ver := func(v string) Module {
		return Module{Path: "example.com/ver", Version: v, Files: map[string]string{
			"ver.go": fmt.Sprintf("// Package ver says its version.\npackage ver\n\n// Version is the module version.\nconst Version = %q\n", v)}}
	}
	return []Module{words, greet("v1.0.0", "!"), greet("v1.1.0", "!!"), broken, ver("v1.0.0"), ver("v1.1.0")}
}

// In moves modules from example.com to the test domain domain (such as
// example.org): each package's tests use a domain of their own, since
// test processes share the machine's module cache and run at once.
func In(domain string, mods []Module) []Module {
	out := make([]Module, len(mods))
	for i, m := range mods {
		r := strings.NewReplacer("example.com/", domain+"/")
		m.Path, m.GoMod = r.Replace(m.Path), r.Replace(m.GoMod)
		files := map[string]string{}
		for n, c := range m.Files {
			files[n] = r.Replace(c)
		}
		m.Files = files
		out[i] = m
	}
	return out
}

// escape is the proxy's case encoding of a module path (an upper-case
// letter becomes '!' and its lower case).
func escape(p string) string {
	var b strings.Builder
	for _, r := range p {
		if 'A' <= r && r <= 'Z' {
			b.WriteByte('!')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
