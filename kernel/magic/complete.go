package magic

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
)

// Completion kinds of magics, as IPython's completer names them.
const (
	kindMagic = "magic"
	kindPath  = "path"
)

// lineAt describes the line holding a rune offset of code.
type lineAt struct {
	start, end int    // rune offsets of the line in code
	n          int    // its number, 1-based
	before     string // the line up to the offset
	seg        *segment
	cellMagic  bool // the line is the cell's %%name line
}

// locate finds the line of cursor and the magic segment it is part of.
func locate(code string, cursor int, p *parsedCell) lineAt {
	runes := []rune(code)
	la := lineAt{start: cursor, end: cursor}
	for la.start > 0 && runes[la.start-1] != '\n' {
		la.start--
	}
	for la.end < len(runes) && runes[la.end] != '\n' {
		la.end++
	}
	la.n = 1 + strings.Count(string(runes[:la.start]), "\n")
	la.before = string(runes[la.start:cursor])
	if p == nil {
		return la
	}
	if c := p.cellMagic; c != nil && c.argLine == la.n {
		la.seg, la.cellMagic = c, true
		return la
	}
	for i := range p.segs {
		s := &p.segs[i]
		if s.kind != goSeg && s.first <= la.n && la.n <= s.last {
			la.seg = s
		}
	}
	return la
}

// masked returns code with the magic lines blanked (rune for rune, so
// offsets stay), keeping the Go of %time and %timeit and of the bodies of
// %%time and %%timeit; goBody is false when the cell's body is not Go
// (%%bash, %%writefile).
func masked(code string, p *parsedCell) (out string, goBody bool) {
	lines := strings.Split(code, "\n")
	// blank masks line n up to byte upTo (the whole line: len).
	blank := func(n int, upTo int) {
		b := []byte(lines[n-1])
		upTo = min(upTo, len(b))
		lines[n-1] = maskRunes(string(b[:upTo])) + string(b[upTo:])
	}
	if c := p.cellMagic; c != nil {
		blank(c.argLine, len(lines[c.argLine-1]))
		if c.name != "time" && c.name != "timeit" {
			return strings.Join(lines, "\n"), false
		}
		return strings.Join(lines, "\n"), true
	}
	for _, s := range p.segs {
		if s.kind == goSeg {
			continue
		}
		for n := s.first; n <= s.last; n++ {
			upTo := len(lines[n-1])
			if goArgMagics[s.name] && s.kind == lineSeg && !s.help {
				// the Go of %time and %timeit stays
				upTo = 0
				if n == s.first {
					upTo = s.argCol - 1
				}
			}
			blank(n, upTo)
		}
	}
	return strings.Join(lines, "\n"), true
}

