package formula

// vop is an instruction of the column program. Suffixes name the operand
// kinds: V a column slot, S a scalar slot.
type vop uint8

const (
	vNeg vop = iota
	vAddVV
	vAddVS
	vSubVV
	vSubVS
	vSubSV
	vMulVV
	vMulVS
	vDivVV
	vDivVS
	vDivSV
	vPowVV
	vPowVS
	vPowSV
	vSquare   // a*a
	vExpMulVS // exp(s*a): u^v with a = log u precomputed for positive data u
	vExp
	vLog
	vLog10
	vSqrt
	vAbs
	vSigmoid
	vSoftplus
	vLgamma
	vDigamma
	vSign
	vMinVV
	vMinVS
	vMaxVV
	vMaxVS
	vLEVV
	vLEVS
	vLESV
)

type instr struct {
	op      vop
	dst     int32
	a, b    int32
	scalarO gop // scalar phase: the graph op
}

// slot kinds of column operands.
const (
	slotData = iota // a bound or precomputed full-length column
	slotReg         // a block-sized scratch register
	slotOut         // the caller's output column
)

type slot struct {
	kind int
	col  []float64 // slotData
	idx  int       // register number or output number
}

type outLoc struct {
	scalar int32 // scalar slot, or -1
	vslot  int32 // column slot, or -1
	home   bool  // the column is written in place (slotOut of this output)
}

// program evaluates a set of output nodes over the bound rows: a scalar
// phase (parameters and constants, once per call) then, block by block, a
// flat list of column instructions. Nothing allocates at evaluation time.
type program struct {
	nscal     int
	scalInit  []float64
	paramSlot []int32
	scalar    []instr
	vec       []instr
	slots     []slot
	nregs     int
	outs      []outLoc
}

type compiler struct {
	g       *graph
	b       *binding
	p       *program
	scalOf  map[int32]int32
	vslotOf map[int32]int32
	order   []int32 // mixed nodes in evaluation order
	seen    map[int32]bool
}

// compile builds the program computing the given output nodes.
func compile(g *graph, b *binding, nparams int, outs []int32) *program {
	c := &compiler{g: g, b: b, p: &program{}, scalOf: map[int32]int32{}, vslotOf: map[int32]int32{}, seen: map[int32]bool{}}
	c.p.paramSlot = make([]int32, nparams)
	for i := range c.p.paramSlot {
		c.p.paramSlot[i] = -1
	}
	for _, o := range outs {
		c.visit(o)
	}
	// Liveness of column nodes: index of the last instruction reading them.
	last := map[int32]int{}
	for i, id := range c.order {
		for _, ch := range c.operands(id) {
			last[ch] = i
		}
	}
	isOut := map[int32]int{}
	for k, o := range outs {
		if _, dup := isOut[o]; !dup {
			isOut[o] = k
		}
	}
	var free []int
	reg := map[int32]int{} // node -> register
	for i, id := range c.order {
		ops := c.operands(id)
		for _, ch := range ops {
			if r, ok := reg[ch]; ok && last[ch] == i {
				free = append(free, r)
				delete(reg, ch)
			}
		}
		var s slot
		if k, ok := isOut[id]; ok {
			s = slot{kind: slotOut, idx: k}
		} else {
			r := c.p.nregs
			if len(free) > 0 {
				r, free = free[len(free)-1], free[:len(free)-1]
			} else {
				c.p.nregs++
			}
			reg[id] = r
			s = slot{kind: slotReg, idx: r}
		}
		c.vslotOf[id] = int32(len(c.p.slots))
		c.p.slots = append(c.p.slots, s)
		c.p.vec = append(c.p.vec, c.emit(id))
	}
	for k, o := range outs {
		loc := outLoc{scalar: -1, vslot: -1}
		if s, ok := c.scalOf[o]; ok {
			loc.scalar = s
		} else {
			loc.vslot = c.vslotOf[o]
			loc.home = c.g.nodes[o].dep == depParam|depData && isOut[o] == k
		}
		c.p.outs = append(c.p.outs, loc)
	}
	return c.p
}

// powLog reports whether u^v with column u is evaluated as exp(v log u):
// u must be data-only and positive on every bound row, v a scalar.
func (c *compiler) powLog(n gnode) (int32, bool) {
	if c.g.nodes[n.a].dep != depData || c.g.nodes[n.b].dep&depData != 0 || c.g.nodes[n.b].op == gConst {
		return 0, false
	}
	l, ok := c.g.memo[gkey{op: gLog, a: n.a, b: -1}]
	if !ok || !c.b.positive(n.a) {
		return 0, false
	}
	return l, true
}

