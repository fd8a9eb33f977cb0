package engine

import (
	"go/ast"
	"slices"
	"strconv"
	"strings"
)

// Refusal: methods only compiled code calls, on values inside values.
//
// yaegi hands compiled code the values of a cell's types without their
// methods (a reflect type cannot have methods made at run time); it wraps
// a value in an interface only where the value itself is converted to
// that interface. So json.Marshal(v) calls v's MarshalJSON, but not the
// MarshalJSON of a value inside another (a struct field, a slice, array,
// map or channel element), and likewise for encoding/xml, encoding/gob and
// log/slog: those are encoded bare, and the result silently differs from
// Go's. So the engine remembers the cell types that declare such methods,
// and a type expression that puts one inside another type (a field, an
// element, a key) is an error naming both.

//
// Only a session that imports such a package can encode: a nesting is
// refused when the package is imported, in the cell that declares it or
// later (the import is then refused, naming the earlier nesting).

// protocolMethods are the methods compiled packages look up on the values
// they are given, with the packages that do.
var protocolMethods = map[string]string{
	"MarshalJSON": "encoding/json", "UnmarshalJSON": "encoding/json",
	"MarshalText": "encoding/json and encoding/xml", "UnmarshalText": "encoding/json and encoding/xml",
	"MarshalXML": "encoding/xml", "UnmarshalXML": "encoding/xml",
	"MarshalXMLAttr": "encoding/xml", "UnmarshalXMLAttr": "encoding/xml",
	"MarshalBinary": "encoding/gob", "UnmarshalBinary": "encoding/gob",
	"GobEncode": "encoding/gob", "GobDecode": "encoding/gob",
	"LogValue": "log/slog",
}

// protocolNesting is a protocol type put inside another type by an
// earlier cell of a session that did not import the encoder.
type protocolNesting struct {
	msg    string // the refusal, without position
	at     string // where: "cell N, line:col"
	method string
}

// protocolImported reports whether the session or the cell imports one
// of the packages of the method's protocol (protocolMethods), and the
// cell's import spec of it, or its first use of one the engine imports
// for it, when the cell does.
func protocolImported(p *prep, method string) (bool, ast.Node) {
	pkgs := strings.Split(protocolMethods[method], " and ")
	for _, is := range p.pc.imports.Imports {
		if path, err := strconv.Unquote(is.Path.Value); err == nil && slices.Contains(pkgs, path) {
			return true, is
		}
	}
	for _, im := range p.newImports {
		if !slices.Contains(pkgs, im.path) {
			continue
		}
		// Imported by the engine for a use (json.Marshal without an
		// import): the first use.
		var use ast.Node
		p.pc.inspect(func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && use == nil {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == im.name {
					use = sel
				}
			}
			return use == nil
		})
		if use != nil {
			return true, use
		}
	}
	for _, path := range p.e.importNames {
		if slices.Contains(pkgs, path) {
			return true, nil
		}
	}
	return false, nil
}

// refuseNestedProtocolTypes is the pass "protocols".
func refuseNestedProtocolTypes(p *prep) {
	e := p.e
	if e.protoTypes == nil {
		e.protoTypes = map[string]string{}
	}
	for _, d := range p.pc.decls.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
			continue
		}
		if _, ok := protocolMethods[fd.Name.Name]; ok {
			if name := receiverName(fd.Recv.List[0].Type); name != "" {
				e.protoTypes[name] = fd.Name.Name
			}
		}
		if fd.Name.Name == "LogValue" {
			// slog takes its values as any (slog.Info's arguments,
			// slog.Any): it never sees a cell type's LogValue.
			p.fail(fd.Name.Pos(), "method LogValue of a cell's type would never be called by log/slog, which receives values as any (the interpreter gives compiled packages a cell type's values without their methods), so the log would differ from Go's: log the value LogValue would give instead")
			return
		}
	}
	if len(e.protoTypes) == 0 {
		return
	}
	// An earlier cell's nesting, now that the cell imports the encoder.
	for i, n := range e.protoNested {
		if n == nil {
			continue
		}
		if ok, at := protocolImported(p, n.method); ok && at != nil {
			p.fail(at.Pos(), "using "+strings.Split(protocolMethods[n.method], " and ")[0]+" is refused in this session: "+n.msg+" (the type is declared at "+n.at+")")
			return
		} else if ok {
			e.protoNested[i] = nil
		}
	}
	// A protocol type named inside a composite type expression.
	inner := func(x ast.Expr, where string) {
		for _, id := range typeNames(x) {
			if m, ok := e.protoTypes[id.Name]; ok {
				msg := id.Name + " has method " + m + ": " + protocolMethods[m] + " calls it on a value it is given, never on a " + id.Name + " that is " + where +
					" (the interpreter gives compiled packages a cell type's values without their methods, so the result would differ from Go's): keep " +
					id.Name + " values outside other values, or convert them explicitly before encoding"
				if imported, _ := protocolImported(p, m); !imported {
					// No encoder to call it: remembered for a later import.
					e.protoNested = append(e.protoNested, &protocolNesting{msg: msg, at: p.cellPosString(id.Pos()), method: m})
					return
				}
				p.fail(id.Pos(), msg)
				return
			}
		}
	}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeSpec:
			// A box holds its value only on the way into an interface
			// (fix_boxnamed.go); encoders are handed the value itself.
			return !strings.HasPrefix(n.Name.Name, boxPrefix)
		case *ast.StructType:
			for _, f := range n.Fields.List {
				inner(f.Type, "a struct field")
			}
		case *ast.ArrayType:
			inner(n.Elt, "a slice or array element")
		case *ast.MapType:
			inner(n.Key, "a map key")
			inner(n.Value, "a map value")
		case *ast.ChanType:
			inner(n.Value, "a channel element")
		}
		return true
	}
	p.pc.inspect(visit)
}

// receiverName returns the base type name of a method receiver.
func receiverName(x ast.Expr) string {
	switch t := x.(type) {
	case *ast.StarExpr:
		return receiverName(t.X)
	case *ast.IndexExpr:
		return receiverName(t.X)
	case *ast.IndexListExpr:
		return receiverName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

// typeNames returns the type names a type expression is made of directly:
// T, *T, T[...] (not names inside further composite types, which visit
// reaches on its own).
func typeNames(x ast.Expr) []*ast.Ident {
	switch t := x.(type) {
	case *ast.Ident:
		return []*ast.Ident{t}
	case *ast.StarExpr:
		return typeNames(t.X)
	case *ast.ParenExpr:
		return typeNames(t.X)
	case *ast.IndexExpr:
		return typeNames(t.X)
	case *ast.IndexListExpr:
		return typeNames(t.X)
	case *ast.Ellipsis:
		return typeNames(t.Elt)
	}
	return nil
}