// CompleteItems completes magic names after % and %% at the start of a
// magic line, paths after !, %cd and %%writefile, magic names after %help,
// environment variables after %env, and Go everywhere else (also in the
// statement of %time and %timeit), which the interpreter completes.
func (m *Engine) CompleteItems(code string, cursor int) (items []cell.Completion, start, end int) {
	runes := []rune(code)
	if cursor < 0 || cursor > len(runes) {
		cursor = len(runes)
	}
	if !mayHaveMagic(code) {
		return m.in.CompleteItems(code, cursor)
	}
	p, _ := parse(code, 1, true, nil)
	la := locate(code, cursor, p)
	if la.seg == nil {
		if p == nil {
			// A cell that does not split (a misplaced %%): a magic line
			// still completes its name.
			if t := strings.TrimLeft(la.before, " \t"); strings.HasPrefix(t, "%") && isWord(t) {
				return m.words(t, la, cursor, runes, false)
			}
			return []cell.Completion{}, cursor, cursor
		}
		mc, goBody := masked(code, p)
		if !goBody {
			return []cell.Completion{}, cursor, cursor
		}
		return m.in.CompleteItems(mc, cursor)
	}
	s := la.seg
	t := strings.TrimLeft(la.before, " \t")
	if la.n == s.argLine && isWord(t) && strings.HasPrefix(t, "%") {
		return m.words(t, la, cursor, runes, la.cellMagic || firstLine(code, la.n))
	}
	switch {
	case s.kind == shellSeg:
		return pathItems(la.before, cursor, false)
	case s.help:
		return []cell.Completion{}, cursor, cursor
	case !la.cellMagic && goArgMagics[s.name]:
		mc, _ := masked(code, p)
		return m.in.CompleteItems(mc, cursor)
	case s.name == "cd":
		return pathItems(la.before, cursor, true)
	case la.cellMagic && (s.name == "writefile"):
		return pathItems(la.before, cursor, false)
	case s.name == "help":
		w := lastWord(la.before)
		var out []cell.Completion
		for _, name := range append(names(lineMagics), names(cellMagics)...) {
			if strings.HasPrefix(name, w) || strings.HasPrefix(strings.TrimLeft(name, "%"), w) {
				out = append(out, cell.Completion{Text: name, Type: kindMagic})
			}
		}
		return out, cursor - utf8.RuneCountInString(w), cursor
	case s.name == "env":
		w := lastWord(la.before)
		if strings.Contains(w, "=") {
			return []cell.Completion{}, cursor, cursor
		}
		var out []cell.Completion
		for _, kv := range os.Environ() {
			k, _, _ := strings.Cut(kv, "=")
			if strings.HasPrefix(k, w) {
				out = append(out, cell.Completion{Text: k, Type: "variable"})
			}
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Text < out[j].Text })
		return out, cursor - utf8.RuneCountInString(w), cursor
	}
	return []cell.Completion{}, cursor, cursor
}

// Complete is CompleteItems without the kinds.
func (m *Engine) Complete(code string, cursor int) (matches []string, start, end int) {
	items, start, end := m.CompleteItems(code, cursor)
	matches = make([]string, len(items))
	for i, it := range items {
		matches[i] = it.Text
	}
	return matches, start, end
}

// isWord reports whether t is %name or %%name being typed (no space yet).
func isWord(t string) bool {
	t = strings.TrimLeft(t, "%")
	for i := 0; i < len(t); i++ {
		if !isNameByte(t[i]) {
			return false
		}
	}
	return true
}

// firstLine reports whether line n is the first line of code that is not
// blank (where a cell magic may stand).
func firstLine(code string, n int) bool {
	for i, l := range strings.Split(code, "\n") {
		if strings.TrimSpace(l) != "" {
			return i+1 == n
		}
	}
	return false
}

// words completes a magic's name: t is the % or %% and the letters typed.
func (m *Engine) words(t string, la lineAt, cursor int, runes []rune, cellOK bool) ([]cell.Completion, int, int) {
	start := cursor - utf8.RuneCountInString(t)
	end := cursor
	for end < len(runes) && end < la.end && (runes[end] < utf8.RuneSelf && isNameByte(byte(runes[end]))) {
		end++
	}
	var out []cell.Completion
	add := func(tbl map[string]*magicDef) {
		for _, w := range names(tbl) {
			if strings.HasPrefix(w, t) {
				out = append(out, cell.Completion{Text: w, Type: kindMagic, Signature: lookupWord(w).usage})
			}
		}
	}
	if cellOK {
		add(cellMagics)
	}
	if !strings.HasPrefix(t, "%%") {
		add(lineMagics)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Text < out[j].Text })
	return out, start, end
}

// lastWord is the word before the cursor (after the last space).
func lastWord(before string) string {
	i := strings.LastIndexAny(before, " \t")
	return before[i+1:]
}

