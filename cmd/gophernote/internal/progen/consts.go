package progen

import (
	"go/constant"
	"go/token"
	"math"
)

// Constant arithmetic, as the Go spec defines it for constant
// expressions: exact, with the checks a compiler makes (a typed constant
// must be representable in its type; no division by a constant zero;
// integer operands for shifts and bitwise operators). The generator
// decides with it which constant expressions are valid; the values Go
// computes are the compiled program's output, never these.

// maxConstBits bounds the size of the integer constants the generator
// writes (gc rejects much larger ones as an overflow).
const maxConstBits = 400

var (
	minInt = [...]constant.Value{
		Int: constant.MakeInt64(math.MinInt64), Int8: constant.MakeInt64(math.MinInt8),
		Int16: constant.MakeInt64(math.MinInt16), Int32: constant.MakeInt64(math.MinInt32),
		Int64: constant.MakeInt64(math.MinInt64),
	}
	maxInt = [...]constant.Value{
		Int: constant.MakeInt64(math.MaxInt64), Int8: constant.MakeInt64(math.MaxInt8),
		Int16: constant.MakeInt64(math.MaxInt16), Int32: constant.MakeInt64(math.MaxInt32),
		Int64: constant.MakeInt64(math.MaxInt64), Uint: constant.MakeUint64(math.MaxUint64),
		Uint8: constant.MakeInt64(math.MaxUint8), Uint16: constant.MakeInt64(math.MaxUint16),
		Uint32: constant.MakeInt64(math.MaxUint32), Uint64: constant.MakeUint64(math.MaxUint64),
		Uintptr: constant.MakeUint64(math.MaxUint64),
	}
	zero = constant.MakeInt64(0)
)

// representable returns v as a constant of kind k (rounded for floats),
// or nil when v is not representable in k.
func representable(v constant.Value, k Kind) constant.Value {
	if v == nil || v.Kind() == constant.Unknown {
		return nil
	}
	switch {
	case k.isInteger():
		i := constant.ToInt(v)
		if i.Kind() != constant.Int {
			return nil
		}
		lo := zero
		if !k.isUnsigned() {
			lo = minInt[k]
		}
		if constant.Compare(i, token.LSS, lo) || constant.Compare(i, token.GTR, maxInt[k]) {
			return nil
		}
		return i
	case k.isFloat():
		f := constant.ToFloat(v)
		if f.Kind() != constant.Float && f.Kind() != constant.Int {
			return nil
		}
		return roundFloat(f, k)
	case k.isComplex():
		c := constant.ToComplex(v)
		if c.Kind() != constant.Complex && c.Kind() != constant.Float && c.Kind() != constant.Int {
			return nil
		}
		fk := Float64
		if k == Complex64 {
			fk = Float32
		}
		re, im := roundFloat(constant.Real(c), fk), roundFloat(constant.Imag(c), fk)
		if re == nil || im == nil {
			return nil
		}
		return constant.BinaryOp(re, token.ADD, constant.MakeImag(im))
	case k == String:
		if v.Kind() == constant.String {
			return v
		}
	case k == Bool:
		if v.Kind() == constant.Bool {
			return v
		}
	}
	return nil
}

// roundFloat rounds v to float32 or float64, or nil on overflow.
func roundFloat(v constant.Value, k Kind) constant.Value {
	if k == Float32 {
		f, _ := constant.Float32Val(v)
		if math.IsInf(float64(f), 0) {
			return nil
		}
		return constant.MakeFloat64(float64(f))
	}
	f, _ := constant.Float64Val(v)
	if math.IsInf(f, 0) {
		return nil
	}
	return constant.MakeFloat64(f)
}

// tooBig: a constant the generator does not write (gc's limits on
// constant size are its own; keep far from them).
func tooBig(v constant.Value) bool {
	switch v.Kind() {
	case constant.Int:
		return absBits(v) > maxConstBits
	case constant.Float:
		f, _ := constant.Float64Val(v)
		if math.IsInf(f, 0) || (f != 0 && math.Abs(f) < 1e-300) {
			return true
		}
		// Exact rationals with huge denominators are costly and rare in
		// what people type.
		n, d := constant.Num(v), constant.Denom(v)
		return n.Kind() == constant.Int && (absBits(n) > maxConstBits || absBits(d) > maxConstBits)
	case constant.Complex:
		return tooBig(constant.Real(v)) || tooBig(constant.Imag(v))
	}
	return false
}

func absBits(v constant.Value) int {
	if constant.Sign(v) < 0 {
		v = constant.UnaryOp(token.SUB, v, 0)
	}
	return constant.BitLen(v)
}

// constBinary computes x op y for constants of kind k (k: the operands'
// common kind; untypedInt says both are untyped integer constants, for
// which / is integer division). It returns nil when the expression is
// invalid (a zero divisor, an operator the kind lacks) — the caller then
// writes something else.
func constBinary(x constant.Value, op token.Token, y constant.Value, intDiv bool) constant.Value {
	if x == nil || y == nil {
		return nil
	}
	switch op {
	case token.QUO, token.REM:
		if constant.Sign(y) == 0 {
			return nil
		}
		if op == token.QUO && intDiv {
			op = token.QUO_ASSIGN // go/constant: truncated integer division
		}
	case token.AND, token.OR, token.XOR, token.AND_NOT:
		if x.Kind() != constant.Int || y.Kind() != constant.Int {
			return nil
		}
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return constant.MakeBool(constant.Compare(x, op, y))
	}
	if op == token.REM && (x.Kind() != constant.Int || y.Kind() != constant.Int) {
		return nil
	}
	var v constant.Value
	func() {
		defer func() {
			if recover() != nil {
				v = nil
			}
		}()
		v = constant.BinaryOp(x, op, y)
	}()
	if v == nil || v.Kind() == constant.Unknown || tooBig(v) {
		return nil
	}
	return v
}

// constShift computes x << s or x >> s (x an integer constant).
func constShift(x constant.Value, op token.Token, s uint) constant.Value {
	x = constant.ToInt(x)
	if x.Kind() != constant.Int || s > maxConstBits {
		return nil
	}
	v := constant.Shift(x, op, s)
	if tooBig(v) {
		return nil
	}
	return v
}

// constUnary computes op x; for ^ of an unsigned typed constant, bits is
// its size (the spec's mask), else 0.
func constUnary(op token.Token, x constant.Value, bits uint) constant.Value {
	if x == nil {
		return nil
	}
	if op == token.XOR && x.Kind() != constant.Int {
		return nil
	}
	return constant.UnaryOp(op, x, bits)
}

// isIntegral: the constant has an integer value (it converts to an
// integer type without truncation, given the range).
func isIntegral(v constant.Value) bool {
	return v != nil && constant.ToInt(v).Kind() == constant.Int
}
