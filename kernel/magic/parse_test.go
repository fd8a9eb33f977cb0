package magic

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/display"
)

// kinds renders a parsed cell's segments as "go1-2 %time3 !4-5".
func kinds(p *parsedCell) string {
	if p.cellMagic != nil {
		return fmt.Sprintf("%%%%%s[%s]@%d", p.cellMagic.name, p.cellMagic.args, p.bodyLine)
	}
	var out []string
	for _, s := range p.segs {
		span := fmt.Sprint(s.first)
		if s.last != s.first {
			span += fmt.Sprintf("-%d", s.last)
		}
		switch s.kind {
		case goSeg:
			out = append(out, "go"+span)
		case lineSeg:
			h := ""
			if s.help {
				h = "?"
			}
			out = append(out, "%"+s.name+h+span+"["+s.args+"]")
		case shellSeg:
			out = append(out, "!"+span+"["+s.args+"]")
		}
	}
	return strings.Join(out, " ")
}

// TestParse pins when a line is a magic line and how cells split.
func TestParse(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"x := 1\ny := 2", "go1-2"},
		{"!ls -l", "!1[ls -l]"},
		{"  !ls", "!1[ls]"},
		{"x := 1\n!echo $x\nx", "go1 !2[echo $x] go3"},
		{"%time f(3)", "%time1[f(3)]"},
		{"%time?", "%time?1[]"},
		{"%timeit -n 10 f(\n\t1,\n\t2)\nx", "%timeit1-3[-n 10 f(\n\t1,\n\t2)] go4"},
		{"!echo a \\\n  b\nz", "!1-2[echo a \\\n  b] go3"},
		{"%env A=1 \\\n B", "%env1-2[A=1 B]"},
		// Go continues the statement: the ! line is Go.
		{"ok := a &&\n\t!b", "go1-2"},
		{"f(\n!b)", "go1-2"},
		{"x := []bool{\n!b,\n}", "go1-3"},
		{"s := `\n%not magic\n!nor this\n`", "go1-4"},
		{"/*\n!comment\n*/\n!ls", "go1-3 !4[ls]"},
		{"if x {\n\t!y\n}", "go1-3"},
		{"x := 1 // c\n!ls", "go1 !2[ls]"},
		{"L:\n!ls", "go1-2"},
		{"x := 1;\n%pwd", "go1 %pwd2[]"},
		{"\n\n%%bash --no-raise-error\necho hi\n", "%%bash[--no-raise-error]@4"},
		{"%%writefile a.txt\n%x\n!y", "%%writefile[a.txt]@2"},
		{"%%time\nx := 1", "%%time[]@2"},
	} {
		p, err := parse(c.code, 1, true, nil)
		if err != nil {
			t.Errorf("%q: %v", c.code, err.msg)
			continue
		}
		if got := kinds(p); got != c.want {
			t.Errorf("%q: %s, want %s", c.code, got, c.want)
		}
	}
	names := func(n string) bool { return n == "ok" || n == "done" }
	for _, c := range []struct {
		code      string
		line, col int
		msg       string
	}{
		{"x := 1\n%%bash\nls", 2, 1, "cell magic %%bash must be the first line of the cell"},
		{"!!ls", 1, 1, "!! (capturing"},
		{"!ok", 1, 1, "!ok is ambiguous"},
		{"  !done && ok", 1, 3, "ambiguous"},
		{"!true", 1, 1, "ambiguous"},
		{"v := 3\n!v", 2, 1, "ambiguous"},
	} {
		_, err := parse(c.code, 1, true, names)
		if err == nil || err.line != c.line || err.col != c.col || !strings.Contains(err.msg, c.msg) {
			t.Errorf("%q: %+v, want %d:%d %q", c.code, err, c.line, c.col, c.msg)
		}
	}
	// Not ambiguous: a space after !, or a name that is not Go's here.
	for _, code := range []string{"! ok", "!ls", "!okay", "!ok -v"} {
		if _, err := parse(code, 1, true, names); err != nil {
			t.Errorf("%q: %v", code, err.msg)
		}
	}
	if _, err := parse("%%time\n%%bash", 1, true, nil); err != nil {
		t.Errorf("the outer parse reads only the first line: %v", err.msg)
	}
	if _, err := parse("%%bash", 2, false, nil); err == nil || !strings.Contains(err.msg, "inside another cell magic") {
		t.Errorf("a cell magic in a body: %+v", err)
	}
}

