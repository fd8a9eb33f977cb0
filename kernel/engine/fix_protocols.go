package engine

import "go/ast"

// Refusal: methods that only compiled code calls.
//
// yaegi hands compiled code the values of a cell's types without their
// methods (a reflect type cannot have methods made at run time); it wraps
// a value in an interface only where the value itself is converted to
// that interface. So json.Marshal(v) calls v's MarshalJSON, but not that
// of a value inside v (a slice element, a field), and likewise for
// encoding/xml, encoding/gob and log/slog: those are encoded bare, and
// the result silently differs from Go's. Whether a value will be nested is
// not known when its type is declared, so a cell that declares such a
// method gets an error naming it.

// protocolMethods are the methods compiled packages look up on the values
// they are given, with the packages that do.
var protocolMethods = map[string]string{
	"MarshalJSON": "encoding/json", "UnmarshalJSON": "encoding/json",
	"MarshalText": "encoding/json, encoding/xml", "UnmarshalText": "encoding/json, encoding/xml, flag",
	"MarshalXML": "encoding/xml", "UnmarshalXML": "encoding/xml",
	"MarshalXMLAttr": "encoding/xml", "UnmarshalXMLAttr": "encoding/xml",
	"MarshalBinary": "encoding/gob", "UnmarshalBinary": "encoding/gob",
	"GobEncode": "encoding/gob", "GobDecode": "encoding/gob",
	"LogValue": "log/slog",
}

// refuseProtocolMethods is the pass "protocols".
func refuseProtocolMethods(p *prep) {
	for _, d := range p.pc.decls.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil {
			continue
		}
		pkgs, ok := protocolMethods[fd.Name.Name]
		if !ok {
			continue
		}
		p.fail(fd.Name.Pos(), "method "+fd.Name.Name+" of a cell's type would never be called by "+pkgs+
			": the interpreter gives compiled packages a cell type's values without their methods, so the result would differ from Go's; convert the value explicitly (for example to a map or a type of a compiled package) before encoding it")
		return
	}
}
