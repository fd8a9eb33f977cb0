package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The minimizer of TestGoFuzz: a difference is reduced, while it
// persists, to a small program. It starts from the unit alone, then
// deletes top-level declarations and statements (chunks first, halving
// down to one), replaces if/else statements by one branch, binary
// expressions by an operand and drops composite literal elements. A
// candidate is tried only when go/types accepts it after mechanical
// repairs (an unused variable gets `_ = x`, an unused import goes); it
// is kept when compiled Go and the interpreted mode still differ with
// the same verdict (and, for a crash, the same kind of error).

// minBudget bounds one minimization.
const (
	minTests = 250
	minTime  = 3 * time.Minute
)

// minimizer is one minimization's state.
type minimizer struct {
	f      *fuzzer
	ev     fuzzEvent
	dir    string
	tests  int
	start  time.Time
	errSig string // for crashes: the crash kind to keep
	// compileCrash: the crash happens while compiling (nothing printed).
	compileCrash bool
	final        bool // the last check: compiled runs too
	// shape: for a silent difference, the shape of its first differing
	// line (silentShape), kept while reducing.
	shape string
}

// shapeNumRe and shapeRunRe abstract numbers and their repetitions.
var (
	shapeNumRe = regexp.MustCompile(`[-+]?(0x[0-9a-fA-F]+|\d+(\.\d+)?(e[-+]?\d+)?|Inf|NaN)`)
	shapeRunRe = regexp.MustCompile(`(N[ ,]*){2,}`)
)

// silentShape is the shape of the first line where two runs' outputs
// differ (numbers, names and repetitions abstracted), or of their ends.
func silentShape(want, got observation) string {
	shape := func(s string) string {
		s = refusalNameRe.ReplaceAllString(s, "X")
		s = shapeNumRe.ReplaceAllString(s, "N")
		return shapeRunRe.ReplaceAllString(s, "N…")
	}
	wl, gl := strings.Split(want.Stdout, "\n"), strings.Split(got.Stdout, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		} else {
			g = "<end>"
		}
		if w != g {
			return shape(w) + " -> " + shape(g)
		}
	}
	return "end " + shape(want.End) + " -> " + shape(got.End)
}

// eventSignature groups events that probably share a cause, so a run
// minimizes only a few of each: mode, verdict, the unit's theme and the
// shape of the first differing line (digits and names abstracted) or of
// the error.
func eventSignature(ev fuzzEvent) string {
	shape := func(s string) string {
		s = refusalNameRe.ReplaceAllString(s, "X")
		return regexp.MustCompile(`-?\d+(\.\d+)?(e[+-]?\d+)?`).ReplaceAllString(s, "N")
	}
	var what string
	if ev.Verdict == "crash" {
		what = shape(firstLine(ev.got.Error))
		if len(what) > 80 {
			what = what[:80]
		}
	} else {
		wl, gl := strings.Split(ev.want.Stdout, "\n"), strings.Split(ev.got.Stdout, "\n")
		for i := 0; i < len(wl) || i < len(gl); i++ {
			var w, g string
			if i < len(wl) {
				w = wl[i]
			}
			if i < len(gl) {
				g = gl[i]
			}
			if w != g {
				what = shape(w) + " -> " + shape(g)
				break
			}
		}
		if what == "" {
			what = "end " + shape(ev.want.End) + " -> " + shape(ev.got.End)
		}
	}
	return ev.Mode + " " + ev.Verdict + " " + ev.Feature + " " + what
}

// differenceClass is an event's signature without its mode and the
// unit's theme: the events of a run grouped by what went wrong, the
// approximate root causes a run's summary lists.
func differenceClass(ev fuzzEvent) string {
	sig := eventSignature(ev)
	sig = strings.TrimPrefix(sig, ev.Mode+" ")
	sig = strings.Replace(sig, " "+ev.Feature+" ", " ", 1)
	sig = regexp.MustCompile(`(?:cell \d+: )|(?: \[(?:at|in) [^\]]*\])|(?:cell\d+/_\.go:)`).ReplaceAllString(sig, "")
	return sig
}

