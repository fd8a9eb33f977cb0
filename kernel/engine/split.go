package engine

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"
)

// A cell is parsed in two views that share the cell's own coordinates:
// the top-level declarations (imports, func, type, var, const) parsed as a
// file, and the remaining top-level statements parsed as the body of a
// function. Both sources are the cell text with everything outside the
// view blanked to spaces (newlines kept) behind a one-line prefix, so every
// token keeps its line and column (line shifted by one).

const (
	declPrefix = "package main\n"
	stmtPrefix = "package main;func _() {\n"
)

// chunk is a top-level span of the cell: a declaration or a statement.
type chunk struct {
	start, end int // byte offsets in the cell
	decl       bool
	imp        bool // an import declaration (parsed in its own view, so imports may follow other code)
}

// chunk kinds for blankExcept.
const (
	viewImports = iota
	viewDecls
	viewStmts
)

func (c chunk) view() int {
	switch {
	case c.imp:
		return viewImports
	case c.decl:
		return viewDecls
	}
	return viewStmts
}

// parsedCell is the result of splitting a cell.
type parsedCell struct {
	src     string
	fset    *token.FileSet
	imports *ast.File     // import declarations
	decls   *ast.File     // other declarations; positions in declFile
	stmts   *ast.FuncDecl // statements live in stmts.Body.List; positions in stmtFile
	chunks  []chunk
	// declFile and stmtFile convert positions back to cell line:col.
	impFile, declFile, stmtFile *token.File
	// smap, when set, maps src back to the cells its pieces come from
	// (a text the monomorphization pass built, fix_mono.go).
	smap *sourceMap
}

// where returns the cell (0: this cell), line and column of the text
// offset off, following the source map.
func (pc *parsedCell) where(off int) (cell, line, col int) {
	if pc.smap == nil {
		line, col = lineCol(pc.src, off)
		return 0, line, col
	}
	cell, src, o := pc.smap.origin(off)
	line, col = lineCol(src, o)
	return cell, line, col
}

// inspect walks the cell's declarations, then its statements, with
// ast.Inspect (imports are not visited).
func (pc *parsedCell) inspect(f func(ast.Node) bool) {
	ast.Inspect(pc.decls, f)
	ast.Inspect(pc.stmts.Body, f)
}

// splitCell splits src into chunks and parses both views. The error is a
// *cellError with the cell position of the first syntax error.
func splitCell(src string) (*parsedCell, error) {
	pc := &parsedCell{src: src, fset: token.NewFileSet()}
	pc.chunks = chunkCell(src)
	impSrc := []byte(blankExcept(src, pc.chunks, viewImports))
	declSrc := []byte(blankExcept(src, pc.chunks, viewDecls))
	stmtSrc := []byte(blankExcept(src, pc.chunks, viewStmts))

	fi, err := parser.ParseFile(pc.fset, "imports", append([]byte(declPrefix), impSrc...), parser.ParseComments)
	if err != nil {
		return nil, syntaxError(err, src)
	}
	pc.imports = fi
	pc.impFile = pc.fset.File(fi.Pos())

	f, err := parser.ParseFile(pc.fset, "decls", append([]byte(declPrefix), declSrc...), parser.ParseComments)
	if err != nil {
		return nil, syntaxError(err, src)
	}
	pc.decls = f
	pc.declFile = pc.fset.File(f.Pos())

	g, err := parser.ParseFile(pc.fset, "stmts", append(append([]byte(stmtPrefix), stmtSrc...), "\n}"...), parser.ParseComments)
	if err != nil {
		return nil, syntaxError(err, src)
	}
	pc.stmts = g.Decls[0].(*ast.FuncDecl)
	pc.stmtFile = pc.fset.File(g.Pos())
	return pc, nil
}

// syntaxError converts a go/parser error (positions in a prefixed view)
// into a cell CompileError; errors past the cell's end (at the closing
// brace of the statement view) are reported at the end of the cell.
func syntaxError(err error, src string) error {
	if list, ok := err.(scanner.ErrorList); ok && len(list) > 0 {
		e := list[0]
		line, col := e.Pos.Line-1, e.Pos.Column
		lastLine, lastCol := lineCol(src, len(src))
		if line > lastLine || line == lastLine && col > lastCol {
			line, col = lastLine, lastCol
			return &cellError{line: line, col: col, msg: strings.Replace(e.Msg, "found '}'", "found end of cell", 1)}
		}
		return &cellError{line: line, col: col, msg: e.Msg}
	}
	return &cellError{msg: err.Error()}
}

