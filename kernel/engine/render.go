package engine

import (
	"fmt"
	"sort"
	"strings"
)

// edit replaces the cell bytes [start, end) (an insertion when equal) with
// the text its function builds; the function may render sub-ranges of the
// cell, with their own nested edits, through the renderer.
type edit struct {
	start, end int
	text       func(r *renderer) string
	tail       bool // an insertion that closes the range ending at start
	idx        int  // order of registration
}

// renderer turns cell ranges into interpreter source: it applies edits and
// emits /*line cellN:L:C*/ directives so that every original token keeps
// its cell position in yaegi's error messages.
type renderer struct {
	src   string
	file  string
	smap  *sourceMap // where src's pieces come from, when it is a built text (fix_mono.go)
	edits []edit
	seq   int // counter for fresh temporary names
	// active marks edits whose text is being built: an edit rendering a
	// sub-range with its own extent must not apply itself again.
	active map[int]bool
	// depth counts nested render calls; doneTails are the tails applied
	// during the outermost one. A tail at the end of a replaced range is
	// applied by the replacement's own rendering of that range, and must
	// not be applied again at the replacement's end.
	depth     int
	doneTails map[int]bool
}

func (r *renderer) add(start, end int, text func(r *renderer) string) {
	r.edits = append(r.edits, edit{start: start, end: end, text: text, idx: len(r.edits)})
}

func (r *renderer) addText(start, end int, s string) {
	r.add(start, end, func(*renderer) string { return s })
}

// addTail inserts s at off as the end of the range that ends there.
func (r *renderer) addTail(off int, s string) {
	r.edits = append(r.edits, edit{start: off, end: off, text: func(*renderer) string { return s }, tail: true, idx: len(r.edits)})
}

// addTailFunc is addTail with text built when the range is rendered.
func (r *renderer) addTailFunc(off int, text func(r *renderer) string) {
	r.edits = append(r.edits, edit{start: off, end: off, text: text, tail: true, idx: len(r.edits)})
}

// fresh returns a new temporary identifier.
func (r *renderer) fresh(kind string) string {
	r.seq++
	return fmt.Sprintf("_gn%s%d", kind, r.seq)
}

// directive returns the line directive for cell offset off.
func (r *renderer) directive(off int) string {
	if r.smap != nil {
		cell, src, o := r.smap.origin(off)
		file := r.file
		if cell > 0 {
			file = cellFile(cell)
		}
		l, c := lineCol(src, o)
		return fmt.Sprintf("/*line %s:%d:%d*/", file, l, c)
	}
	l, c := lineCol(r.src, off)
	return fmt.Sprintf("/*line %s:%d:%d*/", r.file, l, c)
}

// copySrc writes src[from:to], with a directive at each source map
// boundary inside it, so that every piece keeps its origin's position.
func (r *renderer) copySrc(b *strings.Builder, from, to int) {
	if r.smap != nil {
		for _, at := range r.smap.boundaries(from, to) {
			b.WriteString(r.src[from:at])
			b.WriteString(r.directive(at))
			from = at
		}
	}
	b.WriteString(r.src[from:to])
}

// sortEdits orders edits by start; at one offset tails come first (the
// last added first), then insertions (in the order added), then
// replacements, outer (longer) first. So wrappers registered earlier
// enclose those registered later.
func (r *renderer) sortEdits() {
	sort.SliceStable(r.edits, func(i, j int) bool {
		a, b := r.edits[i], r.edits[j]
		if a.start != b.start {
			return a.start < b.start
		}
		if a.tail != b.tail {
			return a.tail
		}
		if a.tail {
			return a.idx > b.idx // close inner wrappers first
		}
		la, lb := a.end-a.start, b.end-b.start
		if (la == 0) != (lb == 0) {
			return la == 0
		}
		return la > lb
	})
}

// renderApart renders [start, end) a second time, elsewhere: the edit
// skip (one replacing that range) is left out, and the tails applied
// there are applied again where the range itself is rendered.
//
// With bare, the insertions at start are left out too (a range at the
// start of a statement shares its offset with the statement's own
// insertions).
func (r *renderer) renderApart(start, end, skip int, bare bool) string {
	if r.active == nil {
		r.active = map[int]bool{}
	}
	was, done := r.active[skip], r.doneTails
	r.active[skip], r.doneTails = true, map[int]bool{}
	var off []int
	if bare {
		for _, e := range r.edits {
			if e.start == start && e.end == start && !e.tail && !r.active[e.idx] {
				r.active[e.idx] = true
				off = append(off, e.idx)
			}
		}
	}
	defer func() {
		r.active[skip], r.doneTails = was, done
		for _, i := range off {
			delete(r.active, i)
		}
	}()
	return r.render(start, end)
}

// render returns the cell range [start, end) with the edits inside it
// applied, starting with a directive for start.
func (r *renderer) render(start, end int) string {
	if r.depth == 0 {
		r.doneTails = map[int]bool{}
	}
	r.depth++
	defer func() { r.depth-- }()
	var b strings.Builder
	b.WriteString(r.directive(start))
	pos := start
	// The insertions applied at pos, before a replacement starting there:
	// they enclose it, so its own rendering of a range starting at pos
	// must not apply them again.
	var inserted []int
	for _, e := range r.edits {
		if e.start < pos || e.end > end || e.start < start || r.active[e.idx] {
			continue // outside, covered by an edit already applied, or running
		}
		if e.start == e.end && e.start == end && !e.tail {
			continue // insertion at the far end belongs to the next range
		}
		if e.tail && (e.start == start || r.doneTails[e.idx]) {
			continue // closes the previous range, or was applied inside a replacement
		}
		if e.tail {
			r.doneTails[e.idx] = true
		}
		r.copySrc(&b, pos, e.start)
		if r.active == nil {
			r.active = map[int]bool{}
		}
		if e.start != pos {
			inserted = inserted[:0]
		}
		var held []int
		if e.end > e.start {
			for _, i := range inserted {
				if !r.active[i] {
					r.active[i] = true
					held = append(held, i)
				}
			}
		}
		r.active[e.idx] = true
		b.WriteString(e.text(r))
		delete(r.active, e.idx)
		for _, i := range held {
			delete(r.active, i)
		}
		if e.end == e.start && !e.tail {
			inserted = append(inserted, e.idx)
		} else if e.end > e.start {
			inserted = inserted[:0] // the replacement moved past them
		}
		pos = e.end
		if pos < end {
			b.WriteString(r.directive(pos))
		}
	}
	r.copySrc(&b, pos, end)
	return b.String()
}
