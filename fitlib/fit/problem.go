package fit

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"sort"
	"strings"

	"github.com/gophernote/gophernote/fitlib/formula"
)

// ObjectiveFunc is a hand-written objective, for example a negative
// log-likelihood: it returns the value at parameters p and writes the
// gradient into grad (len(p)). w is nil (every row counts once) or one
// non-negative weight per row, used by bootstrap and leave-out fits; an
// objective that ignores rows may ignore w. It is called from several
// goroutines at once and must not write shared state. A function defined
// in a notebook cell works too (yaegi runs concurrent calls correctly; we
// checked a 4-worker fit under the race detector) but each call costs
// ~16 µs of interpreter overhead: prefer writing the law as a formula.
type ObjectiveFunc func(p, grad, w []float64) float64

// Problem is what to fit: either a formula law with data, observations and
// a loss, or a hand-written Objective over named parameters.
type Problem struct {
	Formula *formula.Formula     // the law; its Vars name columns of Data
	Data    map[string][]float64 // one column per formula variable
	Y       []float64            // observations, one per row
	YName   string               // name of Y in error messages (default "y")
	Loss    Loss                 // per-row loss (zero value: squared error)
	Weights []float64            // optional non-negative row weights (nil: all 1)

	Objective ObjectiveFunc // instead of Formula: value and gradient
	Rows      int           // rows the Objective sums over (for bootstrap and leave-out)
	// ObjectiveIs says what Objective is: a negative log-likelihood (the
	// zero value; standard errors from the observed information, AIC and
	// likelihood-ratio tests available) or a sum of per-row losses that is
	// not a likelihood (standard errors from the sandwich of per-row
	// scores, which needs Rows and an Objective that honours weights).
	ObjectiveIs ObjectiveKind

	// Params configures parameters by name (transforms, bounds, starts,
	// grids). With a Formula, names must be formula parameters and any
	// subset may be given; with an Objective, Params lists every parameter
	// in the order of p.
	Params []Param
}

// ObjectiveKind says what a hand-written Objective computes.
type ObjectiveKind int

// Objective kinds.
const (
	NegLogLik   ObjectiveKind = iota // a negative log-likelihood
	SumOfLosses                      // a sum over Rows of per-row losses, not a likelihood
)

// String names the kind.
func (k ObjectiveKind) String() string {
	if k == SumOfLosses {
		return "sum of per-row losses"
	}
	return "negative log-likelihood"
}

// prepared is a validated problem, shared read-only by all workers.
type prepared struct {
	names   []string
	params  []Param
	free    []int     // indices of the parameters the optimizer varies
	base    []float64 // every parameter's value; fixed ones keep theirs
	objKind ObjectiveKind
	vp      *vpInfo // variable projection: parameters solved by the inner problem (Method VarPro)
	n       int     // rows (0 for an Objective without rows)
	loss    Loss
	f       *formula.Formula
	ev      *formula.Evaluator // prototype; workers Clone it
	y, ly   []float64          // observations and, for log losses, their logs
	weights []float64
	fn      ObjectiveFunc
	cols    [][]float64 // the data columns in the order of f.Vars()
	sig     uint64      // FNV-1a fingerprint of the data, y and weights (Formula problems)
	yname   string      // Problem.YName (default "y")
}

func prepare(pb *Problem) (*prepared, error) {
	pr := &prepared{loss: pb.Loss, fn: pb.Objective, f: pb.Formula, objKind: pb.ObjectiveIs}
	switch {
	case pb.Formula != nil && pb.Objective != nil:
		return nil, fmt.Errorf("fit: give either a Formula or an Objective, not both")
	case pb.Formula == nil && pb.Objective == nil:
		return nil, fmt.Errorf("fit: no Formula and no Objective to fit")
	}
	if pb.Formula != nil {
		if err := pr.prepareFormula(pb); err != nil {
			return nil, err
		}
	} else {
		if len(pb.Params) == 0 {
			return nil, fmt.Errorf("fit: an Objective needs Params naming its parameters")
		}
		pr.params = append([]Param(nil), pb.Params...)
		seen := map[string]bool{}
		for i, q := range pr.params {
			if q.Name == "" {
				return nil, fmt.Errorf("fit: Params[%d] has no name", i)
			}
			if seen[q.Name] {
				return nil, fmt.Errorf("fit: parameter %s listed twice", q.Name)
			}
			seen[q.Name] = true
			pr.names = append(pr.names, q.Name)
		}
		if pb.Rows < 0 {
			return nil, fmt.Errorf("fit: Rows = %d", pb.Rows)
		}
		pr.n = pb.Rows
	}
	if len(pr.params) == 0 {
		return nil, fmt.Errorf("fit: nothing to fit: no parameters")
	}
	pr.base = make([]float64, len(pr.params))
	for i := range pr.params {
		q := &pr.params[i]
		if err := q.check(); err != nil {
			return nil, err
		}
		if q.Fixed {
			pr.base[i] = q.Init
		} else {
			pr.free = append(pr.free, i)
		}
	}
	if len(pr.free) == 0 {
		return nil, fmt.Errorf("fit: every parameter is Fixed: nothing to fit (parameters %v)", pr.names)
	}
	if pb.ObjectiveIs != NegLogLik && pb.ObjectiveIs != SumOfLosses {
		return nil, fmt.Errorf("fit: unknown ObjectiveIs %d", pb.ObjectiveIs)
	}
	if pb.Weights != nil {
		if pr.n == 0 {
			return nil, fmt.Errorf("fit: Weights given but the Objective declares no Rows")
		}
		if len(pb.Weights) != pr.n {
			return nil, fmt.Errorf("fit: %d weights for %d rows", len(pb.Weights), pr.n)
		}
		for i, w := range pb.Weights {
			if !(w >= 0) || math.IsInf(w, 0) {
				return nil, fmt.Errorf("fit: weight of row %d is %v, need a finite weight >= 0", i, w)
			}
		}
		pr.weights = pb.Weights
	}
	if pr.n > 0 {
		if k := positiveRows(pr.weights, pr.n); k < len(pr.free) {
			return nil, fmt.Errorf("fit: %d rows with positive weight for %d parameters %v", k, len(pr.free), pr.freeNames())
		}
	}
	return pr, nil
}