// minimizeEvent reduces an event's program and writes it to the corpus.
func (f *fuzzer) minimizeEvent(p *fuzzProgram, ev fuzzEvent) {
	t := f.t
	sig := eventSignature(ev)
	f.mu.Lock()
	n := f.signature[sig]
	f.signature[sig]++
	f.mu.Unlock()
	if n >= 2 {
		t.Logf("seed %d unit %d (%s): not minimized, %d like it already (%s)", ev.Seed, ev.Unit, ev.Mode, n, sig)
		return
	}
	m := &minimizer{f: f, ev: ev, dir: filepath.Join(f.work, "min", fmt.Sprintf("s%d_u%d_%s", ev.Seed, ev.Unit, ev.Mode)), start: time.Now()}
	os.MkdirAll(m.dir, 0o755)
	m.shape = silentShape(ev.want, ev.got)
	if ev.Verdict == "crash" {
		m.errSig = crashKind(ev.got)
		m.compileCrash = ev.got.End == "compile error" && ev.got.Stdout == ""
	}
	// the unit alone, else the units of the run that showed it
	m.final = true
	src := p.prog.Source(func(i int) bool { return i == ev.Unit || i == ev.Victim })
	if ev.Unit < 0 || !m.differs(src) {
		keep := map[int]bool{}
		for _, u := range ev.Keep {
			keep[u] = true
		}
		src = p.prog.Source(func(i int) bool { return keep[i] })
		if !m.differs(src) {
			t.Logf("seed %d unit %d (%s): the difference does not reproduce alone; not minimized", ev.Seed, ev.Unit, ev.Mode)
			return
		}
	}
	m.final = false
	src = m.reduce(src)
	if out, err := format.Source(src); err == nil {
		src = out
	}
	m.final = true
	if !m.differs(src) {
		t.Logf("seed %d unit %d (%s): the formatted reduction no longer differs; not written", ev.Seed, ev.Unit, ev.Mode)
		return
	}
	want, got := m.observe(src)
	// the other mode on the reduced program
	other := "script"
	if ev.Mode == "script" {
		other = "notebook"
	}
	om := &minimizer{f: f, ev: ev, dir: m.dir, errSig: m.errSig, compileCrash: m.compileCrash, final: true}
	om.ev.Mode = other
	modes := ev.Mode + " mode"
	if om.differs(src) {
		modes = "script and notebook modes"
	}
	header := fmt.Sprintf("// Found by TestGoFuzz (make fuzz-go): progen seed %d, unit %d, a %s difference\n// from Go in %s; minimized automatically (%d tests).\n//\n// %s\n\n",
		ev.Seed, ev.Unit, ev.Verdict, modes, m.tests, strings.ReplaceAll(strings.TrimSpace(diffText(want, got)), "\n", "\n// "))
	body := src
	if i := bytes.Index(body, []byte("package main")); i >= 0 {
		body = body[i:]
	}
	out := append([]byte(header), body...)
	name := fmt.Sprintf("fuzz_%d_u%d_%s.go", ev.Seed, ev.Unit, ev.Mode)
	path := filepath.Join(f.st.out, name)
	// the same reduced program already written (another seed, same bug)
	if existing, _ := filepath.Glob(filepath.Join(f.st.out, "fuzz_*.go")); len(existing) > 0 {
		for _, e := range existing {
			data, err := os.ReadFile(e)
			if err == nil && bytes.Contains(data, body) {
				t.Logf("seed %d unit %d (%s): reduces to %s, already in the corpus", ev.Seed, ev.Unit, ev.Mode, e)
				return
			}
		}
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Errorf("writing %s: %v", path, err)
		return
	}
	f.mu.Lock()
	f.written[path] = sig
	f.mu.Unlock()
	t.Logf("minimized seed %d unit %d (%s, %s) to %s in %d tests:\n%s", ev.Seed, ev.Unit, ev.Mode, ev.Verdict, path, m.tests, body)
}

