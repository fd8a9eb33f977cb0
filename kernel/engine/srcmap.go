package engine

import (
	"sort"
	"strings"
)

// A source map ties the text the passes see back to the cells the user
// wrote. A cell is usually its own text; the monomorphization pass
// (fix_mono.go) replaces it by a new text built from pieces of the cell
// and of earlier cells (the generic declarations it specializes), and
// every position the engine reports — compile errors, panics, line
// directives for yaegi — must name the cell, line and column the piece
// came from.

// srcSeg is one piece of a mapped text: the bytes [start, end) come from
// cell's source src at offset off (verbatim), or, when synth is set, were
// written by the engine in place of the text at off (every byte maps to
// off).
type srcSeg struct {
	start, end int
	cell       int
	src        string
	off        int
	synth      bool
}

// sourceMap maps offsets of a text to origins; segments are sorted and
// cover the text without gaps.
type sourceMap struct {
	segs []srcSeg
}

// origin returns the cell, its source and the offset there of text offset
// off.
func (m *sourceMap) origin(off int) (cell int, src string, o int) {
	i := sort.Search(len(m.segs), func(i int) bool { return m.segs[i].end > off })
	if i == len(m.segs) {
		if len(m.segs) == 0 {
			return 0, "", 0
		}
		i = len(m.segs) - 1
	}
	s := m.segs[i]
	if s.synth || off < s.start {
		return s.cell, s.src, s.off
	}
	return s.cell, s.src, min(s.off+off-s.start, len(s.src))
}

// synthAt reports whether the text at offset off is the engine's own
// (a synthesized segment).
func (m *sourceMap) synthAt(off int) bool {
	i := sort.Search(len(m.segs), func(i int) bool { return m.segs[i].end > off })
	return i < len(m.segs) && m.segs[i].synth && off >= m.segs[i].start
}

// boundaries returns the segment starts strictly inside (from, to).
func (m *sourceMap) boundaries(from, to int) []int {
	i := sort.Search(len(m.segs), func(i int) bool { return m.segs[i].start > from })
	var out []int
	for ; i < len(m.segs) && m.segs[i].start < to; i++ {
		out = append(out, m.segs[i].start)
	}
	return out
}

// mappedText builds a text with its source map.
type mappedText struct {
	b    strings.Builder
	segs []srcSeg
}

func (t *mappedText) len() int { return t.b.Len() }

// copy appends src[from:to] of cell verbatim.
func (t *mappedText) copy(cell int, src string, from, to int) {
	if to <= from {
		return
	}
	start := t.b.Len()
	t.b.WriteString(src[from:to])
	if n := len(t.segs); n > 0 {
		last := &t.segs[n-1]
		if !last.synth && last.cell == cell && last.end == start && last.off+(last.end-last.start) == from && last.src == src {
			last.end = t.b.Len()
			return
		}
	}
	t.segs = append(t.segs, srcSeg{start: start, end: t.b.Len(), cell: cell, src: src, off: from})
}

// synth appends text the engine wrote in place of the text at cell's
// offset at.
func (t *mappedText) synth(cell int, src string, at int, s string) {
	if s == "" {
		return
	}
	start := t.b.Len()
	t.b.WriteString(s)
	t.segs = append(t.segs, srcSeg{start: start, end: t.b.Len(), cell: cell, src: src, off: at, synth: true})
}

// append appends another mapped text.
func (t *mappedText) append(o *mappedText) {
	base := t.b.Len()
	t.b.WriteString(o.b.String())
	for _, s := range o.segs {
		s.start += base
		s.end += base
		t.segs = append(t.segs, s)
	}
}

func (t *mappedText) String() string { return t.b.String() }

func (t *mappedText) sourceMap() *sourceMap { return &sourceMap{segs: t.segs} }

// textEdit replaces [start, end) of a source by a mapped text (an
// insertion when start == end).
type textEdit struct {
	start, end int
	with       *mappedText
	order      int
}

// applyEdits writes src (cell's source) with the edits applied into out.
// Edits nested inside an earlier applied edit are dropped; insertions at
// one offset keep their order.
func applyEdits(out *mappedText, cell int, src string, from, to int, edits []textEdit) {
	sort.SliceStable(edits, func(i, j int) bool {
		a, b := edits[i], edits[j]
		if a.start != b.start {
			return a.start < b.start
		}
		if (a.end == a.start) != (b.end == b.start) {
			return a.end == a.start // insertions first
		}
		if a.end != b.end {
			return a.end > b.end // outer first
		}
		return a.order < b.order
	})
	pos := from
	for _, e := range edits {
		if e.start < pos || e.start < from || e.end > to {
			continue
		}
		out.copy(cell, src, pos, e.start)
		if e.with != nil {
			out.append(e.with)
		}
		pos = e.end
	}
	out.copy(cell, src, pos, to)
}

// synthText is a mapped text of one synthesized string.
func synthText(cell int, src string, at int, s string) *mappedText {
	t := &mappedText{}
	t.synth(cell, src, at, s)
	return t
}

// composeMaps maps the pieces of outer that come from text (this cell's
// text, itself built with the map inner) through inner.
func composeMaps(outer *sourceMap, text string, inner *sourceMap) *sourceMap {
	var segs []srcSeg
	for _, s := range outer.segs {
		if s.src != text {
			segs = append(segs, s)
			continue
		}
		if s.synth {
			cell, src, o := inner.origin(s.off)
			if s.cell != 0 && cell == 0 {
				cell = s.cell
			}
			segs = append(segs, srcSeg{start: s.start, end: s.end, cell: cell, src: src, off: o, synth: true})
			continue
		}
		from, to := s.off, s.off+(s.end-s.start)
		cuts := append([]int{from}, inner.boundaries(from, to)...)
		for i, c := range cuts {
			end := to
			if i+1 < len(cuts) {
				end = cuts[i+1]
			}
			cell, src, o := inner.origin(c)
			if s.cell != 0 && cell == 0 {
				cell = s.cell
			}
			start := s.start + (c - from)
			j := sort.Search(len(inner.segs), func(j int) bool { return inner.segs[j].end > c })
			synth := j < len(inner.segs) && inner.segs[j].synth
			segs = append(segs, srcSeg{start: start, end: start + (end - c), cell: cell, src: src, off: o, synth: synth})
		}
	}
	return &sourceMap{segs: segs}
}
