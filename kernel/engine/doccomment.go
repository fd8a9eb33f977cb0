package engine

import (
	"go/ast"
	"go/scanner"
	"go/token"
)

// leadingComment returns the text of the doc comment of the declaration at
// byte offset off of the cell: the comments that end on the line above it,
// one line after another, with nothing else between (go/parser's rule for
// Doc). The engine's declaration view blanks what lies between a cell's
// chunks, comments included, so the parser cannot attach them.
func leadingComment(src string, off int) string {
	fset := token.NewFileSet()
	f := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(f, []byte(src), nil, scanner.ScanComments)
	var group []*ast.Comment
	lastEnd := 0 // line where the group's last comment ends
	for {
		pos, tok, lit := s.Scan()
		o := f.Offset(pos)
		if tok == token.EOF || o >= off {
			break
		}
		switch {
		case tok == token.COMMENT:
			line := f.Line(pos)
			if len(group) > 0 && line > lastEnd+1 {
				group = nil // a blank line ends a group
			}
			group = append(group, &ast.Comment{Slash: pos, Text: lit})
			lastEnd = f.Line(pos + token.Pos(len(lit)) - 1)
		case tok == token.SEMICOLON && lit == "\n":
			// the newline after a line of code
		default:
			group = nil
		}
	}
	if len(group) == 0 || f.Line(f.Pos(off)) != lastEnd+1 {
		return ""
	}
	return (&ast.CommentGroup{List: group}).Text()
}