// errorKind is the normalized start of an error, for "the same crash".
func errorKind(e string) string {
	e = firstLine(e)
	if i := strings.Index(e, " [at "); i >= 0 {
		e = e[:i]
	}
	e = regexp.MustCompile(`\b\d+:\d+:? ?`).ReplaceAllString(e, "")
	e = refusalNameRe.ReplaceAllString(e, "X")
	e = regexp.MustCompile(`\d+`).ReplaceAllString(e, "N")
	if len(e) > 60 {
		e = e[:60]
	}
	return e
}

// observe builds and runs a candidate with Go and interprets it in the
// event's mode.
func (m *minimizer) observe(src []byte) (want, got observation) {
	got = m.interpret(src)
	want, ok := m.compiled(src)
	if !ok {
		return observation{End: "build error"}, got
	}
	if m.ev.Mode == "notebook" {
		want = asNotebookText(want)
	}
	return want, got
}

// interpret runs a candidate in the event's mode.
func (m *minimizer) interpret(src []byte) (got observation) {
	m.tests++
	dir := filepath.Join(m.dir, strconv.Itoa(m.tests))
	os.MkdirAll(dir, 0o755)
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "fuzz.go")
	os.WriteFile(path, src, 0o644)
	cp := &corpusProgram{name: "fuzz/min", path: path, dir: dir, src: src}
	if m.ev.Mode == "script" {
		return scriptRun(cp, m.f.work)
	}
	return notebookRun(cp, m.f.work)
}

// compiled builds and runs a program (cached by source).
func (m *minimizer) compiled(src []byte) (observation, bool) {
	if o, ok := loadFuzzCache(src); ok {
		return o, o.BuildError == "" && !o.Nondeterministic
	}
	var o observation
	dir := filepath.Join(m.f.mod, "min"+strconv.Itoa(m.tests))
	os.MkdirAll(dir, 0o755)
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644); err != nil {
		return o, false
	}
	exe := filepath.Join(dir, "prog")
	cmd := exec.Command("go", "build", "-o", exe, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GO111MODULE=on")
	if out, err := cmd.CombinedOutput(); err != nil {
		o = observation{BuildError: string(out)}
	} else {
		o = goRun(exe, dir, runLimits{}.withDefaults().compiled)
		if again := goRun(exe, dir, runLimits{}.withDefaults().compiled); !sameRun(again, o) {
			o.Nondeterministic = true
		}
	}
	storeFuzzCache(src, o)
	return o, o.BuildError == "" && !o.Nondeterministic
}

// differs: the candidate shows the event's kind of difference. The
// interpreted run decides first (it is cheaper than a build): a crash
// must be the same kind of crash, a silent difference must not become an
// error. A crash while compiling needs no compiled run until the end
// (the candidate type-checks, so Go accepts it).
func (m *minimizer) differs(src []byte) bool {
	got := m.interpret(src)
	switch m.ev.Verdict {
	case "crash":
		if crashKind(got) != m.errSig {
			return false
		}
		if m.compileCrash && !m.final {
			return true
		}
	case "silent":
		if (got.Error == "") != (m.ev.got.Error == "") {
			return false
		}
	}
	want, ok := m.compiled(src)
	if m.ev.Mode == "notebook" {
		want = asNotebookText(want)
	}
	if ok && m.ev.Verdict == "silent" && silentShape(want, got) != m.shape {
		return false // another difference: the reduction drifted
	}
	if !ok || want.End == "timeout" {
		return false
	}
	if want.End != "ok" && !strings.HasPrefix(want.End, "panic: ") {
		return false
	}
	v := fuzzVerdict(want, got)
	if v != m.ev.Verdict {
		return false
	}
	if m.ev.Verdict == "crash" && crashKind(got) != m.errSig {
		return false
	}
	return true
}

