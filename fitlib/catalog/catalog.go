package catalog

import (
	"fmt"
	"github.com/gophernote/gophernote/fitlib/data"
	"math"
	"sort"
	"strings"

	"github.com/gophernote/gophernote/fitlib/formula"
)

// Entry is one published law.
type Entry struct {
	Name       string             // unique key, e.g. "kaplan-L(N)"
	Family     string             // groups entries for plots, e.g. "Kaplan et al. 2020"
	Formula    string             // fitlib/formula text
	Vars       []string           // data variables, in order
	Params     map[string]float64 // published (or stated) coefficients
	Units      string             // what the inputs and output are measured in
	Convention string             // parameter/token/compute counting convention
	Source     string             // citation: paper, equation or table
	ValidRange map[string][]float64
	Note       string // assumptions and caveats
	// TeX, when set, is a compact hand-written rendering used by Table
	// instead of the formula's own (for laws whose inline form is long).
	TeX string
}

// Compile parses the entry's formula with its variables.
func (e Entry) Compile() (*formula.Formula, error) {
	f, err := formula.Parse(e.Formula, e.Vars...)
	if err != nil {
		return nil, fmt.Errorf("catalog %s: %w", e.Name, err)
	}
	return f, nil
}

// LaTeX renders the formula.
func (e Entry) LaTeX() (string, error) {
	f, err := e.Compile()
	if err != nil {
		return "", err
	}
	return f.LaTeX(), nil
}

// EvalColumns evaluates the law on whole columns, one per variable.
func (e Entry) EvalColumns(cols map[string][]float64) ([]float64, error) {
	f, err := e.Compile()
	if err != nil {
		return nil, err
	}
	for _, v := range e.Vars {
		if _, ok := cols[v]; !ok {
			return nil, fmt.Errorf("catalog %s: no column for variable %s (variables %v)", e.Name, v, e.Vars)
		}
	}
	out, err := f.EvalMap(e.Params, cols)
	if err != nil {
		return nil, fmt.Errorf("catalog %s: %w", e.Name, err)
	}
	return out, nil
}

// Eval evaluates the law at one point.
func (e Entry) Eval(vals map[string]float64) (float64, error) {
	cols := make(map[string][]float64, len(vals))
	for k, v := range vals {
		cols[k] = []float64{v}
	}
	out, err := e.EvalColumns(cols)
	if err != nil {
		return math.NaN(), err
	}
	return out[0], nil
}

// WithParams returns a copy of e with some coefficients replaced; unknown
// names are an error.
func (e Entry) WithParams(p map[string]float64) (Entry, error) {
	out := e
	out.Params = make(map[string]float64, len(e.Params))
	for k, v := range e.Params {
		out.Params[k] = v
	}
	for k, v := range p {
		if _, ok := e.Params[k]; !ok {
			return Entry{}, fmt.Errorf("catalog %s: %s is not a parameter", e.Name, k)
		}
		out.Params[k] = v
	}
	return out, nil
}

// All returns every entry, in catalog order.
func All() []Entry {
	var out []Entry
	for _, f := range families {
		out = append(out, f()...)
	}
	return out
}

// Names lists the entry names.
func Names() []string {
	var out []string
	for _, e := range All() {
		out = append(out, e.Name)
	}
	return out
}

// Lookup finds an entry by name.
func Lookup(name string) (Entry, error) {
	for _, e := range All() {
		if e.Name == name {
			return e, nil
		}
	}
	names := Names()
	sort.Strings(names)
	return Entry{}, fmt.Errorf("catalog: no law %q (known: %s)", name, strings.Join(names, ", "))
}

// Families lists the family names in catalog order.
func Families() []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range All() {
		if !seen[e.Family] {
			seen[e.Family] = true
			out = append(out, e.Family)
		}
	}
	return out
}

// Table lists the catalog as a table with the columns name, family,
// formula (LaTeX between $ signs, which a notebook typesets) and source:
// as a cell's final value it shows itself.
func Table() (*data.Table, error) {
	var names, families, formulas, sources []string
	for _, e := range All() {
		l, err := e.LaTeX()
		if err != nil {
			return nil, err
		}
		if e.TeX != "" {
			l = e.TeX
		}
		names, families = append(names, e.Name), append(families, e.Family)
		formulas, sources = append(formulas, "$"+l+"$"), append(sources, e.Source)
	}
	t := data.NewTable("the scaling-law catalog")
	for _, c := range []struct {
		name string
		col  []string
	}{{"name", names}, {"family", families}, {"formula", formulas}, {"source", sources}} {
		if err := t.AddStrings(c.name, c.col); err != nil {
			return nil, err
		}
	}
	return t, nil
}
