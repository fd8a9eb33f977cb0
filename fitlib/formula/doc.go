// Package formula turns a scaling law written as text, such as
//
//	E0 + C0 * C^(-alpha)
//
// into everything a fit needs: fast column-wise evaluation, the exact
// gradient with respect to the parameters (symbolic differentiation with
// simplification), a LaTeX rendering and the parameter list.
//
// The caller names the data variables; every other name is a parameter,
// numbered in order of first appearance. Names are letters (Unicode ones
// too: α, β, λ render as \alpha, \beta, \lambda), digits and _. A
// parameter that shares its name with a data column is the classic silent
// mistake (the law E + A*N^(-alpha) + B*D^(-beta) parsed over "N" only
// fits D as a constant): CheckColumns reports it, and EvalMap names it when
// D arrives as a column. Parsing builds a hash-consed
// expression graph, so the value and all partial derivatives share common
// subexpressions. Bind compiles the graph once for a set of data columns
// into a flat program: parameter-only subexpressions (exp(e), 1/gamma) are
// computed once per call, data-only ones (log N, log10 C) once per Bind, and
// the rest by tight loops over blocks of rows with no allocation and no tree
// walking. u^v with positive data u is evaluated as exp(v log u) with log u
// precomputed.
//
// The functions are exp, log, log10, sqrt, abs, sigmoid, softplus, lgamma
// (log Gamma, for x > 0; see Parse), min and max.
//
//	f, err := formula.Parse("E0 + C0 * C^(-alpha)", "C")
//	f.Params()   // [E0 C0 alpha]
//	f.LaTeX()    // E_0 + C_0 C^{-\alpha}
//	ev, err := f.Bind([][]float64{compute})
//	err = ev.ValueGrad([]float64{1.7, 400, 0.3}, pred, grad) // grad[j][i] = d pred[i] / d param j
//
// Evaluators are not safe for concurrent use; Clone one per goroutine.
package formula
