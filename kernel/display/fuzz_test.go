package display

import (
	"html"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzTable checks the table renderers on arbitrary cell text: the HTML
// has exactly one escaped <td> per cell that unescapes to the cell, and
// the text fallback has one line per row plus two header lines (line
// breaks in cells are flattened).
func FuzzTable(f *testing.F) {
	f.Add("a", "<b>x</b>", "y & z")
	f.Add("", "\n", "\"'")
	f.Add("é", "</td><td>", "&amp;")
	f.Fuzz(func(t *testing.T, h, c1, c2 string) {
		if !utf8.ValidString(h + c1 + c2) {
			t.Skip("cells are Go strings of text; invalid UTF-8 is not table content")
		}
		b, err := tableFromColumns([]string{h, "n"}, []any{[]string{c1, c2}, []int{1, 2}})
		if err != nil {
			t.Fatal(err)
		}
		out := b.Data["text/html"].(string)
		if n := strings.Count(out, "<td>"); n != 4 {
			t.Fatalf("%d <td> in %q, want 4", n, out)
		}
		var cells []string
		for _, part := range strings.Split(out, "<td>")[1:] {
			end := strings.Index(part, "</td>")
			if end < 0 {
				t.Fatalf("unterminated cell in %q", out)
			}
			cells = append(cells, html.UnescapeString(part[:end]))
			if strings.ContainsAny(part[:end], "<>") {
				t.Fatalf("unescaped markup in cell %q", part[:end])
			}
		}
		if cells[0] != c1 || cells[2] != c2 {
			t.Fatalf("cells %q, want %q and %q", cells, c1, c2)
		}
		lines := strings.Split(b.Data["text/plain"].(string), "\n")
		if len(lines) != 4 {
			t.Fatalf("text fallback has %d lines, want 4:\n%s", len(lines), b.Data["text/plain"])
		}
	})
}
