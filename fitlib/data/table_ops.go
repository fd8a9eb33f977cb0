package data

import (
	"fmt"
	"go/ast"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// Written by hand: the Go dataframe libraries were weighed and not taken
// (see the comment at the top of table.go), so selection, sorting, grouping
// and joining live here, on the typed columns of Table.

// derive returns a table with t's file name whose rows are t's rows idx
// (nil idx: all rows, sharing storage) and the given columns.
func (t *Table) derive(cols []*column, idx []int) *Table {
	out := &Table{File: t.File, index: make(map[string]int, len(cols))}
	for j, c := range cols {
		if idx != nil {
			c = c.take(idx)
		}
		out.cols = append(out.cols, c)
		out.index[c.name] = j
	}
	if idx == nil {
		out.n, out.lines = t.n, t.lines
		return out
	}
	out.n = len(idx)
	if t.lines != nil {
		out.lines = make([]int, len(idx))
		for k, r := range idx {
			out.lines[k] = t.lines[r]
		}
	}
	return out
}

// Select returns the named columns, in the order given.
func (t *Table) Select(names ...string) (*Table, error) {
	var cols []*column
	seen := map[string]bool{}
	for _, name := range names {
		c, err := t.column(name)
		if err != nil {
			return nil, err
		}
		if seen[name] {
			return nil, fmt.Errorf("%s: Select names column %q twice", t.File, name)
		}
		seen[name] = true
		cols = append(cols, c)
	}
	return t.derive(cols, nil), nil
}

// Drop returns the table without the named columns.
func (t *Table) Drop(names ...string) (*Table, error) {
	drop := map[string]bool{}
	for _, name := range names {
		if _, err := t.column(name); err != nil {
			return nil, err
		}
		drop[name] = true
	}
	var cols []*column
	for _, c := range t.cols {
		if !drop[c.name] {
			cols = append(cols, c)
		}
	}
	return t.derive(cols, nil), nil
}

// Rename returns the table with column old called new.
func (t *Table) Rename(old, new string) (*Table, error) {
	c, err := t.column(old)
	if err != nil {
		return nil, err
	}
	if new == "" {
		return nil, fmt.Errorf("%s: Rename(%q, \"\"): a column needs a name", t.File, old)
	}
	if t.Has(new) && new != old {
		return nil, fmt.Errorf("%s: Rename(%q, %q): column %q already exists", t.File, old, new, new)
	}
	cols := make([]*column, len(t.cols))
	for j, d := range t.cols {
		cols[j] = d
		if d == c {
			cp := *d
			cp.name = new
			cols[j] = &cp
		}
	}
	return t.derive(cols, nil), nil
}

// Head returns the first n rows (all when the table is shorter).
func (t *Table) Head(n int) *Table {
	n = max(0, min(n, t.n))
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return t.derive(t.cols, idx)
}

// Tail returns the last n rows.
func (t *Table) Tail(n int) *Table {
	n = max(0, min(n, t.n))
	idx := make([]int, n)
	for i := range idx {
		idx[i] = t.n - n + i
	}
	return t.derive(t.cols, idx)
}

// Take returns the rows at the given positions, in that order (repeats
// allowed: a bootstrap resample is Take of random positions).
func (t *Table) Take(rows []int) (*Table, error) {
	for k, r := range rows {
		if r < 0 || r >= t.n {
			return nil, fmt.Errorf("%s: Take: position %d (entry %d) outside 0..%d", t.File, r, k, t.n-1)
		}
	}
	return t.derive(t.cols, append([]int(nil), rows...)), nil
}

// Where returns the rows whose column name reads exactly value (compared as
// text, so Where("model", "Pythia 12B") and Where("k", "10") both work).
func (t *Table) Where(name, value string) (*Table, error) {
	c, err := t.column(name)
	if err != nil {
		return nil, err
	}
	var idx []int
	for r := 0; r < t.n; r++ {
		if c.str(r) == value {
			idx = append(idx, r)
		}
	}
	return t.derive(t.cols, nonNil(idx)), nil
}

func nonNil(idx []int) []int {
	if idx == nil {
		return []int{}
	}
	return idx
}

// Filter returns the rows r for which keep(r) is true. keep may be a
// closure of a notebook cell; for large tables prefer Query, which runs
// compiled.
func (t *Table) Filter(keep func(row int) bool) *Table {
	var idx []int
	for r := 0; r < t.n; r++ {
		if keep(r) {
			idx = append(idx, r)
		}
	}
	return t.derive(t.cols, nonNil(idx))
}

// Query returns the rows for which the expression holds, pandas' query:
//
//	t.Query("loss < 3 and model == 'Pythia 12B'")
//	t.Query("`Model Size` >= 1e8 && !isnan(loss)")
//
// Columns are named by their names (in backticks when they are not
// identifiers); text is in 'single' or "double" quotes; numbers are Go
// literals. Operators: + - * / % (numbers; + also joins text), == != < <=
// > >= (numbers with numbers, text with text), and/&&, or/||, not/!.
// Functions: log, log10, log2, exp, sqrt, abs, floor, ceil, round, pow(x,
// y), min(x, y), max(x, y), isnan(x) (isna for text: empty). Int columns
// are compared as numbers; NaN compares false. The whole column is
// evaluated in compiled code. Errors quote the expression and the part at
// fault.
func (t *Table) Query(expr string) (*Table, error) {
	v, err := t.evalColumn(expr)
	if err != nil {
		return nil, err
	}
	if v.kind != KindBool {
		return nil, fmt.Errorf("%s: Query(%q): the expression gives %s values, not a test (compare with == < > ...)", t.File, expr, v.kind)
	}
	var idx []int
	for r, keep := range v.b {
		if keep {
			idx = append(idx, r)
		}
	}
	return t.derive(t.cols, nonNil(idx)), nil
}

// Assign returns the table with a new (or replaced) column name computed
// by expr over every row, in compiled code (the syntax of Query):
//
//	t.Assign("C", "6 * N * D")
//	t.Assign("big", "`Model Size` > 1e9")
func (t *Table) Assign(name, expr string) (*Table, error) {
	if name == "" {
		return nil, fmt.Errorf("%s: Assign: a column needs a name", t.File)
	}
	v, err := t.evalColumn(expr)
	if err != nil {
		return nil, err
	}
	c := &column{name: name, kind: v.kind}
	switch v.kind {
	case KindFloat:
		c.f = v.f
	case KindBool:
		c.b = v.b
	default:
		c.text = v.s
	}
	cols := append([]*column(nil), t.cols...)
	if j, ok := t.index[name]; ok {
		cols[j] = c
	} else {
		cols = append(cols, c)
	}
	return t.derive(cols, nil), nil
}

// Sort returns the rows sorted by the given columns, the first one first;
// a name written "-loss" sorts that column in descending order. The sort is
// stable; NaN and empty values come last in either order.
func (t *Table) Sort(keys ...string) (*Table, error) {
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s: Sort needs at least one column", t.File)
	}
	type key struct {
		c    *column
		desc bool
	}
	var ks []key
	for _, k := range keys {
		desc := strings.HasPrefix(k, "-") && !t.Has(k)
		name := k
		if desc {
			name = k[1:]
		}
		c, err := t.column(name)
		if err != nil {
			return nil, err
		}
		ks = append(ks, key{c, desc})
	}
	idx := make([]int, t.n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		for _, k := range ks {
			c := cmpCells(k.c, idx[a], idx[b])
			if c == 0 {
				continue
			}
			if c == 2 || c == -2 { // a missing value: last in both orders
				return c < 0
			}
			if k.desc {
				return c > 0
			}
			return c < 0
		}
		return false
	})
	return t.derive(t.cols, idx), nil
}

