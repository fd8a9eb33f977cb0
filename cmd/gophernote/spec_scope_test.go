package main

import (
	"bufio"
	"fmt"
	"go/build/constraint"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Out of scope: the programs of Go's test suite that test the compiler,
// the linker or the runtime's implementation rather than the language and
// its libraries. Each gets one category, from the first rule of
// specScope that matches; every rule looks at something a reviewer can
// check in the program (its recipe, its build constraint, the APIs and
// directives it uses) or in its compiled run. An out-of-scope program
// still runs: it must pass, be refused or be slow (TestGoSpec checks).
//
// "The interpreter fails it" is never a reason, and neither is slowness.

// scopeReason is why a program is out of scope: a category and the
// evidence that put it there (zero: in scope).
type scopeReason struct{ category, evidence string }

func scopeName(r scopeReason) string {
	if r.category == "" {
		return "in"
	}
	return r.category
}

// The categories.
const (
	catCgo       = "cgo"
	catLinkname  = "linkname"
	catCompiler  = "compiler diagnostics"
	catGC        = "garbage collector and finalizers"
	catEscape    = "escape analysis and inlining"
	catStack     = "stack layout"
	catArch      = "architecture- or build-tag-specific"
	catOS        = "operating system services"
	catNondet    = "nondeterministic"
	catHarness   = "compiled Go fails the harness check"
	catNotJoined = "multi-package test not joinable"
)

// apiRule matches a use of one of several APIs (a regexp over the source,
// comments included: a mention in a comment is rare and shows in the
// evidence).
type apiRule struct {
	category string
	re       *regexp.Regexp
	what     string
}

var apiRules = []apiRule{
	{catCgo, regexp.MustCompile(`(?m)^import "C"|^\s+"C"$`), "imports C"},
	{catLinkname, regexp.MustCompile(`(?m)^//go:linkname `), "//go:linkname"},
	// The program runs the Go toolchain and checks what it says.
	{catCompiler, regexp.MustCompile(`exec\.Command(Context)?\((ctx, )?"go"|run\("go", |\{"go", "(build|run|tool)"`), "runs the go command"},
	{catGC, regexp.MustCompile(`runtime\.SetFinalizer|runtime\.AddCleanup|"weak"|runtime\.MemProfile|debug\.SetGCPercent|debug\.FreeOSMemory|runtime\.ReadMemStats|//go:uintptrescapes`),
		"the collector's timing or heap (SetFinalizer, AddCleanup, weak, ReadMemStats, MemProfile, SetGCPercent, uintptrescapes)"},
	{catEscape, regexp.MustCompile(`testing\.AllocsPerRun`), "counts allocations (testing.AllocsPerRun)"},
	{catStack, regexp.MustCompile(`runtime\.Callers\b|runtime\.Caller\(|runtime\.CallersFrames|runtime\.FuncForPC|runtime\.Stack\(|debug\.Stack\(|debug\.PrintStack|debug\.SetMaxStack|runtime\.Breakpoint`),
		"inspects the call stack (runtime.Caller(s), CallersFrames, FuncForPC, Stack, SetMaxStack, Breakpoint)"},
	{catOS, regexp.MustCompile(`"os/signal"|syscall\.Kill|syscall\.Mmap|syscall\.Mprotect|debug\.SetPanicOnFault`),
		"signals or memory mapping (os/signal, syscall.Kill, Mmap, Mprotect, SetPanicOnFault)"},
}

// specScope applies the rules in order — the join, the recipe's build
// flags and GOEXPERIMENT, the APIs and directives (apiRules), the build
// constraint, then the compiled run (two runs differ; the harness's
// check fails) — and the first that matches gives the category.
func specScope(p *specProgram) scopeReason {
	if p.joinError != "" {
		return scopeReason{catNotJoined, p.joinError}
	}
	// The recipe: build flags test the compiler under them (-gcflags=-d=...,
	// -race, -l), a GOEXPERIMENT an experimental build.
	if len(p.buildFlags) > 0 {
		return scopeReason{catCompiler, "recipe `" + p.recipe + "` builds with " + strings.Join(p.buildFlags, " ")}
	}
	if len(p.buildEnv) > 0 {
		return scopeReason{catArch, "recipe `" + p.recipe + "` builds with " + strings.Join(p.buildEnv, " ")}
	}
	src := p.src // a joined program's: all its files
	for _, r := range apiRules {
		if loc := r.re.FindIndex(src); loc != nil {
			return scopeReason{r.category, r.what + ": " + evidenceLine(src, loc[0])}
		}
	}
	// A build constraint last: the APIs say more precisely what a
	// program tests.
	if c := positiveTags(p.orig); c != "" {
		return scopeReason{catArch, c}
	}
	harness := catHarness
	if len(p.files) > 1 {
		// A joined program that fails the original's check: the join
		// changed what it does.
		harness = catNotJoined
	}
	if p.compiled.Nondeterministic {
		return scopeReason{catNondet, "two compiled runs differ"}
	}
	if why := harnessFailure(p); why != "" {
		return scopeReason{harness, why}
	}
	return scopeReason{}
}

// harnessFailure says how the compiled run fails the check Go's harness
// makes of a run test (exit status 0, the output of its .out file or
// none), or "".
func harnessFailure(p *specProgram) string {
	c := p.compiled
	switch {
	case c.BuildError != "":
		return "does not build: " + firstLine(c.BuildError)
	case c.End != "ok":
		return "compiled run ends with " + clipLine(c.End)
	case !interleaves(p.want, c.Stdout, c.Stderr):
		if p.want == "" {
			return "compiled run prints output; the harness wants none"
		}
		return "compiled output differs from " + strings.TrimSuffix(filepath.Base(p.name), ".go") + ".out"
	}
	return ""
}

// interleaves reports whether combined (the harness reads stdout and
// stderr as one stream) is an interleaving of the lines of a and b: the
// streams are captured apart, so their relative order is not known.
func interleaves(combined, a, b string) bool {
	c, x, y := strings.SplitAfter(combined, "\n"), strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	if len(c) != len(x)+len(y)-1 { // SplitAfter ends each with "" (or a partial line)
		return combined == a+b || combined == b+a
	}
	x, y = x[:len(x)-1], y[:len(y)-1]
	if c[len(c)-1] != "" || !strings.HasSuffix(a, "\n") && a != "" || !strings.HasSuffix(b, "\n") && b != "" {
		return combined == a+b || combined == b+a
	}
	c = c[:len(c)-1]
	// ok[j] after row i: c[:i+j] interleaves x[:i] and y[:j].
	ok := make([]bool, len(y)+1)
	ok[0] = true
	for j := 1; j <= len(y); j++ {
		ok[j] = ok[j-1] && c[j-1] == y[j-1]
	}
	for i := 1; i <= len(x); i++ {
		ok[0] = ok[0] && c[i-1] == x[i-1]
		for j := 1; j <= len(y); j++ {
			ok[j] = ok[j] && c[i+j-1] == x[i-1] || ok[j-1] && c[i+j-1] == y[j-1]
		}
	}
	return ok[len(y)]
}

// positiveTags describes a build constraint that selects this machine by
// a tag that holds here and not everywhere (an OS, an architecture, the
// gc compiler, cgo, race, a goexperiment): the program is specific to it.
// A constraint that only excludes other platforms (!wasm, !js) does not
// count.
func positiveTags(src []byte) string {
	header, _, _ := strings.Cut(string(src), "\npackage")
	for _, line := range strings.Split(header, "\n") {
		expr, err := constraint.Parse(line)
		if err != nil {
			continue
		}
		var pos []string
		walkTags(expr, false, func(tag string, negated bool) {
			if !negated && specTag(tag) && !strings.HasPrefix(tag, "go1.") && tag != "test_run" {
				pos = append(pos, tag)
			}
		})
		if len(pos) > 0 {
			slices.Sort(pos)
			return fmt.Sprintf("build constraint %q holds through %s", line, strings.Join(slices.Compact(pos), ", "))
		}
	}
	return ""
}

// walkTags calls f for every tag of a constraint with whether it is
// negated.
func walkTags(e constraint.Expr, neg bool, f func(string, bool)) {
	switch e := e.(type) {
	case *constraint.TagExpr:
		f(e.Tag, neg)
	case *constraint.NotExpr:
		walkTags(e.X, !neg, f)
	case *constraint.AndExpr:
		walkTags(e.X, neg, f)
		walkTags(e.Y, neg, f)
	case *constraint.OrExpr:
		walkTags(e.X, neg, f)
		walkTags(e.Y, neg, f)
	}
}

// evidenceLine is the source line containing offset i, trimmed.
func evidenceLine(src []byte, i int) string {
	start := strings.LastIndexByte(string(src[:i]), '\n') + 1
	end := strings.IndexByte(string(src[i:]), '\n')
	if end < 0 {
		end = len(src) - i
	}
	return clipLine(strings.TrimSpace(string(src[start : i+end])))
}

// scopeFile is where the out-of-scope list lives.
var scopeFile = filepath.Join("testdata", "spec", "out-of-scope.tsv")

const scopeHeader = `# Go's test suite (cmd/gophernote/spec_test.go): the programs out of scope, one per line:
# program, category, evidence (tab-separated). Generated from the rules of spec_scope_test.go by
# GOPHERNOTE_SPEC_WRITE_SCOPE=1 go test ./cmd/gophernote -run '^TestGoSpec$'; TestGoSpec fails when
# this file and the rules disagree. Categories: what a program tests (the compiler, the linker, the
# runtime's implementation) rather than the language, each from something a reviewer can check:
#   cgo                                   imports "C"
#   linkname                              a //go:linkname directive
#   architecture- or build-tag-specific   a build constraint that holds here through an OS, architecture,
#                                         gc, cgo or goexperiment tag (not one that only excludes others),
#                                         or a recipe GOEXPERIMENT
#   compiler diagnostics                  a recipe with build flags (-gcflags, -race, -tags), or a program
#                                         that runs the go command and checks what it says
#   garbage collector and finalizers      SetFinalizer, AddCleanup, weak, ReadMemStats, MemProfile,
#                                         SetGCPercent, FreeOSMemory, //go:uintptrescapes
#   escape analysis and inlining          testing.AllocsPerRun (counts allocations)
#   stack layout                          runtime.Caller(s), CallersFrames, FuncForPC, Stack,
#                                         debug.Stack/PrintStack/SetMaxStack, Breakpoint
#   operating system services             os/signal, syscall.Kill, Mmap, Mprotect, SetPanicOnFault
#   nondeterministic                      two compiled runs printed differently
#   compiled Go fails the harness check   compiled here, the program does not pass Go's own harness
#                                         (exit status 0 and output equal to its .out file, or none)
#   multi-package test not joinable       a rundir test whose packages cannot be joined into one file
`

// checkScopeFile compares the rules' verdicts with out-of-scope.tsv (or
// rewrites it with GOPHERNOTE_SPEC_WRITE_SCOPE=1). A nondeterministic
// program may be listed although its two compiled runs agreed this time.
func checkScopeFile(t *testing.T, progs []*specProgram) {
	t.Helper()
	partial := os.Getenv("GOPHERNOTE_SPEC_RUN") != ""
	if os.Getenv("GOPHERNOTE_SPEC_WRITE_SCOPE") == "1" {
		if partial {
			t.Fatal("GOPHERNOTE_SPEC_WRITE_SCOPE=1 needs every program: unset GOPHERNOTE_SPEC_RUN")
		}
		old := readScopeFile(t)
		var b strings.Builder
		b.WriteString(scopeHeader)
		for _, p := range progs {
			r := p.scope
			if r.category == "" && old[p.name].category == catNondet {
				r = old[p.name] // seen nondeterministic before
				p.scope = r
			}
			if r.category != "" {
				fmt.Fprintf(&b, "%s\t%s\t%s\n", p.name, r.category, strings.ReplaceAll(r.evidence, "\t", " "))
			}
		}
		if err := os.WriteFile(scopeFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	listed := readScopeFile(t)
	seen := map[string]bool{}
	for _, p := range progs {
		seen[p.name] = true
		l, ok := listed[p.name]
		switch {
		case p.scope.category == "" && ok && l.category == catNondet:
			p.scope = l // its two compiled runs agreed this time
		case p.scope.category == "" && ok:
			t.Errorf("out-of-scope.tsv lists %s (%s: %s), but no rule puts it out of scope now: remove its row", p.name, l.category, l.evidence)
		case p.scope.category != "" && !ok:
			t.Errorf("%s is out of scope (%s: %s) but out-of-scope.tsv does not list it: add\n%s\t%s\t%s",
				p.name, p.scope.category, p.scope.evidence, p.name, p.scope.category, p.scope.evidence)
		case p.scope.category != "" && l.category != p.scope.category:
			t.Errorf("out-of-scope.tsv lists %s as %q, the rules say %q (%s)", p.name, l.category, p.scope.category, p.scope.evidence)
		}
	}
	if !partial {
		for name := range listed {
			if !seen[name] {
				t.Errorf("out-of-scope.tsv lists %s, which is not a program of the suite here: remove its row", name)
			}
		}
	}
}

func readScopeFile(t *testing.T) map[string]scopeReason {
	t.Helper()
	rows := map[string]scopeReason{}
	f, err := os.Open(scopeFile)
	if os.IsNotExist(err) {
		return rows
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.SplitN(line, "\t", 3)
		if len(cols) != 3 {
			t.Fatalf("%s:%d: want program, category, evidence separated by tabs: %q", scopeFile, n, line)
		}
		rows[cols[0]] = scopeReason{cols[1], cols[2]}
	}
	return rows
}