// crashKind is what makes two crashes the same: how the run ended and
// the normalized start of its error.
func crashKind(o observation) string { return o.End + " " + errorKind(o.Error) }

func (m *minimizer) exhausted() bool {
	tests := minTests
	if m.compileCrash {
		tests *= 8 // a test is one interpreted run, no build
	}
	return m.tests >= tests || time.Since(m.start) > minTime
}

// reduce applies the reductions until none helps or the budget ends.
func (m *minimizer) reduce(src []byte) []byte {
	for pass := 0; pass < 4 && !m.exhausted(); pass++ {
		before := len(src)
		// main's and the units' statements first, then what they no
		// longer use, then the declarations, then nested statements
		src = m.deleteNodes(src, false, func(f *ast.File) [][]ast.Node { return stmtLists(f, true) })
		src = m.collect(src)
		src = m.deleteNodes(src, false, func(f *ast.File) [][]ast.Node { return declLists(f) })
		src = m.collect(src)
		src = m.deleteNodes(src, false, func(f *ast.File) [][]ast.Node { return stmtLists(f, false) })
		src = m.replaceNodes(src, pass > 0)
		src = m.deleteNodes(src, true, func(f *ast.File) [][]ast.Node { return eltLists(f) })
		if len(src) >= before {
			break
		}
	}
	return src
}

// collect deletes the functions and types nothing refers to (a type
// with its methods), as often as that frees more, then checks once that
// the difference stays.
func (m *minimizer) collect(src []byte) []byte {
	cur := src
	for round := 0; round < 10; round++ {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "prog.go", cur, parser.ParseComments)
		if err != nil {
			break
		}
		info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: m.f.imp, GoVersion: "go1.24", Error: func(error) {}}
		m.f.impMu.Lock()
		conf.Check("main", fset, []*ast.File{file}, info)
		m.f.impMu.Unlock()
		// the top-level declaration each position belongs to
		owner := func(pos token.Pos) ast.Decl {
			for _, d := range file.Decls {
				if pos >= d.Pos() && pos < d.End() {
					return d
				}
			}
			return nil
		}
		recvType := func(fd *ast.FuncDecl) types.Object {
			if fd.Recv == nil || len(fd.Recv.List) == 0 {
				return nil
			}
			t := fd.Recv.List[0].Type
			if st, ok := t.(*ast.StarExpr); ok {
				t = st.X
			}
			switch x := t.(type) {
			case *ast.IndexExpr:
				t = x.X
			case *ast.IndexListExpr:
				t = x.X
			}
			if id, ok := t.(*ast.Ident); ok {
				return info.Uses[id]
			}
			return nil
		}
		// uses of each object from outside its own declarations
		used := map[types.Object]bool{}
		for id, obj := range info.Uses {
			d := owner(id.Pos())
			if fd, ok := d.(*ast.FuncDecl); ok {
				if info.Defs[fd.Name] == obj || recvType(fd) == obj {
					continue // a function's own body, a method of the type
				}
			}
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				self := false
				for _, sp := range gd.Specs {
					if ts, ok := sp.(*ast.TypeSpec); ok && info.Defs[ts.Name] == obj {
						self = true
					}
				}
				if self {
					continue
				}
			}
			used[obj] = true
		}
		var edits []edit
		dead := map[types.Object]bool{}
		for _, d := range file.Decls {
			switch x := d.(type) {
			case *ast.FuncDecl:
				if x.Recv == nil && x.Name.Name != "main" && !used[info.Defs[x.Name]] {
					edits = append(edits, edit{fset.Position(x.Pos()).Offset, fset.Position(x.End()).Offset, ""})
				}
			case *ast.GenDecl:
				if x.Tok != token.TYPE || len(x.Specs) != 1 {
					continue
				}
				ts := x.Specs[0].(*ast.TypeSpec)
				if obj := info.Defs[ts.Name]; obj != nil && !used[obj] {
					dead[obj] = true
					edits = append(edits, edit{fset.Position(x.Pos()).Offset, fset.Position(x.End()).Offset, ""})
				}
			}
		}
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && dead[recvType(fd)] {
				edits = append(edits, edit{fset.Position(fd.Pos()).Offset, fset.Position(fd.End()).Offset, ""})
			}
		}
		if len(edits) == 0 {
			break
		}
		next := m.repair(apply(cur, edits))
		if next == nil {
			break
		}
		cur = next
	}
	if len(cur) < len(src) && m.differs(cur) {
		return cur
	}
	return src
}

