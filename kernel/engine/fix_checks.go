package engine

import (
	"go/types"
	"regexp"
	"strings"
)

var mainQualifier = regexp.MustCompile(`(^|[^\w.])main\.`)

// Workaround: programs Go refuses that yaegi runs with another answer.
//
// yaegi's type checker accepts a function that can end without a return
// (it returns the zero values), a value whose method set lacks a
// pointer-receiver method where an interface needs it (the method then
// runs on a copy), c := two() and two() + 1 for a two-result function (it
// takes the first result), and it words other refusals its own way
// ("assignment mismatch: 2 variables but  returns 1 values" at the
// statement, a reflect panic for s[0] = 'x' on a string). Compiled Go
// refuses them all, at the expression, with go/types' words (pinned by
// TestGoRefusesAtCompile against go build). The go/types check of the
// cell (gotypes.go) finds them; the engine reports go/types' error at the
// construct's line:col. Other go/types errors are left to yaegi: the
// check sees the session through the symbol tables, which may be
// incomplete, so only errors that do not depend on them are trusted.

// refusedByGo reports whether a go/types error is one the engine reports.
func refusedByGo(e types.Error) bool {
	return e.Msg == "missing return" ||
		strings.Contains(e.Msg, " has pointer receiver)") ||
		strings.HasPrefix(e.Msg, "assignment mismatch: ") ||
		strings.HasSuffix(e.Msg, " in single-value context") ||
		strings.HasSuffix(e.Msg, "(neither addressable nor a map index expression)") ||
		strings.HasPrefix(e.Msg, "cannot assign to struct field ") && strings.HasSuffix(e.Msg, " in map") ||
		strings.HasPrefix(e.Msg, "instantiation cycle")
}

// checkGoRules is the pass "checks".
func checkGoRules(p *prep) {
	ct := p.cellTypes()
	if refuseDefinedFromRecursive(p, ct) {
		return
	}
	for i, te := range ct.errors {
		if refusedByGo(te) {
			msg := typesErrorText(p, ct.errors, i)
			if msg == "missing return" {
				msg = "missing return (compiled Go refuses a function that can end without one)"
			}
			p.fail(te.Pos, msg)
			return
		}
	}
}

// typesErrorText is go/types' error i of errs as the engine reports it:
// its continuation lines (indented errors that follow) joined, and types
// of earlier cells named plainly (another check of package main, which
// go/types qualifies: Go names them plainly).
func typesErrorText(p *prep, errs []types.Error, i int) string {
	msg := errs[i].Msg
	for _, more := range errs[i+1:] {
		if !strings.HasPrefix(more.Msg, "\t") {
			break
		}
		msg += " " + strings.TrimSpace(more.Msg) + " at " + p.posString(more.Pos) + ";"
	}
	return mainQualifier.ReplaceAllString(strings.TrimSuffix(msg, ";"), "$1")
}
