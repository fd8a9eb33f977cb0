package engine

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// Golden tests of the passes: testdata/golden/PASS.cells holds cases
// ("== name ==" then the cell; cells before a "----" line in a case run
// first, as setup); PASS.golden holds what the pass (with the passes it
// needs) makes of each: the cell's rewritten source, line directives
// removed, and the facts it recorded. `go test -run TestGolden -update`
// rewrites the .golden files; review the diff.

// directiveRe matches the line directives the renderer emits.
var directiveRe = regexp.MustCompile(`/\*line [^*]*\*/`)

func TestGolden(t *testing.T) {
	for _, ps := range passes {
		t.Run(ps.name, func(t *testing.T) {
			in, err := os.ReadFile(filepath.Join("testdata", "golden", ps.name+".cells"))
			if err != nil {
				t.Fatalf("every pass needs golden cases: %v", err)
			}
			var got strings.Builder
			for _, c := range splitCases(string(in)) {
				got.WriteString("== " + c.name + " ==\n")
				got.WriteString(goldenRun(t, ps.name, c.cells))
				got.WriteString("\n")
			}
			path := filepath.Join("testdata", "golden", ps.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update)", err)
			}
			if got.String() != string(want) {
				t.Errorf("pass %s: rewritten source differs from %s (run go test -run TestGolden -update and review the diff):\n%s",
					ps.name, path, firstDiff(got.String(), string(want)))
			}
		})
	}
}

// goldenOptions are the engine options of passes that act only with them.
var goldenOptions = map[string]Options{"blockpos": {DetectDeadlocks: true}}

type goldenCase struct {
	name  string
	cells []string
}

func splitCases(s string) []goldenCase {
	var out []goldenCase
	for _, part := range strings.Split("\n"+s, "\n== ")[1:] {
		name, body, _ := strings.Cut(part, " ==\n")
		body = strings.TrimSuffix(body, "\n")
		out = append(out, goldenCase{name: name, cells: strings.Split(body, "\n----\n")})
	}
	return out
}

// goldenRun runs the setup cells, then prepares the last cell with the
// pass and the passes it needs, and describes the result.
func goldenRun(t *testing.T, passName string, cells []string) string {
	t.Helper()
	e := newEngine(t)
	if opts, ok := goldenOptions[passName]; ok {
		var err error
		if e, err = New(opts); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(e.Close)
	}
	for _, c := range cells[:len(cells)-1] {
		run(t, e, c)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.cellN++
	code := cells[len(cells)-1]
	p, ce := e.prepareWith(code, passClosure(passName))
	if ce != nil {
		return "error: " + ce.Error() + "\n"
	}
	var b strings.Builder
	if passName == "units" {
		for _, u := range p.pl.units {
			kind := [...]string{"imports", "helper", "decls", "redefine", "stmts"}[u.kind]
			src := u.src
			if u.dyn != nil {
				src = "(built when the units before it have run)"
			}
			fmt.Fprintf(&b, "[%s] %s\n", kind, strings.TrimSpace(directiveRe.ReplaceAllString(src, "")))
		}
	} else {
		p.r.sortEdits()
		b.WriteString(directiveRe.ReplaceAllString(p.r.render(0, len(p.r.src)), "") + "\n")
	}
	if passName == "types" {
		var defs []string
		for id, obj := range p.ct.info.Defs {
			if obj == nil {
				continue
			}
			if _, isVar := obj.(*types.Var); !isVar && obj.Parent() != p.ct.pkg.Scope() {
				continue
			}
			if v, isVar := obj.(*types.Var); isVar && (v.IsField() || obj.Parent() != p.ct.pkg.Scope() && !topLevelDefine(p, id)) {
				continue
			}
			defs = append(defs, id.Name+" "+types.TypeString(obj.Type(), func(*types.Package) string { return "" }))
		}
		sort.Strings(defs)
		for _, d := range defs {
			b.WriteString("# type of " + d + "\n")
		}
		var errs []string
		for _, te := range p.ct.errors {
			l, c := p.pos(te.Pos)
			errs = append(errs, fmt.Sprintf("%d:%d: %s", l, c, te.Msg))
		}
		sort.Strings(errs)
		for _, e := range errs {
			b.WriteString("# go/types: " + e + "\n")
		}
	}
	facts := func(label string, xs []string) {
		if len(xs) > 0 {
			sort.Strings(xs)
			fmt.Fprintf(&b, "# %s: %s\n", label, strings.Join(xs, ", "))
		}
	}
	var imps, helps []string
	for _, im := range p.newImports {
		imps = append(imps, im.name+" "+im.path)
	}
	for h := range p.helpers {
		helps = append(helps, h)
	}
	facts("new imports", imps)
	facts("helpers", helps)
	facts("range operands not classified", p.pl.rangeUnknown)
	facts("untyped index defines", p.pl.untypedIndex)
	var blanks []string
	for ts := range p.blankTypes {
		blanks = append(blanks, p.posString(ts.Pos()))
	}
	facts("blank types dropped", blanks)
	if p.pl.hasDefers {
		b.WriteString("# runs top-level defers at the end\n")
	}
	return b.String()
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got: %q\nwant: %q", i+1, gl, wl)
		}
	}
	return ""
}

// topLevelDefine reports whether id is defined by a top-level := of the
// cell.
func topLevelDefine(p *prep, id *ast.Ident) bool {
	for _, s := range p.pc.stmts.Body.List {
		if as, ok := s.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, l := range as.Lhs {
				if l == id {
					return true
				}
			}
		}
	}
	return false
}
