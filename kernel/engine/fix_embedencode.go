package engine

import (
	"fmt"
	"go/ast"
	"go/types"
)

// Refusal: encoding a cell struct type with an embedded field.
//
// yaegi builds a cell's struct types without embedding: an embedded field
// B of a struct with other fields is a field named B (a struct whose only
// field is embedded comes out right). Code in cells does not notice (selectors and
// promoted methods are the interpreter's own), but encoding/json,
// encoding/xml and encoding/gob read the compiled type: json.Marshal of
// `struct{ B; Y int }` writes {"B":{"X":1},"Y":2} where Go writes
// {"X":1,"Y":2}. So a call of those packages' encoding and decoding
// functions whose argument's static type (go/types) reaches a cell struct
// type with an embedded field is an error naming the call and the field.

// encoders are the functions and methods that read a value's struct type.
var encoders = map[string]bool{
	"encoding/json.Marshal": true, "encoding/json.MarshalIndent": true, "encoding/json.Unmarshal": true,
	"encoding/json.Encoder.Encode": true, "encoding/json.Decoder.Decode": true,
	"encoding/xml.Marshal": true, "encoding/xml.MarshalIndent": true, "encoding/xml.Unmarshal": true,
	"encoding/xml.Encoder.Encode": true, "encoding/xml.Decoder.Decode": true,
	"encoding/gob.Encoder.Encode": true, "encoding/gob.Decoder.Decode": true,
}

// refuseEmbeddedEncodes is the pass "embedencode".
func refuseEmbeddedEncodes(p *prep) {
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
		if !encoders[name] {
			return true
		}
		for _, a := range c.Args {
			if field, typ := embeddedField(ct.goType(a), map[types.Type]bool{}); field != "" {
				p.fail(c.Pos(), fmt.Sprintf("%s would see the embedded field %s of %s as a field named %s (the interpreter builds a cell's struct types without embedding), not promote its fields as Go does: give the fields names, or copy the value into a map, before encoding", name, field, typ, field))
				return false
			}
		}
		return true
	}
	p.pc.inspect(visit)
}

// encoderName names the function or method a selector calls, as
// "path.Func" or "path.Type.Method", or "".
func encoderName(ct *cellTypes, sel *ast.SelectorExpr) string {
	if ct == nil {
		return ""
	}
	if s, ok := ct.info.Selections[sel]; ok {
		f, ok := s.Obj().(*types.Func)
		if !ok || f.Pkg() == nil {
			return ""
		}
		recv := s.Recv()
		if ptr, ok := recv.(*types.Pointer); ok {
			recv = ptr.Elem()
		}
		if named, ok := recv.(*types.Named); ok {
			return f.Pkg().Path() + "." + named.Obj().Name() + "." + f.Name()
		}
		return ""
	}
	if obj, ok := ct.info.Uses[sel.Sel].(*types.Func); ok && obj.Pkg() != nil {
		return obj.Pkg().Path() + "." + obj.Name()
	}
	return ""
}

// embeddedField finds an embedded field of a cell struct type reachable
// from t (through pointers, slices, arrays, maps and fields).
func embeddedField(t types.Type, seen map[types.Type]bool) (field, typ string) {
	if t == nil || seen[t] {
		return "", ""
	}
	seen[t] = true
	switch u := t.(type) {
	case *types.Named:
		if s, ok := u.Underlying().(*types.Struct); ok && u.Obj().Pkg() != nil && u.Obj().Pkg().Path() == "main" && s.NumFields() > 1 {
			for i := 0; i < s.NumFields(); i++ {
				if s.Field(i).Embedded() {
					return s.Field(i).Name(), u.Obj().Name()
				}
			}
		}
		return embeddedField(u.Underlying(), seen)
	case *types.Pointer:
		return embeddedField(u.Elem(), seen)
	case *types.Slice:
		return embeddedField(u.Elem(), seen)
	case *types.Array:
		return embeddedField(u.Elem(), seen)
	case *types.Map:
		if f, ty := embeddedField(u.Key(), seen); f != "" {
			return f, ty
		}
		return embeddedField(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if u.Field(i).Embedded() && u.NumFields() > 1 {
				return u.Field(i).Name(), "a struct literal type"
			}
			if f, ty := embeddedField(u.Field(i).Type(), seen); f != "" {
				return f, ty
			}
		}
	}
	return "", ""
}
