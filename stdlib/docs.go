package stdlib

import "strings"

// docEntry is a generated doc table row: declaration and doc comment.
type docEntry struct{ sig, doc string }

// docs maps an import path to its identifiers' documentation; the
// generated *_docs.go files fill it from init. Methods are keyed
// "Type.Method"; the package itself is keyed "".
var docs = map[string]map[string]docEntry{}

// Doc returns the declaration (without body) and doc comment of the
// exported identifier name in the package pkgPath, for inspection in the
// notebook (shift-tab). pkgPath may also be a Symbols key
// ("gonum.org/v1/gonum/mat/mat"); name may be "Type.Method", or "" for the
// package doc. ok is false when the package or name is unknown.
func Doc(pkgPath, name string) (sig, doc string, ok bool) {
	tbl, found := docs[pkgPath]
	if !found {
		if i := strings.LastIndex(pkgPath, "/"); i > 0 {
			tbl, found = docs[pkgPath[:i]]
		}
	}
	if !found {
		return "", "", false
	}
	e, ok := tbl[name]
	return e.sig, e.doc, ok
}
