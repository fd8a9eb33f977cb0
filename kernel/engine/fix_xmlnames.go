package engine

import (
	"bytes"
	"encoding/xml"
	"go/ast"
	"go/types"
	"reflect"
	"strings"
)

// Workaround: encoding/xml names an element by its type's name.
//
// xml.Marshal names the element of a struct without an XMLName field by
// its type's name (a generic type's without its type arguments). yaegi
// builds a cell's struct types with reflect.StructOf, without a name:
// xml.Marshal of a cell's T fails with "xml: unsupported type: struct {
// ... }" (typeparam/issue48318.go). So the pass "xmlnames" sends
// xml.Marshal, xml.MarshalIndent and (*xml.Encoder).Encode of a value
// whose static type (go/types) reaches a cell struct type through _gnrt
// helpers, which encode such a struct (also behind pointers and as an
// element of a slice or array, as Go's encoder walks them) with
// EncodeElement and the name its _gnT tag gives (fix_fmt.go), and
// anything else as xml itself does:
//
//	xml.Marshal(v)  =>  _gnrt.XMLMarshal(v)
//	enc.Encode(v)   =>  _gnrt.XMLEncode(enc, v)
//
// Limits: a cell struct held in an interface field, a map's or another
// struct's field is named by its field, as in Go; unnamed struct types
// are Go's error too.

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"XMLMarshal":       reflect.ValueOf(e.xmlMarshal),
			"XMLMarshalIndent": reflect.ValueOf(e.xmlMarshalIndent),
			"XMLEncode":        reflect.ValueOf(e.xmlEncode),
		}
	})
}

// nameXMLElements is the pass "xmlnames".
func nameXMLElements(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) == 0 || c.Ellipsis.IsValid() {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok || !reachesCellStruct(ct.goType(c.Args[0]), map[types.Type]bool{}) {
			return true
		}
		switch encoderName(ct, sel) {
		case "encoding/xml.Marshal":
			p.r.addText(p.off(sel.Pos()), p.off(sel.End()), rtName+".XMLMarshal")
		case "encoding/xml.MarshalIndent":
			p.r.addText(p.off(sel.Pos()), p.off(sel.End()), rtName+".XMLMarshalIndent")
		case "encoding/xml.Encoder.Encode":
			// One replacement of the call, rendering its parts: it nests
			// inside the wrappers of the call that passes before put.
			x, arg := sel.X, c.Args[0]
			p.r.add(p.off(c.Pos()), p.off(c.End()), func(r *renderer) string {
				return rtName + ".XMLEncode(" + r.renderApart(p.off(x.Pos()), p.off(x.End()), -1, true) + ", " + r.render(p.off(arg.Pos()), p.off(arg.End())) + ")"
			})
		}
		return true
	})
}

// reachesCellStruct reports whether a value of type t is or holds (behind
// pointers, as slice or array elements) a struct type of the cell.
func reachesCellStruct(t types.Type, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.(type) {
	case *types.Named:
		if _, ok := u.Underlying().(*types.Struct); ok {
			return u.Obj().Pkg() != nil && u.Obj().Pkg().Path() == "main"
		}
		return reachesCellStruct(u.Underlying(), seen)
	case *types.Alias:
		return reachesCellStruct(types.Unalias(u), seen)
	case *types.Pointer:
		return reachesCellStruct(u.Elem(), seen)
	case *types.Slice:
		return reachesCellStruct(u.Elem(), seen)
	case *types.Array:
		return reachesCellStruct(u.Elem(), seen)
	}
	return false
}

// xmlMarshal is xml.Marshal naming cell structs.
func (e *Engine) xmlMarshal(v any) ([]byte, error) { return e.xmlMarshalIndent(v, "", "") }

// xmlMarshalIndent is xml.MarshalIndent naming cell structs.
func (e *Engine) xmlMarshalIndent(v any, prefix, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := xml.NewEncoder(&b)
	if prefix != "" || indent != "" {
		enc.Indent(prefix, indent)
	}
	if err := e.xmlEncode(enc, v); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// xmlEncode is enc.Encode(v) naming cell structs.
func (e *Engine) xmlEncode(enc *xml.Encoder, v any) error {
	if err := e.xmlEncodeValue(enc, reflect.ValueOf(v)); err != nil {
		return err
	}
	return enc.Flush()
}

var xmlMarshalerType = reflect.TypeFor[xml.Marshaler]()

func (e *Engine) xmlEncodeValue(enc *xml.Encoder, v reflect.Value) error {
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && !v.IsNil() && !v.Type().Implements(xmlMarshalerType) {
		v = v.Elem()
	}
	if !v.IsValid() || !v.CanInterface() {
		return enc.Encode(nil)
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() != reflect.Uint8 && !v.Type().Implements(xmlMarshalerType) {
			for i := range v.Len() {
				if err := e.xmlEncodeValue(enc, v.Index(i)); err != nil {
					return err
				}
			}
			return nil
		}
	case reflect.Struct:
		if name := e.cellStructName(v.Type()); name != "" {
			return enc.EncodeElement(v.Interface(), xml.StartElement{Name: xml.Name{Local: name}})
		}
	}
	return enc.Encode(v.Interface())
}

// cellStructName returns the Go name xml gives a cell struct type
// without an XMLName field (registered, else from its _gnT tag), or "".
func (e *Engine) cellStructName(t reflect.Type) string {
	if t.NumField() == 0 {
		return ""
	}
	if _, has := t.FieldByName("XMLName"); has {
		return ""
	}
	id, ok := t.Field(0).Tag.Lookup("_gnT")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(id, localTypeMark)
	if n, ok := e.fmtNames.lookup(t); ok {
		name = strings.TrimPrefix(n, "main.") // a generic instance: A[string,int], not A__string__int
	}
	name, _, _ = strings.Cut(name, "[")
	return name
}
