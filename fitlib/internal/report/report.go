// Package report renders fitlib results as small tables for a notebook
// cell: the text/html and text/plain views of the MIMEBundle methods (rule
// R3 of fitlib/doc.go). The text view is plain aligned text, never HTML.
// It is internal so that it needs no yaegi symbol table; gophernote's
// display layer is not imported (fitlib stays free of the kernel).
package report

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Table is one titled table: a header row, data rows (all of the header's
// length) and notes printed under it.
type Table struct {
	Title  string
	Header []string
	Rows   [][]string
	Notes  []string
}

// Add appends a row.
func (t *Table) Add(cells ...string) { t.Rows = append(t.Rows, cells) }

// Note appends a line under the table.
func (t *Table) Note(format string, args ...any) {
	t.Notes = append(t.Notes, fmt.Sprintf(format, args...))
}

// numeric reports whether a cell reads as a number (right-aligned).
func numeric(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || s == "—" {
		return true
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	s = strings.TrimSuffix(s, "%")
	if i := strings.Index(s, ", "); i > 0 { // an interval [lo, hi]
		s = s[:i]
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil || s == "NaN" || s == "+Inf" || s == "-Inf"
}

// Text renders the table as aligned text: the title, the header, a rule,
// the rows (numbers right-aligned) and the notes.
func (t *Table) Text() string {
	var b strings.Builder
	if t.Title != "" {
		b.WriteString(t.Title + "\n")
	}
	cols := len(t.Header)
	width := make([]int, cols)
	right := make([]bool, cols)
	for j := range right {
		right[j] = j > 0
	}
	for _, r := range append([][]string{t.Header}, t.Rows...) {
		for j := 0; j < cols && j < len(r); j++ {
			width[j] = max(width[j], utf8.RuneCountInString(r[j]))
		}
	}
	for _, r := range t.Rows {
		for j := 1; j < cols && j < len(r); j++ {
			if !numeric(r[j]) {
				right[j] = false
			}
		}
	}
	line := func(r []string) {
		var parts []string
		for j := 0; j < cols; j++ {
			c := ""
			if j < len(r) {
				c = r[j]
			}
			pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(c))
			if right[j] {
				parts = append(parts, pad+c)
			} else {
				parts = append(parts, c+pad)
			}
		}
		b.WriteString(strings.TrimRight("  "+strings.Join(parts, "  "), " ") + "\n")
	}
	if cols > 0 {
		line(t.Header)
		rule := make([]string, cols)
		for j := range rule {
			rule[j] = strings.Repeat("-", width[j])
		}
		b.WriteString("  " + strings.Join(rule, "  ") + "\n")
		for _, r := range t.Rows {
			line(r)
		}
	}
	for _, n := range t.Notes {
		b.WriteString(n + "\n")
	}
	return b.String()
}

// HTML renders the table as an HTML table with its title as the caption
// and the notes in a paragraph below; every text is escaped.
func (t *Table) HTML() string {
	var b strings.Builder
	b.WriteString(`<table class="fitlib">`)
	if t.Title != "" {
		fmt.Fprintf(&b, `<caption style="text-align:left"><b>%s</b></caption>`, html.EscapeString(t.Title))
	}
	if len(t.Header) > 0 {
		b.WriteString("<thead><tr>")
		for _, h := range t.Header {
			fmt.Fprintf(&b, "<th>%s</th>", html.EscapeString(h))
		}
		b.WriteString("</tr></thead>")
	}
	b.WriteString("<tbody>")
	for _, r := range t.Rows {
		b.WriteString("<tr>")
		for j, c := range r {
			if j > 0 && numeric(c) {
				fmt.Fprintf(&b, `<td style="text-align:right">%s</td>`, html.EscapeString(c))
			} else {
				fmt.Fprintf(&b, "<td>%s</td>", html.EscapeString(c))
			}
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	for _, n := range t.Notes {
		fmt.Fprintf(&b, `<p style="margin:0">%s</p>`, html.EscapeString(n))
	}
	return b.String()
}

// Bundle is the MIMEBundle of one or more tables: text/html and
// text/plain.
func Bundle(tables ...*Table) map[string]string {
	var h, p []string
	for _, t := range tables {
		h = append(h, t.HTML())
		p = append(p, t.Text())
	}
	return map[string]string{"text/html": strings.Join(h, "\n"), "text/plain": strings.Join(p, "\n")}
}

// Num formats a number with 6 significant digits ("—" for NaN).
func Num(v float64) string {
	if math.IsNaN(v) {
		return "—"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// Interval formats [lo, hi] with 4 significant digits.
func Interval(lo, hi float64) string {
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return "—"
	}
	return "[" + strconv.FormatFloat(lo, 'g', 4, 64) + ", " + strconv.FormatFloat(hi, 'g', 4, 64) + "]"
}

// Check returns an error when a bundle breaks rule R3: it needs text/plain
// and a rich view, and the text view must be text (no HTML tags).
func Check(b map[string]string) error {
	p, ok := b["text/plain"]
	if !ok || strings.TrimSpace(p) == "" {
		return fmt.Errorf("no text/plain view")
	}
	if strings.Contains(p, "<table") || strings.Contains(p, "<td") || strings.Contains(p, "<p") || strings.Contains(p, "<b>") {
		return fmt.Errorf("text/plain holds HTML: %.80q", p)
	}
	if len(b) < 2 {
		return fmt.Errorf("only text/plain: give a text/html, text/latex or text/markdown view too")
	}
	return nil
}