// edit is a replacement of the source bytes [from, to) by text.
type edit struct {
	from, to int
	text     string
}

// apply applies non-overlapping edits.
func apply(src []byte, edits []edit) []byte {
	sort.Slice(edits, func(i, j int) bool { return edits[i].from < edits[j].from })
	var b bytes.Buffer
	at := 0
	for _, e := range edits {
		if e.from < at {
			continue // inside an earlier edit
		}
		b.Write(src[at:e.from])
		b.WriteString(e.text)
		at = e.to
	}
	b.Write(src[at:])
	return b.Bytes()
}

// deleteNodes tries deleting chunks of each list of nodes (halving the
// chunk size down to one), keeping a deletion when the difference stays.
// (commas: the list is comma-separated; its separators go too.)
func (m *minimizer) deleteNodes(src []byte, commas bool, lists func(*ast.File) [][]ast.Node) []byte {
	for li := 0; !m.exhausted(); li++ {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "", src, parser.ParseComments)
		if err != nil {
			return src
		}
		ls := lists(file)
		if li >= len(ls) {
			return src
		}
		list := ls[li]
		changed := false
		for size := (len(list) + 1) / 2; size >= 1 && !m.exhausted(); size /= 2 {
			for i := 0; i+size <= len(list) && !m.exhausted(); i += size {
				var edits []edit
				off := func(p token.Pos) int { return fset.Position(p).Offset }
				if commas {
					from, to := off(list[i].Pos()), off(list[i+size-1].End())
					switch {
					case i+size < len(list):
						to = off(list[i+size].Pos())
					case i > 0:
						from = off(list[i-1].End())
					}
					edits = append(edits, edit{from, to, ""})
				} else {
					for _, n := range list[i : i+size] {
						edits = append(edits, edit{off(n.Pos()), off(n.End()), ""})
					}
				}
				cand := m.repair(apply(src, edits))
				if cand == nil || !m.differs(cand) {
					continue
				}
				src, changed = cand, true
				break
			}
			if changed {
				break
			}
		}
		if changed {
			li-- // the same list again, re-parsed
		}
	}
	return src
}

// replaceNodes tries replacing if statements by a branch and binary
// expressions by an operand.
func (m *minimizer) replaceNodes(src []byte, zeros bool) []byte {
	for i := 0; !m.exhausted(); i++ {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "", src, parser.ParseComments)
		if err != nil {
			return src
		}
		var cands [][]edit
		off := func(p token.Pos) int { return fset.Position(p).Offset }
		text := func(n ast.Node) string { return string(src[off(n.Pos()):off(n.End())]) }
		ast.Inspect(file, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.IfStmt:
				body := text(x.Body)
				cands = append(cands, []edit{{off(x.Pos()), off(x.End()), body}})
				if x.Else != nil {
					cands = append(cands, []edit{{off(x.Pos()), off(x.End()), text(x.Else)}})
				}
			case *ast.BinaryExpr:
				cands = append(cands, []edit{{off(x.Pos()), off(x.End()), text(x.X)}}, []edit{{off(x.Pos()), off(x.End()), text(x.Y)}})
			case *ast.ParenExpr:
				cands = append(cands, []edit{{off(x.Pos()), off(x.End()), text(x.X)}})
			case *ast.CallExpr:
				// a conversion or call of one argument by its argument
				if len(x.Args) == 1 {
					cands = append(cands, []edit{{off(x.Pos()), off(x.End()), text(x.Args[0])}})
				}
			}
			return true
		})
		if zeros {
			z := m.zeroEdits(fset, file, src)
			cands = append(cands, z[:min(len(z), 40)]...)
		}
		if i >= len(cands) {
			return src
		}
		applied := false
		for ; i < len(cands) && !m.exhausted(); i++ {
			cand := m.repair(apply(src, cands[i]))
			if cand != nil && len(cand) < len(src) && m.differs(cand) {
				src, applied = cand, true
				break
			}
		}
		if !applied {
			return src
		}
		i = -1 // start over on the new source
	}
	return src
}

