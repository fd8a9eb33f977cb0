package data

// Tables. Written here rather than taken from a Go dataframe library; the
// candidates were read (code and issue trackers) and each fails a need of
// notebook users:
//   - go-gota/gota: last release v0.12.0 (2021); errors are deferred into a
//     DataFrame.Err field; CSV loading keeps no line numbers and a column
//     with one bad value silently becomes a string column; GroupBy
//     aggregation panics on a nil series (issue #167, open) and cannot take
//     first/last of text (PR #218, open since 2023).
//   - rocketlaunchr/dataframe-go: no group-by (issue #59, open).
//   - tobgu/qframe: inactive since 2020, code-generated API.
//   - apache/arrow-go: well kept, but its compute registry has no aggregate
//     functions at all (issue #1296) and its API is partly generic, which
//     yaegi symbol tables cannot hold.
// So Table is a small typed column store: every exported function is
// non-generic (cells reach it through yaegi), filters, new columns and
// aggregations take expressions evaluated here in compiled code
// (Query, Assign, Agg), and every value keeps its file:line:column.

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Kind is the type of a column's values.
type Kind int

// The column kinds. A CSV column is an int column when every value is a
// whole decimal number, a float column when every value is a number (a
// missing value, see ReadOptions.NA, makes an int column float, with NaN
// for the gaps, as in pandas), a bool column when every value is true or
// false, and a string column otherwise.
const (
	KindString Kind = iota
	KindInt
	KindFloat
	KindBool
)

