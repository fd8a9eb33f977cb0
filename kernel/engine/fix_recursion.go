package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
)

// Workaround: runaway recursion.
//
// An interpreted call uses a few kilobytes of Go stack, so runaway
// recursion in a cell reaches Go's 1 GB stack limit, a fatal error that no
// recover can stop (at roughly 300,000 to 1,000,000 calls). Functions that
// can recurse (they refer to themselves, directly or through other cell
// functions, or a function literal refers to the variable it is assigned
// to) count their depth in compiled code and panic past maxDepth.

// maxDepth is the deepest recursion cells may reach (all goroutines of the
// session together). A simple interpreted call takes 1-3 KB of Go stack
// (the fatal limit came between 300,000 and 1,000,000 calls), so 50,000
// leaves a wide margin for bigger frames and still allows any reasonable
// recursive algorithm (Python's default limit is 1,000).
const maxDepth = 50_000

// depth is the number of guarded calls in progress.
type depth struct {
	n        atomic.Int64
	mu       sync.Mutex
	exceeded string // message for the running cell, once the limit was hit
}

// enter counts a guarded call. Past the limit it ends the goroutine with
// runtime.Goexit rather than a panic: yaegi recovers and re-panics in
// every interpreted frame, which costs time quadratic in the depth
// (minutes for 20,000 frames), while Goexit unwinds in linear time. The
// engine then reports the recorded message as the cell's panic.
func (d *depth) enter(name string) {
	if d.n.Add(1) > maxDepth {
		d.n.Add(-1)
		d.mu.Lock()
		if d.exceeded == "" {
			d.exceeded = fmt.Sprintf("recursion in %s deeper than %d calls is past the gophernote interpreter's limit (a stack overflow: each interpreted call takes kilobytes of Go stack; compiled Go goes deeper)", name, maxDepth)
		}
		d.mu.Unlock()
		runtime.Goexit()
	}
}

func (d *depth) leave() { d.n.Add(-1) }

// take returns and clears the limit message.
func (d *depth) take() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	m := d.exceeded
	d.exceeded = ""
	return m
}

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"Enter": reflect.ValueOf(e.depth.enter), "Leave": reflect.ValueOf(e.depth.leave)}
	})
}

// guardRecursion is the pass "recursion": the depth guard for the cell's
// recursive functions and function literals.
func guardRecursion(p *prep) {
	for _, d := range p.pc.decls.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || !recursive(p.scope, fd) {
			continue
		}
		guardBody(p, fd.Body, declKey(fd))
	}
	visit := func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, r := range as.Rhs {
			fl, ok := r.(*ast.FuncLit)
			id, isID := as.Lhs[i].(*ast.Ident)
			if ok && isID && identRefs(fl.Body)[id.Name] {
				guardBody(p, fl.Body, id.Name)
			}
		}
		return true
	}
	p.pc.inspect(visit)
}

func guardBody(p *prep, body *ast.BlockStmt, name string) {
	at := p.off(body.Lbrace) + 1
	p.r.addText(at, at, fmt.Sprintf(" %s.Enter(%q); defer %s.Leave(); ", rtName, name, rtName))
}

// recursive reports whether fd can call itself: its body names it, or
// names a cell or session function from which it is reachable.
func recursive(s *scope, fd *ast.FuncDecl) bool {
	self := fd.Name.Name
	seen := map[string]bool{}
	var reaches func(refs map[string]bool, depth int) bool
	reaches = func(refs map[string]bool, depth int) bool {
		if refs[self] {
			return true
		}
		if depth > 50 {
			return false
		}
		for r := range refs {
			if seen[r] {
				continue
			}
			seen[r] = true
			if cf, ok := s.funcs[r]; ok && cf.Body != nil {
				if reaches(identRefs(cf.Body), depth+1) {
					return true
				}
			} else if rec, ok := s.e.decls[r]; ok && rec.kind == token.FUNC {
				if reaches(rec.refs, depth+1) {
					return true
				}
			}
		}
		return false
	}
	return reaches(identRefs(fd.Body), 0)
}
