package data

import (
	"bytes"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
)

// pqFile is a parquet file held in memory, read column by column with
// parquet-go (which decodes the pages, dictionaries and compression). The
// module pins parquet-go v0.25.1, not the newest v0.32.0: every release
// from v0.26 on declares go 1.24.9 in its go.mod, which would force this
// module's go line above 1.24.0; v0.25.1 rebuilds all eight derived
// tables byte for byte (TestFetchAllByteIdentical). Only
// flat schemas of required or optional leaf columns are read; a null value
// is an error naming the file, column and row, since none of the sources
// in the catalog has one.
type pqFile struct {
	name string
	f    *parquet.File
}

func openParquet(name string, b []byte) (*pqFile, error) {
	f, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable parquet file: %w", name, err)
	}
	return &pqFile{name: name, f: f}, nil
}

// rows returns the number of rows.
func (p *pqFile) rows() int { return int(p.f.NumRows()) }

// values reads every value of column col in row order.
func (p *pqFile) values(col string) ([]parquet.Value, parquet.Kind, error) {
	leaf, ok := p.f.Schema().Lookup(col)
	if !ok {
		return nil, 0, fmt.Errorf("%s: no column %q", p.name, col)
	}
	if leaf.MaxRepetitionLevel > 0 {
		return nil, 0, fmt.Errorf("%s: column %q is repeated, want a flat column", p.name, col)
	}
	kind := leaf.Node.Type().Kind()
	out := make([]parquet.Value, 0, p.rows())
	buf := make([]parquet.Value, 4096)
	for _, rg := range p.f.RowGroups() {
		pages := rg.ColumnChunks()[leaf.ColumnIndex].Pages()
		for {
			pg, err := pages.ReadPage()
			if err == io.EOF {
				break
			}
			if err != nil {
				pages.Close()
				return nil, 0, fmt.Errorf("%s: column %q: %w", p.name, col, err)
			}
			vr := pg.Values()
			for {
				n, err := vr.ReadValues(buf)
				out = append(out, buf[:n]...)
				if err == io.EOF {
					break
				}
				if err != nil {
					pages.Close()
					return nil, 0, fmt.Errorf("%s: column %q: %w", p.name, col, err)
				}
			}
		}
		if err := pages.Close(); err != nil {
			return nil, 0, fmt.Errorf("%s: column %q: %w", p.name, col, err)
		}
	}
	if len(out) != p.rows() {
		return nil, 0, fmt.Errorf("%s: column %q has %d values for %d rows", p.name, col, len(out), p.rows())
	}
	for i, v := range out {
		if v.IsNull() {
			return nil, 0, fmt.Errorf("%s: column %q row %d is null", p.name, col, i+1)
		}
	}
	return out, kind, nil
}

// strings reads a BYTE_ARRAY column as text.
func (p *pqFile) strings(col string) ([]string, error) {
	vs, kind, err := p.values(col)
	if err != nil {
		return nil, err
	}
	if kind != parquet.ByteArray {
		return nil, fmt.Errorf("%s: column %q is %v, want text", p.name, col, kind)
	}
	// Intern: the text columns hold few distinct values (model names),
	// and a map lookup keyed by string(bytes) does not allocate.
	seen := map[string]string{}
	out := make([]string, len(vs))
	for i, v := range vs {
		b := v.ByteArray()
		s, ok := seen[string(b)]
		if !ok {
			s = string(b)
			seen[s] = s
		}
		out[i] = s
	}
	return out, nil
}

// ints reads an INT32 or INT64 column.
func (p *pqFile) ints(col string) ([]int64, error) {
	vs, kind, err := p.values(col)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(vs))
	switch kind {
	case parquet.Int64:
		for i, v := range vs {
			out[i] = v.Int64()
		}
	case parquet.Int32:
		for i, v := range vs {
			out[i] = int64(v.Int32())
		}
	default:
		return nil, fmt.Errorf("%s: column %q is %v, want an integer column", p.name, col, kind)
	}
	return out, nil
}

// floats reads a DOUBLE or FLOAT column (FLOAT widened exactly).
func (p *pqFile) floats(col string) ([]float64, error) {
	vs, kind, err := p.values(col)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(vs))
	switch kind {
	case parquet.Double:
		for i, v := range vs {
			out[i] = v.Double()
		}
	case parquet.Float:
		for i, v := range vs {
			out[i] = float64(v.Float())
		}
	default:
		return nil, fmt.Errorf("%s: column %q is %v, want a floating-point column", p.name, col, kind)
	}
	return out, nil
}

// counts reads a column of sample counts stored as integers or as whole
// floats (PROVENANCE.md: FLOAT32 in one file, DOUBLE in others); a value
// with a fractional part is an error.
func (p *pqFile) counts(col string) ([]int64, error) {
	leaf, ok := p.f.Schema().Lookup(col)
	if !ok {
		return nil, fmt.Errorf("%s: no column %q", p.name, col)
	}
	switch leaf.Node.Type().Kind() {
	case parquet.Int32, parquet.Int64:
		return p.ints(col)
	}
	fs, err := p.floats(col)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(fs))
	for i, f := range fs {
		if f != float64(int64(f)) {
			return nil, fmt.Errorf("%s: column %q row %d is %v, want a whole number", p.name, col, i+1, f)
		}
		out[i] = int64(f)
	}
	return out, nil
}