// offset returns the cell byte offset of pos, which belongs to either view,
// clamped to the cell (implicit nodes may sit on the views' wrappers).
func (pc *parsedCell) offset(pos token.Pos) int {
	in := func(f *token.File) bool {
		return f != nil && f.Base() <= int(pos) && int(pos) <= f.Base()+f.Size()
	}
	var off int
	switch {
	case in(pc.impFile):
		off = pc.impFile.Offset(pos) - len(declPrefix)
	case in(pc.declFile):
		off = pc.declFile.Offset(pos) - len(declPrefix)
	case in(pc.stmtFile):
		off = pc.stmtFile.Offset(pos) - len(stmtPrefix)
	}
	return min(max(off, 0), len(pc.src))
}

// lineCol returns the 1-based cell line and column (in bytes, like Go) of
// the cell byte offset off.
func lineCol(src string, off int) (line, col int) {
	if off > len(src) {
		off = len(src)
	}
	line = 1 + strings.Count(src[:off], "\n")
	col = off - (strings.LastIndexByte(src[:off], '\n') + 1) + 1
	return line, col
}

// blankExcept returns src with every byte outside the chunks of the given
// view replaced by a space (newlines kept).
func blankExcept(src string, chunks []chunk, view int) string {
	b := []byte(src)
	keep := make([]bool, len(b))
	for _, c := range chunks {
		if c.view() == view {
			for i := c.start; i < c.end && i < len(b); i++ {
				keep[i] = true
			}
		}
	}
	for i := range b {
		if !keep[i] && b[i] != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

// tok is one scanned token.
type tok struct {
	off int
	t   token.Token
	lit string
}

// scanCell returns the tokens of src (comments skipped, automatic
// semicolons included). Scanner errors are ignored: the parser reports them.
func scanCell(src string) []tok {
	fs := token.NewFileSet()
	file := fs.AddFile("", fs.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, []byte(src), func(token.Position, string) {}, 0)
	var toks []tok
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		toks = append(toks, tok{off: file.Offset(pos), t: t, lit: lit})
	}
	return toks
}

// chunkCell splits src into top-level declaration and statement chunks. A
// declaration starts at a statement boundary with import, type, var, const,
// or func followed by a name or a method receiver; it ends at the next
// top-level semicolon.
func chunkCell(src string) []chunk {
	toks := scanCell(src)
	var chunks []chunk
	depth := 0
	atStart := true
	cur := -1       // index into chunks of the open chunk
	header := false // inside the header of a top-level for, if or switch
	skip := 0
	// A pasted Go file: its package clause is dropped (blanked like any
	// byte outside the chunks).
	if len(toks) >= 2 && toks[0].t == token.PACKAGE && toks[1].t == token.IDENT {
		skip = 2
		if len(toks) > 2 && toks[2].t == token.SEMICOLON {
			skip = 3
		}
	}
	for i, t := range toks {
		if i < skip {
			continue
		}
		if atStart && depth == 0 && t.t != token.SEMICOLON {
			chunks = append(chunks, chunk{start: t.off, end: len(src), decl: isDeclStart(toks, i), imp: t.t == token.IMPORT})
			cur = len(chunks) - 1
		}
		atStart = false
		switch t.t {
		case token.FOR, token.IF, token.SWITCH:
			if depth == 0 {
				header = true // its semicolons (for i := 0; ; i++) end no chunk
			}
		case token.LPAREN, token.LBRACK, token.LBRACE:
			if t.t == token.LBRACE && depth == 0 {
				header = false
			}
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if depth > 0 {
				depth--
			}
		case token.SEMICOLON:
			if depth == 0 && !header {
				atStart = true
				if cur >= 0 {
					end := t.off
					if t.lit == ";" {
						end++
					}
					chunks[cur].end = end
					cur = -1
				}
			}
		}
	}
	return chunks
}

// isDeclStart reports whether toks[i] starts a top-level declaration.
func isDeclStart(toks []tok, i int) bool {
	switch toks[i].t {
	case token.IMPORT, token.TYPE, token.VAR, token.CONST:
		return true
	case token.FUNC:
	default:
		return false
	}
	if i+1 >= len(toks) {
		return false
	}
	if toks[i+1].t == token.IDENT {
		return true
	}
	if toks[i+1].t != token.LPAREN {
		return false
	}
	// func (recv) Name( or func (recv) Name[ is a method; anything else
	// is a function literal.
	depth := 0
	for j := i + 1; j < len(toks); j++ {
		switch toks[j].t {
		case token.LPAREN:
			depth++
		case token.RPAREN:
			depth--
			if depth == 0 {
				return j+2 < len(toks) && toks[j+1].t == token.IDENT &&
					(toks[j+2].t == token.LPAREN || toks[j+2].t == token.LBRACK)
			}
		}
	}
	return false
}
