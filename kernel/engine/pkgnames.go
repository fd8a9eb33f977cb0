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
		if isMajorVersion(name) && strings.Contains(p, "/") {
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

// pkgName returns the default name of an imported package path: the
// name its symbol table declares (math/rand/v2 is package rand), else the
// last element of the path that is not a major version.
func (e *Engine) pkgName(p string) string {
	if name, ok := e.pkgNames[p]; ok {
		return name
	}
	name := path.Base(p)
	if isMajorVersion(name) && strings.Contains(p, "/") {
		name = path.Base(path.Dir(p))
	}
	return name
}

// isMajorVersion reports whether a path element is a major version
// suffix such as v2.
func isMajorVersion(s string) bool {
	if len(s) < 2 || s[0] != 'v' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// pathForName returns the import path for an unimported package name.
func (e *Engine) pathForName(name string) (string, bool) {
	if name == rtName {
		return "", false
	}
	p, ok := e.names[name]
	return p, ok
}
