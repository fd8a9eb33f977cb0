package display

import (
	"errors"
	"fmt"
	"html"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Table displays columns as an HTML table with an aligned-text fallback.
// Each col is a slice or array (e.g. []float64, []string, []int); all must
// have the same length, and there must be one header per column. Floats are
// shown with 6 significant digits; HTML in cells and headers is escaped.
func Table(headers []string, cols ...any) *Handle {
	h := NewID()
	_ = h.Table(headers, cols...)
	return h
}

// TableOf displays a slice of structs (or pointers to structs) as a table
// with one column per exported field (for structs declared in a cell, every
// field), or a slice of map[string]T with one column per key (sorted).
func TableOf(rows any) *Handle { h := NewID(); _ = h.TableOf(rows); return h }

// Table shows a column table under the handle.
func (h *Handle) Table(headers []string, cols ...any) error {
	return h.show(tableFromColumns(headers, cols))
}

// TableOf shows a table of struct or map rows under the handle.
func (h *Handle) TableOf(rows any) error { return h.show(tableFromRows(rows)) }

// cells is a table as formatted strings plus which columns are numeric.
type cells struct {
	headers []string
	rows    [][]string
	numeric []bool
}

func tableFromColumns(headers []string, cols []any) (Bundle, error) {
	if len(headers) != len(cols) {
		return Bundle{}, fmt.Errorf("display.Table: %d headers for %d columns", len(headers), len(cols))
	}
	t := cells{headers: headers, numeric: make([]bool, len(cols))}
	n := -1
	for j, c := range cols {
		v := reflect.ValueOf(c)
		if k := v.Kind(); k != reflect.Slice && k != reflect.Array {
			return Bundle{}, fmt.Errorf("display.Table: column %d (%q) must be a slice or array, got %T", j+1, headers[j], c)
		}
		if n >= 0 && v.Len() != n {
			return Bundle{}, fmt.Errorf("display.Table: column %d (%q) has %d values, column 1 (%q) has %d",
				j+1, headers[j], v.Len(), headers[0], n)
		}
		if n < 0 {
			n = v.Len()
			t.rows = make([][]string, n)
			for i := range t.rows {
				t.rows[i] = make([]string, len(cols))
			}
		}
		t.numeric[j] = isNumeric(v.Type().Elem())
		for i := 0; i < n; i++ {
			t.rows[i][j] = formatCell(v.Index(i))
		}
	}
	return t.bundle(), nil
}

func tableFromRows(rows any) (Bundle, error) {
	v := reflect.ValueOf(rows)
	if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
		return Bundle{}, fmt.Errorf("display.TableOf: rows must be a slice of structs or maps, got %T", rows)
	}
	et := v.Type().Elem()
	for et.Kind() == reflect.Pointer {
		et = et.Elem()
	}
	var t cells
	switch et.Kind() {
	case reflect.Struct:
		var fields []int
		for i := 0; i < et.NumField(); i++ {
			if f := et.Field(i); f.IsExported() {
				fields = append(fields, i)
				t.headers = append(t.headers, fieldName(f.Name))
				t.numeric = append(t.numeric, isNumeric(f.Type))
			}
		}
		if len(fields) == 0 {
			return Bundle{}, fmt.Errorf("display.TableOf: %s has no exported fields", et)
		}
		for i := 0; i < v.Len(); i++ {
			r := reflect.Indirect(v.Index(i))
			row := make([]string, len(fields))
			if r.IsValid() {
				for j, f := range fields {
					row[j] = formatCell(r.Field(f))
				}
			}
			t.rows = append(t.rows, row)
		}
	case reflect.Map:
		if et.Key().Kind() != reflect.String {
			return Bundle{}, fmt.Errorf("display.TableOf: map rows need string keys, got %s", et)
		}
		keys := map[string]bool{}
		for i := 0; i < v.Len(); i++ {
			for _, k := range reflect.Indirect(v.Index(i)).MapKeys() {
				keys[k.String()] = true
			}
		}
		for k := range keys {
			t.headers = append(t.headers, k)
		}
		sort.Strings(t.headers)
		t.numeric = make([]bool, len(t.headers))
		for j := range t.numeric {
			t.numeric[j] = isNumeric(et.Elem())
		}
		for i := 0; i < v.Len(); i++ {
			m := reflect.Indirect(v.Index(i))
			row := make([]string, len(t.headers))
			for j, k := range t.headers {
				if x := m.MapIndex(reflect.ValueOf(k).Convert(et.Key())); x.IsValid() {
					row[j] = formatCell(x)
				}
			}
			t.rows = append(t.rows, row)
		}
	default:
		return Bundle{}, fmt.Errorf("display.TableOf: rows must be structs or maps, got elements of type %s", et)
	}
	if len(t.headers) == 0 {
		return Bundle{}, errors.New("display.TableOf: no columns")
	}
	return t.bundle(), nil
}