// String returns "string", "int", "float" or "bool".
func (k Kind) String() string {
	switch k {
	case KindString:
		return "string"
	case KindInt:
		return "int"
	case KindFloat:
		return "float"
	case KindBool:
		return "bool"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

func (k Kind) numeric() bool { return k == KindInt || k == KindFloat }

// column is one typed column. Exactly one of i, f, b holds the values of a
// numeric or bool column; text holds the source text of every cell (nil for
// computed columns, formatted on demand).
type column struct {
	name string
	kind Kind
	i    []int
	f    []float64
	b    []bool
	text []string
	pos  []int32 // 1-based byte column of each cell in its source line; nil when computed
}

func (c *column) len() int {
	switch c.kind {
	case KindInt:
		return len(c.i)
	case KindFloat:
		return len(c.f)
	case KindBool:
		return len(c.b)
	}
	return len(c.text)
}

// str returns cell r as text: the source text when the cell came from a
// file, else the value formatted exactly (strconv 'g', -1).
func (c *column) str(r int) string {
	if c.text != nil {
		return c.text[r]
	}
	switch c.kind {
	case KindInt:
		return strconv.Itoa(c.i[r])
	case KindFloat:
		if math.IsNaN(c.f[r]) {
			return ""
		}
		return strconv.FormatFloat(c.f[r], 'g', -1, 64)
	case KindBool:
		return strconv.FormatBool(c.b[r])
	}
	return ""
}

// num returns cell r as a number (NaN when missing or not numeric).
func (c *column) num(r int) float64 {
	switch c.kind {
	case KindInt:
		return float64(c.i[r])
	case KindFloat:
		return c.f[r]
	case KindBool:
		if c.b[r] {
			return 1
		}
		return 0
	}
	return math.NaN()
}

// take returns the column restricted to rows idx (in that order).
func (c *column) take(idx []int) *column {
	out := &column{name: c.name, kind: c.kind}
	switch c.kind {
	case KindInt:
		out.i = make([]int, len(idx))
		for k, r := range idx {
			out.i[k] = c.i[r]
		}
	case KindFloat:
		out.f = make([]float64, len(idx))
		for k, r := range idx {
			out.f[k] = c.f[r]
		}
	case KindBool:
		out.b = make([]bool, len(idx))
		for k, r := range idx {
			out.b[k] = c.b[r]
		}
	}
	if c.text != nil {
		out.text = make([]string, len(idx))
		for k, r := range idx {
			out.text[k] = c.text[r]
		}
	}
	if c.pos != nil {
		out.pos = make([]int32, len(idx))
		for k, r := range idx {
			out.pos[k] = c.pos[r]
		}
	}
	return out
}

// Table is a typed, column-oriented table read from a CSV file or built in
// code. Every row read from a file keeps its file line and every cell its
// byte column, so that an error about a value names file:line:column.
//
// Operations (Select, Query, Sort, GroupBy, Join, ...) return new tables and
// never change their receiver; the Add methods append a column in place and
// are meant for building a table.
type Table struct {
	// File is the path the table was read from (or the name given to
	// Parse or NewTable); error messages start with it.
	File string

	cols    []*column
	index   map[string]int
	lines   []int // 1-based file line of each row; nil when built in code
	n       int
	skipped []BadRow
}

// BadRow is a row that ReadOptions.SkipBadRows left out: its file line and
// why.
type BadRow struct {
	Line   int
	Reason string
}

// String formats the bad row as "line N: reason".
func (b BadRow) String() string { return fmt.Sprintf("line %d: %s", b.Line, b.Reason) }

// ReadOptions configures reading a CSV file. The zero value reads a
// comma-separated file with a header line, infers each column's kind and
// rejects the file at its first bad row.
type ReadOptions struct {
	// Comma is the field separator (default ',').
	Comma rune
	// Comment, when not zero, starts a comment line that is ignored.
	Comment rune
	// SkipBadRows leaves out, instead of rejecting the file, every row with
	// the wrong number of fields, broken quoting, or a value that does not
	// parse as the kind Types declares for its column. Table.Skipped lists
	// them with their file lines.
	SkipBadRows bool
	// Types declares the kind of some columns; the others are inferred. A
	// value that does not parse is an error naming file:line:column (or a
	// skipped row with SkipBadRows). Declare a column KindString to keep
	// numbers as text.
	Types map[string]Kind
	// NA lists the texts read as missing values (NaN in a float column).
	// Nil means "", "NA", "N/A", "n/a", "NaN", "nan", "null", "NULL" and
	// "None"; surrounding spaces are ignored.
	NA []string
}

var defaultNA = []string{"", "NA", "N/A", "n/a", "NaN", "nan", "null", "NULL", "None"}

// ReadCSV reads the CSV file at path with the default ReadOptions. A
// relative path is looked up first in the working directory (so
// ReadCSV("losses.csv") reads ./losses.csv) and then among the datasets
// (see Path), so "chinchilla/svg_extracted_data.csv" finds the shared copy.
func ReadCSV(path string) (*Table, error) { return ReadOptions{}.ReadCSV(path) }

// ReadCSV reads the CSV file at path with these options (see the function
// ReadCSV for how path is found).
func (o ReadOptions) ReadCSV(path string) (*Table, error) {
	p, err := resolve(path)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	defer f.Close()
	return o.Parse(p, f)
}

// resolve finds path in the working directory, else among the datasets.
func resolve(path string) (string, error) {
	if path == "" {
		return "", errors.New("data: empty file name")
	}
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return "", fmt.Errorf("data: %s is a folder, not a CSV file", path)
		}
		if abs, err := filepath.Abs(path); err == nil {
			return abs, nil
		}
		return path, nil
	}
	if filepath.IsAbs(path) {
		return "", fmt.Errorf("data: %s: no such file", path)
	}
	p, err := Path(path)
	if err != nil {
		if _, known := Lookup(path); known {
			return "", err // a catalogued table that is missing: Path's message says how to get it
		}
		wd, _ := os.Getwd()
		return "", fmt.Errorf("data: %s is neither in the working directory %s nor a dataset: %w", path, wd, err)
	}
	return p, nil
}

// Parse reads CSV text from r with the default options; name is used in
// error messages.
func Parse(name string, r io.Reader) (*Table, error) { return ReadOptions{}.Parse(name, r) }

