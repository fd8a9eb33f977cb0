package engine

import (
	"go/ast"
	"go/token"
)

// Part of the block scoping workaround (fix_compound.go): labels at the
// top level of a cell.
//
// In a cell pasted from func main, a goto, break or continue may name a
// label of another top-level statement (goto L1 ... L1: ...). Wrapping
// each compound statement in its own function literal would put the
// label out of the jump's reach ("label L1 undefined"). So the top-level
// statements from a jump to its label (either order), merged when such
// spans overlap, run together inside one function literal. Variables
// defined by := inside such a span are local to it, as in func main: a
// later cell cannot use them.

// labelSpans returns the [first, last] index ranges of top-level
// statements joined by jumps to top-level labels, merged and in order.
func labelSpans(list []ast.Stmt) [][2]int {
	defined := map[string]int{} // top-level label -> statement index
	for i, s := range list {
		if ls, ok := s.(*ast.LabeledStmt); ok {
			defined[ls.Label.Name] = i
		}
	}
	if len(defined) == 0 {
		return nil
	}
	var spans [][2]int
	for i, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				if n.Label == nil || n.Tok == token.FALLTHROUGH {
					return true
				}
				if j, ok := defined[n.Label.Name]; ok && j != i {
					spans = append(spans, [2]int{min(i, j), max(i, j)})
				}
			}
			return true
		})
	}
	// Merge overlapping spans.
	var merged [][2]int
	for {
		changed := false
		merged = merged[:0]
		for _, sp := range spans {
			joined := false
			for k := range merged {
				if sp[0] <= merged[k][1] && merged[k][0] <= sp[1] {
					merged[k] = [2]int{min(sp[0], merged[k][0]), max(sp[1], merged[k][1])}
					joined, changed = true, true
					break
				}
			}
			if !joined {
				merged = append(merged, sp)
			}
		}
		spans = append([][2]int{}, merged...)
		if !changed {
			break
		}
	}
	// In statement order.
	for i := 1; i < len(spans); i++ {
		for j := i; j > 0 && spans[j][0] < spans[j-1][0]; j-- {
			spans[j], spans[j-1] = spans[j-1], spans[j]
		}
	}
	return spans
}
