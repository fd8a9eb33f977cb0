package session

import (
	"github.com/gophernote/gophernote/kernel/wire"
)

// historySession is the session number this kernel reports in history
// entries. History lives in memory for the life of the kernel process, so
// there is exactly one session; 0 and negative offsets in requests mean
// "the current session" as in IPython's history API.
const historySession = 1

type histEntry struct {
	line   int
	input  string
	output *string // text/plain of the execute_result, if any
}

// history is the in-memory input history, in execution order.
type history struct {
	entries []histEntry
}

func (h *history) add(line int, input string) {
	h.entries = append(h.entries, histEntry{line: line, input: input})
}

func (h *history) setOutput(line int, text string) {
	for i := len(h.entries) - 1; i >= 0; i-- {
		if h.entries[i].line == line {
			h.entries[i].output = &text
			return
		}
	}
}

// historyQuery is a history_request's content.
type historyQuery struct {
	Output         bool   `json:"output"`
	Raw            bool   `json:"raw"`
	HistAccessType string `json:"hist_access_type"`
	Session        int    `json:"session"`
	Start          int    `json:"start"`
	Stop           *int   `json:"stop"`
	N              *int   `json:"n"`
	Pattern        string `json:"pattern"`
	Unique         bool   `json:"unique"`
}

// query returns matching entries in execution order.
func (h *history) query(q historyQuery) []histEntry {
	switch q.HistAccessType {
	case "tail":
		es := h.entries
		if q.Unique {
			es = uniqueLatest(es)
		}
		return lastN(es, q.N)
	case "range":
		if q.Session > 0 && q.Session != historySession {
			return nil
		}
		var out []histEntry
		for _, e := range h.entries {
			if e.line >= q.Start && (q.Stop == nil || e.line < *q.Stop) {
				out = append(out, e)
			}
		}
		return out
	case "search":
		pattern := q.Pattern
		if pattern == "" {
			pattern = "*"
		}
		var out []histEntry
		for _, e := range h.entries {
			if globMatch(pattern, e.input) {
				out = append(out, e)
			}
		}
		if q.Unique {
			out = uniqueLatest(out)
		}
		return lastN(out, q.N)
	}
	return nil
}

// uniqueLatest keeps the latest entry of each distinct input.
func uniqueLatest(es []histEntry) []histEntry {
	seen := map[string]bool{}
	var rev []histEntry
	for i := len(es) - 1; i >= 0; i-- {
		if !seen[es[i].input] {
			seen[es[i].input] = true
			rev = append(rev, es[i])
		}
	}
	out := make([]histEntry, len(rev))
	for i, e := range rev {
		out[len(rev)-1-i] = e
	}
	return out
}

func lastN(es []histEntry, n *int) []histEntry {
	if n == nil || *n < 0 || *n >= len(es) {
		return es
	}
	return es[len(es)-*n:]
}

// globMatch matches s against a glob pattern with SQLite GLOB semantics
// (what IPython's history search uses): * any run, ? one character,
// [abc] / [a-z] / [^abc] a class; case-sensitive, no path separators.
func globMatch(pattern, s string) bool {
	p, t := []rune(pattern), []rune(s)
	// Iterative matcher with backtracking to the last star.
	pi, ti := 0, 0
	starP, starT := -1, 0
	for ti < len(t) {
		if pi < len(p) {
			switch p[pi] {
			case '*':
				starP, starT = pi, ti
				pi++
				continue
			case '?':
				pi++
				ti++
				continue
			case '[':
				if ok, next, valid := matchClass(p, pi, t[ti]); valid {
					if ok {
						pi = next
						ti++
						continue
					}
				} else if t[ti] == '[' { // unterminated class: literal '['
					pi++
					ti++
					continue
				}
			default:
				if p[pi] == t[ti] {
					pi++
					ti++
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		starT++
		pi, ti = starP+1, starT
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}

// matchClass matches c against the class starting at p[i] == '['. It
// returns whether c matched, the index after the class, and whether the
// class was well formed.
func matchClass(p []rune, i int, c rune) (matched bool, next int, valid bool) {
	j := i + 1
	negate := j < len(p) && p[j] == '^'
	if negate {
		j++
	}
	first := true
	for j < len(p) && (first || p[j] != ']') {
		first = false
		lo := p[j]
		hi := lo
		if j+2 < len(p) && p[j+1] == '-' && p[j+2] != ']' {
			hi = p[j+2]
			j += 2
		}
		if lo <= c && c <= hi {
			matched = true
		}
		j++
	}
	if j >= len(p) {
		return false, 0, false
	}
	return matched != negate, j + 1, true
}

func (s *Session) historyRequest(c *channel, m *wire.Message) error {
	var q historyQuery
	if err := m.DecodeContent(&q); err != nil {
		return s.badContent(c, m, err)
	}
	s.mu.Lock()
	es := s.hist.query(q)
	s.mu.Unlock()
	out := make([]any, 0, len(es))
	for _, e := range es {
		if q.Output {
			var o any // JSON null when the cell had no result
			if e.output != nil {
				o = *e.output
			}
			out = append(out, []any{historySession, e.line, []any{e.input, o}})
		} else {
			out = append(out, []any{historySession, e.line, e.input})
		}
	}
	s.reply(c, m, "history_reply", map[string]any{"status": "ok", "history": out})
	return nil
}
