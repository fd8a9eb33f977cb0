package magic

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"
	"unicode"
)

// A cell is read line by line. A line is a magic line when its first
// character other than spaces and tabs is % or ! and, read as Go, a new
// statement would begin there: the Go lines before it leave no bracket,
// raw string or comment open and end the way Go ends a statement (by its
// semicolon rule: after an identifier, a literal, ), ], }, ++, --, return,
// break, continue or fallthrough). So a ! that continues an expression
// (a &&\n\t!b, or inside f(\n\t!b)) stays Go. See the package doc.

// segKind is what a segment of a cell is.
type segKind int

const (
	goSeg    segKind = iota // Go lines
	lineSeg                 // %name args
	shellSeg                // !command
)

// segment is a run of cell lines of one kind.
type segment struct {
	kind        segKind
	first, last int // cell lines, 1-based, inclusive
	// name is a line magic's name, without the %; help is set for
	// %name? (and %name??).
	name string
	help bool
	// args is the text after the name (line magics) or after the ! (shell
	// commands); it starts at argLine:argCol (1-based, byte column) and
	// holds its continuation lines.
	args            string
	argLine, argCol int
	// nameCol is the column of the % or !.
	nameCol int
}

// parsedCell is a cell split into segments.
type parsedCell struct {
	lines []string // the cell's lines, without their "\n"
	base  int      // the cell line of lines[0]
	// cellMagic is set when the cell starts with %%name: the whole cell
	// is that magic's, segs is empty, and body is the text after the
	// first line, starting at cell line bodyLine.
	cellMagic *segment
	body      string
	bodyLine  int
	segs      []segment
}

// hasMagic reports whether the cell holds any magic line.
func (p *parsedCell) hasMagic() bool {
	if p.cellMagic != nil {
		return true
	}
	for _, s := range p.segs {
		if s.kind != goSeg {
			return true
		}
	}
	return false
}

// parseError is a problem with a magic line, at a cell position.
type parseError struct {
	line, col int
	msg       string
}

// mayHaveMagic is a fast test: could any line of code be a magic line?
func mayHaveMagic(code string) bool {
	for _, l := range strings.Split(code, "\n") {
		t := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(t, "%") || strings.HasPrefix(t, "!") {
			return true
		}
	}
	return false
}

