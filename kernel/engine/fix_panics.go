package engine

import (
	"fmt"
	"go/ast"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"sync"
)

// Workaround: runtime panics worded by reflect, and recover at the top
// level of a cell.
//
// yaegi executes indexing, method calls and dereferences with package
// reflect, so a nil-interface method call panics with "reflect: call of
// reflect.Value.Interface on zero Value" and an index out of range with
// "reflect: slice index out of range", where Go says "runtime error:
// invalid memory address or nil pointer dereference" and "runtime error:
// index out of range [15] with length 10". The engine words the cell's
// Panic error as Go does (goPanicValue), and so does recover() in cells:
// each call becomes _gnrt.Recovered(recover()), whose value is an error
// with Go's text that also implements runtime.Error. yaegi does not
// report the index and length; the message says so when the engine
// cannot give them.
//
// A top-level `defer func() { recover() }()` runs, like every top-level
// defer (fix_defer.go), when the cell ends — after the panicking unit
// has stopped. So recover() directly in a top-level deferred function
// literal becomes _gnrt.CellRecover(recover()): it returns the cell's
// pending panic and marks it recovered, and the cell then ends without
// error, as a Go program whose main recovers: the statements after the
// panic did not run, the deferred calls did.

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"Recovered":   reflect.ValueOf(e.recoveredInCell),
			"CellRecover": reflect.ValueOf(e.cellPanic.recover),
			"DeferPanic":  reflect.ValueOf(e.cellPanic.deferPanic),
			"DeferRaise":  reflect.ValueOf(e.cellPanic.deferRaise),
		}
	})
}

// rewriteRecover is the pass "recover".
func rewriteRecover(p *prep) {
	top := map[*ast.CallExpr]bool{}
	for _, s := range p.pc.stmts.Body.List {
		d, ok := s.(*ast.DeferStmt)
		if !ok {
			continue
		}
		lit, ok := d.Call.Fun.(*ast.FuncLit)
		if !ok {
			continue
		}
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if _, nested := n.(*ast.FuncLit); nested {
				return false
			}
			if c, ok := n.(*ast.CallExpr); ok && isRecoverCall(p, c) {
				top[c] = true
			}
			return true
		})
	}
	// recover() in a top-level statement itself, not in a deferred
	// function, returns nil in Go (the body of main is not deferred);
	// yaegi crashes on it at the top level.
	outside := map[*ast.CallExpr]bool{}
	ast.Inspect(p.pc.stmts.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && isRecoverCall(p, c) {
			outside[c] = true
		}
		return true
	})
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || !isRecoverCall(p, c) {
			return true
		}
		if outside[c] {
			p.r.addText(p.off(c.Pos()), p.off(c.End()), "any(nil)")
			return true
		}
		fn := rtName + ".Recovered("
		if top[c] {
			fn = rtName + ".CellRecover("
		}
		// A replacement, not a wrapper: it nests inside the wrappers of
		// later passes at the same offset (recover() == 2 becomes
		// IfacesEqual(Recovered(recover()), 2)).
		// interface{}(...): yaegi types a compiled function's any result
		// apart from its own interfaces, and asserting on such a value
		// holding an empty struct panicked in reflect (Field index out of
		// bounds; fixedbugs/issue4066.go) or matched no type switch case.
		p.r.addText(p.off(c.Pos()), p.off(c.End()), "interface{}("+fn+"recover()))")
		return true
	}
	p.pc.inspect(visit)
}

func isRecoverCall(p *prep, c *ast.CallExpr) bool {
	id, ok := c.Fun.(*ast.Ident)
	return ok && len(c.Args) == 0 && p.builtin(id, "recover")
}

// runtimeError is a runtime panic of a cell as Go words it; cell, line
// and col, when set, are where it happened.
type runtimeError struct {
	msg             string
	cell, line, col int
	plain           bool // Go's runtime.plainError: no "runtime error: " prefix
}

func (e runtimeError) Error() string {
	if e.plain {
		return e.msg
	}
	return "runtime error: " + e.msg
}

// RuntimeError makes it a runtime.Error.
func (runtimeError) RuntimeError() {}

// recoveredInCell is recover() in a cell: the frames yaegi printed while
// the recovered panic unwound are forgotten (a later panic of the cell
// must not be reported in them), and the value is Go's.
func (e *Engine) recoveredInCell(v any) any {
	if v != nil {
		e.out.takePanics()
	}
	return e.specializedNames(e.fmtNames.typeNamed(recovered(v)))
}

// specializedNames writes the names of specialized generic types in the
// message of a failed assertion as Go's (main.Pair[int], fix_mono.go).
func (e *Engine) specializedNames(v any) any {
	if re, ok := v.(runtimeError); ok && e.mono != nil && strings.HasPrefix(re.msg, "interface conversion: ") {
		re.msg = e.mono.reflectText(re.msg)
		return re
	}
	return v
}

