package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"strconv"
)

// Workaround: make of a slice with a length or capacity out of range.
//
// yaegi makes a slice with reflect.MakeSlice, which panics "runtime:
// allocation size out of range" for a length or capacity whose memory
// passes the heap's limit (and "reflect.MakeSlice: negative len" for a
// negative one). Go's makeslice tells which argument is at fault:
// "runtime error: makeslice: len out of range" when the length alone is
// negative or too big, else "makeslice: cap out of range" (a capacity
// negative, too big or below the length). The text alone cannot tell
// them apart, so the pass "makeslice" passes each non-constant argument
// of make([]T, len[, cap]) through Go's check, with T's size from
// go/types (gc, amd64):
//
//	make(T, n)     →  make(T, _gnrt.MakeLen(int(n), size, cell, line, col))
//	make(T, l, c)  →  make(T, l, _gnrt.MakeCap(int(l), int(c), size, cell, line, col))
//	make(T, l, 4)  →  make(T, _gnrt.MakeLenConstCap(int(l), 4, cell, line, col), 4)
//
// (the last as gc's code for a make with a constant capacity that does
// not escape: a length above the capacity is "cap out of range"; made on
// the heap it would be "len out of range" for a length too big alone —
// the engine cannot know the escape analysis' verdict, and takes the
// first).
// A converted length keeps Go's answer: a uint64 beyond the int range is
// negative as an int, as makeslice64 sees it. The capacity's check
// evaluates the length again, so it is added only when the length is
// free of side effects (fix_indexcheck.go's pure); else yaegi's panic
// stays, in Go's words where they are sure (fix_panics.go). Cost: one
// compiled call per make of a slice with a variable size.

// maxAlloc is the runtime's limit of one allocation on 64-bit Linux.
const maxAlloc = 1 << 48

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"MakeLen":         reflect.ValueOf(makeLen),
			"MakeCap":         reflect.ValueOf(makeCap),
			"MakeLenConstCap": reflect.ValueOf(makeLenConstCap),
		}
	})
}

// makeLen returns n, the length of a make of a slice of elements of size
// bytes at line:col of cell number cell, or panics as Go's makeslice.
func makeLen(n int, size uintptr, cell, line, col int) int {
	if n < 0 || size != 0 && uintptr(n) > maxAlloc/size {
		panic(runtimeError{msg: "makeslice: len out of range", cell: cell, line: line, col: col})
	}
	return n
}

// makeCap returns c, the capacity of a make with length l (checked
// before by makeLen), or panics as Go's makeslice.
func makeCap(l, c int, size uintptr, cell, line, col int) int {
	if c < 0 || l > c || size != 0 && uintptr(c) > maxAlloc/size {
		panic(runtimeError{msg: "makeslice: cap out of range", cell: cell, line: line, col: col})
	}
	return c
}

// makeLenConstCap returns n, the length of a make with constant
// capacity c, or panics as gc's code for such a make.
func makeLenConstCap(n, c, cell, line, col int) int {
	if uint64(n) > uint64(c) {
		if n < 0 {
			panic(runtimeError{msg: "makeslice: len out of range", cell: cell, line: line, col: col})
		}
		panic(runtimeError{msg: "makeslice: cap out of range", cell: cell, line: line, col: col})
	}
	return n
}

// checkMakeSlices is the pass "makeslice".
func checkMakeSlices(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	sizes := types.SizesFor("gc", "amd64")
	p.pc.inspect(func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) < 2 || len(c.Args) > 3 || c.Ellipsis.IsValid() {
			return true
		}
		id, ok := ast.Unparen(c.Fun).(*ast.Ident)
		if !ok || !p.builtin(id, "make") {
			return true
		}
		tv, ok := ct.info.Types[c.Args[0]]
		if !ok || !tv.IsType() || hasTypeParam(tv.Type) {
			return true
		}
		st, ok := tv.Type.Underlying().(*types.Slice)
		if !ok || hasTypeParam(st.Elem()) {
			return true
		}
		size := strconv.FormatInt(sizes.Sizeof(st.Elem()), 10)
		cell, line, col := p.absWhere(c.Pos())
		at := fmt.Sprintf("%d, %d, %d", cell, line, col)
		isConst := func(x ast.Expr) bool { tv := ct.info.Types[x]; return tv.Value != nil }
		asInt := func(x ast.Expr) (string, string) {
			if t := ct.goType(x); t != nil {
				if b, ok := t.Underlying().(*types.Basic); ok && (b.Kind() == types.Int || b.Kind() == types.UntypedInt) {
					return "", ""
				}
			}
			return "int(", ")"
		}
		l := c.Args[1]
		if len(c.Args) == 3 && isConst(c.Args[2]) && !isConst(l) {
			// gc makes it on the stack when it does not escape, and
			// checks there uint64(len) > cap first: "cap out of range"
			// unless the length is negative.
			open, close := asInt(l)
			p.r.addText(p.off(l.Pos()), p.off(l.Pos()), rtName+".MakeLenConstCap("+open)
			p.r.addTail(p.off(l.End()), close+", "+p.text(c.Args[2])+", "+at+")")
			return true
		}
		if !isConst(l) {
			open, close := asInt(l)
			p.r.addText(p.off(l.Pos()), p.off(l.Pos()), rtName+".MakeLen("+open)
			p.r.addTail(p.off(l.End()), close+", "+size+", "+at+")")
		}
		if len(c.Args) == 3 {
			cp := c.Args[2]
			if isConst(cp) && isConst(l) || !pure(p, ct, l) {
				return true
			}
			lo, lc := asInt(l)
			co, cc := asInt(cp)
			ls := lo + p.text(l) + lc
			p.r.addText(p.off(cp.Pos()), p.off(cp.Pos()), rtName+".MakeCap("+ls+", "+co)
			p.r.addTail(p.off(cp.End()), cc+", "+size+", "+at+")")
		}
		return true
	})
}