// Parse reads CSV text from r with these options; name is used in error
// messages.
func (o ReadOptions) Parse(name string, r io.Reader) (*Table, error) {
	cr := csv.NewReader(r)
	if o.Comma != 0 {
		cr.Comma = o.Comma
	}
	cr.Comment = o.Comment
	cr.FieldsPerRecord = -1 // checked here, so that a bad row can be skipped
	header, err := cr.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty file, expected a header line", name)
	}
	if err != nil {
		return nil, csvErr(name, err)
	}
	t := &Table{File: name, index: make(map[string]int, len(header))}
	for i, h := range header {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		line, col := cr.FieldPos(i)
		if h == "" {
			return nil, fmt.Errorf("%s:%d:%d: column %d has no name", name, line, col, i+1)
		}
		if _, dup := t.index[h]; dup {
			return nil, fmt.Errorf("%s:%d:%d: duplicate column name %q", name, line, col, h)
		}
		t.index[h] = i
		t.cols = append(t.cols, &column{name: h})
	}
	for h := range o.Types {
		if _, ok := t.index[h]; !ok {
			return nil, fmt.Errorf("%s: ReadOptions.Types names column %q, which the header lacks (columns: %s)", name, h, t.columnList())
		}
	}
	var rows [][]string
	var pos [][]int32
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if o.SkipBadRows && errors.As(err, &pe) {
				t.skipped = append(t.skipped, BadRow{pe.StartLine, pe.Err.Error()})
				continue
			}
			return nil, csvErr(name, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(header) {
			if o.SkipBadRows {
				t.skipped = append(t.skipped, BadRow{line, fmt.Sprintf("%d fields, the header has %d", len(rec), len(header))})
				continue
			}
			return nil, fmt.Errorf("%s:%d: row has %d fields, the header has %d (ReadOptions.SkipBadRows skips such rows)", name, line, len(rec), len(header))
		}
		p := make([]int32, len(rec))
		for i := range rec {
			_, c := cr.FieldPos(i)
			p[i] = int32(c)
		}
		rows = append(rows, rec)
		pos = append(pos, p)
		t.lines = append(t.lines, line)
	}
	na := o.NA
	if na == nil {
		na = defaultNA
	}
	isNA := make(map[string]bool, len(na))
	for _, s := range na {
		isNA[strings.TrimSpace(s)] = true
	}
	// Declared kinds first: their bad values drop rows (or fail).
	bad := map[int]bool{}
	for j, c := range t.cols {
		k, ok := o.Types[c.name]
		if !ok {
			continue
		}
		for r, rec := range rows {
			if bad[r] {
				continue
			}
			if msg := checkKind(k, rec[j], isNA); msg != "" {
				if !o.SkipBadRows {
					return nil, fmt.Errorf("%s:%d:%d: column %q: %s (ReadOptions.SkipBadRows skips such rows)", name, t.lines[r], pos[r][j], c.name, msg)
				}
				bad[r] = true
				t.skipped = append(t.skipped, BadRow{t.lines[r], fmt.Sprintf("column %q: %s", c.name, msg)})
			}
		}
	}
	if len(bad) > 0 {
		keep := 0
		for r := range rows {
			if !bad[r] {
				rows[keep], pos[keep], t.lines[keep] = rows[r], pos[r], t.lines[r]
				keep++
			}
		}
		rows, pos, t.lines = rows[:keep], pos[:keep], t.lines[:keep]
		sortBadRows(t.skipped)
	}
	t.n = len(rows)
	for j, c := range t.cols {
		c.text = make([]string, t.n)
		c.pos = make([]int32, t.n)
		for r := range rows {
			c.text[r] = rows[r][j]
			c.pos[r] = pos[r][j]
		}
		k, declared := o.Types[c.name]
		if !declared {
			k = inferKind(c.text, isNA)
		}
		c.setKind(k, isNA)
	}
	return t, nil
}

func sortBadRows(b []BadRow) {
	for i := 1; i < len(b); i++ {
		for j := i; j > 0 && b[j].Line < b[j-1].Line; j-- {
			b[j], b[j-1] = b[j-1], b[j]
		}
	}
}

