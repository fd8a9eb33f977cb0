package engine

import (
	"path"
	"reflect"
	"sort"
	"strings"
)

// preferredPaths resolves package names that several known packages share,
// for auto-import.
var preferredPaths = map[string]string{
	"rand":     "math/rand",
	"template": "text/template",
	"scanner":  "text/scanner",
	"pprof":    "runtime/pprof",
	"constant": "go/constant",
	"big":      "math/big",
	"heap":     "container/heap",
	"list":     "container/list",
	"json":     "encoding/json",
	"plot":     "gonum.org/v1/plot",
	"stat":     "gonum.org/v1/gonum/stat",
}

// packageNames maps each package name to one import path: the preferred
// path when listed, else the shortest (then lexically first) path.
func packageNames(syms map[string]map[string]reflect.Value) map[string]string {
	byName := map[string][]string{}
	for p := range syms {
		name := path.Base(p)
		if strings.HasPrefix(name, "v") && len(name) <= 3 && strings.Contains(p, "/") {
			name = path.Base(path.Dir(p)) // math/rand/v2 is package rand
		}
		name = strings.ReplaceAll(name, "-", "_")
		byName[name] = append(byName[name], p)
	}
	names := map[string]string{}
	for name, paths := range byName {
		if p, ok := preferredPaths[name]; ok && syms[p] != nil {
			names[name] = p
			continue
		}
		sort.Slice(paths, func(i, j int) bool {
			if len(paths[i]) != len(paths[j]) {
				return len(paths[i]) < len(paths[j])
			}
			return paths[i] < paths[j]
		})
		names[name] = paths[0]
	}
	return names
}

// pkgName returns the default name of an imported package path.
func (e *Engine) pkgName(p string) string {
	for name, q := range e.names {
		if q == p {
			return name
		}
	}
	return defaultPkgName(p)
}

// defaultPkgName is the name a package gets by convention from its path:
// the last element, or the one before a major version suffix
// (math/rand/v2 is package rand, not v2).
func defaultPkgName(p string) string {
	base := path.Base(p)
	if len(base) >= 2 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" && strings.Contains(p, "/") {
		return path.Base(path.Dir(p))
	}
	return base
}

// pathForName returns the import path for an unimported package name.
func (e *Engine) pathForName(name string) (string, bool) {
	if name == rtName {
		return "", false
	}
	p, ok := e.names[name]
	return p, ok
}
