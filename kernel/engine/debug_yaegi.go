package engine

import (
	"fmt"
	"go/token"
	"reflect"
	"unsafe"

	"github.com/traefik/yaegi/interp"
)

// What the debugger reads and writes inside yaegi v0.16.1, which its API
// does not offer (as fix_release.go does for the global frame). yaegi's
// Debugger places a line breakpoint on the first node of a program whose
// line matches, whatever its file: with line directives (the engine's one
// mapping from interpreter source to cell positions) a unit's lines belong
// to several files (the cell, earlier cells re-evaluated, the engine's own
// text before a directive), so the engine chooses the node itself and sets
// yaegi's flag on it. It also needs the function a frame runs (to hide the
// function literals the engine wraps statements in), the program's result
// (Debugger.Wait also waits for goroutines that outlive their cell), and to
// detach the debugger from the interpreter when a unit ends (yaegi leaves
// it attached until every goroutine the unit started has returned).
// TestDebugInternals fails when a yaegi release changes any of these.

// open returns the struct field name of the addressable struct v, readable
// and settable whatever its export status; invalid when there is none.
func open(v reflect.Value, name string) reflect.Value {
	if !v.IsValid() || v.Kind() != reflect.Struct {
		return reflect.Value{}
	}
	f := v.FieldByName(name)
	if !f.IsValid() || !f.CanAddr() {
		return reflect.Value{}
	}
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

// elem dereferences a non-nil pointer; invalid otherwise.
func elem(p reflect.Value) reflect.Value {
	if !p.IsValid() || p.Kind() != reflect.Pointer || p.IsNil() {
		return reflect.Value{}
	}
	return p.Elem()
}

// ynode is a yaegi *node (a reflect.Value of the pointer).
type ynode struct{ p reflect.Value }

func (n ynode) ok() bool { return n.p.IsValid() && n.p.Kind() == reflect.Pointer && !n.p.IsNil() }

func (n ynode) field(name string) reflect.Value { return open(n.p.Elem(), name) }

func (n ynode) pos() token.Pos {
	f := n.field("pos")
	if !f.IsValid() {
		return token.NoPos
	}
	return token.Pos(f.Int())
}

// kind is the node kind's name ("funcLit", "funcDecl"...).
func (n ynode) kind() string {
	f := n.field("kind")
	if !f.IsValid() {
		return ""
	}
	return fmt.Sprint(f.Interface())
}

// executable: a node the debugger stops at (it has a position, an action
// and generated code), as yaegi's own SetBreakpoints decides.
func (n ynode) executable() bool {
	a, x := n.field("action"), n.field("exec")
	return n.pos().IsValid() && a.IsValid() && a.Uint() != 0 && x.IsValid() && !x.IsNil()
}

func (n ynode) children() []ynode {
	c := n.field("child")
	if !c.IsValid() {
		return nil
	}
	out := make([]ynode, c.Len())
	for i := range out {
		out[i] = ynode{c.Index(i)}
	}
	return out
}

// id identifies the node.
func (n ynode) id() uintptr { return n.p.Pointer() }

// setBreak sets or clears yaegi's line breakpoint flag of the node.
func (n ynode) setBreak(on bool) {
	d := n.field("debug")
	if !d.IsValid() {
		return
	}
	if d.IsNil() {
		if !on {
			return
		}
		d.Set(reflect.New(d.Type().Elem()))
	}
	if b := open(d.Elem(), "breakOnLine"); b.IsValid() {
		b.SetBool(on)
	}
}

// walk visits n and its subtree once each, depth first; inFunc tells
// whether a node is inside a function's declaration or literal.
func (n ynode) walk(seen map[uintptr]bool, inFunc bool, visit func(n ynode, inFunc bool)) {
	if !n.ok() || seen[n.id()] {
		return
	}
	seen[n.id()] = true
	visit(n, inFunc)
	if k := n.kind(); k == "funcDecl" || k == "funcLit" {
		inFunc = true
	}
	for _, c := range n.children() {
		c.walk(seen, inFunc, visit)
	}
}

// yaegiRoots returns the roots of every program the interpreter parsed
// (yaegi keeps them all).
func (e *Engine) yaegiRoots() []ynode {
	r := open(reflect.ValueOf(e.in).Elem(), "roots")
	if !r.IsValid() || r.Kind() != reflect.Slice {
		return nil
	}
	out := make([]ynode, r.Len())
	for i := range out {
		out[i] = ynode{r.Index(i)}
	}
	return out
}

// programRoot returns the root node of a compiled program.
func programRoot(p *interp.Program) ynode {
	return ynode{open(reflect.ValueOf(p).Elem(), "root")}
}

// attachedDebugger reports the debugger attached to the interpreter.
func (e *Engine) attachedDebugger() *interp.Debugger {
	f := open(reflect.ValueOf(e.in).Elem(), "debugger")
	if !f.IsValid() || f.IsNil() {
		return nil
	}
	d, _ := f.Interface().(*interp.Debugger)
	return d
}

// detachDebugger detaches d from the interpreter if it is attached.
func (e *Engine) detachDebugger(d *interp.Debugger) {
	f := open(reflect.ValueOf(e.in).Elem(), "debugger")
	if f.IsValid() && !f.IsNil() && f.Pointer() == reflect.ValueOf(d).Pointer() {
		f.Set(reflect.Zero(f.Type()))
	}
}

// attachDebugger attaches d again (see restoreDebugger).
func (e *Engine) attachDebugger(d *interp.Debugger) {
	f := open(reflect.ValueOf(e.in).Elem(), "debugger")
	if f.IsValid() {
		f.Set(reflect.ValueOf(d))
	}
}

// debuggerResult returns what the debugged program's Execute returned; it
// is read once the main goroutine has exited (its exit event follows the
// assignment).
func debuggerResult(d *interp.Debugger) (reflect.Value, error) {
	v := reflect.ValueOf(d).Elem()
	var res reflect.Value
	if r := open(v, "result"); r.IsValid() {
		res, _ = r.Interface().(reflect.Value)
	}
	var err error
	if f := open(v, "err"); f.IsValid() && !f.IsNil() {
		err, _ = f.Interface().(error)
	}
	return res, err
}

// frameInfo is what the debugger knows of one yaegi frame.
type frameInfo struct {
	ptr      uintptr   // the frame (identity)
	funcPos  token.Pos // the function it runs; NoPos for the root frame
	funcKind string    // "funcLit", "funcDecl", "" for the root
	name     string
	pos      token.Pos // the node it executes
	vars     []*interp.DebugVariable
}

// frameInfos describes the yaegi frames of df (a call frame and the
// closure frames rolled up into it), innermost first.
func frameInfos(df *interp.DebugFrame) []frameInfo {
	fs := open(reflect.ValueOf(df).Elem(), "frames")
	if !fs.IsValid() || fs.Len() == 0 {
		return nil
	}
	scopes := df.Scopes()
	out := make([]frameInfo, 0, fs.Len())
	for i := 0; i < fs.Len(); i++ {
		fp := fs.Index(i)
		fi := frameInfo{ptr: fp.Pointer(), name: df.Name()}
		if d := elem(open(elem(fp), "debug")); d.IsValid() {
			if n := (ynode{open(d, "node")}); n.ok() {
				fi.pos = n.pos()
			}
			if sc := elem(open(d, "scope")); sc.IsValid() {
				if def := (ynode{open(sc, "def")}); def.ok() {
					fi.funcPos, fi.funcKind = def.pos(), def.kind()
				}
			}
		}
		if i < len(scopes) {
			fi.vars = scopes[i].Variables()
		}
		out = append(out, fi)
	}
	return out
}

// rootFrameNode returns the position of the node the interpreter's global
// frame executes last (top-level statements run in it).
func (e *Engine) rootFramePos() token.Pos {
	f := elem(open(reflect.ValueOf(e.in).Elem(), "frame"))
	d := elem(open(f, "debug"))
	if n := (ynode{open(d, "node")}); n.ok() {
		return n.pos()
	}
	return token.NoPos
}
