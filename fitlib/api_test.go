package fitlib_test

// TestAPIScheme checks mechanically the rules of the API scheme written
// down in doc.go, over the exported API of every fitlib package (internal
// packages and test files excluded). Each rule below cites its number in
// the scheme; a violation names the package, the identifier and the rule.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/doc"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
)

const modPath = "github.com/gophernote/gophernote/"

// verbs may only open a function's name (rule N1): GridFit, SurfacePlot,
// RunBacktest and EnvelopeFromFit are what the rule forbids.
var verbs = []string{"Fit", "Plot", "Load", "Read", "Analyze", "Bootstrap", "Backtest", "Simulate", "Generate"}

// banned opens no exported function or method name (rule N1): Run and Do
// say nothing, Get is Param (rule R4).
var banned = []string{"Run", "Do", "Get"}

// choiceNames are parameter and field names that select among fixed
// alternatives; they must not be strings (rule O4).
var choiceNames = map[string]bool{"method": true, "law": true, "estimator": true, "estimators": true,
	"kind": true, "transform": true, "penalty": true, "methods": true, "laws": true}

// recordFields are the fields of fit.Outcome, the record every fit embeds
// (rule R5), with their types; replaced are the names they replaced, which
// no struct may declare either.
var recordFields = [][2]string{
	{"Objective", "float64"}, {"Status", modPath + "fitlib/fit.Status"}, {"Reason", "string"},
	{"Iterations", "int"}, {"Evaluations", "int"}, {"Time", "time.Duration"}, {"GradNorm", "float64"},
	{"SEKind", modPath + "fitlib/fit.SEKind"}, {"Warnings", "[]string"},
}
var replaced = [][2]string{{"Converged", "bool"}, {"Seconds", "float64"}, {"NLL", "float64"}, {"SSE", "float64"}}

// recordChoices are the choices of the record and of every fit result:
// in any exported struct of fitlib a field of one of these names is a
// typed constant, never a string (rule O4).
var recordChoices = map[string]bool{"Status": true, "Method": true, "SEKind": true, "Loss": true, "LogLikKind": true, "SEMethod": true}

// fitlibPackage is one type-checked fitlib package.
type fitlibPackage struct {
	PkgPath string
	Dir     string
	Types   *types.Package
	Files   []*ast.File
}

// loadFitlib type-checks every fitlib package from source, importing its
// dependencies from the export data `go list -export` builds (the standard
// library's go/importer cannot find module packages by itself).
func loadFitlib(t *testing.T) []*fitlibPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,Standard", "./...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	type listed struct {
		ImportPath, Dir, Export string
		GoFiles                 []string
		Standard                bool
	}
	exports := map[string]string{}
	var mine []listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var l listed
		if err := dec.Decode(&l); err != nil {
			t.Fatal(err)
		}
		exports[l.ImportPath] = l.Export
		if strings.HasPrefix(l.ImportPath, modPath+"fitlib") && !strings.Contains(l.ImportPath, "/internal") {
			mine = append(mine, l)
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok || f == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})
	var pkgs []*fitlibPackage
	for _, l := range mine {
		var files []*ast.File
		for _, g := range l.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(l.Dir, g), nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		conf := types.Config{Importer: imp}
		tp, err := conf.Check(l.ImportPath, fset, files, nil)
		if err != nil {
			t.Fatalf("%s: %v", l.ImportPath, err)
		}
		if tp.Scope().Len() == 0 {
			continue // the doc-only fitlib package
		}
		pkgs = append(pkgs, &fitlibPackage{l.ImportPath, l.Dir, tp, files})
	}
	if len(pkgs) < 10 {
		t.Fatalf("found %d fitlib packages, want at least 10", len(pkgs))
	}
	return pkgs
}

