package engine

import (
	"fmt"
	"go/ast"
	"go/types"
)

// Refusal: encoding/gob of values holding interfaces.
//
// gob sends an interface value as the name of its registered concrete
// type and the value, and decodes it by making a value of that type. The
// interpreter's interface values are not Go's: an interface inside a
// value a cell builds ([]any, map[string]any, a struct field of type any
// or fmt.Stringer) holds yaegi's own wrapper, which gob refuses ("type
// not registered for interface: interp.valueInterface"), a cell's
// interface type cannot be encoded at all ("interp.valueInterface has no
// exported fields"), and a cell type decoded into an interface comes back
// without its methods (it prints {3 4} where Go calls its String method).
// So a call of gob's Encoder.Encode or Decoder.Decode (EncodeValue,
// DecodeValue) whose argument's static type (go/types) reaches an
// interface type is an error naming the call and where the interface is.

// gobCalls are the gob methods that read a value's type.
var gobCalls = map[string]bool{
	"encoding/gob.Encoder.Encode": true, "encoding/gob.Encoder.EncodeValue": true,
	"encoding/gob.Decoder.Decode": true, "encoding/gob.Decoder.DecodeValue": true,
}

// refuseGobInterfaces is the pass "gobiface".
func refuseGobInterfaces(p *prep) {
	ct := p.cellTypes()
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		name := encoderName(ct, sel)
		if !gobCalls[name] || len(c.Args) != 1 {
			return true
		}
		if where := interfaceIn(ct.goType(c.Args[0]), "", map[types.Type]bool{}); where != "" {
			p.fail(c.Pos(), fmt.Sprintf("%s of a value holding an interface (%s): the interpreter's interface values are not Go's to encoding/gob (it cannot send them, and a cell type decoded into an interface loses its methods): encode and decode concrete types", name, where))
			return false
		}
		return true
	}
	p.pc.inspect(visit)
}

// interfaceIn describes where an interface type is reachable from t
// (through pointers, slices, arrays, maps and struct fields), or "". path
// is how t was reached. A reflect.Value (EncodeValue) is opaque: "".
func interfaceIn(t types.Type, path string, seen map[types.Type]bool) string {
	if t == nil || seen[t] {
		return ""
	}
	seen[t] = true
	at := func(s string) string {
		if path == "" {
			return s
		}
		return s + " in " + path
	}
	switch u := t.(type) {
	case *types.Alias:
		return interfaceIn(types.Unalias(u), path, seen)
	case *types.Named:
		if obj := u.Obj(); obj.Pkg() != nil && obj.Pkg().Path() == "reflect" && obj.Name() == "Value" {
			return ""
		}
		if _, ok := u.Underlying().(*types.Interface); ok {
			return at(types.TypeString(u, qualifyLocal))
		}
		next := path
		if next == "" {
			next = types.TypeString(u, qualifyLocal)
		}
		return interfaceIn(u.Underlying(), next, seen)
	case *types.Interface:
		return at(types.TypeString(u, qualifyLocal))
	case *types.Pointer:
		return interfaceIn(u.Elem(), path, seen)
	case *types.Slice:
		return interfaceIn(u.Elem(), at("the elements of "+types.TypeString(u, qualifyLocal)), seen)
	case *types.Array:
		return interfaceIn(u.Elem(), at("the elements of "+types.TypeString(u, qualifyLocal)), seen)
	case *types.Map:
		if w := interfaceIn(u.Key(), at("the keys of "+types.TypeString(u, qualifyLocal)), seen); w != "" {
			return w
		}
		return interfaceIn(u.Elem(), at("the values of "+types.TypeString(u, qualifyLocal)), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if !f.Exported() {
				continue // gob skips unexported fields
			}
			owner := path
			if owner == "" {
				owner = types.TypeString(u, qualifyLocal)
			}
			if w := interfaceIn(f.Type(), "field "+f.Name()+" of "+owner, seen); w != "" {
				return w
			}
		}
	}
	return ""
}

// qualifyLocal writes a cell's types without "main." and others with
// their package name.
func qualifyLocal(p *types.Package) string {
	if p == nil || p.Path() == "main" {
		return ""
	}
	return p.Name()
}
