package engine

import (
	"go/ast"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// Workaround: redefining functions, types and methods.
//
// yaegi binds calls at compile time, so functions defined earlier keep
// calling the old body of a function a later cell redefines; a redefined
// type is silently ignored (the old type stays), and so is a redefined
// method. So the units pass re-evaluates, after the cell's declarations,
// the earlier functions that call a redefined function (transitively);
// and the names pass rejects a different definition of a type or method
// (or of a function an earlier method calls) with advice, since yaegi
// cannot update them. Re-running an identical cell is fine.

// checkMethodRedefinition rejects a method whose body differs from the
// session's.
func checkMethodRedefinition(s *scope, d *ast.FuncDecl) {
	key := declKey(d)
	if old, ok := s.e.decls[key]; ok && old.norm != normalize(s.text(d)) {
		s.fail(d.Name.Pos(), "method "+key+" was defined in cell "+strconv.Itoa(old.cell)+
			" with a different body; the interpreter cannot redefine a method (the old body would silently stay): restart the kernel, or give the new version another name")
	}
}

// checkTypeRedefinition rejects a type whose definition differs from the
// session's.
func checkTypeRedefinition(s *scope, ts *ast.TypeSpec) {
	if old, ok := s.e.decls[ts.Name.Name]; ok && old.kind == token.TYPE && old.norm != normalize(s.text(ts)) {
		s.fail(ts.Name.Pos(), "type "+ts.Name.Name+" was defined in cell "+strconv.Itoa(old.cell)+
			" with a different definition; the interpreter cannot redefine a type (values and functions already use the old one): choose a new name such as "+ts.Name.Name+"2, or restart the kernel")
	}
}

// addRedefines re-evaluates, after this cell's declarations, the earlier
// functions and methods that call a function this cell redefines, so that
// no code keeps calling a stale body (yaegi binds calls at compile time).
func addRedefines(p *prep) {
	redefined := map[string]bool{}
	for name, k := range p.declDefined {
		if old, ok := p.e.decls[name]; ok && k == token.FUNC && old.kind == token.FUNC {
			redefined[name] = true
		}
	}
	if len(redefined) == 0 {
		return
	}
	defined := map[string]bool{}
	for _, d := range p.pc.decls.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			defined[declKey(fd)] = true
		}
	}
	// Transitive closure over the session's recorded references.
	todo := map[string]bool{}
	changed := true
	for changed {
		changed = false
		for key, rec := range p.e.decls {
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
		fd := p.funcs[names[0]]
		p.fail(fd.Name.Pos(), "func "+names[0]+" is used by method "+key+" (cell "+strconv.Itoa(p.e.decls[key].cell)+
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
		b.WriteString(p.e.decls[k].src + "\n")
	}
	p.pl.units = append(p.pl.units, unit{kind: unitRedefine, src: b.String()})
}
