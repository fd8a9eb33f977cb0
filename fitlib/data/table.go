package data

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

// Table is a CSV file held as text, with the position of every field kept
// so that conversion errors can name file, line and column.
type Table struct {
	// File is the path the table was read from (or the name given to Parse).
	File string
	// Header holds the column names of the first record.
	Header []string
	// Rows holds the records after the header.
	Rows [][]string

	lines []int     // 1-based line of each row
	cols  [][]int32 // 1-based byte column of each field of each row
	index map[string]int
}

// ReadCSV finds the dataset file rel (see Path) and reads it.
func ReadCSV(rel string) (*Table, error) {
	p, err := Path(rel)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	defer f.Close()
	return Parse(p, f)
}

// Parse reads CSV text from r; name is used in error messages.
func Parse(name string, r io.Reader) (*Table, error) {
	cr := csv.NewReader(r)
	cr.ReuseRecord = false
	header, err := cr.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty file, expected a header line", name)
	}
	if err != nil {
		return nil, csvErr(name, err)
	}
	t := &Table{File: name, Header: header, index: make(map[string]int, len(header))}
	for i, h := range header {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		t.Header[i] = h
		if _, dup := t.index[h]; dup {
			line, col := cr.FieldPos(i)
			return nil, fmt.Errorf("%s:%d:%d: duplicate column name %q", name, line, col, h)
		}
		t.index[h] = i
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvErr(name, err)
		}
		line, _ := cr.FieldPos(0)
		pos := make([]int32, len(rec))
		for i := range rec {
			_, c := cr.FieldPos(i)
			pos[i] = int32(c)
		}
		t.Rows = append(t.Rows, rec)
		t.lines = append(t.lines, line)
		t.cols = append(t.cols, pos)
	}
	return t, nil
}

func csvErr(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s:%d:%d: %v", name, pe.Line, pe.Column, pe.Err)
	}
	return fmt.Errorf("%s: %w", name, err)
}

// Len returns the number of data rows.
func (t *Table) Len() int { return len(t.Rows) }

// Base returns the file name without its folder, for messages and titles.
func (t *Table) Base() string { return filepath.Base(t.File) }

// Has reports whether the table has a column called name.
func (t *Table) Has(name string) bool { _, ok := t.index[name]; return ok }

// Col returns the index of column name, or an error listing the columns.
func (t *Table) Col(name string) (int, error) {
	if i, ok := t.index[name]; ok {
		return i, nil
	}
	cols := t.Header
	if len(cols) > 12 {
		cols = append(append([]string{}, cols[:12]...), fmt.Sprintf("... %d more", len(t.Header)-12))
	}
	return -1, fmt.Errorf("%s: no column %q (columns: %s)", t.File, name, strings.Join(cols, ", "))
}

// Line returns the 1-based file line of data row i.
func (t *Table) Line(i int) int { return t.lines[i] }

// where formats the position of field j of row i.
func (t *Table) where(i, j int) string {
	return fmt.Sprintf("%s:%d:%d", t.File, t.lines[i], t.cols[i][j])
}

// field returns row i's field j, or an error when the row is short.
func (t *Table) field(i, j int, name string) (string, error) {
	if j >= len(t.Rows[i]) {
		return "", fmt.Errorf("%s:%d: row has %d fields, column %q is field %d", t.File, t.lines[i], len(t.Rows[i]), name, j+1)
	}
	return t.Rows[i][j], nil
}

// Strings returns column name as text.
func (t *Table) Strings(name string) ([]string, error) {
	j, err := t.Col(name)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(t.Rows))
	for i := range t.Rows {
		s, err := t.field(i, j, name)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// Floats parses column name as numbers. Empty fields are an error; use
// FloatsOrNaN for columns with gaps.
func (t *Table) Floats(name string) ([]float64, error) {
	return t.floats(name, false)
}

// FloatsOrNaN parses column name as numbers, giving NaN for empty fields.
func (t *Table) FloatsOrNaN(name string) ([]float64, error) {
	return t.floats(name, true)
}

func (t *Table) floats(name string, gaps bool) ([]float64, error) {
	j, err := t.Col(name)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(t.Rows))
	for i := range t.Rows {
		s, err := t.field(i, j, name)
		if err != nil {
			return nil, err
		}
		s = strings.TrimSpace(s)
		if s == "" {
			if gaps {
				out[i] = math.NaN()
				continue
			}
			return nil, fmt.Errorf("%s: column %q is empty", t.where(i, j), name)
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: column %q: %q is not a number", t.where(i, j), name, s)
		}
		out[i] = v
	}
	return out, nil
}

// Ints parses column name as integers (a value like "1e4" or "10000.0" is
// accepted when it is a whole number).
func (t *Table) Ints(name string) ([]int, error) {
	j, err := t.Col(name)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(t.Rows))
	for i := range t.Rows {
		s, err := t.field(i, j, name)
		if err != nil {
			return nil, err
		}
		s = strings.TrimSpace(s)
		if v, err := strconv.Atoi(s); err == nil {
			out[i] = v
			continue
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return nil, fmt.Errorf("%s: column %q: %q is not an integer", t.where(i, j), name, s)
		}
		out[i] = int(f)
	}
	return out, nil
}

// Where returns the rows whose column name equals value, keeping their
// file positions. An unknown column gives an empty table and an error.
func (t *Table) Where(name, value string) (*Table, error) {
	j, err := t.Col(name)
	if err != nil {
		return nil, err
	}
	return t.Filter(func(row []string) bool { return j < len(row) && row[j] == value }), nil
}

// Filter returns the rows for which keep is true.
func (t *Table) Filter(keep func(row []string) bool) *Table {
	s := &Table{File: t.File, Header: t.Header, index: t.index}
	for i, r := range t.Rows {
		if keep(r) {
			s.Rows = append(s.Rows, r)
			s.lines = append(s.lines, t.lines[i])
			s.cols = append(s.cols, t.cols[i])
		}
	}
	return s
}

// Unique returns the distinct values of column name in order of first
// appearance.
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
