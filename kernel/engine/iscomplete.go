package engine

import (
	"go/scanner"
	"go/token"
	"strings"
)

// IsComplete tells a console front end whether code can run as typed:
// "incomplete" (with the indent for the next line) when brackets, strings,
// raw strings or comments are still open, "invalid" when the code cannot
// parse however it continues, else "complete".
func (e *Engine) IsComplete(code string) (status, indent string) {
	if strings.TrimSpace(code) == "" {
		return "complete", ""
	}
	code, compiled := blankEngineMagics(code)
	depth, open := scanDepth(code)
	if open || depth > 0 {
		return "incomplete", strings.Repeat("\t", max(depth, 0))
	}
	if depth < 0 {
		return "invalid", ""
	}
	if compiled {
		return "complete", "" // a Go file: go build judges it
	}
	if _, err := splitCell(code); err != nil {
		return "invalid", ""
	}
	return "complete", ""
}

// scanDepth returns the bracket depth at the end of code, and whether a
// string, raw string, rune or comment is left open.
func scanDepth(code string) (depth int, open bool) {
	fs := token.NewFileSet()
	f := fs.AddFile("", fs.Base(), len(code))
	var s scanner.Scanner
	s.Init(f, []byte(code), func(_ token.Position, msg string) {
		if strings.Contains(msg, "not terminated") {
			open = true
		}
	}, scanner.ScanComments)
	for {
		_, t, _ := s.Scan()
		switch t {
		case token.EOF:
			return depth, open
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
			if depth < 0 {
				return depth, open
			}
		}
	}
}