// fieldName undoes yaegi's renaming of the fields of structs declared in
// cells: a field `name` becomes the exported `Xname` in the reflect type.
func fieldName(name string) string {
	if len(name) > 1 && name[0] == 'X' && (name[1] == '_' || unicode.IsLower(rune(name[1]))) {
		return name[1:]
	}
	return name
}

func isNumeric(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

func formatCell(v reflect.Value) string {
	for v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Float32:
		return strconv.FormatFloat(v.Float(), 'g', 6, 32)
	case reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', 6, 64)
	case reflect.String:
		return v.String()
	case reflect.Invalid:
		return ""
	}
	if v.CanInterface() {
		return fmt.Sprint(v.Interface())
	}
	return fmt.Sprint(v)
}

// MaxTableRows is the number of rows Table and TableOf show; longer tables
// end with a note giving the number of rows left out.
const MaxTableRows = 1000

func (t cells) bundle() Bundle {
	more := len(t.rows) - MaxTableRows
	if more > 0 {
		t.rows = t.rows[:MaxTableRows]
	}
	h, txt := t.html(), t.text()
	if more > 0 {
		note := fmt.Sprintf("… %d more rows (%d in all)", more, MaxTableRows+more)
		h += "\n<p>" + note + "</p>"
		txt += "\n" + note
	}
	return Bundle{Data: MIME{"text/html": h, "text/plain": txt}}
}

func (t cells) html() string {
	var b strings.Builder
	b.WriteString("<table>\n<thead><tr>")
	for _, h := range t.headers {
		b.WriteString("<th>" + html.EscapeString(h) + "</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, r := range t.rows {
		b.WriteString("<tr>")
		for _, c := range r {
			b.WriteString("<td>" + html.EscapeString(c) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>")
	return b.String()
}

// text renders the aligned-text fallback: numeric columns right-aligned,
// others left-aligned, a dashed rule under the header.
// Line breaks and tabs inside cells become spaces so rows stay one line.
func (t cells) text() string {
	flat := strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ")
	headers := make([]string, len(t.headers))
	for j, h := range t.headers {
		headers[j] = flat.Replace(h)
	}
	rows := make([][]string, len(t.rows))
	for i, r := range t.rows {
		rows[i] = make([]string, len(r))
		for j, c := range r {
			rows[i][j] = flat.Replace(c)
		}
	}
	width := make([]int, len(headers))
	for j, h := range headers {
		width[j] = utf8.RuneCountInString(h)
	}
	for _, r := range rows {
		for j, c := range r {
			width[j] = max(width[j], utf8.RuneCountInString(c))
		}
	}
	var (
		b     strings.Builder
		lines []string
	)
	line := func(r []string) {
		for j, c := range r {
			if j > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(c))
			if t.numeric[j] {
				b.WriteString(pad + c)
			} else if j == len(r)-1 {
				b.WriteString(c)
			} else {
				b.WriteString(c + pad)
			}
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
		b.Reset()
	}
	line(headers)
	rule := make([]string, len(width))
	for j, w := range width {
		rule[j] = strings.Repeat("-", w)
	}
	line(rule)
	for _, r := range rows {
		line(r)
	}
	return strings.Join(lines, "\n")
}