// checkKind returns "" when s parses as kind k (or is missing), else why not.
func checkKind(k Kind, s string, isNA map[string]bool) string {
	s = strings.TrimSpace(s)
	switch k {
	case KindInt:
		if isNA[s] {
			return "missing value in an int column (declare it KindFloat to keep the row with NaN)"
		}
		if _, ok := parseInt(s); !ok {
			return fmt.Sprintf("%q is not an integer", s)
		}
	case KindFloat:
		if isNA[s] {
			return ""
		}
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return fmt.Sprintf("%q is not a number", s)
		}
	case KindBool:
		if _, err := strconv.ParseBool(s); err != nil {
			return fmt.Sprintf("%q is not true or false", s)
		}
	}
	return ""
}

// parseInt accepts decimal integers and whole numbers written as floats
// ("1e4", "10000.0") up to 2^53.
func parseInt(s string) (int, bool) {
	if v, err := strconv.Atoi(s); err == nil {
		return v, true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}

func inferKind(text []string, isNA map[string]bool) Kind {
	ints, floats, bools, missing, values := true, true, true, false, 0
	for _, s := range text {
		s = strings.TrimSpace(s)
		if isNA[s] {
			missing = true
			continue
		}
		values++
		if ints {
			if _, err := strconv.Atoi(s); err != nil {
				ints = false
			}
		}
		if floats && !ints {
			if _, err := strconv.ParseFloat(s, 64); err != nil {
				floats = false
			}
		}
		if bools {
			if _, err := strconv.ParseBool(s); err != nil || s == "0" || s == "1" {
				bools = false
			}
		}
		if !ints && !floats && !bools {
			return KindString
		}
	}
	switch {
	case values == 0:
		return KindFloat // all missing: NaN, as pandas reads an empty column
	case ints && !missing:
		return KindInt
	case ints || floats:
		return KindFloat
	case bools && !missing:
		return KindBool
	}
	return KindString
}

// setKind parses c.text as kind k (already validated).
func (c *column) setKind(k Kind, isNA map[string]bool) {
	c.kind = k
	switch k {
	case KindInt:
		c.i = make([]int, len(c.text))
		for r, s := range c.text {
			c.i[r], _ = parseInt(strings.TrimSpace(s))
		}
	case KindFloat:
		c.f = make([]float64, len(c.text))
		for r, s := range c.text {
			s = strings.TrimSpace(s)
			if isNA[s] {
				c.f[r] = math.NaN()
				continue
			}
			c.f[r], _ = strconv.ParseFloat(s, 64)
		}
	case KindBool:
		c.b = make([]bool, len(c.text))
		for r, s := range c.text {
			c.b[r], _ = strconv.ParseBool(strings.TrimSpace(s))
		}
	}
}

func csvErr(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s:%d:%d: %v (ReadOptions.SkipBadRows skips such rows)", name, pe.Line, pe.Column, pe.Err)
	}
	return fmt.Errorf("%s: %w", name, err)
}

// NewTable returns an empty table called name (used in error messages);
// add columns with AddFloats, AddInts, AddStrings and AddBools.
func NewTable(name string) *Table {
	if name == "" {
		name = "table"
	}
	return &Table{File: name, index: map[string]int{}}
}

func (t *Table) add(c *column) error {
	if t == nil {
		return errors.New("data: nil table")
	}
	if c.name == "" {
		return fmt.Errorf("%s: a column needs a name", t.File)
	}
	if _, dup := t.index[c.name]; dup {
		return fmt.Errorf("%s: column %q already exists", t.File, c.name)
	}
	if len(t.cols) > 0 && c.len() != t.n {
		return fmt.Errorf("%s: column %q has %d values, the table has %d rows", t.File, c.name, c.len(), t.n)
	}
	if t.index == nil {
		t.index = map[string]int{}
	}
	t.n = c.len()
	t.index[c.name] = len(t.cols)
	t.cols = append(t.cols, c)
	return nil
}

// AddFloats appends a float column (the values are copied). All columns
// must have the same length.
func (t *Table) AddFloats(name string, values []float64) error {
	return t.add(&column{name: name, kind: KindFloat, f: append([]float64{}, values...)})
}

