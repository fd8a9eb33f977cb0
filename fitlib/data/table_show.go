package data

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Display limits: a longer table shows its first and last rows, a wider one
// its first and last columns, with an ellipsis between (as pandas does).
const (
	showRows     = 20
	showHeadRows = 10
	showTailRows = 5
	showCols     = 12
	showHeadCols = 8
	showTailCols = 3
)

// grid is the part of a table that is shown, as formatted text.
type grid struct {
	names   []string
	kinds   []string
	numeric []bool
	rows    [][]string // nil row: the ellipsis
	caption string
}

// formatCell shows a number with 6 significant digits (NaN for a gap) and
// text as it is.
func formatCell(c *column, r int) string {
	switch c.kind {
	case KindInt:
		return strconv.Itoa(c.i[r])
	case KindFloat:
		v := c.f[r]
		switch {
		case math.IsNaN(v):
			return "NaN"
		case v == math.Trunc(v) && math.Abs(v) < 1e15:
			return strconv.FormatFloat(v, 'f', -1, 64)
		}
		return strconv.FormatFloat(v, 'g', 6, 64)
	case KindBool:
		return strconv.FormatBool(c.b[r])
	}
	return c.str(r)
}

func (t *Table) grid() grid {
	var g grid
	var cols []*column
	var colEllipsis int = -1
	if len(t.cols) > showCols {
		cols = append(append(cols, t.cols[:showHeadCols]...), t.cols[len(t.cols)-showTailCols:]...)
		colEllipsis = showHeadCols
	} else {
		cols = t.cols
	}
	var rows []int
	rowEllipsis := -1
	if t.n > showRows {
		for r := 0; r < showHeadRows; r++ {
			rows = append(rows, r)
		}
		rowEllipsis = showHeadRows
		for r := t.n - showTailRows; r < t.n; r++ {
			rows = append(rows, r)
		}
	} else {
		for r := 0; r < t.n; r++ {
			rows = append(rows, r)
		}
	}
	add := func(name, kind string, numeric bool) {
		g.names = append(g.names, name)
		g.kinds = append(g.kinds, kind)
		g.numeric = append(g.numeric, numeric)
	}
	for j, c := range cols {
		if j == colEllipsis {
			add("…", "", false)
		}
		add(c.name, c.kind.String(), c.kind.numeric())
	}
	for k, r := range rows {
		if k == rowEllipsis {
			g.rows = append(g.rows, nil)
		}
		var row []string
		for j, c := range cols {
			if j == colEllipsis {
				row = append(row, "…")
			}
			row = append(row, formatCell(c, r))
		}
		g.rows = append(g.rows, row)
	}
	g.caption = fmt.Sprintf("%s: %d rows × %d columns", t.Base(), t.n, len(t.cols))
	if len(t.skipped) > 0 {
		g.caption += fmt.Sprintf(" (%d bad rows skipped)", len(t.skipped))
	}
	return g
}

// String returns the table as aligned text: a caption with its size, the
// column names, their kinds, then the rows (numbers right-aligned).
func (t *Table) String() string {
	if t == nil {
		return "<nil table>"
	}
	g := t.grid()
	width := make([]int, len(g.names))
	for j := range g.names {
		width[j] = max(utf8.RuneCountInString(g.names[j]), utf8.RuneCountInString(g.kinds[j]))
		for _, row := range g.rows {
			if row != nil {
				width[j] = max(width[j], utf8.RuneCountInString(row[j]))
			}
		}
	}
	var b strings.Builder
	b.WriteString(g.caption)
	b.WriteByte('\n')
	line := func(cells []string, right []bool) {
		for j, s := range cells {
			if j > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(s))
			if right[j] {
				b.WriteString(pad + s)
			} else if j < len(cells)-1 {
				b.WriteString(s + pad)
			} else {
				b.WriteString(s)
			}
		}
		b.WriteByte('\n')
	}
	line(g.names, g.numeric)
	line(g.kinds, g.numeric)
	for _, row := range g.rows {
		if row == nil {
			dots := make([]string, len(g.names))
			for j := range dots {
				dots[j] = "…"
			}
			line(dots, g.numeric)
			continue
		}
		line(row, g.numeric)
	}
	return strings.TrimRight(b.String(), "\n")
}

// HTML returns the table as an HTML <table> (names and kinds in the head,
// numbers right-aligned, a caption with the size), for display.HTML.
func (t *Table) HTML() string {
	g := t.grid()
	var b strings.Builder
	b.WriteString(`<table class="fitlib-table">` + "\n<caption>" + html.EscapeString(g.caption) + "</caption>\n<thead><tr>")
	for _, n := range g.names {
		b.WriteString("<th>" + html.EscapeString(n) + "</th>")
	}
	b.WriteString("</tr>\n<tr>")
	for _, k := range g.kinds {
		b.WriteString(`<th style="font-weight:normal;color:#777">` + html.EscapeString(k) + "</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, row := range g.rows {
		b.WriteString("<tr>")
		for j := range g.names {
			s := "…"
			if row != nil {
				s = row[j]
			}
			if g.numeric[j] {
				b.WriteString(`<td style="text-align:right">` + html.EscapeString(s) + "</td>")
			} else {
				b.WriteString("<td>" + html.EscapeString(s) + "</td>")
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table>")
	return b.String()
}

// Markdown returns the table as a Markdown pipe table (readable as text,
// rendered as a table by Jupyter), with the caption as a line above.
func (t *Table) Markdown() string {
	g := t.grid()
	esc := strings.NewReplacer(`\`, `\\`, "|", `\|`, "$", `\$`, "*", `\*`, "<", `\<`, "`", "\\`", "\n", " ")
	width := make([]int, len(g.names))
	cell := func(s string) string { return esc.Replace(s) }
	for j := range g.names {
		width[j] = max(3, utf8.RuneCountInString(cell(g.names[j])))
		for _, row := range g.rows {
			if row != nil {
				width[j] = max(width[j], utf8.RuneCountInString(cell(row[j])))
			}
		}
	}
	var b strings.Builder
	b.WriteString(cell(g.caption) + "\n\n")
	line := func(cells []string) {
		b.WriteString("|")
		for j, s := range cells {
			s = cell(s)
			pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(s))
			if g.numeric[j] {
				b.WriteString(" " + pad + s + " |")
			} else {
				b.WriteString(" " + s + pad + " |")
			}
		}
		b.WriteString("\n")
	}
	line(g.names)
	b.WriteString("|")
	for j := range g.names {
		if g.numeric[j] {
			b.WriteString(" " + strings.Repeat("-", width[j]-1) + ": |")
		} else {
			b.WriteString(" " + strings.Repeat("-", width[j]) + " |")
		}
	}
	b.WriteString("\n")
	for _, row := range g.rows {
		if row == nil {
			dots := make([]string, len(g.names))
			for j := range dots {
				dots[j] = "…"
			}
			line(dots)
			continue
		}
		line(row)
	}
	return strings.TrimRight(b.String(), "\n")
}

// MIMEBundle makes a table render itself as a notebook cell's final value:
// text/html (HTML) for the notebook and the aligned text of String as
// text/plain, for terminals and plain-text front ends (gophernote's display
// layer shows any value with this method; the package does not import it).
func (t *Table) MIMEBundle() map[string]string {
	return map[string]string{"text/html": t.HTML(), "text/plain": t.String()}
}