// splitLines splits code into lines without their "\n" (and a "\r" before it).
func splitLines(code string) []string {
	lines := strings.Split(code, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// goArgMagics are the line magics whose arguments are Go code: their line
// continues while the Go leaves a bracket, string or comment open.
var goArgMagics = map[string]bool{"time": true, "timeit": true}

// parse splits code, whose first line is cell line firstLine, into
// segments. allowCell permits a %%name first line. goNames reports
// whether a name is a Go variable or constant of the session; it decides
// when !name is ambiguous (nil: never).
func parse(code string, firstLine int, allowCell bool, goNames func(string) bool) (*parsedCell, *parseError) {
	p := &parsedCell{lines: splitLines(code), base: firstLine}
	// A cell magic is the first line that is not blank.
	for i, l := range p.lines {
		t := strings.TrimLeft(l, " \t")
		if t == "" {
			continue
		}
		if strings.HasPrefix(t, "%%") {
			if !allowCell {
				return nil, &parseError{firstLine + i, len(l) - len(t) + 1, "a cell magic (" + magicWord(t) + ") cannot be used inside another cell magic's body"}
			}
			s := lineMagic(t, firstLine+i, len(l)-len(t)+1, 2)
			s.first, s.last = firstLine, firstLine+len(p.lines)-1
			p.cellMagic = &s
			p.body = strings.Join(p.lines[i+1:], "\n")
			p.bodyLine = firstLine + i + 1
			return p, nil
		}
		break
	}
	var goText strings.Builder // the Go lines so far; magic lines blank
	cur := segment{kind: goSeg, first: firstLine}
	flushGo := func(upTo int) {
		if cur.kind == goSeg && upTo >= cur.first {
			cur.last = upTo
			p.segs = append(p.segs, cur)
		}
	}
	for i := 0; i < len(p.lines); i++ {
		l := p.lines[i]
		t := strings.TrimLeft(l, " \t")
		col := len(l) - len(t) + 1
		if (strings.HasPrefix(t, "%") || strings.HasPrefix(t, "!")) && atStatementStart(goText.String()) {
			flushGo(firstLine + i - 1)
			var s segment
			if t[0] == '!' {
				if strings.HasPrefix(t, "!!") {
					return nil, &parseError{firstLine + i, col, "!! (capturing a command's output as a value) is not supported: !COMMAND runs it and shows its output"}
				}
				s = segment{kind: shellSeg, nameCol: col, args: t[1:], argLine: firstLine + i, argCol: col + 1}
				if msg := ambiguousBang(t[1:], goNames, goText.String()); msg != "" {
					return nil, &parseError{firstLine + i, col, msg}
				}
			} else {
				if strings.HasPrefix(t, "%%") {
					return nil, &parseError{firstLine + i, col, "cell magic " + magicWord(t) + " must be the first line of the cell"}
				}
				s = lineMagic(t, firstLine+i, col, 1)
			}
			s.first = firstLine + i
			// Continuation lines: a trailing backslash, and for Go
			// arguments open brackets, strings or comments.
			j := i
			for j+1 < len(p.lines) {
				if strings.HasSuffix(p.lines[j], "\\") && s.kind == shellSeg {
					j++
					s.args += "\n" + p.lines[j]
					continue
				}
				if strings.HasSuffix(p.lines[j], "\\") && !goArgMagics[s.name] {
					j++
					s.args = strings.TrimRight(strings.TrimSuffix(s.args, "\\"), " \t") + " " + strings.TrimLeft(p.lines[j], " \t")
					continue
				}
				if goArgMagics[s.name] && !s.help && goOpen(s.args) {
					j++
					s.args += "\n" + p.lines[j]
					continue
				}
				break
			}
			s.last = firstLine + j
			p.segs = append(p.segs, s)
			for k := i; k <= j; k++ {
				goText.WriteString("\n")
			}
			i = j
			cur = segment{kind: goSeg, first: firstLine + j + 1}
			continue
		}
		goText.WriteString(l)
		goText.WriteString("\n")
	}
	flushGo(firstLine + len(p.lines) - 1)
	return p, nil
}

// lineMagic reads "%name args" (percents = 1) or "%%name args" (2) at
// line:col.
func lineMagic(t string, line, col, percents int) segment {
	rest := t[percents:]
	n := 0
	for n < len(rest) && isNameByte(rest[n]) {
		n++
	}
	s := segment{kind: lineSeg, name: rest[:n], nameCol: col, argLine: line}
	after := rest[n:]
	if q := strings.TrimRight(after, " \t"); q == "?" || q == "??" {
		s.help = true
		after = ""
	}
	args := strings.TrimLeft(after, " \t")
	s.args = args
	s.argCol = col + percents + n + (len(after) - len(args))
	return s
}

func isNameByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// magicWord is the %name or %%name a line starts with.
func magicWord(t string) string {
	i := 0
	for i < len(t) && t[i] == '%' {
		i++
	}
	j := i
	for j < len(t) && isNameByte(t[j]) {
		j++
	}
	return t[:j]
}

// atStatementStart reports whether a Go statement would begin right after
// src (whole lines of Go).
func atStatementStart(src string) bool {
	depth, open, last := goScan(src)
	return depth == 0 && !open && (last == token.ILLEGAL || last == token.SEMICOLON)
}

// goOpen reports whether Go source leaves a bracket, raw string or comment
// open at its end.
func goOpen(src string) bool {
	depth, open, _ := goScan(src + "\n")
	return depth > 0 || open
}

// goScan returns the bracket depth at the end of src, whether a raw
// string or comment is left open, and the last token (ILLEGAL: none).
func goScan(src string) (depth int, open bool, last token.Token) {
	fs := token.NewFileSet()
	f := fs.AddFile("", fs.Base(), len(src))
	var s scanner.Scanner
	s.Init(f, []byte(src), func(_ token.Position, msg string) {
		if strings.Contains(msg, "raw string literal not terminated") || strings.Contains(msg, "comment not terminated") {
			open = true
		}
	}, 0)
	last = token.ILLEGAL
	for {
		_, t, _ := s.Scan()
		switch t {
		case token.EOF:
			return depth, open, last
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		}
		last = t
	}
}

// ambiguousBang returns an error message when the text after a ! that
// starts a line would also read as a Go boolean expression of the
// session's names (!ok, !done, !true): Go's !ok as the cell's value, or
// the shell command ok. before is the cell's Go before the line.
func ambiguousBang(rest string, goNames func(string) bool, before string) string {
	if rest == "" || rest[0] == ' ' || rest[0] == '\t' {
		return ""
	}
	x, err := parser.ParseExpr(rest)
	if err != nil {
		return ""
	}
	declared := declaredNames(before)
	var names []string
	all := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			// pkg.Name or x.Field: the first identifier decides.
			ast.Inspect(n.X, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					names = append(names, id.Name)
					if !known(id.Name, goNames, declared) {
						all = false
					}
				}
				return true
			})
			return false
		case *ast.Ident:
			names = append(names, n.Name)
			if !known(n.Name, goNames, declared) {
				all = false
			}
		}
		return true
	})
	if !all || len(names) == 0 {
		return ""
	}
	return "!" + rest + " is ambiguous: a line starting with ! runs a shell command, but " + names[0] +
		" is a Go name here; for the Go value write (!" + rest + "), for the shell command write ! " + rest
}

func known(name string, goNames func(string) bool, declared map[string]bool) bool {
	return name == "true" || name == "false" || declared[name] || goNames != nil && goNames(name)
}

// declaredNames returns the names Go source declares at its top level
// with var, const or := (read from tokens, so the source need not parse).
func declaredNames(src string) map[string]bool {
	out := map[string]bool{}
	fs := token.NewFileSet()
	f := fs.AddFile("", fs.Base(), len(src))
	var s scanner.Scanner
	s.Init(f, []byte(src), nil, 0)
	type tok struct {
		t   token.Token
		lit string
	}
	var toks []tok
	for {
		_, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		toks = append(toks, tok{t, lit})
	}
	for i, t := range toks {
		if t.t != token.IDENT {
			continue
		}
		if i > 0 && (toks[i-1].t == token.VAR || toks[i-1].t == token.CONST) {
			out[t.lit] = true
			continue
		}
		j := i
		for j+2 < len(toks) && toks[j+1].t == token.COMMA && toks[j+2].t == token.IDENT {
			j += 2
		}
		if j+1 < len(toks) && toks[j+1].t == token.DEFINE {
			out[t.lit] = true
		}
	}
	return out
}

// blankPrefix returns line with its first n bytes replaced by spaces
// (tabs kept), so that the rest keeps its columns.
func blankPrefix(line string, n int) string {
	if n > len(line) {
		n = len(line)
	}
	b := []byte(line)
	for i := 0; i < n; i++ {
		if b[i] != '\t' {
			b[i] = ' '
		}
	}
	return string(b)
}

// maskRunes returns s with every rune but newlines replaced by a space:
// rune offsets into the result are those into s.
func maskRunes(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return r
		}
		if unicode.IsSpace(r) {
			return r
		}
		return ' '
	}, s)
}
