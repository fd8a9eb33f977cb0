package formula

import (
	"fmt"
	"math"
)

// blockSize is the number of rows evaluated per pass of the column program:
// registers stay in the first-level cache for any formula size.
const blockSize = 256

// binding holds bound data columns and the data-only columns derived from
// them (log N, N^2, ...), computed once.
type binding struct {
	g    *graph
	n    int
	cols [][]float64
	memo map[int32][]float64
	pos  map[int32]bool
}

// column returns the full-length values of data-only node id.
func (b *binding) column(id int32) []float64 {
	if c, ok := b.memo[id]; ok {
		return c
	}
	n := b.g.nodes[id]
	var c []float64
	switch {
	case n.op == gVar:
		c = b.cols[n.idx]
	default:
		c = make([]float64, b.n)
		var x, y []float64
		var sx, sy float64
		if n.a >= 0 {
			if b.g.nodes[n.a].dep == 0 {
				sx = b.g.nodes[n.a].val
			} else {
				x = b.column(n.a)
			}
		}
		if n.b >= 0 {
			if b.g.nodes[n.b].dep == 0 {
				sy = b.g.nodes[n.b].val
			} else {
				y = b.column(n.b)
			}
		}
		for i := range c {
			u, v := sx, sy
			if x != nil {
				u = x[i]
			}
			if y != nil {
				v = y[i]
			}
			c[i] = apply(n.op, u, v)
		}
	}
	b.memo[id] = c
	return c
}

// positive reports whether every row of data-only node id is > 0.
func (b *binding) positive(id int32) bool {
	if p, ok := b.pos[id]; ok {
		return p
	}
	p := true
	for _, v := range b.column(id) {
		if !(v > 0) || math.IsInf(v, 1) {
			p = false
			break
		}
	}
	b.pos[id] = p
	return p
}

// state is the scratch memory of one program.
type state struct {
	p     *program
	sc    []float64
	regs  []float64
	views [][]float64
}

func newState(p *program) *state {
	s := &state{p: p, sc: make([]float64, p.nscal), regs: make([]float64, p.nregs*blockSize), views: make([][]float64, len(p.slots))}
	copy(s.sc, p.scalInit)
	return s
}

// Evaluator evaluates one formula over bound data columns without
// allocating. It is not safe for concurrent use; Clone gives each goroutine
// its own scratch memory while sharing the program and the data.
type Evaluator struct {
	f      *Formula
	n      int
	bind   *binding
	val    *state // value only
	full   *state // value and gradient
	outbuf [][]float64
}

// Bind prepares fast evaluation over data columns given in the order of
// f.Vars(). Columns must have equal lengths; a formula without variables
// binds to nil and evaluates to one value.
func (f *Formula) Bind(cols [][]float64) (*Evaluator, error) {
	if len(cols) != len(f.vars) {
		return nil, fmt.Errorf("formula %s: %d data columns for %d variables %v", f.src, len(cols), len(f.vars), f.vars)
	}
	n := 1
	for j, c := range cols {
		if j == 0 {
			n = len(c)
		}
		if len(c) != n {
			return nil, fmt.Errorf("formula %s: column %s has %d rows, column %s has %d", f.src, f.vars[j], len(c), f.vars[0], n)
		}
	}
	b := &binding{g: f.g, n: n, cols: cols, memo: map[int32][]float64{}, pos: map[int32]bool{}}
	outs := append([]int32{f.root}, f.grads...)
	e := &Evaluator{f: f, n: n, bind: b,
		val:  newState(compile(f.g, b, len(f.params), outs[:1])),
		full: newState(compile(f.g, b, len(f.params), outs)),
	}
	e.outbuf = make([][]float64, len(outs))
	return e, nil
}

// BindMap is Bind with columns given by variable name.
func (f *Formula) BindMap(cols map[string][]float64) (*Evaluator, error) {
	list := make([][]float64, len(f.vars))
	for j, v := range f.vars {
		c, ok := cols[v]
		if !ok {
			return nil, fmt.Errorf("formula %s: no data column for variable %s", f.src, v)
		}
		list[j] = c
	}
	return f.Bind(list)
}

// Clone returns an evaluator sharing e's program and data with fresh scratch
// memory, for use on another goroutine.
func (e *Evaluator) Clone() *Evaluator {
	return &Evaluator{f: e.f, n: e.n, bind: e.bind, val: newState(e.val.p), full: newState(e.full.p), outbuf: make([][]float64, len(e.outbuf))}
}

// Len is the number of rows.
func (e *Evaluator) Len() int { return e.n }

// Formula returns the formula being evaluated.
func (e *Evaluator) Formula() *Formula { return e.f }

func (e *Evaluator) checkParams(params []float64) error {
	if len(params) != len(e.f.params) {
		return fmt.Errorf("formula %s: %d parameter values for %d parameters %v", e.f.src, len(params), len(e.f.params), e.f.params)
	}
	return nil
}

// Value writes the formula's value on every row into out (len Len()).
func (e *Evaluator) Value(params, out []float64) error {
	if err := e.checkParams(params); err != nil {
		return err
	}
	if len(out) != e.n {
		return fmt.Errorf("formula %s: output has length %d, want %d rows", e.f.src, len(out), e.n)
	}
	e.outbuf[0] = out
	e.val.run(params, e.outbuf[:1], e.n)
	return nil
}

// ValueGrad writes the value into out and the partial derivative with
// respect to parameter j into grad[j], for every row, in one pass that
// shares common subexpressions.
func (e *Evaluator) ValueGrad(params, out []float64, grad [][]float64) error {
	if err := e.checkParams(params); err != nil {
		return err
	}
	if len(out) != e.n || len(grad) != len(e.f.params) {
		return fmt.Errorf("formula %s: output length %d and %d gradient columns, want %d rows and %d columns", e.f.src, len(out), len(grad), e.n, len(e.f.params))
	}
	e.outbuf[0] = out
	for j, g := range grad {
		if len(g) != e.n {
			return fmt.Errorf("formula %s: gradient column %d (%s) has length %d, want %d", e.f.src, j, e.f.params[j], len(g), e.n)
		}
		e.outbuf[j+1] = g
	}
	e.full.run(params, e.outbuf, e.n)
	return nil
}

func (s *state) run(params []float64, outs [][]float64, n int) {
	p := s.p
	sc := s.sc
	for j, sl := range p.paramSlot {
		if sl >= 0 {
			sc[sl] = params[j]
		}
	}
	for _, in := range p.scalar {
		b := 0.0
		if in.b >= 0 {
			b = sc[in.b]
		}
		sc[in.dst] = apply(in.scalarO, sc[in.a], b)
	}
	for start := 0; start < n; start += blockSize {
		end := min(start+blockSize, n)
		m := end - start
		for i, sl := range p.slots {
			switch sl.kind {
			case slotData:
				s.views[i] = sl.col[start:end]
			case slotReg:
				s.views[i] = s.regs[sl.idx*blockSize : sl.idx*blockSize+m]
			case slotOut:
				s.views[i] = outs[sl.idx][start:end]
			}
		}
		exec(p.vec, s.views, sc)
		for k, o := range p.outs {
			dst := outs[k][start:end]
			switch {
			case o.home:
			case o.scalar >= 0:
				v := sc[o.scalar]
				for i := range dst {
					dst[i] = v
				}
			default:
				copy(dst, s.views[o.vslot])
			}
		}
	}
}