// words splits a Go identifier into its camel-case words ("FitBNSLFile" ->
// Fit, BNSL, File; "PassAtK" -> Pass, At, K).
func words(name string) []string {
	var out []string
	r := []rune(name)
	start := 0
	for i := 1; i < len(r); i++ {
		upper := unicode.IsUpper(r[i])
		switch {
		case upper && !unicode.IsUpper(r[i-1]):
			out = append(out, string(r[start:i]))
			start = i
		case upper && i+1 < len(r) && unicode.IsLower(r[i+1]) && unicode.IsUpper(r[i-1]):
			out = append(out, string(r[start:i]))
			start = i
		case unicode.IsDigit(r[i]) != unicode.IsDigit(r[i-1]) && !unicode.IsUpper(r[i]):
			// keep digits with their word (T2, L2)
		}
	}
	return append(out, string(r[start:]))
}

type checker struct {
	t    *testing.T
	errs []string
}

func (c *checker) errorf(pkg *types.Package, name, rule, format string, args ...any) {
	msg := pkg.Name() + "." + name + " (" + rule + "): " + strings.TrimSpace(sprintf(format, args...))
	c.errs = append(c.errs, msg)
}

func sprintf(format string, args ...any) string {
	if len(args) == 0 {
		return format
	}
	return fmt.Sprintf(format, args...)
}

// holdsSlice reports whether a struct type holds a slice or map, directly
// or through struct (not pointer) fields and arrays.
func holdsSlice(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	case *types.Array:
		return holdsSlice(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsSlice(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// fitlibStruct returns the named struct type of a fitlib package behind t
// (nil for anything else).
func fitlibStruct(t types.Type) *types.Named {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !strings.HasPrefix(n.Obj().Pkg().Path(), modPath+"fitlib") {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n
}

func isVerb(w string) bool {
	for _, v := range verbs {
		if w == v {
			return true
		}
	}
	return false
}

func hasMethod(t types.Type, name string) bool {
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			return true
		}
	}
	return false
}

func hasFields(t types.Type, names ...string) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for _, want := range names {
		found := false
		for i := 0; i < st.NumFields(); i++ {
			found = found || st.Field(i).Name() == want
		}
		if !found {
			return false
		}
	}
	return true
}

// sentinel matches a field comment that gives a negative value a meaning.
var sentinel = regexp.MustCompile(`(<\s*0\b|\bnegative\b|-1\b)`)

// checkSentinels (rule O2): no field of an options struct documents a
// negative value as a setting ("< 0 for none").
func checkSentinels(c *checker, p *fitlibPackage) {
	for _, f := range p.Files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range g.Specs {
				ts, ok := sp.(*ast.TypeSpec)
				if !ok || !ts.Name.IsExported() || !strings.HasSuffix(ts.Name.Name, "Options") {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fl := range st.Fields.List {
					text := fl.Doc.Text() + fl.Comment.Text()
					if sentinel.MatchString(text) {
						name := ""
						if len(fl.Names) > 0 {
							name = fl.Names[0].Name
						}
						c.errorf(p.Types, ts.Name.Name+"."+name, "O2", "a negative value as a setting: %q", strings.TrimSpace(text))
					}
				}
			}
		}
	}
}

func qualified(n *types.Named) string { return n.Obj().Pkg().Path() + "." + n.Obj().Name() }

func isOptions(t types.Type) bool {
	n := fitlibStruct(t)
	return n != nil && strings.HasSuffix(n.Obj().Name(), "Options")
}

type funcInfo struct {
	pkg  *types.Package
	name string // Func or Type.Method
	sig  *types.Signature
	recv string
}

func exportedFuncs(pkgs []*fitlibPackage) []funcInfo {
	var out []funcInfo
	for _, p := range pkgs {
		sc := p.Types.Scope()
		for _, n := range sc.Names() {
			obj := sc.Lookup(n)
			if !obj.Exported() {
				continue
			}
			switch o := obj.(type) {
			case *types.Func:
				out = append(out, funcInfo{p.Types, o.Name(), o.Type().(*types.Signature), ""})
			case *types.TypeName:
				named, ok := o.Type().(*types.Named)
				if !ok {
					continue
				}
				for i := 0; i < named.NumMethods(); i++ {
					m := named.Method(i)
					if m.Exported() {
						out = append(out, funcInfo{p.Types, o.Name() + "." + m.Name(), m.Type().(*types.Signature), o.Name()})
					}
				}
			}
		}
	}
	return out
}