// pathItems completes the file (or, dirs, directory) name before the
// cursor; directories end in /.
func pathItems(before string, cursor int, dirs bool) ([]cell.Completion, int, int) {
	w := lastWord(before)
	if strings.HasPrefix(w, "!") {
		w = w[1:]
	}
	w = strings.TrimLeft(w, `"'`)
	dir, base := filepath.Split(w)
	look := dir
	if look == "" {
		look = "."
	} else if exp, err := expandHome(strings.TrimSuffix(look, "/")); err == nil && exp != "" {
		look = exp
	}
	entries, err := os.ReadDir(look)
	out := []cell.Completion{}
	if err == nil {
		for _, e := range entries {
			name := e.Name()
			if !strings.HasPrefix(name, base) || (strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".")) {
				continue
			}
			isDir := e.IsDir()
			if !isDir && e.Type()&os.ModeSymlink != 0 {
				if fi, err := os.Stat(filepath.Join(look, name)); err == nil {
					isDir = fi.IsDir()
				}
			}
			if dirs && !isDir {
				continue
			}
			if isDir {
				name += "/"
			}
			out = append(out, cell.Completion{Text: dir + name, Type: kindPath})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Text < out[j].Text })
	return out, cursor - utf8.RuneCountInString(w), cursor
}

// Inspect shows a magic's help with the cursor on its name (or on !), and
// asks the interpreter about Go everywhere else.
func (m *Engine) Inspect(code string, cursor, detailLevel int) (display.MIME, bool) {
	runes := []rune(code)
	if cursor < 0 || cursor > len(runes) {
		cursor = len(runes)
	}
	if !mayHaveMagic(code) {
		return m.in.Inspect(code, cursor, detailLevel)
	}
	p, _ := parse(code, 1, true, nil)
	if p == nil {
		return nil, false
	}
	la := locate(code, cursor, p)
	if s := la.seg; s != nil {
		line := string(runes[la.start:la.end])
		t := strings.TrimLeft(line, " \t")
		indent := utf8.RuneCountInString(line) - utf8.RuneCountInString(t)
		col := cursor - la.start // runes into the line
		word := magicWord(t)
		if s.kind == shellSeg {
			word = "!"
		}
		if la.n == s.argLine && col >= indent && col <= indent+utf8.RuneCountInString(word) {
			if s.kind == shellSeg {
				return display.MIME{"text/plain": shellHelp}, true
			}
			var d *magicDef
			if la.cellMagic {
				d = cellMagics[s.name]
			} else {
				d = lineMagics[s.name]
			}
			if d == nil {
				return display.MIME{"text/plain": unknownMagic(word, false)}, true
			}
			return display.MIME{"text/plain": d.fullHelp()}, true
		}
		if !(goArgMagics[s.name] && !la.cellMagic) {
			return nil, false
		}
	}
	mc, goBody := masked(code, p)
	if !goBody {
		return nil, false
	}
	return m.in.Inspect(mc, cursor, detailLevel)
}

// IsComplete answers for a console front end: a cell magic's cell is
// complete once it ends with a blank line (IPython's rule), a magic line
// ending in \ continues, a %time or %timeit statement with an open bracket
// continues, and the rest is the interpreter's Go.
func (m *Engine) IsComplete(code string) (status, indent string) {
	if !mayHaveMagic(code) {
		return m.in.IsComplete(code)
	}
	p, perr := parse(code, 1, true, nil)
	if perr != nil {
		return "invalid", ""
	}
	if p.cellMagic != nil {
		if d := cellMagics[p.cellMagic.name]; d != nil && d.engine {
			// The body is Go (%%compile): the engine judges it by its
			// brackets, as it does a Go cell.
			return m.in.IsComplete(code)
		}
		if strings.TrimSpace(p.lines[len(p.lines)-1]) == "" {
			return "complete", ""
		}
		return "incomplete", ""
	}
	if n := len(p.segs); n > 0 {
		s := p.segs[n-1]
		if s.kind != goSeg {
			last := p.lines[s.last-1]
			if strings.HasSuffix(last, "\\") {
				return "incomplete", ""
			}
			if goArgMagics[s.name] && s.kind == lineSeg && goOpen(s.args) {
				return "incomplete", "\t"
			}
		}
	}
	mc, _ := masked(code, p)
	return m.in.IsComplete(mc)
}
