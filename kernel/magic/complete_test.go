package magic_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// complete returns the texts completing code at the end (or at | when
// the code holds one), and the replaced range.
func complete(m interface {
	Complete(string, int) ([]string, int, int)
}, code string) ([]string, int, int) {
	cursor := utf8.RuneCountInString(code)
	if i := strings.Index(code, "|"); i >= 0 {
		cursor = utf8.RuneCountInString(code[:i])
		code = code[:i] + code[i+1:]
	}
	return m.Complete(code, cursor)
}

func TestComplete(t *testing.T) {
	m := newMagic(t)
	ok(t, m, "import \"strings\"\nvalue := 3")
	for _, c := range []struct {
		code       string
		want       string // the matches, joined by spaces
		start, end int
	}{
		{"%ti", "%time %timeit", 0, 3},
		{"%%ti", "%%time %%timeit", 0, 4},
		{"%%wr", "%%writefile", 0, 4},
		{"%w", "%who %whos", 0, 2},              // no %%writefile for %w
		{"x := 1\n%%wr", "", 7, 11},             // a cell magic only on the first line
		{"x := 1\n  %he", "%help", 9, 12},       // indented
		{"%ti|meit f()", "%time %timeit", 0, 7}, // the whole word is replaced
		{"%time strings.Spl", "Split SplitAfter SplitAfterN SplitN", 14, 17},
		{"%timeit -n 3 val", "value", 13, 16},
		{"!echo hi\nval", "value", 9, 12},
		{"%help ti", "%time %timeit %%time %%timeit", 6, 8},
		{"%%bash\nval", "", 10, 10},
	} {
		got, start, end := complete(m, c.code)
		var keep []string
		for _, g := range got {
			// The Go completions may hold newer functions of this
			// toolchain's strings: keep those the case names.
			if !strings.HasPrefix(c.want, "Split") || strings.Contains(" "+c.want+" ", " "+g+" ") {
				keep = append(keep, g)
			}
		}
		if strings.Join(keep, " ") != c.want || start != c.start || end != c.end {
			t.Errorf("complete %q: %q [%d,%d), want %q [%d,%d)", c.code, got, start, end, c.want, c.start, c.end)
		}
	}
	if got, _, _ := complete(m, "%time strings.Spl"); len(got) < 4 {
		t.Errorf("Go in %%time: %q", got)
	}
	wd, _ := os.Getwd()
	t.Cleanup(func() { os.Chdir(wd) })
	dir := t.TempDir()
	os.Chdir(dir)
	os.WriteFile(filepath.Join(dir, "data.csv"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "data.txt"), nil, 0o644)
	os.Mkdir(filepath.Join(dir, "datadir"), 0o755)
	for _, c := range []struct{ code, want string }{
		{"!cat da", "data.csv data.txt datadir/"},
		{"%cd da", "datadir/"},
		{"%%writefile data.c", "data.csv"},
		{"!ls datadir/", ""},
	} {
		got, _, _ := complete(m, c.code)
		if strings.Join(got, " ") != c.want {
			t.Errorf("complete %q: %q, want %q", c.code, got, c.want)
		}
	}
	items, _, _ := m.CompleteItems("%tim", 4)
	if len(items) != 2 || items[0].Type != "magic" || items[0].Signature != "%time STATEMENT" {
		t.Errorf("kinds: %+v", items)
	}
}

func TestInspect(t *testing.T) {
	m := newMagic(t)
	for _, c := range []struct {
		code   string
		cursor int
		want   string
	}{
		{"%timeit f(3)", 3, "%timeit [-n N] [-r R] [-p P] STATEMENT"},
		{"x := 1\n%%time", 9, ""}, // not a cell magic there: the cell does not split
		{"%%writefile a", 2, "%%writefile [-a] FILE"},
		{"!ls", 0, "!COMMAND"},
		{"%nosuch", 2, "unknown magic %nosuch"},
		{"%time strings.Split(", 20, "func Split(s, sep string) []string"},
	} {
		data, found := m.Inspect(c.code, c.cursor, 0)
		got, _ := data["text/plain"].(string)
		if c.want == "" {
			if found {
				t.Errorf("inspect %q at %d: %q, want nothing", c.code, c.cursor, got)
			}
			continue
		}
		if !found || !strings.Contains(got, c.want) {
			t.Errorf("inspect %q at %d: %v %q, want %q", c.code, c.cursor, found, got, c.want)
		}
	}
}

func TestIsComplete(t *testing.T) {
	m := newMagic(t)
	for _, c := range []struct{ code, want string }{
		{"%%bash\nls", "incomplete"},
		{"%%bash\nls\n", "complete"},
		{"!ls \\", "incomplete"},
		{"!ls", "complete"},
		{"%time f(", "incomplete"},
		{"%time f(1)", "complete"},
		{"x := 1\n!ls\ny := 2", "complete"},
		{"x := 1\n!ls\nif x > 0 {", "incomplete"},
		{"x := 1\n%%bash", "invalid"},
		{"%env A=1", "complete"},
	} {
		if got, _ := m.IsComplete(c.code); got != c.want {
			t.Errorf("is_complete %q: %s, want %s", c.code, got, c.want)
		}
	}
}
