package engine

import (
	"go/ast"
	"reflect"
	"strconv"
	"strings"
)

// Workaround: the builtins print and println.
//
// yaegi writes print and println to the interpreter's stdout, formatted
// with fmt's %v. Go writes them to stderr, in the runtime's own format:
// the same as %v for booleans, numbers and strings, but an address for
// pointers, maps, channels and functions ("0xc000012345"), "[len/cap]0x..."
// for slices, and "(0x...,0x...)" for interfaces. So print and println
// become _gnrt.Print and _gnrt.Println, which write that format to the
// cell's stderr. (An interface argument arrives as its dynamic value: it
// prints as that value's kind, not as the runtime's pair of addresses.)

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"Print":   reflect.ValueOf(func(args ...any) { e.out.write("stderr", goPrint(args, false)) }),
			"Println": reflect.ValueOf(func(args ...any) { e.out.write("stderr", goPrint(args, true)) }),
		}
	})
}

// rewritePrintln is the pass "println".
func rewritePrintln(p *prep) {
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if fun, ok := c.Fun.(*ast.Ident); ok && (p.builtin(fun, "print") || p.builtin(fun, "println")) {
			name := "Print"
			if fun.Name == "println" {
				name = "Println"
			}
			p.r.addText(p.off(fun.Pos()), p.off(fun.End()), rtName+"."+name)
		}
		return true
	}
	p.pc.inspect(visit)
}

// goPrint formats args as Go's print (ln: println, with spaces between
// the values and a newline after them) does.
func goPrint(args []any, ln bool) string {
	var b []byte
	for i, a := range args {
		if ln && i > 0 {
			b = append(b, ' ')
		}
		b = appendPrint(b, reflect.ValueOf(a))
	}
	if ln {
		b = append(b, '\n')
	}
	return string(b)
}

// appendPrint appends one value in the runtime's print format
// (runtime/print.go of Go 1.26: floats and complexes in strconv's
// shortest 'g' form, integers (uintptr too) in decimal, pointers in
// hexadecimal).
func appendPrint(b []byte, v reflect.Value) []byte {
	if !v.IsValid() {
		return append(b, "(0x0,0x0)"...) // a nil interface
	}
	switch v.Kind() {
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.AppendUint(b, v.Uint(), 10)
	case reflect.Float32:
		return strconv.AppendFloat(b, v.Float(), 'g', -1, 32)
	case reflect.Float64:
		return strconv.AppendFloat(b, v.Float(), 'g', -1, 64)
	case reflect.Complex64:
		return append(b, strconv.FormatComplex(v.Complex(), 'g', -1, 64)...)
	case reflect.Complex128:
		return append(b, strconv.FormatComplex(v.Complex(), 'g', -1, 128)...)
	case reflect.String:
		return append(b, v.String()...)
	case reflect.Pointer, reflect.Chan, reflect.Map, reflect.Func, reflect.UnsafePointer:
		return appendHex(b, uint64(v.Pointer()))
	case reflect.Slice:
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(v.Len()), 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(v.Cap()), 10)
		b = append(b, ']')
		return appendHex(b, uint64(v.Pointer()))
	}
	// Go rejects other types at compile time; show what arrived.
	return append(b, strings.ReplaceAll(v.Type().String(), " ", "")...)
}

// appendHex appends "0x" and x in lower-case hexadecimal.
func appendHex(b []byte, x uint64) []byte {
	return strconv.AppendUint(append(b, "0x"...), x, 16)
}