func TestAPIScheme(t *testing.T) {
	pkgs := loadFitlib(t)
	c := &checker{t: t}
	funcs := exportedFuncs(pkgs)

	// Types accepted by value as a parameter somewhere: values, not results (R1).
	byValueParam := map[string]bool{} // keyed by path.Name: each package sees its own *types.Named
	for _, f := range funcs {
		for i := 0; i < f.sig.Params().Len(); i++ {
			pt := f.sig.Params().At(i).Type()
			if s, ok := pt.(*types.Slice); ok {
				pt = s.Elem()
			}
			if n := fitlibStruct(pt); n != nil {
				byValueParam[qualified(n)] = true
			}
		}
		if f.recv != "" {
			if n := fitlibStruct(f.sig.Recv().Type()); n != nil {
				byValueParam[qualified(n)] = true
			}
		}
	}

	for _, f := range funcs {
		short := f.name
		if f.recv != "" {
			short = f.name[len(f.recv)+1:]
		}
		ws := words(short)
		// N1: verbs open function names; Run, Do, Get open none.
		if f.recv == "" && !isVerb(ws[0]) {
			for i, w := range ws {
				if isVerb(w) && i > 0 {
					c.errorf(f.pkg, f.name, "N1", "the verb %s must open the name (verb-first)", w)
				}
			}
		}
		for _, b := range banned {
			if ws[0] == b {
				c.errorf(f.pkg, f.name, "N1", "names do not open with %s", b)
			}
		}
		// N3: in package plots, figure functions are not PlotX (no stutter).
		if f.pkg.Name() == "plots" && f.recv == "" && ws[0] == "Plot" {
			c.errorf(f.pkg, f.name, "N3", "plots.PlotX stutters: name it X")
		}
		params, results := f.sig.Params(), f.sig.Results()
		// O1: at most one options struct, by value, last.
		nopt := 0
		for i := 0; i < params.Len(); i++ {
			pt := params.At(i).Type()
			if p, ok := pt.(*types.Pointer); ok && isOptions(p.Elem()) {
				c.errorf(f.pkg, f.name, "O1", "options are passed by value, not %s", pt)
			}
			if isOptions(pt) {
				nopt++
				if i != params.Len()-1 {
					c.errorf(f.pkg, f.name, "O1", "the options parameter %s must be last", params.At(i).Name())
				}
			}
			// O4: choices are typed constants, not strings.
			if choiceNames[strings.ToLower(params.At(i).Name())] {
				if b, ok := pt.Underlying().(*types.Basic); ok && b.Kind() == types.String && pt == types.Typ[types.String] {
					c.errorf(f.pkg, f.name, "O4", "parameter %s is a plain string: use a typed constant", params.At(i).Name())
				}
				if s, ok := pt.(*types.Slice); ok && s.Elem() == types.Typ[types.String] {
					c.errorf(f.pkg, f.name, "O4", "parameter %s is []string: use typed constants", params.At(i).Name())
				}
			}
		}
		if nopt > 1 {
			c.errorf(f.pkg, f.name, "O1", "%d options parameters: nest the inner call's options as a field", nopt)
		}
		// D1: two or more input columns are named, not positional (figure
		// methods of package plots take coordinates x, y, lo, hi, as
		// matplotlib does).
		run := 0
		for i := 0; i < params.Len() && f.pkg.Name() != "plots"; i++ {
			if s, ok := params.At(i).Type().(*types.Slice); ok && s.Elem() == types.Typ[types.Float64] {
				run++
				if run == 3 {
					c.errorf(f.pkg, f.name, "D1", "three or more []float64 columns in a row: pass input columns by name (map[string][]float64)")
				}
			} else {
				run = 0
			}
		}
		// R1: results holding slices or maps are returned by pointer.
		for i := 0; i < results.Len(); i++ {
			rt := results.At(i).Type()
			elem := rt
			if s, ok := rt.(*types.Slice); ok {
				elem = s.Elem()
			}
			if n := fitlibStruct(elem); n != nil && !byValueParam[qualified(n)] && holdsSlice(n, map[types.Type]bool{}) {
				c.errorf(f.pkg, f.name, "R1", "returns %s by value; it holds slices or maps: return a pointer", types.TypeString(rt, types.RelativeTo(f.pkg)))
			}
		}
		// R2: FitX returns (*T, error) with T named ...Fit or Result.
		if f.recv == "" && ws[0] == "Fit" {
			ok := results.Len() == 2 && results.At(1).Type().String() == "error"
			if ok {
				p, isPtr := results.At(0).Type().(*types.Pointer)
				ok = isPtr
				if isPtr {
					n, isNamed := p.Elem().(*types.Named)
					ok = isNamed && (strings.HasSuffix(n.Obj().Name(), "Fit") || n.Obj().Name() == "Result")
				}
			}
			if !ok {
				c.errorf(f.pkg, f.name, "R2", "a Fit function returns (*XFit or *Result, error), not %s", results)
			}
		}
		// R4: one accessor for a named parameter.
		if f.recv != "" && short == "Get" {
			c.errorf(f.pkg, f.name, "R4", "the accessor is Param(name)")
		}
		// C1: long-running calls take a Context and report progress.
		if f.recv == "" && (ws[0] == "Bootstrap" || ws[0] == "Backtest" || ws[0] == "Analyze") {
			if params.Len() == 0 || !isOptions(params.At(params.Len()-1).Type()) || !hasFields(params.At(params.Len()-1).Type(), "Context", "Progress") {
				c.errorf(f.pkg, f.name, "C1", "a long-running call takes an options struct with Context and Progress")
			}
		}
		// R3: results a cell ends with render themselves.
		if f.recv == "" && results.Len() > 0 && (isVerb(ws[0]) && ws[0] != "Plot" && ws[0] != "Load" && ws[0] != "Read" && ws[0] != "Generate" && ws[0] != "Simulate") {
			if p, ok := results.At(0).Type().(*types.Pointer); ok {
				if n := fitlibStruct(p.Elem()); n != nil && !hasMethod(p, "MIMEBundle") {
					c.errorf(f.pkg, f.name, "R3", "its result %s has no MIMEBundle method", n.Obj().Name())
				}
			}
		}
		// G1: no generic functions (yaegi's symbol tables cannot hold them).
		if f.sig.TypeParams().Len() > 0 {
			c.errorf(f.pkg, f.name, "G1", "generic function")
		}
	}

	for _, p := range pkgs {
		checkSentinels(c, p)
		sc := p.Types.Scope()
		for _, n := range sc.Names() {
			obj := sc.Lookup(n)
			if !obj.Exported() {
				continue
			}
			// B2: one default number of resamples.
			if k, ok := obj.(*types.Const); ok && n == "DefaultResamples" && k.Val().String() != "1000" {
				c.errorf(p.Types, n, "B2", "DefaultResamples is %s, not 1000", k.Val())
			}
			// R3: one rich form per type (display takes MIME first).
			if tn, ok := obj.(*types.TypeName); ok {
				pt := types.NewPointer(tn.Type())
				if hasMethod(pt, "MIME") && hasMethod(pt, "MIMEBundle") {
					c.errorf(p.Types, n, "R3", "both MIME and MIMEBundle: keep MIMEBundle")
				}
			}
			// V1: no exported package-level variables.
			if _, ok := obj.(*types.Var); ok {
				c.errorf(p.Types, n, "V1", "exported package-level variable: make it a function returning a fresh value")
			}
			tn, ok := obj.(*types.TypeName)
			if !ok {
				continue
			}
			named, _ := tn.Type().(*types.Named)
			if named != nil && named.TypeParams().Len() > 0 {
				c.errorf(p.Types, n, "G1", "generic type")
			}
			for _, suf := range []string{"Config", "Settings", "Opts", "Option"} {
				if strings.HasSuffix(n, suf) {
					c.errorf(p.Types, n, "O1", "options types are named XOptions")
				}
			}
			st, isStruct := tn.Type().Underlying().(*types.Struct)
			if !isStruct {
				continue
			}
			fields := map[string]types.Type{}
			for i := 0; i < st.NumFields(); i++ {
				fields[st.Field(i).Name()] = st.Field(i).Type()
				f := st.Field(i)
				if f.Exported() && byValueParam[qualified(named)] && choiceNames[strings.ToLower(f.Name())] {
					if f.Type() == types.Typ[types.String] {
						c.errorf(p.Types, n+"."+f.Name(), "O4", "a choice field is a plain string: use a typed constant")
					}
					if s, ok := f.Type().(*types.Slice); ok && s.Elem() == types.Typ[types.String] {
						c.errorf(p.Types, n+"."+f.Name(), "O4", "a choice field is []string: use typed constants")
					}
				}
			}
			// C1: Context and Progress come together, with these types.
			_, hasCtx := fields["Context"]
			_, hasProg := fields["Progress"]
			if strings.HasSuffix(n, "Options") && hasCtx != hasProg {
				c.errorf(p.Types, n, "C1", "options with Context need Progress func(done, total int), and vice versa")
			}
			if hasCtx && fields["Context"].String() != "context.Context" {
				c.errorf(p.Types, n+".Context", "C1", "Context is a context.Context")
			}
			if hasProg && fields["Progress"].String() != "func(done int, total int)" {
				c.errorf(p.Types, n+".Progress", "C1", "Progress is func(done, total int), not %s", fields["Progress"])
			}
			// B1: one bootstrap shape.
			want := map[string]map[string]string{
				"BootstrapOptions": {"Resamples": "int", "Level": "float64", "Seed": "uint64", "Workers": "int",
					"Context": "context.Context", "Progress": "func(done int, total int)"},
				"BootstrapResult": {"Names": "[]string", "Estimate": "[]float64", "SE": "[]float64", "Lo": "[]float64",
					"Hi": "[]float64", "Median": "[]float64", "Samples": "[][]float64", "Failed": "int", "Resamples": "int",
					"Level": "float64"},
			}[n]
			for field, typ := range want {
				if got, ok := fields[field]; !ok || got.String() != typ {
					c.errorf(p.Types, n, "B1", "the bootstrap shape needs field %s %s", field, typ)
				}
			}
			// S1: one per-start record.
			if strings.Contains(n, "Start") && (strings.HasSuffix(n, "Summary") || strings.HasSuffix(n, "Result")) {
				c.errorf(p.Types, n, "S1", "per-start records are fit.Start")
			}
			// P1: one counter name.
			if _, ok := fields["FuncEvals"]; ok {
				c.errorf(p.Types, n+".FuncEvals", "P1", "the evaluation counter is Evaluations")
			}
		}
	}
	checkResultShape(c, pkgs)
	checkExamples(t, c, pkgs)
	sort.Strings(c.errs)
	for _, e := range c.errs {
		t.Error(e)
	}
}