// TestFormatTime pins IPython's _format_time on values it prints (three
// significant digits, the unit chosen by the exponent; minutes and more in
// words).
func TestFormatTime(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0 ns"},
		{8, "8 ns"},
		{12345 * time.Nanosecond, "12.3 µs"},
		{999 * time.Microsecond, "999 µs"},
		{1500 * time.Microsecond, "1.5 ms"},
		{123456789 * time.Nanosecond, "123 ms"},
		{1370 * time.Millisecond, "1.37 s"},
		{59 * time.Second, "59 s"},
		{63500 * time.Millisecond, "1min 3s"},
		{3*time.Hour + 2*time.Second, "3h 2s"},
		{26*time.Hour + 30*time.Minute, "1d 2h 30min"},
	} {
		if got := formatTime(c.d, 3); got != c.want {
			t.Errorf("formatTime(%v) = %q, want %q", c.d, got, c.want)
		}
	}
	if got := formatTime(123456*time.Nanosecond, 5); got != "123.46 µs" {
		t.Errorf("precision 5: %q", got)
	}
}

// TestPredictN checks the iteration counts against those testing.Benchmark
// derives (its predictN: 20% over the prediction, at least one more, at
// most 100-fold, at most 1e9).
func TestPredictN(t *testing.T) {
	for _, c := range []struct {
		goal, prevIters, prevns, last int64
		want                          int
	}{
		{200e6, 1, 1e3, 1, 100},            // 100-fold cap
		{200e6, 100, 1e5, 100, 10000},      // capped again
		{200e6, 10000, 1e7, 10000, 240000}, // 2e6... predicted 200,000 + 20%
		{200e6, 1, 3e9, 1, 2},              // slower than the goal: one more
		{200e6, 5e8, 1e8, 5e8, 1e9},        // the 1e9 ceiling
		{200e6, 1, 0, 1, 100},              // no time measured
	} {
		if got := predictN(c.goal, c.prevIters, c.prevns, c.last); got != c.want {
			t.Errorf("predictN(%d, %d, %d, %d) = %d, want %d", c.goal, c.prevIters, c.prevns, c.last, got, c.want)
		}
	}
}

// TestStreamWriter: a UTF-8 sequence cut between two reads reaches the
// sink whole.
func TestStreamWriter(t *testing.T) {
	var got []string
	w := &streamWriter{sink: funcSink(func(name, text string) { got = append(got, text) }), name: "stdout"}
	w.Write([]byte("a\xe2\x82"))
	w.Write([]byte("\xacb"))
	w.Write([]byte("\xf0\x9f"))
	w.Write([]byte("\x98"))
	w.Write([]byte("\x80"))
	w.Write([]byte("\xff"))
	w.flush()
	if strings.Join(got, "|") != "a|€b|😀|\xff" {
		t.Errorf("chunks %q", got)
	}
}

type funcSink func(name, text string)

func (f funcSink) Stream(name, text string)           { f(name, text) }
func (f funcSink) Display(display.Bundle, bool)       {}
func (f funcSink) Clear(bool)                         {}
func (f funcSink) Input(string, bool) (string, error) { return "", nil }

// TestTimeitSource pins the function %timeit defines: the statement keeps
// its cell line and column where the header fits on the line before it.
func TestTimeitSource(t *testing.T) {
	code, _, shifts := timeitSource(goPiece{}, goPiece{text: "f(3)", line: 3, col: 9}, false)
	lines := strings.Split(code, "\n")
	if len(shifts) != 0 || lines[2] != "        f(3)" || !strings.HasPrefix(lines[1], timeitHeader) {
		t.Errorf("line 3: %q, shifts %v", code, shifts)
	}
	code, _, shifts = timeitSource(goPiece{}, goPiece{text: "x + 1", line: 1, col: 9}, true)
	if len(shifts) != 1 || !strings.HasPrefix(code, timeitHeader+" "+timeitLoop+" _ = x + 1") {
		t.Errorf("line 1: %q %v", code, shifts)
	}
	code, _, _ = timeitSource(goPiece{text: "xs := make([]int, 9)", line: 1, col: 11}, goPiece{text: "ys := xs[:]", line: 2, col: 1}, false)
	if !strings.Contains(code, "_ = xs; _ = ys") {
		t.Errorf("setup and body definitions used: %q", code)
	}
}