// cmpCells orders rows a and b of column c: -1, 0 or 1, and -2 (2) when
// only b (a) is missing.
func cmpCells(c *column, a, b int) int {
	switch c.kind {
	case KindInt:
		return cmpFloat(float64(c.i[a]), float64(c.i[b]))
	case KindFloat:
		u, v := c.f[a], c.f[b]
		switch un, vn := math.IsNaN(u), math.IsNaN(v); {
		case un && vn:
			return 0
		case un:
			return 2
		case vn:
			return -2
		}
		return cmpFloat(u, v)
	case KindBool:
		return cmpFloat(c.num(a), c.num(b))
	}
	u, v := c.str(a), c.str(b)
	switch {
	case u == v:
		return 0
	case u == "":
		return 2
	case v == "":
		return -2
	}
	return strings.Compare(u, v)
}

// keyText is the grouping and joining key of a cell: the exact number for
// numeric columns (so 1e4 and 10000 are one key), the text otherwise.
func keyText(c *column, r int) string {
	if c.kind.numeric() {
		v := c.num(r)
		if math.IsNaN(v) {
			return "NaN"
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return c.str(r)
}

// Groups is a table split by the values of key columns (GroupBy). Groups
// are ordered by their keys (numbers by value, text lexicographically),
// as pandas orders them.
type Groups struct {
	t    *Table
	keys []*column
	rows [][]int
}

// GroupBy splits the rows by the values of the key columns. Numeric keys
// group by exact value: round first (Assign with round(...)) to merge
// values that differ in the last digits.
func (t *Table) GroupBy(keys ...string) (*Groups, error) {
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s: GroupBy needs at least one column", t.File)
	}
	g := &Groups{t: t}
	for _, k := range keys {
		c, err := t.column(k)
		if err != nil {
			return nil, err
		}
		g.keys = append(g.keys, c)
	}
	index := map[string]int{}
	var first []int
	var sb strings.Builder
	for r := 0; r < t.n; r++ {
		sb.Reset()
		for _, c := range g.keys {
			sb.WriteString(keyText(c, r))
			sb.WriteByte(0)
		}
		k := sb.String()
		i, ok := index[k]
		if !ok {
			i = len(g.rows)
			index[k] = i
			g.rows = append(g.rows, nil)
			first = append(first, r)
		}
		g.rows[i] = append(g.rows[i], r)
	}
	order := make([]int, len(g.rows))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		for _, c := range g.keys {
			if d := cmpCells(c, first[order[a]], first[order[b]]); d != 0 {
				return d < 0
			}
		}
		return false
	})
	rows := make([][]int, len(order))
	for i, o := range order {
		rows[i] = g.rows[o]
	}
	g.rows = rows
	return g, nil
}

