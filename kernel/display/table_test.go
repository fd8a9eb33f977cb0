package display

import (
	"strings"
	"testing"
)

func TestTableColumns(t *testing.T) {
	f := install(t)
	h := Table([]string{"model", "N", "loss"},
		[]string{"<small>", "big & bold"}, []int{70, 1400}, []float64{3.14159265, 0.5})
	if err := h.Err(); err != nil {
		t.Fatal(err)
	}
	b := f.only(t)
	wantKeys(t, b, "text/html", "text/plain")
	html := b.Data["text/html"].(string)
	for _, want := range []string{"<th>model</th>", "<td>&lt;small&gt;</td>", "<td>big &amp; bold</td>", "<td>3.14159</td>"} {
		if !strings.Contains(html, want) {
			t.Errorf("HTML lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "<small>") {
		t.Error("cell HTML not escaped")
	}
	want := "" +
		"model          N     loss\n" +
		"----------  ----  -------\n" +
		"<small>       70  3.14159\n" +
		"big & bold  1400      0.5"
	if got := b.Data["text/plain"]; got != want {
		t.Errorf("text/plain:\n%s\nwant:\n%s", got, want)
	}
}

func TestTableErrors(t *testing.T) {
	install(t)
	for _, c := range []struct {
		h    *Handle
		want string
	}{
		{Table([]string{"a"}, []int{1}, []int{2}), "1 headers for 2 columns"},
		{Table([]string{"a", "b"}, []int{1, 2}, []int{3}), `column 2 ("b") has 1 values, column 1 ("a") has 2`},
		{Table([]string{"a"}, 5), `column 1 ("a") must be a slice or array, got int`},
		{TableOf(7), "rows must be a slice of structs or maps, got int"},
		{TableOf([]int{1}), "got elements of type int"},
	} {
		if err := c.h.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err = %v, want %q", err, c.want)
		}
	}
}

type fitRow struct {
	Law   string
	Alpha float64
	Steps int
	note  string
}

func TestTableOfStructs(t *testing.T) {
	f := install(t)
	rows := []*fitRow{{"kaplan", 0.076, 120, "x"}, {"chinchilla", 0.34, 87, "y"}, nil}
	if err := TableOf(rows).Err(); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"Law         Alpha  Steps\n" +
		"----------  -----  -----\n" +
		"kaplan      0.076    120\n" +
		"chinchilla   0.34     87\n" // the nil row is empty
	if got := f.only(t).Data["text/plain"]; got != want {
		t.Errorf("text/plain:\n%q\nwant:\n%q", got, want)
	}
}

func TestTableOfMaps(t *testing.T) {
	f := install(t)
	TableOf([]map[string]any{{"b": 2, "a": "x"}, {"a": "y"}})
	want := "" +
		"a  b\n" +
		"-  -\n" +
		"x  2\n" +
		"y"
	if got := f.only(t).Data["text/plain"]; got != want {
		t.Errorf("text/plain:\n%q\nwant:\n%q", got, want)
	}
}

func TestTableTruncates(t *testing.T) {
	f := install(t)
	xs := make([]int, MaxTableRows+5)
	Table([]string{"i"}, xs)
	b := f.only(t)
	txt := b.Data["text/plain"].(string)
	if n := strings.Count(txt, "\n"); n != MaxTableRows+2 {
		t.Errorf("text has %d line breaks, want %d", n, MaxTableRows+2)
	}
	if !strings.HasSuffix(txt, "… 5 more rows (1005 in all)") {
		t.Errorf("text ends %q", txt[len(txt)-40:])
	}
	if n := strings.Count(b.Data["text/html"].(string), "<tr>"); n != MaxTableRows+1 {
		t.Errorf("%d HTML rows, want %d", n, MaxTableRows+1)
	}
}