// declLists: the top-level declarations other than main.
func declLists(f *ast.File) [][]ast.Node {
	var l []ast.Node
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" {
			continue
		}
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			continue
		}
		l = append(l, d)
	}
	return [][]ast.Node{l}
}

// stmtLists: every block's statements, outer blocks first (top: only
// the bodies of main and of the units' functions).
func stmtLists(f *ast.File, top bool) [][]ast.Node {
	var out [][]ast.Node
	if top {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Body != nil && unitFuncRe.MatchString(fd.Name.Name) {
				var l []ast.Node
				for _, s := range fd.Body.List {
					l = append(l, s)
				}
				if len(l) > 0 {
					out = append(out, l)
				}
			}
		}
		return out
	}
	add := func(list []ast.Stmt) {
		var l []ast.Node
		for _, s := range list {
			l = append(l, s)
		}
		if len(l) > 0 {
			out = append(out, l)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BlockStmt:
			add(x.List)
		case *ast.CaseClause:
			add(x.Body)
		}
		return true
	})
	return out
}

// eltLists: composite literal elements and call arguments of variadic
// form are dropped as elements.
func eltLists(f *ast.File) [][]ast.Node {
	var out [][]ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CompositeLit); ok && len(c.Elts) > 0 {
			var l []ast.Node
			for _, e := range c.Elts {
				l = append(l, e)
			}
			out = append(out, l)
		}
		return true
	})
	return out
}

// unitFuncRe matches main and the units' functions.
var unitFuncRe = regexp.MustCompile(`^(main|u\d+)$`)

// emptyImportRe matches an import declaration left empty.
var emptyImportRe = regexp.MustCompile(`(?m)^import \(\s*\)\n`)

// unusedRe matches go/types' errors the repairs fix.
var (
	unusedVarRe = regexp.MustCompile(`^declared and not used: (\w+)$`)
	unusedImpRe = regexp.MustCompile(`^"([^"]+)" imported and not used$`)
	undefinedRe = regexp.MustCompile(`^undefined: (\w+)$`)
)