// operands lists the column operands an instruction reads.
func (c *compiler) operands(id int32) []int32 {
	n := c.g.nodes[id]
	if n.op == gPow {
		if l, ok := c.powLog(n); ok {
			return []int32{l}
		}
	}
	var r []int32
	for _, ch := range [2]int32{n.a, n.b} {
		if ch >= 0 && c.g.nodes[ch].dep&depData != 0 {
			r = append(r, ch)
		}
	}
	return r
}

func (c *compiler) scalarSlot(id int32) int32 {
	if s, ok := c.scalOf[id]; ok {
		return s
	}
	s := int32(c.p.nscal)
	c.p.nscal++
	c.scalOf[id] = s
	n := c.g.nodes[id]
	c.p.scalInit = append(c.p.scalInit, n.val)
	if n.op == gParam {
		c.p.paramSlot[n.idx] = s
	}
	return s
}

func (c *compiler) dataSlot(id int32) int32 {
	if s, ok := c.vslotOf[id]; ok {
		return s
	}
	s := int32(len(c.p.slots))
	c.p.slots = append(c.p.slots, slot{kind: slotData, col: c.b.column(id)})
	c.vslotOf[id] = s
	return s
}

// visit orders the nodes below id: scalars into the scalar phase, data-only
// columns as precomputed slots, mixed nodes into c.order (post-order).
func (c *compiler) visit(id int32) {
	if c.seen[id] {
		return
	}
	c.seen[id] = true
	n := c.g.nodes[id]
	switch n.dep {
	case 0:
		c.scalarSlot(id)
		return
	case depParam:
		if n.a >= 0 {
			c.visit(n.a)
		}
		if n.b >= 0 {
			c.visit(n.b)
		}
		s := c.scalarSlot(id)
		if n.op != gParam {
			in := instr{scalarO: n.op, dst: s, a: c.scalOf[n.a], b: -1}
			if n.b >= 0 {
				in.b = c.scalOf[n.b]
			}
			c.p.scalar = append(c.p.scalar, in)
		}
		return
	case depData:
		c.dataSlot(id)
		return
	}
	if n.op == gPow {
		if l, ok := c.powLog(n); ok {
			c.dataSlot(l)
			c.visit(n.b)
			c.order = append(c.order, id)
			return
		}
	}
	c.visit(n.a)
	if n.b >= 0 {
		c.visit(n.b)
	}
	c.order = append(c.order, id)
}

// emit chooses the column instruction for mixed node id.
func (c *compiler) emit(id int32) instr {
	n := c.g.nodes[id]
	dst := c.vslotOf[id]
	isV := func(ch int32) bool { return c.g.nodes[ch].dep&depData != 0 }
	loc := func(ch int32) int32 {
		if isV(ch) {
			return c.vslotOf[ch]
		}
		return c.scalOf[ch]
	}
	if n.b < 0 {
		op := map[gop]vop{gNeg: vNeg, gExp: vExp, gLog: vLog, gLog10: vLog10, gSqrt: vSqrt, gAbs: vAbs,
			gSigmoid: vSigmoid, gSoftplus: vSoftplus, gLgamma: vLgamma, gDigamma: vDigamma, gSign: vSign}[n.op]
		return instr{op: op, dst: dst, a: loc(n.a)}
	}
	if n.op == gPow {
		if l, ok := c.powLog(n); ok {
			return instr{op: vExpMulVS, dst: dst, a: c.vslotOf[l], b: c.scalOf[n.b]}
		}
		if nb := c.g.nodes[n.b]; nb.op == gConst && nb.val == 2 {
			return instr{op: vSquare, dst: dst, a: loc(n.a)}
		}
	}
	a, b := n.a, n.b
	va, vb := isV(a), isV(b)
	commutes := n.op == gAdd || n.op == gMul || n.op == gMin || n.op == gMax
	if !va && commutes {
		a, b, va, vb = b, a, vb, va
	}
	type variants struct{ vv, vs, sv vop }
	t := map[gop]variants{
		gAdd: {vAddVV, vAddVS, 0}, gSub: {vSubVV, vSubVS, vSubSV}, gMul: {vMulVV, vMulVS, 0},
		gDiv: {vDivVV, vDivVS, vDivSV}, gPow: {vPowVV, vPowVS, vPowSV}, gMin: {vMinVV, vMinVS, 0},
		gMax: {vMaxVV, vMaxVS, 0}, gLE: {vLEVV, vLEVS, vLESV},
	}[n.op]
	op := t.vv
	switch {
	case va && !vb:
		op = t.vs
	case !va && vb:
		op = t.sv
	}
	return instr{op: op, dst: dst, a: loc(a), b: loc(b)}
}
