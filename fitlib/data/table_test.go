package data

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func parse(t *testing.T, src string) *Table {
	t.Helper()
	tb, err := Parse("t.csv", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func floats(t *testing.T, tb *Table, name string) []float64 {
	t.Helper()
	v, err := tb.FloatsOrNaN(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func strs(t *testing.T, tb *Table, name string) string {
	t.Helper()
	v, err := tb.Strings(name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(v, ",")
}

// TestReadCSVWorkingDirectory: a relative path is found in the working
// directory first, as pandas.read_csv finds it.
func TestReadCSVWorkingDirectory(t *testing.T) {
	old, _ := os.Getwd()
	defer os.Chdir(old)
	dir := t.TempDir()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("losses.csv", []byte("N,loss\n1e8,3.2\n1e9,2.7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := ReadCSV("losses.csv")
	if err != nil {
		t.Fatal(err)
	}
	if tb.Len() != 2 || tb.File != filepath.Join(dir, "losses.csv") && !strings.HasSuffix(tb.File, "losses.csv") {
		t.Fatalf("read %d rows from %s", tb.Len(), tb.File)
	}
	_, err = ReadCSV("missing.csv")
	if err == nil || !strings.Contains(err.Error(), "neither in the working directory") {
		t.Fatalf("missing file: %v", err)
	}
	if _, err := ReadCSV("."); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Fatalf("folder: %v", err)
	}
}

func TestKindsInferred(t *testing.T) {
	tb := parse(t, "i,f,gap,b,s,none\n1,1.5,,true,x,\n2,2,3,false,7,\n-3,1e4,NA,TRUE,y,NA\n")
	want := []Kind{KindInt, KindFloat, KindFloat, KindBool, KindString, KindFloat}
	for j, k := range tb.Kinds() {
		if k != want[j] {
			t.Errorf("column %s: kind %v, want %v", tb.Names()[j], k, want[j])
		}
	}
	gap := floats(t, tb, "gap")
	if !math.IsNaN(gap[0]) || gap[1] != 3 || !math.IsNaN(gap[2]) {
		t.Errorf("gap column %v", gap)
	}
	if _, err := tb.Floats("gap"); err == nil || !strings.Contains(err.Error(), "t.csv:2:") || !strings.Contains(err.Error(), "empty") {
		t.Errorf("Floats on a gap must name line 2: %v", err)
	}
	if _, err := tb.Floats("s"); err == nil || !strings.Contains(err.Error(), `t.csv:2:13: column "s": "x" is not a number`) {
		t.Errorf("Floats on text must name line and column: %v", err)
	}
	if got := strs(t, tb, "f"); got != "1.5,2,1e4" {
		t.Errorf("Strings keeps the text as written: %s", got)
	}
	b, err := tb.Bools("b")
	if err != nil || !b[0] || b[1] || !b[2] {
		t.Errorf("bools %v %v", b, err)
	}
}

func TestSkipBadRows(t *testing.T) {
	src := "N,loss\n1e8,3.2\n1e9\n2e9,\"2.6\n3e9,2.5,extra\n4e9,abc\n5e9,2.4\n"
	if _, err := Parse("l.csv", strings.NewReader(src)); err == nil || !strings.Contains(err.Error(), "l.csv:3: row has 1 fields") {
		t.Fatalf("without SkipBadRows the short row fails: %v", err)
	}
	opt := ReadOptions{SkipBadRows: true, Types: map[string]Kind{"loss": KindFloat}}
	tb, err := opt.Parse("l.csv", strings.NewReader("N,loss\n1e8,3.2\n1e9\n3e9,2.5,extra\n4e9,abc\n5e9,2.4\n"))
	if err != nil {
		t.Fatal(err)
	}
	if tb.Len() != 2 {
		t.Fatalf("kept %d rows, want 2", tb.Len())
	}
	sk := tb.Skipped()
	var got []string
	for _, b := range sk {
		got = append(got, b.String())
	}
	want := []string{"line 3: 1 fields, the header has 2", "line 4: 3 fields, the header has 2", `line 5: column "loss": "abc" is not a number`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("skipped\n%q\nwant\n%q", got, want)
	}
	if tb.Line(1) != 6 {
		t.Errorf("row 1 is file line %d, want 6", tb.Line(1))
	}
	if !strings.Contains(tb.String(), "(3 bad rows skipped)") {
		t.Errorf("display must count skipped rows:\n%s", tb)
	}
	// A broken quote swallows the rest of the file (encoding/csv reads a
	// quoted field across lines); it is reported, not silently dropped.
	tb, err = opt.Parse("q.csv", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tb.Skipped()); n < 2 || tb.Len() != 1 {
		t.Errorf("broken quote: %d rows kept, skipped %v", tb.Len(), tb.Skipped())
	}
	_, err = ReadOptions{Types: map[string]Kind{"loss": KindFloat}}.Parse("l.csv", strings.NewReader("N,loss\n1,2\n3,x\n"))
	if err == nil || !strings.Contains(err.Error(), `l.csv:3:3: column "loss": "x" is not a number`) {
		t.Errorf("declared kind without skipping: %v", err)
	}
	_, err = ReadOptions{Types: map[string]Kind{"Loss": KindFloat}}.Parse("l.csv", strings.NewReader("N,loss\n1,2\n"))
	if err == nil || !strings.Contains(err.Error(), `names column "Loss"`) {
		t.Errorf("unknown declared column: %v", err)
	}
}

func TestQueryAssign(t *testing.T) {
	tb := parse(t, "model,Model Size,loss\na,1e8,3.5\nb,1e9,2.9\na,1e10,2.4\nb,2e10,NaN\n")
	q, err := tb.Query("`Model Size` >= 1e9 and model == 'a'")
	if err != nil {
		t.Fatal(err)
	}
	if q.Len() != 1 || q.Line(0) != 4 {
		t.Fatalf("query kept %d rows (line %d)", q.Len(), q.Line(0))
	}
	q, err = tb.Query("!isnan(loss) && loss < 3")
	if err != nil || q.Len() != 2 {
		t.Fatalf("query with NaN: %v %d", err, q.Len())
	}
	q, err = tb.Query("loss != loss") // NaN != NaN, as in IEEE and pandas
	if err != nil || q.Len() != 1 {
		t.Fatalf("NaN != NaN: %v %d", err, q.Len())
	}
	a, err := tb.Assign("logN", "log10(`Model Size`) * 2")
	if err != nil {
		t.Fatal(err)
	}
	got := floats(t, a, "logN")
	if got[0] != 16 || got[2] != 20 {
		t.Errorf("logN %v", got)
	}
	if tb.Has("logN") {
		t.Error("Assign changed its receiver")
	}
	for _, c := range []struct{ expr, want string }{
		{"loss < x", `no column "x"`},
		{"model < 3", "compares a string with a float"},
		{"loss", "not a test"},
		{"loss ** 2", "use pow(x, y)"},
		{"mean(loss) > 1", "aggregation"},
		{"model = 'a'", "cannot parse"},
	} {
		_, err := tb.Query(c.expr)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Query(%q): %v, want %q", c.expr, err, c.want)
		}
	}
}

func TestSortGroupAgg(t *testing.T) {
	tb, err := ReadCSV("chinchilla/svg_extracted_data.csv")
	if err != nil {
		t.Fatal(err) // the datasets are a test prerequisite (make deps-data)
	}
	// Expected values computed with numpy 1.24 over the same file:
	// mean, std(ddof=1), percentile(25/50/75), min, max of loss.
	d := tb.Describe()
	loss := floats(t, d, "loss")
	want := []float64{245, 2.673600379315899, 0.3643869645583062, 2.0773942450664395, 2.416772019301729, 2.616495387341047, 2.836974331044393, 5.005581996196243}
	for i := range want {
		if math.Abs(loss[i]-want[i]) > 1e-12*math.Abs(want[i]) {
			t.Errorf("describe %s = %.17g, want %.17g", strs(t, d, "stat"), loss[i], want[i])
		}
	}
	g, err := tb.GroupBy("Model Size")
	if err != nil {
		t.Fatal(err)
	}
	if g.Len() != 142 {
		t.Errorf("%d groups, want 142 distinct model sizes", g.Len())
	}
	agg, err := g.Agg("count()", "mean(loss)", "best = min(loss)", "quantile(loss, 0.9)")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(agg.Names(), ",") != "Model Size,count,loss_mean,best,loss_q90" {
		t.Fatalf("names %v", agg.Names())
	}
	// numpy: groups sorted by size; the second has 3 runs.
	n, _ := agg.Ints("count")
	m := floats(t, agg, "loss_mean")
	b := floats(t, agg, "best")
	q := floats(t, agg, "loss_q90")
	if n[1] != 3 || math.Abs(m[1]-3.2409057479601215) > 1e-14 || b[1] != 3.094521210858053 || math.Abs(q[1]-3.3691959851163475) > 1e-14 {
		t.Errorf("group 1: n %d mean %.17g min %.17g q90 %.17g", n[1], m[1], b[1], q[1])
	}
	s, err := tb.Sort("-loss")
	if err != nil {
		t.Fatal(err)
	}
	top := floats(t, s, "loss")
	if top[0] != 5.005581996196243 || s.Line(0) != 2 {
		t.Errorf("sorted descending: %v first, line %d", top[0], s.Line(0))
	}
}

func TestSortStableAndMissingLast(t *testing.T) {
	tb := parse(t, "k,v,s\n2,,b\n1,3,\n2,1,a\n1,NaN,c\n")
	s, err := tb.Sort("v")
	if err != nil {
		t.Fatal(err)
	}
	if got := strs(t, s, "s"); got != "a,,b,c" {
		t.Errorf("ascending, NaN last, stable: %s", got)
	}
	s, _ = tb.Sort("-v")
	if got := strs(t, s, "s"); got != ",a,b,c" {
		t.Errorf("descending, NaN still last: %s", got)
	}
	s, _ = tb.Sort("k", "-s")
	if got := strs(t, s, "s"); got != "c,,b,a" {
		t.Errorf("two keys, empty text last: %s", got)
	}
	if _, err := tb.Sort("K"); err == nil || !strings.Contains(err.Error(), `did you mean "k"`) {
		t.Errorf("misspelt key: %v", err)
	}
}

func TestJoin(t *testing.T) {
	runs := parse(t, "model,loss\na,3\nb,2.5\nc,2\na,2.9\n")
	sizes, err := Parse("sizes.csv", strings.NewReader("model,params,loss\na,1e8,x\nb,1e9,y\n"))
	if err != nil {
		t.Fatal(err)
	}
	j, err := runs.Join(sizes, "model")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(j.Names(), ",") != "model,loss,params,loss_right" || j.Len() != 3 {
		t.Fatalf("join: %v %d rows", j.Names(), j.Len())
	}
	if got := strs(t, j, "params"); got != "1e8,1e9,1e8" {
		t.Errorf("params %s", got)
	}
	l, err := runs.LeftJoin(sizes, "model")
	if err != nil {
		t.Fatal(err)
	}
	p := floats(t, l, "params")
	if l.Len() != 4 || !math.IsNaN(p[2]) || p[3] != 1e8 {
		t.Errorf("left join %v", p)
	}
	k1 := parse(t, "k,v\n10000,1\n")
	k2 := parse(t, "k,w\n1e4,2\n")
	if j, err := k1.Join(k2, "k"); err != nil || j.Len() != 1 {
		t.Errorf("numeric keys join by value: %v", err)
	}
	k3 := parse(t, "k,w\nx,2\n")
	if _, err := k1.Join(k3, "k"); err == nil || !strings.Contains(err.Error(), "int here but string") {
		t.Errorf("number vs text key: %v", err)
	}
}

func TestBuildSelectWrite(t *testing.T) {
	tb := NewTable("runs")
	if err := tb.AddFloats("N", []float64{1e8, 1e9}); err != nil {
		t.Fatal(err)
	}
	if err := tb.AddStrings("name", []string{"a,b", "c"}); err != nil {
		t.Fatal(err)
	}
	if err := tb.AddInts("n", []int{1}); err == nil || !strings.Contains(err.Error(), `column "n" has 1 values, the table has 2 rows`) {
		t.Errorf("length mismatch: %v", err)
	}
	if err := tb.AddInts("N", []int{1, 2}); err == nil {
		t.Error("duplicate column accepted")
	}
	var buf bytes.Buffer
	if err := tb.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.String() != "N,name\n1e+08,\"a,b\"\n1e+09,c\n" {
		t.Errorf("csv %q", buf.String())
	}
	back := parse(t, buf.String())
	if got := floats(t, back, "N"); got[1] != 1e9 {
		t.Errorf("round trip %v", got)
	}
	s, err := tb.Select("name")
	if err != nil || strings.Join(s.Names(), ",") != "name" {
		t.Errorf("select %v %v", s, err)
	}
	if _, err := tb.Take([]int{0, 2}); err == nil || !strings.Contains(err.Error(), "position 2") {
		t.Errorf("take out of range: %v", err)
	}
	r, _ := tb.Rename("N", "params")
	if !r.Has("params") || !tb.Has("N") {
		t.Error("rename")
	}
}

func TestDisplay(t *testing.T) {
	var b strings.Builder
	b.WriteString("name,loss\n")
	for i := 0; i < 30; i++ {
		b.WriteString("m|" + string(rune('a'+i%26)) + ",2.5\n")
	}
	tb := parse(t, b.String())
	txt := tb.String()
	lines := strings.Split(txt, "\n")
	if lines[0] != "t.csv: 30 rows × 2 columns" || !strings.HasPrefix(lines[1], "name") || !strings.HasSuffix(lines[1], "loss") || !strings.Contains(lines[2], "string") {
		t.Fatalf("text head:\n%s", txt)
	}
	if len(lines) != 3+10+1+5 || !strings.Contains(lines[13], "…") {
		t.Errorf("text must show 10 head rows, an ellipsis and 5 tail rows:\n%s", txt)
	}
	if strings.Contains(txt, "<") {
		t.Error("text/plain form holds markup")
	}
	md := tb.Markdown()
	if !strings.Contains(md, `| m\|a |  2.5 |`) || !strings.Contains(md, "| ---- | ---: |") {
		t.Errorf("markdown:\n%s", md)
	}
	bundle := tb.MIMEBundle()
	if bundle["text/plain"] != txt || bundle["text/html"] != tb.HTML() || len(bundle) != 2 {
		t.Errorf("MIMEBundle: want text/html and the text form as text/plain: %v", bundle)
	}
	h := tb.HTML()
	if !strings.Contains(h, "<th>name</th>") || !strings.Contains(h, `<td style="text-align:right">2.5</td>`) || !strings.Contains(h, "30 rows") {
		t.Errorf("html:\n%s", h)
	}
	if strings.Contains(parse(t, "x\n<b>\n").HTML(), "<b>") {
		t.Error("html not escaped")
	}
}

func TestAggErrorsAndFunc(t *testing.T) {
	tb := parse(t, "g,x,s\na,1,p\na,3,q\nb,5,p\n")
	g, err := tb.GroupBy("g")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ spec, want string }{
		{"loss", "want an aggregation"},
		{"mean(s)", "mean needs numbers"},
		{"mean(x, 2)", "takes 1 argument"},
		{"quantile(x, 2)", "probability in [0, 1]"},
		{"mean(y)", `no column "y"`},
	} {
		if _, err := g.Agg(c.spec); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Agg(%q): %v, want %q", c.spec, err, c.want)
		}
	}
	r, err := g.AggFunc("range", "x", func(v []float64) float64 { return v[len(v)-1] - v[0] })
	if err != nil {
		t.Fatal(err)
	}
	if got := floats(t, r, "range"); got[0] != 2 || got[1] != 0 {
		t.Errorf("range %v", got)
	}
	a, err := g.Agg("nunique(s)", "first(s)", "std(x)", "sum(x > 2)")
	if err != nil {
		t.Fatal(err)
	}
	if strs(t, a, "s_nunique") != "2,1" || strs(t, a, "s_first") != "p,p" || strs(t, a, "sum(x > 2)") != "1,1" {
		t.Errorf("agg:\n%s", a)
	}
	if sd := floats(t, a, "x_std"); math.Abs(sd[0]-math.Sqrt(2)) > 1e-15 || !math.IsNaN(sd[1]) {
		t.Errorf("std %v", sd)
	}
	sub, err := g.Group("b")
	if err != nil || sub.Len() != 1 || sub.Line(0) != 4 {
		t.Errorf("group b: %v", err)
	}
}

func TestColumns(t *testing.T) {
	tb := parse(t, "N,D,loss,name\n1e8,2e9,3.1,a\n1e9,2e10,2.6,b\n")
	cols, err := tb.Columns("N", "D")
	if err != nil || len(cols) != 2 || cols["N"][1] != 1e9 || cols["D"][0] != 2e9 {
		t.Fatalf("Columns: %v %v", cols, err)
	}
	for _, bad := range [][]string{{}, {"N", "N"}, {"C"}, {"name"}} {
		if _, err := tb.Columns(bad...); err == nil {
			t.Errorf("Columns(%q) accepted", bad)
		}
	}
}