// repair makes a candidate valid again when all that is wrong is an
// unused variable or import (deleted commas of a list are rewritten by
// gofmt); it returns nil when go/types still rejects it.
func (m *minimizer) repair(src []byte) []byte {
	for round := 0; round < 8; round++ {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "prog.go", src, parser.ParseComments)
		if err != nil {
			return nil
		}
		var errs []types.Error
		conf := types.Config{Importer: m.f.imp, GoVersion: "go1.24", Error: func(err error) {
			var te types.Error
			if errors.As(err, &te) {
				errs = append(errs, te)
			}
		}}
		m.f.impMu.Lock()
		conf.Check("main", fset, []*ast.File{file}, nil)
		m.f.impMu.Unlock()
		if len(errs) == 0 {
			src = emptyImportRe.ReplaceAll(src, nil)
			if out, err := format.Source(src); err == nil {
				return out
			}
			return src
		}
		var edits []edit
		for _, e := range errs {
			if mm := unusedVarRe.FindStringSubmatch(e.Msg); mm != nil {
				// `_ = x` after the statement declaring x
				if st := enclosingStmt(file, e.Pos); st != nil {
					end := fset.Position(st.End()).Offset
					edits = append(edits, edit{end, end, "; _ = " + mm[1]})
					continue
				}
			}
			if mm := undefinedRe.FindStringSubmatch(e.Msg); mm != nil {
				// the `_ = x` left by an earlier repair of a deleted x
				if st, ok := enclosingStmt(file, e.Pos).(*ast.AssignStmt); ok && isBlankUse(st, mm[1]) {
					edits = append(edits, edit{fset.Position(st.Pos()).Offset, fset.Position(st.End()).Offset, ""})
					continue
				}
			}
			if mm := unusedImpRe.FindStringSubmatch(e.Msg); mm != nil {
				for _, im := range file.Imports {
					if p, _ := strconv.Unquote(im.Path.Value); p == mm[1] {
						edits = append(edits, edit{fset.Position(im.Pos()).Offset, fset.Position(im.End()).Offset, ""})
					}
				}
				continue
			}
			return nil
		}
		if len(edits) == 0 {
			return nil
		}
		src = apply(src, edits)
	}
	return nil
}

// isBlankUse: st is `_ = name`.
func isBlankUse(st *ast.AssignStmt, name string) bool {
	if len(st.Lhs) != 1 || len(st.Rhs) != 1 || st.Tok != token.ASSIGN {
		return false
	}
	l, ok1 := st.Lhs[0].(*ast.Ident)
	r, ok2 := st.Rhs[0].(*ast.Ident)
	return ok1 && ok2 && l.Name == "_" && r.Name == name
}

// enclosingStmt is the innermost statement of a block list that
// contains pos.
func enclosingStmt(f *ast.File, pos token.Pos) ast.Stmt {
	var found ast.Stmt
	ast.Inspect(f, func(n ast.Node) bool {
		var list []ast.Stmt
		switch x := n.(type) {
		case *ast.BlockStmt:
			list = x.List
		case *ast.CaseClause:
			list = x.Body
		}
		for _, s := range list {
			if pos >= s.Pos() && pos < s.End() {
				found = s
			}
		}
		return true
	})
	return found
}

// zeroEdits replaces expressions of basic types (largest first) by the
// zero value of their type: T(0), T(""), T(false).
func (m *minimizer) zeroEdits(fset *token.FileSet, file *ast.File, src []byte) [][]edit {
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: m.f.imp, GoVersion: "go1.24", Error: func(error) {}}
	m.f.impMu.Lock()
	conf.Check("main", fset, []*ast.File{file}, info)
	m.f.impMu.Unlock()
	type cand struct {
		from, to int
		text     string
	}
	var cs []cand
	qual := func(*types.Package) string { return "" }
	ast.Inspect(file, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		switch e.(type) {
		case *ast.BasicLit, *ast.Ident:
			return true
		}
		tv, ok := info.Types[e]
		if !ok || !tv.IsValue() {
			return true
		}
		b, ok := tv.Type.Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsUntyped != 0 {
			return true
		}
		var zero string
		switch {
		case b.Info()&types.IsNumeric != 0:
			zero = "0"
		case b.Info()&types.IsString != 0:
			zero = `""`
		case b.Info()&types.IsBoolean != 0:
			zero = "false"
		default:
			return true
		}
		from, to := fset.Position(e.Pos()).Offset, fset.Position(e.End()).Offset
		if to-from <= len(zero)+2 {
			return true
		}
		cs = append(cs, cand{from, to, types.TypeString(tv.Type, qual) + "(" + zero + ")"})
		return true
	})
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].to-cs[i].from > cs[j].to-cs[j].from })
	var out [][]edit
	for _, c := range cs {
		out = append(out, []edit{{c.from, c.to, c.text}})
	}
	return out
}