// typeRe matches the runtime errors that name a type by its reflect
// text (a map key that cannot be hashed, an == that cannot compare).
var typeRe = regexp.MustCompile(`^(?:runtime error: )?(hash of unhashable type|comparing uncomparable type):? (.+)$`)

// typeNamed returns v, a runtime error naming a type (a cell's struct
// type by the struct yaegi builds for it, struct { Xa int "json:..."
// ... }), worded as compiled Go's map assignment words it, with the
// cell type's Go name (main.T).
func (f *fmtNames) typeNamed(v any) any {
	err, ok := v.(runtime.Error)
	if !ok {
		return v
	}
	m := typeRe.FindStringSubmatch(err.Error())
	if m == nil {
		return v
	}
	// The text keeps its form: Go's map code (a read, a delete, and
	// yaegi's every map operation) says "hash of unhashable type: T", a
	// compiled map assignment (the engine's HashCheck, fix_unhashable.go)
	// and an == "runtime error: hash of unhashable type T".
	colon := !strings.HasPrefix(err.Error(), "runtime error: ")
	worded := func(name string) runtimeError {
		if colon {
			return runtimeError{msg: m[1] + ": " + name, plain: true}
		}
		return runtimeError{msg: m[1] + " " + name}
	}
	if !strings.HasPrefix(m[2], "struct {") {
		return worded(m[2])
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	name := ""
	for t, n := range f.names {
		if t.String() == m[2] {
			if name != "" && name != n {
				return v // two types, one reflect type
			}
			name = n
		}
	}
	if name == "" {
		return v
	}
	return worded(name)
}

// recovered converts a recovered panic value to the value Go would give.
//
// yaegi v0.16 panics with the reflect.Value of panic's argument, and
// recover gives that reflect.Value itself as the recovered value: it
// prints as the value, but r == "x", r.(string) and a type switch see a
// reflect.Value (fixedbugs/issue43942.go). The value it holds is Go's.
func recovered(v any) any {
	if rv, ok := v.(reflect.Value); ok {
		if !rv.IsValid() || !rv.CanInterface() {
			return nil
		}
		v = rv.Interface()
		if isValueInterface(rv.Type()) {
			// panic(err) of an interface: the wrapper yaegi keeps a
			// cell value in, with its type's node.
			if _, inner, ok := wrapped(rv); ok {
				v = inner.Interface()
			}
		}
	}
	if v == nil {
		return nil
	}
	if g, ok := goPanicValue(v); ok {
		return g
	}
	return v
}

// reflectPanics maps panic texts of reflect (as yaegi lets them through)
// to Go's runtime errors; msg may name the groups of re ($1).
var reflectPanics = []struct {
	re    *regexp.Regexp
	msg   string
	plain bool
}{
	{regexp.MustCompile(`^reflect: call of reflect\.Value\.\w+ on zero Value$`), "invalid memory address or nil pointer dereference", false},
	{regexp.MustCompile(`^reflect\.Value\.Call: call of nil function$`), "invalid memory address or nil pointer dereference", false},
	// yaegi reads *p of a nil p as a zero Value, which a call then refuses.
	{regexp.MustCompile(`^reflect: Call using zero Value argument$`), "invalid memory address or nil pointer dereference", false},
	{regexp.MustCompile(`^reflect: (slice|array|string) index out of range$`), "index out of range (the interpreter does not report the index and length)", false},
	{regexp.MustCompile(`^reflect\.Value\.Slice3?: slice index out of bounds$`), "slice bounds out of range (the interpreter does not report the bounds)", false},
	{regexp.MustCompile(`^reflect\.MakeSlice: negative len$`), "makeslice: len out of range", false},
	{regexp.MustCompile(`^reflect\.MakeSlice: negative cap$`), "makeslice: cap out of range", false},
	{regexp.MustCompile(`^reflect\.MakeSlice: len > cap$`), "makeslice: cap out of range", false},
	{regexp.MustCompile(`^reflect\.Value\.(Grow|Append|AppendSlice): slice overflow$`), "growslice: len out of range", false},
	{regexp.MustCompile(`^reflect\.MakeChan: negative buffer size$`), "makechan: size out of range", true},
	// A slice converted to a longer array or array pointer (Go 1.17, 1.20).
	{regexp.MustCompile(`^reflect: cannot convert slice with length (\d+) to (?:pointer to )?array with length (\d+)$`), "cannot convert slice with length $1 to array or pointer to array with length $2", false},
}

// goPanicValue returns the value compiled Go panics with where yaegi's
// differs: a runtime error for reflect's texts, and an interface
// conversion message without yaegi's position prefix.
func goPanicValue(v any) (any, bool) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case runtimeError:
		return x, true
	case error:
		s = x.Error()
	default:
		return nil, false
	}
	for _, m := range reflectPanics {
		if m.re.MatchString(s) {
			// The patterns match whole texts: the message with the
			// pattern's groups ($1) expanded.
			return runtimeError{msg: m.re.ReplaceAllString(s, m.msg), plain: m.plain}, true
		}
	}
	if i := strings.Index(s, ": interface conversion: "); i >= 0 && posRe.MatchString(s) {
		// A TypeAssertionError: no "runtime error: "; reflect's strings
		// of cell struct types (and boxes) as Go names them.
		return runtimeError{msg: unboxedNames(cellStructNames(s[i+2:])), plain: true}, true
	}
	return nil, false
}