// AddInts appends an int column (the values are copied).
func (t *Table) AddInts(name string, values []int) error {
	return t.add(&column{name: name, kind: KindInt, i: append([]int{}, values...)})
}

// AddStrings appends a string column (the values are copied).
func (t *Table) AddStrings(name string, values []string) error {
	return t.add(&column{name: name, kind: KindString, text: append([]string{}, values...)})
}

// AddBools appends a bool column (the values are copied).
func (t *Table) AddBools(name string, values []bool) error {
	return t.add(&column{name: name, kind: KindBool, b: append([]bool{}, values...)})
}

// Len returns the number of rows.
func (t *Table) Len() int { return t.n }

// Names returns the column names in order.
func (t *Table) Names() []string {
	out := make([]string, len(t.cols))
	for j, c := range t.cols {
		out[j] = c.name
	}
	return out
}

// Kinds returns the kind of every column, in the order of Names.
func (t *Table) Kinds() []Kind {
	out := make([]Kind, len(t.cols))
	for j, c := range t.cols {
		out[j] = c.kind
	}
	return out
}

// Kind returns the kind of column name.
func (t *Table) Kind(name string) (Kind, error) {
	c, err := t.column(name)
	if err != nil {
		return 0, err
	}
	return c.kind, nil
}

// Skipped lists the rows ReadOptions.SkipBadRows left out, in file order.
func (t *Table) Skipped() []BadRow { return append([]BadRow(nil), t.skipped...) }

// Base returns the file name without its folder, for messages and titles.
func (t *Table) Base() string { return filepath.Base(t.File) }

// Has reports whether the table has a column called name.
func (t *Table) Has(name string) bool { _, ok := t.index[name]; return ok }

func (t *Table) columnList() string {
	names := t.Names()
	if len(names) > 12 {
		names = append(names[:12:12], fmt.Sprintf("... %d more", len(t.cols)-12))
	}
	return strings.Join(names, ", ")
}

func (t *Table) column(name string) (*column, error) {
	if t == nil {
		return nil, errors.New("data: nil table")
	}
	if j, ok := t.index[name]; ok {
		return t.cols[j], nil
	}
	hint := ""
	for _, c := range t.cols {
		if strings.EqualFold(c.name, name) {
			hint = fmt.Sprintf(" (did you mean %q?)", c.name)
			break
		}
	}
	return nil, fmt.Errorf("%s: no column %q%s (columns: %s)", t.File, name, hint, t.columnList())
}

// Line returns the 1-based file line of row i, or 0 for a row that was not
// read from a file.
func (t *Table) Line(i int) int {
	if t.lines == nil || i < 0 || i >= len(t.lines) {
		return 0
	}
	return t.lines[i]
}

// where formats the position of column c's cell in row r: file:line:col,
// or "file row r" for rows built in code.
func (t *Table) where(c *column, r int) string {
	if line := t.Line(r); line > 0 {
		if c.pos != nil {
			return fmt.Sprintf("%s:%d:%d", t.File, line, c.pos[r])
		}
		return fmt.Sprintf("%s:%d", t.File, line)
	}
	return fmt.Sprintf("%s row %d", t.File, r)
}

// Strings returns column name as text: for cells read from a file the text
// as written, for computed numbers their shortest exact form.
func (t *Table) Strings(name string) ([]string, error) {
	c, err := t.column(name)
	if err != nil {
		return nil, err
	}
	out := make([]string, t.n)
	for r := range out {
		out[r] = c.str(r)
	}
	return out, nil
}

// Floats returns column name as numbers. A missing value is an error naming
// its file line (use FloatsOrNaN for columns with gaps), and so is a
// string column's first value that is not a number.
func (t *Table) Floats(name string) ([]float64, error) { return t.floats(name, false) }

// FloatsOrNaN is Floats with NaN for missing values.
func (t *Table) FloatsOrNaN(name string) ([]float64, error) { return t.floats(name, true) }