// Len returns the number of groups.
func (g *Groups) Len() int { return len(g.rows) }

// Keys returns one row per group holding its key values.
func (g *Groups) Keys() *Table {
	idx := make([]int, len(g.rows))
	for i, r := range g.rows {
		idx[i] = r[0]
	}
	return g.t.derive(g.keys, idx)
}

// Table returns the rows of group i (0 <= i < Len()).
func (g *Groups) Table(i int) (*Table, error) {
	if i < 0 || i >= len(g.rows) {
		return nil, fmt.Errorf("%s: group %d outside 0..%d", g.t.File, i, len(g.rows)-1)
	}
	return g.t.derive(g.t.cols, g.rows[i]), nil
}

// Group returns the rows whose key columns read values (as text, one value
// per key column).
func (g *Groups) Group(values ...string) (*Table, error) {
	if len(values) != len(g.keys) {
		return nil, fmt.Errorf("%s: Group needs %d key values, found %d", g.t.File, len(g.keys), len(values))
	}
	for _, rows := range g.rows {
		match := true
		for j, c := range g.keys {
			if c.str(rows[0]) != values[j] && keyText(c, rows[0]) != values[j] {
				match = false
				break
			}
		}
		if match {
			return g.t.derive(g.t.cols, rows), nil
		}
	}
	return nil, fmt.Errorf("%s: no group with %s = %q", g.t.File, g.keyNames(), values)
}

