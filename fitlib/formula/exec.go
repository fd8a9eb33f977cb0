package formula

import (
	"math"

	"github.com/gophernote/gophernote/fitlib/internal/num"
	"gonum.org/v1/gonum/mathext"
)

// exec runs the column instructions on one block. Each case is a tight loop
// over float64 slices; the bounds are hoisted by re-slicing to len(d).
func exec(prog []instr, v [][]float64, sc []float64) {
	for _, in := range prog {
		d := v[in.dst]
		switch in.op {
		case vNeg:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = -a[i]
			}
		case vAddVV:
			a, b := v[in.a][:len(d)], v[in.b][:len(d)]
			for i := range d {
				d[i] = a[i] + b[i]
			}
		case vAddVS:
			a, s := v[in.a][:len(d)], sc[in.b]
			for i := range d {
				d[i] = a[i] + s
			}
		case vSubVV:
			a, b := v[in.a][:len(d)], v[in.b][:len(d)]
			for i := range d {
				d[i] = a[i] - b[i]
			}
		case vSubVS:
			a, s := v[in.a][:len(d)], sc[in.b]
			for i := range d {
				d[i] = a[i] - s
			}
		case vSubSV:
			s, b := sc[in.a], v[in.b][:len(d)]
			for i := range d {
				d[i] = s - b[i]
			}
		case vMulVV:
			a, b := v[in.a][:len(d)], v[in.b][:len(d)]
			for i := range d {
				d[i] = a[i] * b[i]
			}
		case vMulVS:
			a, s := v[in.a][:len(d)], sc[in.b]
			for i := range d {
				d[i] = a[i] * s
			}
		case vDivVV:
			a, b := v[in.a][:len(d)], v[in.b][:len(d)]
			for i := range d {
				d[i] = a[i] / b[i]
			}
		case vDivVS:
			a, s := v[in.a][:len(d)], sc[in.b]
			for i := range d {
				d[i] = a[i] / s
			}
		case vDivSV:
			s, b := sc[in.a], v[in.b][:len(d)]
			for i := range d {
				d[i] = s / b[i]
			}
		case vPowVV:
			a, b := v[in.a][:len(d)], v[in.b][:len(d)]
			for i := range d {
				d[i] = math.Pow(a[i], b[i])
			}
		case vPowVS:
			a, s := v[in.a][:len(d)], sc[in.b]
			for i := range d {
				d[i] = math.Pow(a[i], s)
			}
		case vPowSV:
			s, b := sc[in.a], v[in.b][:len(d)]
			for i := range d {
				d[i] = math.Pow(s, b[i])
			}
		case vSquare:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = a[i] * a[i]
			}
		case vExpMulVS:
			a, s := v[in.a][:len(d)], sc[in.b]
			for i := range d {
				d[i] = math.Exp(s * a[i])
			}
		case vExp:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = math.Exp(a[i])
			}
		case vLog:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = math.Log(a[i])
			}
		case vLog10:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = math.Log10(a[i])
			}
		case vSqrt:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = math.Sqrt(a[i])
			}
		case vAbs:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = math.Abs(a[i])
			}
		case vSigmoid:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = num.Sigmoid(a[i])
			}
		case vSoftplus:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = num.Softplus(a[i])
			}
		case vLgamma:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = lgamma(a[i])
			}
		case vDigamma:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = mathext.Digamma(a[i])
			}
		case vSign:
			a := v[in.a][:len(d)]
			for i := range d {
				d[i] = sign(a[i])
			}
		case vMinVV:
			a, b := v[in.a][:len(d)], v[in.b][:len(d)]
			for i := range d {
				d[i] = math.Min(a[i], b[i])
			}
		case vMinVS:
			a, s := v[in.a][:len(d)], sc[in.b]
			for i := range d {
				d[i] = math.Min(a[i], s)
			}
		case vMaxVV:
			a, b := v[in.a][:len(d)], v[in.b][:len(d)]
			for i := range d {
				d[i] = math.Max(a[i], b[i])
			}
		case vMaxVS:
			a, s := v[in.a][:len(d)], sc[in.b]
			for i := range d {
				d[i] = math.Max(a[i], s)
			}
		case vLEVV:
			a, b := v[in.a][:len(d)], v[in.b][:len(d)]
			for i := range d {
				d[i] = le(a[i], b[i])
			}
		case vLEVS:
			a, s := v[in.a][:len(d)], sc[in.b]
			for i := range d {
				d[i] = le(a[i], s)
			}
		case vLESV:
			s, b := sc[in.a], v[in.b][:len(d)]
			for i := range d {
				d[i] = le(s, b[i])
			}
		}
	}
}