func (t *Table) floats(name string, gaps bool) ([]float64, error) {
	c, err := t.column(name)
	if err != nil {
		return nil, err
	}
	out := make([]float64, t.n)
	switch c.kind {
	case KindInt, KindBool:
		for r := range out {
			out[r] = c.num(r)
		}
	case KindFloat:
		copy(out, c.f)
		if !gaps {
			for r, v := range out {
				if math.IsNaN(v) && c.text != nil && !isNaNText(c.text[r]) {
					return nil, fmt.Errorf("%s: column %q is empty (FloatsOrNaN reads gaps as NaN)", t.where(c, r), name)
				}
			}
		}
	case KindString:
		for r := range out {
			s := strings.TrimSpace(c.str(r))
			if s == "" && gaps {
				out[r] = math.NaN()
				continue
			}
			if s == "" {
				return nil, fmt.Errorf("%s: column %q is empty (FloatsOrNaN reads gaps as NaN)", t.where(c, r), name)
			}
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, fmt.Errorf("%s: column %q: %q is not a number (the column holds text; to skip such rows read with data.ReadOptions{Types: map[string]data.Kind{%q: data.KindFloat}, SkipBadRows: true})", t.where(c, r), name, s, name)
			}
			out[r] = v
		}
	}
	return out, nil
}

// isNaNText reports whether a cell's text spells NaN itself (not a gap).
func isNaNText(s string) bool {
	s = strings.TrimSpace(s)
	return strings.EqualFold(s, "nan")
}

// Ints returns column name as integers; a float value is accepted when it is
// a whole number (1e4, 10000.0), anything else is an error naming
// file:line:column.
func (t *Table) Ints(name string) ([]int, error) {
	c, err := t.column(name)
	if err != nil {
		return nil, err
	}
	out := make([]int, t.n)
	for r := range out {
		switch c.kind {
		case KindInt:
			out[r] = c.i[r]
			continue
		case KindBool:
			out[r] = int(c.num(r))
			continue
		}
		s := strings.TrimSpace(c.str(r))
		v, ok := parseInt(s)
		if !ok {
			if c.kind == KindFloat && c.text == nil {
				s = strconv.FormatFloat(c.f[r], 'g', -1, 64)
			}
			return nil, fmt.Errorf("%s: column %q: %q is not an integer", t.where(c, r), name, s)
		}
		out[r] = v
	}
	return out, nil
}

// Bools returns a bool column's values (a number column gives v != 0; a
// string column must hold true/false, 1/0 and the like).
func (t *Table) Bools(name string) ([]bool, error) {
	c, err := t.column(name)
	if err != nil {
		return nil, err
	}
	out := make([]bool, t.n)
	for r := range out {
		switch c.kind {
		case KindBool:
			out[r] = c.b[r]
		case KindInt, KindFloat:
			v := c.num(r)
			if math.IsNaN(v) {
				return nil, fmt.Errorf("%s: column %q is empty", t.where(c, r), name)
			}
			out[r] = v != 0
		default:
			b, err := strconv.ParseBool(strings.TrimSpace(c.text[r]))
			if err != nil {
				return nil, fmt.Errorf("%s: column %q: %q is not true or false", t.where(c, r), name, c.text[r])
			}
			out[r] = b
		}
	}
	return out, nil
}

// Unique returns the distinct values of column name (as text) in order of
// first appearance.
func (t *Table) Unique(name string) ([]string, error) {
	vals, err := t.Strings(name)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, v := range vals {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out, nil
}

// WriteCSV writes the table to path as CSV (header line, then one line per
// row; numbers in their shortest exact form).
func (t *Table) WriteCSV(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("data: %w", err)
	}
	if err := t.Write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Write writes the table as CSV to w.
func (t *Table) Write(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(t.Names()); err != nil {
		return fmt.Errorf("data: %w", err)
	}
	rec := make([]string, len(t.cols))
	for r := 0; r < t.n; r++ {
		for j, c := range t.cols {
			rec[j] = c.str(r)
		}
		if err := cw.Write(rec); err != nil {
			return fmt.Errorf("data: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("data: %w", err)
	}
	return nil
}
