package report

import (
	"math"
	"strings"
	"testing"
)

func TestTable(t *testing.T) {
	tb := &Table{Title: "fit <x>", Header: []string{"name", "value", "interval"}}
	tb.Add("alpha", Num(0.34), Interval(0.3, 0.37))
	tb.Add("E", Num(math.NaN()), "none")
	tb.Note("a & b")
	want := "fit <x>\n  name   value  interval\n  -----  -----  -----------\n  alpha   0.34  [0.3, 0.37]\n  E          —  none\na & b\n"
	if got := tb.Text(); got != want {
		t.Errorf("text:\n%s\nwant:\n%s", got, want)
	}
	h := tb.HTML()
	for _, w := range []string{"<caption", "fit &lt;x&gt;", `<td style="text-align:right">0.34</td>`, "a &amp; b"} {
		if !strings.Contains(h, w) {
			t.Errorf("HTML lacks %q: %s", w, h)
		}
	}
	if err := Check(Bundle(tb)); err != nil {
		t.Error(err)
	}
	if Check(map[string]string{"text/plain": "<table>"}) == nil || Check(map[string]string{"text/plain": "x"}) == nil {
		t.Error("Check accepted a bad bundle")
	}
}