func (g *Groups) keyNames() string {
	names := make([]string, len(g.keys))
	for i, c := range g.keys {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

// aggFuncs are the named aggregations of Agg.
var aggFuncs = map[string]bool{
	"count": true, "sum": true, "mean": true, "median": true, "min": true, "max": true,
	"std": true, "var": true, "first": true, "last": true, "nunique": true, "quantile": true,
}

// Agg returns one row per group: the key columns, then one column per
// spec. A spec is an aggregation of an expression, optionally named:
//
//	g.Agg("count()", "mean(loss)", "best = min(loss)", "quantile(log(C), 0.9)")
//
// Aggregations: count() (rows of the group), count(x) (values that are not
// missing), sum, mean, median, min, max, std and var (sample, n-1, as
// pandas), first, last, nunique, quantile(x, p) (numpy's linear rule).
// Missing values (NaN) are skipped, as pandas skips them. The default
// column name is x_func for a column x ("loss_mean"), func for count() and
// the spec's text otherwise. Everything runs compiled.
func (g *Groups) Agg(specs ...string) (*Table, error) {
	out := g.Keys()
	out.lines = nil
	for _, c := range out.cols {
		c.pos = nil
	}
	for _, spec := range specs {
		name, src := splitName(spec)
		x, err := parseExpr(src)
		if err != nil {
			return nil, fmt.Errorf("%s: Agg(%q): %v", g.t.File, spec, err)
		}
		call, ok := x.(*ast.CallExpr)
		id, _ := funIdent(call)
		if !ok || !aggFuncs[id] {
			return nil, fmt.Errorf("%s: Agg(%q): want an aggregation such as mean(loss); known: count, sum, mean, median, min, max, std, var, first, last, nunique, quantile", g.t.File, spec)
		}
		col, err := g.aggregate(spec, src, id, call)
		if err != nil {
			return nil, err
		}
		if name == "" {
			name = defaultAggName(id, call, src)
		}
		col.name = name
		if err := out.add(col); err != nil {
			return nil, fmt.Errorf("%s: Agg(%q): %v (name it: \"other = %s\")", g.t.File, spec, err, src)
		}
	}
	return out, nil
}

func funIdent(c *ast.CallExpr) (string, bool) {
	if c == nil {
		return "", false
	}
	id, ok := c.Fun.(*ast.Ident)
	if !ok {
		return "", false
	}
	return id.Name, true
}

// splitName splits "name = expr" at a lone '=' (not part of == <= >= !=).
func splitName(spec string) (string, string) {
	for i := 0; i < len(spec); i++ {
		if spec[i] != '=' {
			continue
		}
		if i+1 < len(spec) && spec[i+1] == '=' {
			i++
			continue
		}
		if i > 0 && strings.IndexByte("<>!=", spec[i-1]) >= 0 {
			continue
		}
		return strings.Trim(strings.TrimSpace(spec[:i]), "`"), strings.TrimSpace(spec[i+1:])
	}
	return "", strings.TrimSpace(spec)
}

func defaultAggName(fn string, call *ast.CallExpr, src string) string {
	if len(call.Args) == 0 {
		return fn
	}
	suffix := "_" + fn
	if fn == "quantile" && len(call.Args) == 2 {
		if p, ok := call.Args[1].(*ast.BasicLit); ok {
			if v, err := strconv.ParseFloat(p.Value, 64); err == nil {
				suffix = "_q" + strconv.FormatFloat(100*v, 'g', 6, 64)
			}
		}
	}
	switch a := call.Args[0].(type) {
	case *ast.Ident:
		return a.Name + suffix
	case *ast.BasicLit:
		if strings.HasPrefix(a.Value, "`") {
			return strings.Trim(a.Value, "`") + suffix
		}
	}
	return src
}

func (g *Groups) aggregate(spec, src, fn string, call *ast.CallExpr) (*column, error) {
	t := g.t
	if fn == "count" && len(call.Args) == 0 {
		c := &column{kind: KindInt, i: make([]int, len(g.rows))}
		for i, rows := range g.rows {
			c.i[i] = len(rows)
		}
		return c, nil
	}
	nargs := 1
	if fn == "quantile" {
		nargs = 2
	}
	if len(call.Args) != nargs {
		return nil, fmt.Errorf("%s: Agg(%q): %s takes %d argument(s), found %d", t.File, spec, fn, nargs, len(call.Args))
	}
	v, err := t.evalAST(src, call.Args[0])
	if err != nil {
		return nil, err
	}
	p := 0.0
	if fn == "quantile" {
		pv, err := t.evalAST(src, call.Args[1])
		if err != nil {
			return nil, err
		}
		if pv.kind != KindFloat || t.n > 0 && (pv.f[0] < 0 || pv.f[0] > 1) {
			return nil, fmt.Errorf("%s: Agg(%q): quantile needs a probability in [0, 1]", t.File, spec)
		}
		if t.n > 0 {
			p = pv.f[0]
		}
	}
	missing := func(r int) bool {
		switch v.kind {
		case KindFloat:
			return math.IsNaN(v.f[r])
		case KindString:
			return v.s[r] == ""
		}
		return false
	}
	switch fn {
	case "count", "nunique":
		c := &column{kind: KindInt, i: make([]int, len(g.rows))}
		for i, rows := range g.rows {
			seen := map[string]bool{}
			for _, r := range rows {
				if missing(r) {
					continue
				}
				c.i[i]++
				switch v.kind {
				case KindFloat:
					seen[strconv.FormatFloat(v.f[r], 'g', -1, 64)] = true
				case KindBool:
					seen[strconv.FormatBool(v.b[r])] = true
				default:
					seen[v.s[r]] = true
				}
			}
			if fn == "nunique" {
				c.i[i] = len(seen)
			}
		}
		return c, nil
	case "first", "last":
		c := &column{kind: v.kind}
		for _, rows := range g.rows {
			pick := rows[0]
			if fn == "last" {
				pick = rows[len(rows)-1]
			}
			switch v.kind {
			case KindFloat:
				c.f = append(c.f, v.f[pick])
			case KindBool:
				c.b = append(c.b, v.b[pick])
			default:
				c.text = append(c.text, v.s[pick])
			}
		}
		return c, nil
	}
	if v.kind != KindFloat {
		if v.kind == KindBool && (fn == "sum" || fn == "mean") {
			f := make([]float64, len(v.b))
			for r, b := range v.b {
				if b {
					f[r] = 1
				}
			}
			v = &vec{kind: KindFloat, f: f}
		} else {
			return nil, fmt.Errorf("%s: Agg(%q): %s needs numbers, %s gives %s values", t.File, spec, fn, exprText(call.Args[0]), v.kind)
		}
	}
	c := &column{kind: KindFloat, f: make([]float64, len(g.rows))}
	var xs []float64
	for i, rows := range g.rows {
		xs = xs[:0]
		for _, r := range rows {
			if !math.IsNaN(v.f[r]) {
				xs = append(xs, v.f[r])
			}
		}
		c.f[i] = reduce(fn, xs, p)
	}
	return c, nil
}

// reduce applies a numeric aggregation to xs (NaN already removed); an
// empty group gives NaN (0 for sum, as pandas).
func reduce(fn string, xs []float64, p float64) float64 {
	n := float64(len(xs))
	if fn == "sum" {
		s := 0.0
		for _, x := range xs {
			s += x
		}
		return s
	}
	if len(xs) == 0 {
		return math.NaN()
	}
	switch fn {
	case "mean":
		return mean(xs)
	case "median":
		return num.Median(xs)
	case "min", "max":
		m := xs[0]
		for _, x := range xs[1:] {
			if fn == "min" && x < m || fn == "max" && x > m {
				m = x
			}
		}
		return m
	case "std", "var":
		if len(xs) < 2 {
			return math.NaN()
		}
		mu := mean(xs)
		ss := 0.0
		for _, x := range xs {
			ss += (x - mu) * (x - mu)
		}
		if fn == "var" {
			return ss / (n - 1)
		}
		return math.Sqrt(ss / (n - 1))
	case "quantile":
		s := append([]float64(nil), xs...)
		sort.Float64s(s)
		return num.QuantileSorted(s, p)
	}
	return math.NaN()
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// AggFunc returns one row per group: the key columns and a column name
// holding f of the group's values of expr (NaN left out). f may be a
// closure of a notebook cell: it is called once per group.
func (g *Groups) AggFunc(name, expr string, f func(values []float64) float64) (*Table, error) {
	v, err := g.t.evalColumn(expr)
	if err != nil {
		return nil, err
	}
	if v.kind != KindFloat {
		return nil, fmt.Errorf("%s: AggFunc(%q, %q): the expression gives %s values, not numbers", g.t.File, name, expr, v.kind)
	}
	out := g.Keys()
	out.lines = nil
	c := &column{name: name, kind: KindFloat, f: make([]float64, len(g.rows))}
	for i, rows := range g.rows {
		var xs []float64
		for _, r := range rows {
			if !math.IsNaN(v.f[r]) {
				xs = append(xs, v.f[r])
			}
		}
		c.f[i] = f(xs)
	}
	if err := out.add(c); err != nil {
		return nil, err
	}
	return out, nil
}

// Join returns the inner join of t and right on the key columns (present
// in both under the same names): one row per pair of rows with equal keys,
// in t's order, then right's. Keys compare as numbers when both columns are
// numeric (1e4 joins 10000) and as text when both are text; a number
// column cannot join a text column. Columns of right whose names t already
// has get the suffix "_right".
func (t *Table) Join(right *Table, on ...string) (*Table, error) {
	return t.join(right, on, false)
}

// LeftJoin is Join keeping every row of t: a row without a match gets
// missing values (NaN, or empty text) in right's columns; an int or bool
// column of right becomes float or text to hold them.
func (t *Table) LeftJoin(right *Table, on ...string) (*Table, error) {
	return t.join(right, on, true)
}

func (t *Table) join(right *Table, on []string, left bool) (*Table, error) {
	if right == nil {
		return nil, fmt.Errorf("%s: Join with a nil table", t.File)
	}
	if len(on) == 0 {
		return nil, fmt.Errorf("%s: Join needs at least one key column", t.File)
	}
	var lk, rk []*column
	isKey := map[string]bool{}
	for _, k := range on {
		a, err := t.column(k)
		if err != nil {
			return nil, err
		}
		b, err := right.column(k)
		if err != nil {
			return nil, err
		}
		if a.kind.numeric() != b.kind.numeric() {
			return nil, fmt.Errorf("%s: Join on %q: %s is %s here but %s in %s", t.File, k, k, a.kind, b.kind, right.File)
		}
		lk, rk, isKey[k] = append(lk, a), append(rk, b), true
	}
	key := func(cols []*column, r int) string {
		var sb strings.Builder
		for _, c := range cols {
			sb.WriteString(keyText(c, r))
			sb.WriteByte(0)
		}
		return sb.String()
	}
	matches := map[string][]int{}
	for r := 0; r < right.n; r++ {
		k := key(rk, r)
		matches[k] = append(matches[k], r)
	}
	var li, ri []int
	for r := 0; r < t.n; r++ {
		m := matches[key(lk, r)]
		for _, s := range m {
			li, ri = append(li, r), append(ri, s)
		}
		if len(m) == 0 && left {
			li, ri = append(li, r), append(ri, -1)
		}
	}
	out := t.derive(t.cols, nonNil(li))
	for _, c := range right.cols {
		if isKey[c.name] {
			continue
		}
		nc := takeOrMissing(c, ri)
		for out.Has(nc.name) {
			nc.name += "_right"
		}
		if err := out.add(nc); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// takeOrMissing is take with -1 meaning a missing value.
func takeOrMissing(c *column, idx []int) *column {
	hasMissing := false
	for _, r := range idx {
		if r < 0 {
			hasMissing = true
			break
		}
	}
	if !hasMissing {
		out := c.take(nonNil(idx))
		out.pos = nil
		return out
	}
	out := &column{name: c.name}
	switch c.kind {
	case KindInt, KindFloat:
		out.kind = KindFloat
		out.f = make([]float64, len(idx))
		for k, r := range idx {
			out.f[k] = math.NaN()
			if r >= 0 {
				out.f[k] = c.num(r)
			}
		}
	default:
		out.kind = KindString
		out.text = make([]string, len(idx))
		for k, r := range idx {
			if r >= 0 {
				out.text[k] = c.str(r)
			}
		}
	}
	return out
}

// Describe returns summary statistics of every numeric column, as pandas'
// describe: a column "stat" naming count, mean, std (sample), min, 25%,
// 50%, 75% and max, then one column per numeric column of t. Missing
// values are left out; quantiles follow numpy's linear rule. The result is
// named "FILE (describe)".
func (t *Table) Describe() *Table {
	out := NewTable(t.File + " (describe)")
	stats := []string{"count", "mean", "std", "min", "25%", "50%", "75%", "max"}
	_ = out.AddStrings("stat", stats)
	for _, c := range t.cols {
		if !c.kind.numeric() {
			continue
		}
		var xs []float64
		for r := 0; r < t.n; r++ {
			if v := c.num(r); !math.IsNaN(v) {
				xs = append(xs, v)
			}
		}
		sort.Float64s(xs)
		col := []float64{float64(len(xs)), reduce("mean", xs, 0), reduce("std", xs, 0),
			reduce("min", xs, 0), num.QuantileSorted(xs, 0.25), num.QuantileSorted(xs, 0.5), num.QuantileSorted(xs, 0.75), reduce("max", xs, 0)}
		_ = out.AddFloats(c.name, col)
	}
	return out
}

// Columns returns the named columns as numbers keyed by name — the named
// columns fitlib's fits take (fit.Problem.Data, geneval.FitLaw,
// chinchilla.Runs). Every name must be a column; a missing value is an
// error naming its file line, as in Floats.
func (t *Table) Columns(names ...string) (map[string][]float64, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: Columns needs at least one column name (columns: %s)", t.File, strings.Join(t.Names(), ", "))
	}
	out := make(map[string][]float64, len(names))
	for _, n := range names {
		if _, dup := out[n]; dup {
			return nil, fmt.Errorf("%s: Columns: %s named twice", t.File, n)
		}
		c, err := t.Floats(n)
		if err != nil {
			return nil, err
		}
		out[n] = c
	}
	return out, nil
}
