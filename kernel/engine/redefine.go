package engine

import (
	"go/ast"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// Redefinition: keeping earlier code in step with redefined functions.

// addRedefines re-evaluates, after this cell's declarations, the earlier
// functions and methods that call a function this cell redefines, so that
// no code keeps calling a stale body (yaegi binds calls at compile time).
func (a *analysis) addRedefines() {
	redefined := map[string]bool{}
	for name, k := range a.declDefined {
		if old, ok := a.e.decls[name]; ok && k == token.FUNC && old.kind == token.FUNC {
			redefined[name] = true
		}
	}
	if len(redefined) == 0 {
		return
	}
	defined := map[string]bool{}
	for _, d := range a.pc.decls.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			defined[declKey(fd)] = true
		}
	}
	// Transitive closure over the session's recorded references.
	todo := map[string]bool{}
	changed := true
	for changed {
		changed = false
		for key, rec := range a.e.decls {
			if rec.kind != token.FUNC || defined[key] || todo[key] {
				continue
			}
			for ref := range rec.refs {
				if redefined[ref] || todo[ref] {
					todo[key] = true
					changed = true
					break
				}
			}
		}
	}
	if len(todo) == 0 {
		return
	}
	for key := range todo {
		if !strings.Contains(key, ".") {
			continue
		}
		var names []string
		for n := range redefined {
			names = append(names, n)
		}
		sort.Strings(names)
		fd := a.cellFuncs[names[0]]
		a.fail(fd.Name.Pos(), "func "+names[0]+" is used by method "+key+" (cell "+strconv.Itoa(a.e.decls[key].cell)+
			"), which the interpreter cannot update, so the method would keep calling the old version: restart the kernel, or give the new version another name")
		return
	}
	keys := make([]string, 0, len(todo))
	for k := range todo {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(a.e.decls[k].src + "\n")
	}
	a.pl.units = append(a.pl.units, unit{kind: unitRedefine, src: b.String()})
}