// checkExamples (rule X1): every package has a runnable example — one go
// test runs, with an output comment it checks — and fitlib has at least
// 40. An Example whose body holds an "Output:" comment that go/doc does not
// take as its output (the comment joined to the one before it, or not the
// last in the body) is compiled but never run: an error.
func checkExamples(t *testing.T, c *checker, pkgs []*fitlibPackage) {
	total := 0
	for _, p := range pkgs {
		files, _ := filepath.Glob(filepath.Join(p.Dir, "*_test.go"))
		fset := token.NewFileSet()
		var parsed []*ast.File
		for _, fn := range files {
			f, err := parser.ParseFile(fset, fn, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			parsed = append(parsed, f)
		}
		n := 0
		for _, ex := range doc.Examples(parsed...) {
			if ex.Output != "" || ex.EmptyOutput {
				n++
				continue
			}
			if pos := outputComment(parsed, ex.Code); pos.IsValid() {
				c.errs = append(c.errs, sprintf("%s: Example%s (X1): its Output: comment is not the last comment group of the body, so go test never runs it",
					fset.Position(pos), ex.Name))
			}
		}
		if n == 0 {
			c.errorf(p.Types, "", "X1", "no runnable Example")
		}
		total += n
	}
	if total < 40 {
		c.errs = append(c.errs, sprintf("fitlib (X1): %d examples in all, want at least 40", total))
	}
	if os.Getenv("GOPHERNOTE_VERBOSE") != "" {
		t.Logf("%d examples", total)
	}
}

// outputComment is the position of a comment holding "Output:" inside the
// body code, or token.NoPos.
func outputComment(files []*ast.File, code ast.Node) token.Pos {
	if code == nil {
		return token.NoPos
	}
	for _, f := range files {
		for _, cg := range f.Comments {
			if cg.Pos() >= code.Pos() && cg.End() <= code.End() && strings.Contains(cg.Text(), "Output:") {
				return cg.Pos()
			}
		}
	}
	return token.NoPos
}

// checkResultShape checks rule R5, one result shape. fit.Outcome is the
// record (recordFields). Every fit — a type returned by a FitX function or
// a Fit method, and every struct type named XFit — either is a fit, which
// embeds fit.Outcome and has Parameters() []fit.FittedParam,
// Param(name string) (fit.FittedParam, error), Report() *fit.Report and a
// MIMEBundle that returns its Report's (one renderer for every result), or
// is a collection of fits, which holds them in fields (*T or []*T, T a
// fit) and embeds no record of its own. No struct of a package that fits
// (fit and the packages importing it) declares a field of the record, or
// one of the names the record replaced, itself; fit.Start, the per-start
// record, embeds fit.Outcome too.
func checkResultShape(c *checker, pkgs []*fitlibPackage) {
	var fitPkg *fitlibPackage
	for _, p := range pkgs {
		if p.Types.Path() == modPath+"fitlib/fit" {
			fitPkg = p
		}
	}
	if fitPkg == nil {
		c.errs = append(c.errs, "fitlib (R5): no package fit")
		return
	}
	lookup := func(name string) *types.Named {
		obj, _ := fitPkg.Types.Scope().Lookup(name).(*types.TypeName)
		if obj == nil {
			c.errorf(fitPkg.Types, name, "R5", "package fit has no type %s", name)
			return nil
		}
		return obj.Type().(*types.Named)
	}
	outcome, fparam, report := lookup("Outcome"), lookup("FittedParam"), lookup("Report")
	if outcome == nil || fparam == nil || report == nil {
		return
	}
	// the record itself
	ost := outcome.Underlying().(*types.Struct)
	if ost.NumFields() != len(recordFields) {
		c.errorf(fitPkg.Types, "Outcome", "R5", "the record has %d fields, want %d", ost.NumFields(), len(recordFields))
	}
	for i, f := range recordFields {
		if i < ost.NumFields() && (ost.Field(i).Name() != f[0] || ost.Field(i).Type().String() != f[1]) {
			c.errorf(fitPkg.Types, "Outcome."+ost.Field(i).Name(), "R5", "field %d is %s %s, want %s %s", i, ost.Field(i).Name(), ost.Field(i).Type(), f[0], f[1])
		}
	}
	for _, choice := range []string{"Status", "SEKind"} {
		if t := lookup(choice); t != nil && (!isInt(t) || !hasMethod(t, "String")) {
			c.errorf(fitPkg.Types, choice, "R5", "a choice is an integer type with a String method (rule O4)")
		}
	}
	// Each package is checked from source against the others' export
	// data, so the same type is a different *types.Named in each: compare
	// types by their qualified names.
	outcomeName := outcome.String()
	embeds := func(t types.Type) bool {
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return false
		}
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Embedded() && st.Field(i).Type().String() == outcomeName {
				return true
			}
		}
		return false
	}
	// the fits: returned by FitX or a Fit method, or named XFit
	fits := map[*types.Named]string{} // -> where it was found
	note := func(t types.Type, where string) {
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n := fitlibStruct(t); n != nil {
			if _, seen := fits[n]; !seen {
				fits[n] = where
			}
		}
	}
	for _, f := range exportedFuncs(pkgs) {
		short := f.name
		if f.recv != "" {
			short = f.name[len(f.recv)+1:]
		}
		if (f.recv == "" && words(short)[0] == "Fit") || (f.recv != "" && short == "Fit") {
			if f.sig.Results().Len() > 0 {
				note(f.sig.Results().At(0).Type(), f.pkg.Name()+"."+f.name)
			}
		}
	}
	isFitPkg := map[*types.Package]bool{fitPkg.Types: true}
	for _, p := range pkgs {
		for _, imp := range p.Types.Imports() {
			if imp.Path() == fitPkg.Types.Path() {
				isFitPkg[p.Types] = true
			}
		}
		sc := p.Types.Scope()
		for _, n := range sc.Names() {
			if tn, ok := sc.Lookup(n).(*types.TypeName); ok && tn.Exported() && strings.HasSuffix(n, "Fit") {
				note(tn.Type(), "its name")
			}
		}
	}
	if len(fits) < 15 {
		c.errs = append(c.errs, sprintf("fitlib (R5): found %d fit result types, want at least 15", len(fits)))
	}
	paramSig := types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewVar(0, nil, "name", types.Typ[types.String])),
		types.NewTuple(types.NewVar(0, nil, "", fparam), types.NewVar(0, nil, "", types.Universe.Lookup("error").Type())), false)
	paramsSig := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(0, nil, "", types.NewSlice(fparam))), false)
	reportSig := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(0, nil, "", types.NewPointer(report))), false)
	method := func(t *types.Named, name string) *types.Signature {
		ms := types.NewMethodSet(types.NewPointer(t))
		for i := 0; i < ms.Len(); i++ {
			if ms.At(i).Obj().Name() == name {
				return ms.At(i).Obj().Type().(*types.Signature)
			}
		}
		return nil
	}
	sameSig := func(a, b *types.Signature) bool {
		return a != nil && types.NewSignatureType(nil, nil, nil, a.Params(), a.Results(), a.Variadic()).String() == b.String()
	}
	var names []*types.Named
	for n := range fits {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return qualified(names[i]) < qualified(names[j]) })
	for _, n := range names {
		pkg, name := n.Obj().Pkg(), n.Obj().Name()
		if embeds(n) {
			for _, m := range []struct {
				name string
				want *types.Signature
			}{{"Param", paramSig}, {"Parameters", paramsSig}, {"Report", reportSig}} {
				if !sameSig(method(n, m.name), m.want) {
					c.errorf(pkg, name, "R5", "a fit (%s) needs %s%s", fits[n], m.name, strings.TrimPrefix(m.want.String(), "func"))
				}
			}
			if !reportsItself(pkgs, n) {
				c.errorf(pkg, name+".MIMEBundle", "R5", "a fit shows its Report: its MIMEBundle returns X.Report().MIMEBundle() (one renderer)")
			}
			continue
		}
		// a collection of fits
		st := n.Underlying().(*types.Struct)
		holds := false
		for i := 0; i < st.NumFields(); i++ {
			t := st.Field(i).Type()
			if s, ok := t.(*types.Slice); ok {
				t = s.Elem()
			}
			if p, ok := t.(*types.Pointer); ok && embeds(p.Elem()) {
				holds = true
			}
		}
		if !holds {
			c.errorf(pkg, name, "R5", "a fit result (%s) embeds fit.Outcome, or is a collection holding fits (*T or []*T fields)", fits[n])
		}
	}
	// no struct redeclares the record; the per-start record embeds it
	if start, ok := fitPkg.Types.Scope().Lookup("Start").(*types.TypeName); !ok || !embeds(start.Type()) {
		c.errorf(fitPkg.Types, "Start", "R5", "the per-start record embeds fit.Outcome")
	}
	for _, p := range pkgs {
		if !isFitPkg[p.Types] {
			continue
		}
		sc := p.Types.Scope()
		for _, n := range sc.Names() {
			tn, ok := sc.Lookup(n).(*types.TypeName)
			if !ok || !tn.Exported() || tn.Type().String() == outcomeName {
				continue
			}
			st, ok := tn.Type().Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i := 0; i < st.NumFields(); i++ {
				f := st.Field(i)
				if !f.Exported() || f.Embedded() {
					continue
				}
				for _, r := range recordFields {
					if f.Name() == r[0] && (f.Type().String() == r[1] || recordChoices[r[0]]) {
						c.errorf(p.Types, n+"."+f.Name(), "R5", "redeclares the record's field %s %s: embed fit.Outcome", f.Name(), f.Type())
					}
				}
				for _, r := range replaced {
					if f.Name() == r[0] && f.Type().String() == r[1] {
						c.errorf(p.Types, n+"."+f.Name(), "R5", "%s %s is what the record replaced (Converged(), Time, Objective): embed fit.Outcome", f.Name(), r[1])
					}
				}
			}
		}
	}
	// O4 for every exported struct: choice fields are not strings
	for _, p := range pkgs {
		sc := p.Types.Scope()
		for _, n := range sc.Names() {
			tn, ok := sc.Lookup(n).(*types.TypeName)
			if !ok || !tn.Exported() {
				continue
			}
			st, ok := tn.Type().Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i := 0; i < st.NumFields(); i++ {
				f := st.Field(i)
				if !f.Exported() || !recordChoices[f.Name()] {
					continue
				}
				if f.Type() == types.Typ[types.String] {
					c.errorf(p.Types, n+"."+f.Name(), "O4", "a choice field is a plain string: use a typed constant")
				}
				if s, ok := f.Type().(*types.Slice); ok && s.Elem() == types.Typ[types.String] {
					c.errorf(p.Types, n+"."+f.Name(), "O4", "a choice field is []string: use typed constants")
				}
			}
		}
	}
}

func isInt(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// reportsItself reports whether type n's MIMEBundle method is
// `return recv.Report().MIMEBundle()`.
func reportsItself(pkgs []*fitlibPackage, n *types.Named) bool {
	for _, p := range pkgs {
		if p.Types.Path() != n.Obj().Pkg().Path() {
			continue
		}
		for _, f := range p.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv == nil || fd.Name.Name != "MIMEBundle" || fd.Body == nil || len(fd.Body.List) != 1 {
					continue
				}
				rt := fd.Recv.List[0].Type
				if s, ok := rt.(*ast.StarExpr); ok {
					rt = s.X
				}
				if id, ok := rt.(*ast.Ident); !ok || id.Name != n.Obj().Name() {
					continue
				}
				ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
				if !ok || len(ret.Results) != 1 {
					return false
				}
				outer, ok := ret.Results[0].(*ast.CallExpr)
				if !ok {
					return false
				}
				sel, ok := outer.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "MIMEBundle" {
					return false
				}
				inner, ok := sel.X.(*ast.CallExpr)
				if !ok {
					return false
				}
				isel, ok := inner.Fun.(*ast.SelectorExpr)
				return ok && isel.Sel.Name == "Report" && len(inner.Args) == 0
			}
		}
	}
	return false
}