func positiveRows(w []float64, n int) int {
	if w == nil {
		return n
	}
	k := 0
	for _, v := range w {
		if v > 0 {
			k++
		}
	}
	return k
}

func (pr *prepared) prepareFormula(pb *Problem) error {
	f := pb.Formula
	if err := pb.Loss.check(); err != nil {
		return err
	}
	yname := pb.YName
	if yname == "" {
		yname = "y"
	}
	pr.names, pr.yname = f.Params(), yname
	byName := map[string]Param{}
	for _, q := range pb.Params {
		if f.ParamIndex(q.Name) < 0 {
			return fmt.Errorf("fit: Params names %q, which is not a parameter of %s (parameters %v)", q.Name, f.Source(), pr.names)
		}
		if _, dup := byName[q.Name]; dup {
			return fmt.Errorf("fit: parameter %s configured twice", q.Name)
		}
		byName[q.Name] = q
	}
	for _, name := range pr.names {
		q := byName[name]
		q.Name = name
		pr.params = append(pr.params, q)
	}
	n := len(pb.Y)
	if n == 0 {
		return fmt.Errorf("fit: no observations in %s", yname)
	}
	cols := make([][]float64, 0, len(f.Vars()))
	for _, v := range f.Vars() {
		c, ok := pb.Data[v]
		if !ok {
			have := make([]string, 0, len(pb.Data))
			for k := range pb.Data {
				have = append(have, k)
			}
			sort.Strings(have)
			return fmt.Errorf("fit: no data column %q for formula variable %s (columns: %s)", v, v, strings.Join(have, ", "))
		}
		if len(c) != n {
			return fmt.Errorf("fit: column %s has %d rows but %s has %d", v, len(c), yname, n)
		}
		if err := finite(v, c); err != nil {
			return err
		}
		cols = append(cols, c)
	}
	if err := checkColumns(f, pb.Data); err != nil {
		return err
	}
	if err := finite(yname, pb.Y); err != nil {
		return err
	}
	pr.n, pr.y = n, pb.Y
	if pb.Loss.Log {
		pr.ly = make([]float64, n)
		for i, y := range pb.Y {
			if !(y > 0) {
				return fmt.Errorf("fit: column %s row %d: value %v must be > 0 for %s", yname, i, y, pb.Loss)
			}
			pr.ly[i] = math.Log(y)
		}
	}
	ev, err := f.Bind(cols)
	if err != nil {
		return err
	}
	pr.ev, pr.cols = ev, cols
	h := fnv.New64a()
	var b [8]byte
	for _, c := range append(cols, pb.Y, pb.Weights) {
		for _, v := range c {
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
			h.Write(b[:])
		}
		h.Write([]byte{0xff})
	}
	pr.sig = h.Sum64()
	return nil
}

func finite(name string, c []float64) error {
	for i, v := range c {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("fit: column %s row %d: value %v is not finite", name, i, v)
		}
	}
	return nil
}

// freeNames lists the parameters the optimizer varies.
func (pr *prepared) freeNames() []string {
	out := make([]string, len(pr.free))
	for k, j := range pr.free {
		out[k] = pr.names[j]
	}
	return out
}

// full returns the parameter vector with free values from x (natural
// scale, len(pr.free)) and fixed ones from pr.base.
func (pr *prepared) full(x []float64) []float64 {
	p := append([]float64(nil), pr.base...)
	for k, j := range pr.free {
		p[j] = x[k]
	}
	return p
}

// checkColumns rejects the silent mistakes of a formula fit: a data column
// whose name the formula uses as a parameter (the law parsed without
// listing that column as a variable, so the fit would treat it as a free
// constant and ignore the data), any other data column the formula does
// not read, and a variable given to formula.Parse that the formula never
// mentions.
func checkColumns(f *formula.Formula, data map[string][]float64) error {
	if clash := f.ColumnParams(sortedKeys(data)...); len(clash) > 0 {
		return fmt.Errorf("fit: %s has the parameter%s %s with the name of a data column, so the fit would ignore that column: "+
			"list it as a variable (formula.Parse(%q, %s))", f.Source(), plural(len(clash)), strings.Join(clash, ", "), f.Source(),
			quoteList(append(append([]string(nil), f.Vars()...), clash...)))
	}
	if unused := f.UnusedVars(); len(unused) > 0 {
		return fmt.Errorf("fit: %s does not use the variable%s %s given to formula.Parse: a data column the law never reads is a mistake; drop it",
			f.Source(), plural(len(unused)), strings.Join(unused, ", "))
	}
	var extra []string
	for _, k := range sortedKeys(data) {
		if !contains(f.Vars(), k) {
			extra = append(extra, k)
		}
	}
	if len(extra) > 0 {
		return fmt.Errorf("fit: data column%s %s not read by %s (variables %s): remove %s from Data",
			plural(len(extra)), strings.Join(extra, ", "), f.Source(), strings.Join(f.Vars(), ", "), map[bool]string{true: "them", false: "it"}[len(extra) > 1])
	}
	return nil
}

func sortedKeys(m map[string][]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
