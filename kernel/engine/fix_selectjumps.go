package engine

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// Workaround: break and continue inside a select statement.
//
// yaegi v0.16 gets every jump out of a select's case wrong:
//
//   - a plain break, which in Go leaves the select, leaves the loop around
//     it (for i := 0; i < 3; i++ { select { default: if i == 1 { break } };
//     n++ } counted 1 where Go counts 3);
//   - a plain continue of the loop around it does nothing: the case's
//     statements after it, then those after the select, run (n += 100
//     after a select whose default continues: 303 where Go has 3);
//   - break L or continue L of a labeled loop around it never leaves: the
//     loop runs on (chan/select.go's for { select { ... default: break
//     LOOP } } spun until the time limit).
//
// yaegi leaves an enclosing for right (a plain break in a select ends the
// innermost loop), and a jump from a switch or the body of a loop is
// right. So the pass "selectjumps" puts each select that a break or
// continue leaves in a loop of its own, for { select { ... }; break }, in
// which a plain break leaves the select in Go and in yaegi alike; a jump
// further out stores where it goes in a variable and breaks out, and
// after the select's loop — and after each switch, loop or select it
// passes on the way — the variable sends it on:
//
//	for { select { default: continue } }
//	→ for { _gnSJ1 := 0; for { select { default: { _gnSJ1 = 1; break } }; break }; if _gnSJ1 == 1 { continue } }
//
// A jump inside a function literal belongs to the literal; goto is left
// as it is.

// rewriteSelectJumps is the pass "selectjumps".
func rewriteSelectJumps(p *prep) {
	type construct struct {
		stmt  ast.Stmt // *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt
		start ast.Node // the statement with its labels: where the select's loop starts
	}
	// Per select that needs a loop: its flag ("" when no jump goes
	// further than the select), the flag's next code; per construct, the
	// checks that go after it.
	wrap := map[*ast.SelectStmt]ast.Node{}
	var wrapOrder []*ast.SelectStmt
	flags := map[*ast.SelectStmt]string{}
	codes := map[*ast.SelectStmt]int{}
	after := map[ast.Stmt][]string{}
	var afterOrder []ast.Stmt
	addAfter := func(s ast.Stmt, text string) {
		if _, ok := after[s]; !ok {
			afterOrder = append(afterOrder, s)
		}
		after[s] = append(after[s], text)
	}
	needWrap := func(c construct) {
		sel := c.stmt.(*ast.SelectStmt)
		if _, ok := wrap[sel]; !ok {
			wrap[sel] = c.start
			wrapOrder = append(wrapOrder, sel)
		}
	}
	n := 0
	var stack []ast.Node
	var visit func(node ast.Node) bool
	visit = func(node ast.Node) bool {
		if node == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, node)
		if fl, ok := node.(*ast.FuncLit); ok {
			// The literal's jumps are its own: walk it with a stack of
			// its own.
			saved := stack
			stack = nil
			ast.Inspect(fl.Body, visit)
			stack = saved[:len(saved)-1]
			return false
		}
		br, ok := node.(*ast.BranchStmt)
		if !ok || (br.Tok != token.BREAK && br.Tok != token.CONTINUE) {
			return true
		}
		// The constructs around the jump, outermost first, each with its
		// labeled statement.
		var cs []construct
		for i, s := range stack {
			switch s.(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				start := s
				for j := i - 1; j >= 0; j-- {
					if _, ok := stack[j].(*ast.LabeledStmt); !ok {
						break
					}
					start = stack[j]
				}
				cs = append(cs, construct{stmt: s.(ast.Stmt), start: start})
			}
		}
		target := -1
		for i := len(cs) - 1; i >= 0 && target < 0; i-- {
			if br.Label != nil {
				if labelOf(stack, cs[i].stmt, br.Label.Name) {
					target = i
				}
				continue
			}
			switch cs[i].stmt.(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				target = i
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if br.Tok == token.BREAK {
					target = i
				}
			}
		}
		if target < 0 {
			return true
		}
		_, targetSel := cs[target].stmt.(*ast.SelectStmt)
		// The outermost select the jump leaves (or the target select).
		top := -1
		if targetSel {
			top = target
		} else {
			for i := target + 1; i < len(cs); i++ {
				if _, ok := cs[i].stmt.(*ast.SelectStmt); ok {
					top = i
					break
				}
			}
		}
		if top < 0 {
			return true
		}
		for i := top; i < len(cs); i++ {
			if _, ok := cs[i].stmt.(*ast.SelectStmt); ok {
				needWrap(cs[i])
			}
		}
		if top == len(cs)-1 && targetSel {
			// break (or break L) of the select it is in: the select's
			// loop takes a plain break.
			if br.Label != nil {
				p.r.addText(p.off(br.Pos()), p.off(br.End()), "break")
			}
			return true
		}
		sel := cs[top].stmt.(*ast.SelectStmt)
		flag := flags[sel]
		if flag == "" {
			n++
			flag = "_gnSJ" + strconv.Itoa(n)
			flags[sel] = flag
		}
		codes[sel]++
		code := strconv.Itoa(codes[sel])
		p.r.addText(p.off(br.Pos()), p.off(br.End()), "{ "+flag+" = "+code+"; break }")
		for i := top + 1; i < len(cs); i++ {
			addAfter(cs[i].stmt, "if "+flag+" == "+code+" { break }")
		}
		if !targetSel {
			jump := br.Tok.String()
			if br.Label != nil {
				jump += " " + br.Label.Name
			}
			addAfter(sel, "if "+flag+" == "+code+" { "+jump+" }")
		}
		return true
	}
	p.pc.inspect(func(node ast.Node) bool {
		if node == nil {
			return false
		}
		stack = stack[:0]
		if fd, ok := node.(*ast.FuncDecl); ok {
			if fd.Body != nil {
				ast.Inspect(fd.Body, visit)
			}
			return false
		}
		if s, ok := node.(ast.Stmt); ok {
			ast.Inspect(s, visit)
			return false
		}
		return true
	})
	for _, sel := range wrapOrder {
		start := p.off(wrap[sel].Pos())
		head := "for { "
		if f := flags[sel]; f != "" {
			head = f + " := 0; for { "
		}
		p.r.addText(start, start, head)
	}
	for _, s := range afterOrder {
		text := "; " + strings.Join(after[s], "; ")
		if sel, ok := s.(*ast.SelectStmt); ok && wrap[sel] != nil {
			continue // with its loop's end, below
		}
		p.r.addTail(p.off(s.End()), text)
	}
	for _, sel := range wrapOrder {
		text := "; break }"
		if checks := after[sel]; len(checks) > 0 {
			text += "; " + strings.Join(checks, "; ")
		}
		p.r.addTail(p.off(sel.End()), text)
	}
}

// labelOf reports whether s, on the stack, carries the label name.
func labelOf(stack []ast.Node, s ast.Stmt, name string) bool {
	for i, n := range stack {
		if n != s {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			ls, ok := stack[j].(*ast.LabeledStmt)
			if !ok {
				return false
			}
			if ls.Label.Name == name {
				return true
			}
		}
		return false
	}
	return false
}
