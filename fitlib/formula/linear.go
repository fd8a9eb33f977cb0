package formula

// LinearParams returns the parameters in which f is linear in the sense
// variable projection needs: f = sum_k c_k phi_k + rest, where each c_k
// appears exactly once in f, as a top-level summand or as a factor of a
// top-level product (c * phi, phi * c, c * phi / psi, -c * phi), and the
// bases phi_k and rest do not contain any c_k. For E + A*N^(-alpha) +
// B*D^(-beta) over N and D that is E, A and B. The names come in order of
// first appearance.
func (f *Formula) LinearParams() []string {
	count := map[int]int{}
	var walk func(e *expr)
	walk = func(e *expr) {
		if e.kind == 'p' {
			count[e.index]++
		}
		for _, a := range e.args {
			walk(a)
		}
	}
	walk(f.tree)
	seen := map[int]bool{}
	var out []string
	for _, s := range summands(f.tree) {
		for _, fac := range numeratorFactors(s) {
			if fac.kind == 'p' && count[fac.index] == 1 && !seen[fac.index] {
				seen[fac.index] = true
				out = append(out, fac.text)
				break // one linear coefficient per summand
			}
		}
	}
	// report in the formula's parameter order
	var ordered []string
	for _, p := range f.params {
		for _, q := range out {
			if p == q {
				ordered = append(ordered, p)
			}
		}
	}
	return ordered
}

// summands flattens top-level + and - (and unary minus) into terms.
func summands(e *expr) []*expr {
	switch {
	case e.kind == 'b' && (e.op == '+' || e.op == '-'):
		return append(summands(e.args[0]), summands(e.args[1])...)
	case e.kind == 'u':
		return summands(e.args[0])
	}
	return []*expr{e}
}

// numeratorFactors flattens a product into its multiplicative factors,
// following only the numerator of a division and unary minus.
func numeratorFactors(e *expr) []*expr {
	switch {
	case e.kind == 'b' && e.op == '*':
		return append(numeratorFactors(e.args[0]), numeratorFactors(e.args[1])...)
	case e.kind == 'b' && e.op == '/':
		return numeratorFactors(e.args[0])
	case e.kind == 'u':
		return numeratorFactors(e.args[0])
	}
	return []*expr{e}
}