// cellStructNames writes each reflect string of a cell's defined struct
// type in s (struct { A int "_gnT:\"P\"" }: the fmt pass's tag on its
// first field names it, fix_fmt.go) as Go's name, main.P.
func cellStructNames(s string) string {
	const open, tag = "struct {", `"_gnT:\"`
	var b strings.Builder
	for {
		i := strings.Index(s, open)
		if i < 0 {
			break
		}
		depth, end := 0, -1
		for j := i; j < len(s) && end < 0; j++ {
			switch s[j] {
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					end = j + 1
				}
			}
		}
		if end < 0 {
			break
		}
		body := s[i:end]
		t := strings.Index(body, tag)
		if nested := strings.Index(body[len(open):], open); t < 0 || nested >= 0 && nested+len(open) < t {
			// No name of its own (an unnamed struct type), or the tag
			// is a nested type's: left as reflect writes it.
			b.WriteString(s[:i+len(open)])
			s = s[i+len(open):]
			continue
		}
		name := body[t+len(tag):]
		name = name[:max(0, strings.Index(name, `\"`))]
		if k := strings.Index(name, "·"); k >= 0 {
			name = name[:k] // a local type's number (fix_fmt.go)
		}
		b.WriteString(s[:i])
		b.WriteString("main." + name)
		s = s[end:]
	}
	b.WriteString(s)
	return b.String()
}

// goPanicText is the text of a cell's panic value as Go prints it.
func goPanicText(v any) string {
	if g, ok := goPanicValue(v); ok {
		if re, ok := g.(runtimeError); ok && strings.HasPrefix(re.msg, "interface conversion: ") {
			return re.msg // Go prints a TypeAssertionError without "runtime error: "
		}
		return g.(error).Error()
	}
	return fmtValue(v)
}

// cellPanic is the panic that stopped a cell's units, while the cell's
// top-level deferred calls run.
type cellPanic struct {
	mu                 sync.Mutex
	v                  any
	pending, recovered bool
	fromDefer          bool // v is a panic of a top-level deferred call
}

// set records v as the cell's panic, before its deferred calls run.
func (c *cellPanic) set(v any) {
	c.mu.Lock()
	c.v, c.pending, c.recovered = v, true, false
	c.mu.Unlock()
}

// reset forgets the panic of the last cell.
func (c *cellPanic) reset() {
	c.mu.Lock()
	c.v, c.pending, c.recovered, c.fromDefer = nil, false, false, false
	c.mu.Unlock()
}

// deferPanic records v, a panic out of a top-level deferred call (the
// runner of fix_defer.go recovered it), as the cell's panic: it replaces
// the one in flight, and the deferred calls that run after it may
// recover it, as in Go.
func (c *cellPanic) deferPanic(v any) {
	c.mu.Lock()
	c.v, c.pending, c.recovered, c.fromDefer = v, true, false, true
	c.mu.Unlock()
}

// deferRaise raises, when the top-level deferred calls have run, the
// panic of one of them that none recovered.
func (c *cellPanic) deferRaise() {
	c.mu.Lock()
	v, raise := c.v, c.pending && c.fromDefer
	c.mu.Unlock()
	if raise {
		panic(v)
	}
}

// wasRecovered reports whether a deferred call recovered the panic.
func (c *cellPanic) wasRecovered() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.recovered
}

// recover is recover() directly in a top-level deferred function: v is
// what the real recover returned (a panic of the deferred calls
// themselves), else the cell's pending panic.
func (c *cellPanic) recover(v any) any {
	if v != nil {
		return recovered(v)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.pending {
		return nil
	}
	c.pending, c.recovered = false, true
	return recovered(c.v)
}

// fmtValue prints a panic value that needs no rewording.
func fmtValue(v any) string { return fmt.Sprintf("%v", v) }
