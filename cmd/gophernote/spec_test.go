package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/build"
	"go/build/constraint"
	"hash/fnv"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestGoSpec runs Go's own test suite — the programs of $(go env
// GOROOT)/test that Go's harness (cmd/internal/testdir) runs and checks,
// read from the machine's Go, never copied here — compiled (the truth) and
// through gophernote, and classifies every difference. It prints
//
//	BENCH go-spec script=P/N notebook=Q/M silent=S crash=X refused=R slow=W
//
// over the programs in scope (N of them; M: those run as notebooks), plus
// one line per mode, per folder and over all programs (see specBench).
//
// The programs (specPrograms): every file of the harness's folders whose
// recipe (its first line that is not a build constraint) is `// run`,
// with the recipe's flags and arguments as the harness uses them
// (`run arg1 arg2`: program arguments; `run other.go`: a second file of
// package main, joined into one; `run -gcflags=...`: build flags), and
// every `// rundir` test whose .dir folder the harness can join into one
// file (specJoin). A file whose build constraint is false on this machine
// is skipped, as the harness skips it.
//
// Each program runs compiled (built with the recipe's flags, run in
// GOROOT/test as the harness runs it, twice; cached by source, flags and
// Go version like TestGoCorpus's), as `gophernote run FILE.go` (script)
// and as a two-cell notebook (imports and declarations, then main's body;
// see notebookCells). The compiled run must pass the harness's own check
// (exit 0, output equal to the .out file or empty); a program whose
// compiled run does not is out of scope.
//
// Verdicts (specVerdict), for each interpreted run:
//   - pass: stdout, stderr and the end (exit status, panic text) equal
//     compiled Go's.
//   - refused: a gophernote error naming the construct and its line:col,
//     raised before the construct runs: a CompileError with a position (the
//     cell did not start), or a run-time refusal (a Panic in the engine's
//     words, "... the interpreter ..." with a position), after printing only
//     a prefix of Go's output; or gophernote run's refusal of the recipe's
//     build flags (`run -gcflags=...`, `run -race`: both modes get them as
//     go run does, and an interpreted run cannot honour them), with no output.
//   - crash: the interpreter failed on its own: reflect's or yaegi's
//     panics ("reflect:", "interp.", "the interpreter crashed", "CFG
//     post-order"), an InternalError, a Go runtime error (runtime error:,
//     interface conversion:) compiled Go does not raise, a deadlock Go does
//     not have, a hang (stopped at its time limit with its CPU idle), or a
//     death of the Go worker process where Go's run differs.
//   - slow: stopped at its time limit while computing (CPU busy): counted
//     on its own, neither pass nor crash.
//   - silent: anything else that differs: output Go does not print, a
//     different end without an error, the program's own check firing (its
//     panic, its os.Exit(1), its "BUG" line).
//
// Out of scope (testdata/spec/out-of-scope.tsv, one category per program,
// computed by specScope's mechanical rules; the test fails when the file
// and the rules disagree — GOPHERNOTE_SPEC_WRITE_SCOPE=1 rewrites it): an
// out-of-scope program must still pass, be refused or be slow; anything
// else fails the test.
//
// The test fails on every silent difference and every out-of-scope crash,
// except those listed in testdata/spec/known-silent.tsv (the list is
// printed and must shrink: a listed program whose run no longer gives the
// listed verdict fails the test too).
//
// Environment:
//
//	GOPHERNOTE_SPEC=full     every program both ways with generous time
//	                         limits (make conformance); default: every
//	                         program as a script with a time cap, a fixed
//	                         sample (one in specNotebookSample) as notebooks
//	GOPHERNOTE_SPEC_RUN=RE   only programs whose name matches RE
//	GOPHERNOTE_SPEC_REPORT=F JSON lines per run into F, the grouped summary
//	                         into F.summary.txt
//	GOPHERNOTE_SPEC_WRITE_SCOPE=1  rewrite out-of-scope.tsv from the rules
//	GOPHERNOTE_SPEC_WRITE_README=1 rewrite the README's table of what Go
//	                         gophernote runs and refuses (specReadmeTable;
//	                         a full run only; TestSpecReadmeTable checks it)
//	GOPHERNOTE_SPEC_WRITE_KNOWN=1  rewrite known-silent.tsv from this run's
//	                         verdicts (writeKnownSilent): after merging
//	                         engine branches, `make conformance-update` (a full
//	                         run) reconciles the list; with
//	                         GOPHERNOTE_SPEC_RUN only the runs that ran
//	                         change. Flaky rows and the notes of rows whose
//	                         verdict holds are kept.
func TestGoSpec(t *testing.T) {
	if testing.Short() {
		t.Skip("Go's test suite runs ~3,000 processes; skipped with -short")
	}
	full := os.Getenv("GOPHERNOTE_SPEC") == "full"
	work := t.TempDir()
	start := time.Now()
	progs, skipped := specPrograms(t, work)
	order := map[string]int{} // every program's place, for the rows of known-silent.tsv
	for i, p := range progs {
		order[p.name] = i
	}
	if re := os.Getenv("GOPHERNOTE_SPEC_RUN"); re != "" {
		r := regexp.MustCompile(re)
		progs = slices.DeleteFunc(progs, func(p *specProgram) bool { return !r.MatchString(p.name) })
	}
	t.Logf("go-spec: %d programs (%d more skipped by their build constraint on %s/%s, as Go's harness skips them)",
		len(progs), skipped, runtime.GOOS, runtime.GOARCH)

	jobs := runtime.GOMAXPROCS(0)
	forEachSpec(progs, jobs, func(p *specProgram) {
		if p.joinError == "" {
			p.compiled = compiledRun(t, p.corpusProgram, work)
		}
	})
	tCompiled := time.Since(start)
	for _, p := range progs {
		p.scope = specScope(p)
	}
	checkScopeFile(t, progs)

	for _, p := range progs {
		p.limits = specLimits(p, full)
		p.runNotebook = full || specSampled(p.name)
	}
	var done atomic.Int32
	forEachSpec(progs, jobs, func(p *specProgram) {
		if p.compiled.BuildError == "" {
			p.script = scriptRun(p.corpusProgram, work)
			if p.runNotebook {
				p.notebook = notebookRun(p.corpusProgram, work)
			}
		}
		if n := done.Add(1); n%100 == 0 {
			t.Logf("go-spec: %d of %d programs run (%v)", n, len(progs), time.Since(start).Round(time.Second))
		}
	})
	t.Logf("go-spec: compiled runs %v, interpreted runs %v (%d workers)", tCompiled.Round(time.Second),
		(time.Since(start) - tCompiled).Round(time.Second), jobs)

	knownPath := filepath.Join("testdata", "spec", "known-silent.tsv")
	known := readKnownSilent(t, knownPath)
	var results []specResult
	for _, p := range progs {
		if p.compiled.BuildError != "" {
			// A build failure is out of scope (specScope) and has no runs.
			continue
		}
		modes := []struct {
			mode string
			obs  observation
		}{{"script", p.script}}
		if p.runNotebook {
			modes = append(modes, struct {
				mode string
				obs  observation
			}{"notebook", p.notebook})
		}
		for _, m := range modes {
			v, kind, diff := specVerdict(p.compiled, m.obs)
			results = append(results, specResult{Program: p.name, Folder: p.folder, Mode: m.mode, Verdict: v, Kind: kind,
				Go: clipObservation(p.compiled), Got: clipObservation(m.obs),
				Scope: scopeName(p.scope), Truth: hasTruth(p), FirstDiff: diff, Error: m.obs.Error,
				Seconds: m.obs.Seconds, GoSeconds: p.compiled.Seconds, Limit: p.limits.cell.Seconds()})
		}
	}
	complete := os.Getenv("GOPHERNOTE_SPEC_RUN") == ""
	if os.Getenv("GOPHERNOTE_SPEC_WRITE_KNOWN") == "1" {
		known = writeKnownSilent(t, knownPath, results, known, order, complete)
	}
	checkKnownSilent(t, results, known, complete)
	outside := 0
	for _, p := range progs {
		if p.scope.category != "" {
			outside++
		}
	}
	if table := specReadmeTable(results, len(progs), outside); full && complete {
		if os.Getenv("GOPHERNOTE_SPEC_WRITE_README") == "1" {
			writeReadmeTable(t, table)
		} else if _, cur, _, err := readmeTable(); err == nil && cur != table {
			t.Logf("go-spec: the README's table differs from this run's (GOPHERNOTE_SPEC_WRITE_README=1 writes it):\n%s", table)
		}
	} else if os.Getenv("GOPHERNOTE_SPEC_WRITE_README") == "1" {
		t.Errorf("GOPHERNOTE_SPEC_WRITE_README=1 needs a full run of every program (GOPHERNOTE_SPEC=full, no GOPHERNOTE_SPEC_RUN)")
	}
	for _, l := range specBench(results, progs) {
		fmt.Println(l)
		t.Log(l)
	}
	summary := specSummary(results, 30)
	t.Log("go-spec: differences grouped by the error's first line or the first differing output line:\n" + summary)
	if f := os.Getenv("GOPHERNOTE_SPEC_REPORT"); f != "" {
		writeSpecReport(t, f, results, summary)
	}
}

// hasTruth reports whether a program's compiled run is a truth for its
// interpreted runs: it passes the harness's check and is deterministic.
func hasTruth(p *specProgram) bool {
	return harnessFailure(p) == "" && !p.compiled.Nondeterministic && p.scope.category != catNondet
}

// specFolders are the folders of GOROOT/test that Go's harness reads
// (cmd/internal/testdir's dirs).
var specFolders = []string{".", "ken", "chan", "interface", "internal/runtime/sys", "syntax", "dwarf", "fixedbugs",
	"codegen", "abi", "typeparam", "typeparam/mdempsky", "arenas", "simd"}

// specNotebookSample: outside GOPHERNOTE_SPEC=full, one program in this
// many (by a hash of its name, so always the same ones) also runs as a
// notebook.
const specNotebookSample = 4

// specProgram is one program of Go's test suite.
type specProgram struct {
	*corpusProgram
	folder      string   // "fixedbugs", "." for the top level
	recipe      string   // the harness recipe: "run", "run arg1 arg2", "rundir"
	orig        []byte   // the test's file (src is the joined program of several)
	files       []string // the source files joined into path (rundir, run x.go)
	want        string   // the output Go's harness expects (.out), or ""
	harnessTime int      // the recipe's -t limit in seconds, or 0
	runNotebook bool
	scope       scopeReason // why the program is out of scope; zero: in scope
	joinError   string      // why a rundir test could not be joined
}

// specPrograms finds the programs; skipped counts those whose build
// constraint is false here.
func specPrograms(t *testing.T, work string) (progs []*specProgram, skipped int) {
	t.Helper()
	root := specRoot(t)
	joined := filepath.Join(work, "joined")
	if err := os.MkdirAll(joined, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, folder := range specFolders {
		entries, err := os.ReadDir(filepath.Join(root, folder))
		if err != nil {
			continue // a folder this Go does not have
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
				continue
			}
			rel := filepath.ToSlash(filepath.Join(folder, e.Name()))
			path := filepath.Join(root, rel)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			recipe := specRecipe(src)
			fields := splitRecipe(recipe)
			if len(fields) == 0 || (fields[0] != "run" && fields[0] != "rundir") {
				continue
			}
			if !specBuildOK(src) {
				skipped++
				continue
			}
			p := &specProgram{corpusProgram: &corpusProgram{name: rel, path: path, dir: root, src: src},
				folder: folder, recipe: recipe, orig: src, files: []string{rel}}
			if want, err := os.ReadFile(strings.TrimSuffix(path, ".go") + ".out"); err == nil {
				p.want = string(want)
			}
			var extra []string // more files of package main (run x.go)
			args := fields[1:]
			for len(args) > 0 && strings.HasPrefix(args[0], "-") {
				switch args[0] {
				case "-t":
					if len(args) > 1 {
						p.harnessTime, _ = strconv.Atoi(args[1])
						args = args[1:]
					}
				case "-goexperiment":
					if len(args) > 1 {
						p.buildEnv = append(p.buildEnv, "GOEXPERIMENT="+args[1])
						args = args[1:]
					}
				case "-gcflags", "-ldflags":
					if len(args) > 1 {
						p.buildFlags = append(p.buildFlags, args[0]+"="+args[1])
						args = args[1:]
					}
				default:
					p.buildFlags = append(p.buildFlags, args[0])
				}
				args = args[1:]
			}
			if fields[0] == "run" {
				// go run FILE ARGS: leading .go arguments are files of
				// the package, the rest the program's arguments.
				for len(args) > 0 && strings.HasSuffix(args[0], ".go") {
					extra = append(extra, filepath.ToSlash(filepath.Join(folder, args[0])))
					args = args[1:]
				}
				p.args = args
			} else {
				p.args = args // rundir: the program's arguments
			}
			switch {
			case fields[0] == "rundir":
				p.joinError = joinRundir(p, root, joined)
			case len(extra) > 0:
				p.files = append(p.files, extra...)
				p.joinError = joinFiles(p, root, joined)
			}
			if p.joinError != "" {
				// Not joinable: listed (out of scope) with the reason,
				// not run.
				p.compiled = observation{BuildError: "not joined: " + p.joinError}
			}
			progs = append(progs, p)
		}
	}
	if len(progs) < 900 {
		t.Fatalf("found %d `// run` programs in %s; want the ~1,100 of Go's test suite", len(progs), root)
	}
	return progs, skipped
}

// specRoot is GOROOT/test of the Go that runs the test.
func specRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	root := filepath.Join(strings.TrimSpace(string(out)), "test")
	if _, err := os.Stat(filepath.Join(root, "helloworld.go")); err != nil {
		t.Fatalf("Go's test suite is not at %s: %v", root, err)
	}
	return root
}

// specRecipe is the harness's execution recipe: the first non-empty line
// that is not a build constraint, without its "//".
func specRecipe(src []byte) string {
	rest := string(src)
	for rest != "" {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if constraint.IsGoBuild(line) || constraint.IsPlusBuild(line) {
			continue
		}
		if a := strings.TrimSpace(strings.TrimPrefix(line, "//")); a != "" {
			return a
		}
	}
	return ""
}

// splitRecipe splits a recipe into words; quotes group ("-gcflags=-l"
// stays one word, as the harness's splitQuoted keeps it).
func splitRecipe(s string) []string {
	var words []string
	var cur strings.Builder
	quote := rune(0)
	in := false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '"' || r == '\''):
			quote, in = r, true
		case quote == 0 && (r == ' ' || r == '\t'):
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

// specBuildOK evaluates the build constraints before the package clause as
// the harness's shouldTest does on this machine.
func specBuildOK(src []byte) bool {
	header, _, _ := strings.Cut(string(src), "\npackage")
	for _, line := range strings.Split(header, "\n") {
		if strings.HasPrefix(line, "package ") {
			break
		}
		if expr, err := constraint.Parse(line); err == nil && !expr.Eval(specTag) {
			return false
		}
	}
	return true
}

// specTag is the harness's tag match (cmd/internal/testdir's
// context.match) for this machine: GOOS, GOARCH, gc, cgo when enabled,
// release tags, the toolchain's goexperiment tags, test_run.
func specTag(tag string) bool {
	switch {
	case tag == runtime.GOOS || tag == runtime.GOARCH || tag == "gc" || tag == "test_run":
		return true
	case tag == "cgo":
		return cgoEnabled()
	case strings.HasPrefix(tag, "goexperiment."):
		return slices.Contains(build.Default.ToolTags, tag)
	}
	return slices.Contains(build.Default.ReleaseTags, tag)
}

var cgoOnce struct {
	done bool
	on   bool
}

func cgoEnabled() bool {
	if !cgoOnce.done {
		out, _ := exec.Command("go", "env", "CGO_ENABLED").Output()
		cgoOnce.on, cgoOnce.done = strings.TrimSpace(string(out)) == "1", true
	}
	return cgoOnce.on
}

// specLimits are a program's time limits: compiled runs get the
// harness's -t or 60 s; interpreted code is ~100x slower than compiled,
// so in the full run a cell may take 300x the compiled run's time, at
// least 60 s and at most 10 min; the default run caps every cell at 20 s.
func specLimits(p *specProgram, full bool) runLimits {
	l := runLimits{compiled: 60 * time.Second}
	if p.harnessTime > 0 {
		l.compiled = max(l.compiled, time.Duration(p.harnessTime)*time.Second)
	}
	if full {
		d := time.Duration(300 * p.compiled.Seconds * float64(time.Second))
		l.cell = min(max(d, 60*time.Second), 10*time.Minute).Round(time.Second)
	} else {
		l.cell = 20 * time.Second
	}
	l.process = l.cell + 30*time.Second
	return l
}

// specSampled reports whether a program is in the fixed notebook sample.
func specSampled(name string) bool {
	h := fnv.New32a()
	h.Write([]byte(name))
	return h.Sum32()%specNotebookSample == 0
}

// forEachSpec runs f on every program with n workers.
func forEachSpec(progs []*specProgram, n int, f func(*specProgram)) {
	cps := make([]*corpusProgram, len(progs))
	by := map[*corpusProgram]*specProgram{}
	for i, p := range progs {
		cps[i] = p.corpusProgram
		by[p.corpusProgram] = p
	}
	forEach(cps, n, func(c *corpusProgram) { f(by[c]) })
}

// Verdicts.
const (
	vPass    = "pass"
	vRefused = "refused"
	vCrash   = "crash"
	vSlow    = "slow"
	vSilent  = "silent"
)

// crashRe matches the interpreter's own failures in an error or in a
// goroutine's panic report: reflect's panics, yaegi's internal types,
// crashes and positions ("cell1/_.go:3:4: ..." in a panic value), the
// engine's internal errors.
var crashRe = regexp.MustCompile(`reflect[:.]|\binterp\.|interpreter crashed|CFG post-order|^(cell 1: )?InternalError:|internal helper failed|\bcell\d+/_\.go:\d+`)

// processCrashRe matches a Go runtime crash report of the gophernote
// process itself (the interpreter died: a fatal error, a signal, a stack
// overflow, an unrecovered panic's goroutine dump).
var processCrashRe = regexp.MustCompile(`(?m)^(fatal error: |SIG[A-Z]+: |runtime: goroutine stack exceeds |goroutine \d+ \[[a-z ]+\]:$)`)

// logPrefixRe is log's standard prefix (date and time).
var logPrefixRe = regexp.MustCompile(`^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d `)

// goRuntimeErrRe matches the panic values of Go runtime errors.
var goRuntimeErrRe = regexp.MustCompile(`^(cell 1: )?Panic: (runtime error: |interface conversion: )`)

// refusalRe matches the engine's run-time refusals: a Panic in the
// engine's words ("... is refused in a gophernote cell: ...", "... the
// interpreter ...") naming the construct's position.
var refusalRe = regexp.MustCompile(`^(cell 1: )?Panic: .*(\bthe interpreter\b|is refused in a gophernote cell|\bgophernote\b).*\b\d+:\d+\b`)

// writtenRefusalRe matches a compile error the engine wrote to refuse a
// construct (its words: "... is not supported by the gophernote
// interpreter", "the interpreter cannot tell ...", "package X is not
// available in gophernote", "syscall.Mmap is not available in gophernote:
// its table of package syscall..." for a name a standard package's table
// lacks, and yaegi's "package unsafe has no symbol X" that names the
// missing construct). Any other compile error of a program Go compiles
// ("undefined: T" for a T that is defined, "too many arguments", yaegi's
// "undefined selector syscall.Mmap") is the interpreter rejecting valid
// Go: a crash.
var writtenRefusalRe = regexp.MustCompile(`\bgophernote\b|\bthe interpreter\b|\bthe engine\b|not supported|is not available|package unsafe "unsafe" has no symbol|is refused`)

// buildFlagRefusalRe matches gophernote run's refusal of the recipe's go
// build flags (-gcflags, -race...), which an interpreted run cannot honour
// (kernel/runner's buildFlagError).
var buildFlagRefusalRe = regexp.MustCompile(`^UsageError: go build flags? .* (is|are) refused: gophernote interprets the program`)

// goroutinePanicRe finds the engine's report of a panic in a goroutine a
// cell started (the process keeps running): "panic in goroutine: MSG".
var goroutinePanicRe = regexp.MustCompile(`(?m)^panic in goroutine: (.*)$`)

// specVerdict classifies an interpreted run against compiled Go's; kind
// says which rule decided ("rejects valid Go", "interpreter panic", ...)
// and firstDiff is the first differing line ("stdout line 3: go "x", got
// "y"") for grouping.
func specVerdict(want, got observation) (verdict, kind, firstDiff string) {
	if got.Stdout == want.Stdout && got.Stderr == want.Stderr && got.End == want.End {
		return vPass, "", ""
	}
	firstDiff = firstDifference(want, got)
	if processCrashRe.MatchString(got.Stderr) && !processCrashRe.MatchString(want.Stderr) {
		return vCrash, "the process crashed", firstDiff
	}
	// The worker process died (a fatal error, an unguarded panic, an
	// os.Exit of compiled code: testing.Main's) and the run says so; the
	// output may be cut (compiled code's prints to the process's stdout
	// do not reach a notebook): the kernel failed, not the program.
	if got.WorkerDied {
		return vCrash, "the worker process died", firstDiff
	}
	// yaegi logs some of its crashes (log.Panic: "2026/12/01 20:11:56 nil
	// type") before the engine reports them: not the program's output.
	if crashRe.MatchString(got.Error) && strings.HasPrefix(want.Stderr, commonPrefix(want.Stderr, got.Stderr)) {
		extra := strings.TrimPrefix(got.Stderr, commonPrefix(want.Stderr, got.Stderr))
		logged := extra != ""
		for _, l := range strings.Split(strings.TrimSuffix(extra, "\n"), "\n") {
			l = logPrefixRe.ReplaceAllString(l, "")
			logged = logged && l != "" && strings.Contains(got.Error, l)
		}
		if logged {
			return vCrash, "interpreter panic", firstDiff
		}
	}
	// A goroutine's panic the engine printed (Go would have crashed):
	// the interpreter's own failure, or the program's check firing.
	if m := goroutinePanicRe.FindStringSubmatch(got.Stderr); m != nil && !strings.Contains(want.Stderr, m[0]) {
		if crashRe.MatchString(m[1]) || strings.HasPrefix(m[1], "runtime error: ") || strings.HasPrefix(m[1], "interface conversion: ") {
			return vCrash, "interpreter panic in a goroutine", firstDiff
		}
		return vSilent, "the program's check fired in a goroutine", firstDiff
	}
	prefix := strings.HasPrefix(want.Stdout, got.Stdout) && strings.HasPrefix(want.Stderr, got.Stderr)
	if !prefix {
		return vSilent, "output Go does not print", firstDiff
	}
	if got.End == "timeout" {
		// Computing (a CPU busy) or blocked.
		if got.Seconds > 0 && got.CPUSeconds >= 0.1*got.Seconds*cpuShare(got.Load) {
			return vSlow, "busy at the time limit", firstDiff
		}
		return vCrash, "hang (idle at the time limit)", firstDiff
	}
	e := got.Error
	switch {
	case buildFlagRefusalRe.MatchString(e) && got.Stdout == "" && got.Stderr == "":
		return vRefused, "refused on the command line (build flags)", firstDiff
	case e == "":
		return vSilent, "ended differently without an error", firstDiff
	case crashRe.MatchString(e):
		if strings.Contains(e, "CompileError: ") {
			return vCrash, "the interpreter crashed compiling", firstDiff
		}
		return vCrash, "interpreter panic", firstDiff
	case goRuntimeErrRe.MatchString(e) && !strings.HasPrefix(want.End, "panic: runtime error") &&
		!strings.HasPrefix(want.End, "panic: interface conversion"):
		return vCrash, "a Go runtime error compiled Go does not raise", firstDiff
	case strings.Contains(e, "CompileError: ") && positionRe.MatchString(e) && writtenRefusalRe.MatchString(e):
		return vRefused, "refused at compile time", firstDiff
	case strings.Contains(e, "CompileError: "):
		// A compile error on a program Go compiles, in the interpreter's
		// words ("undefined: T", "too many arguments"): a refusal nobody
		// wrote.
		return vCrash, "rejects valid Go", firstDiff
	case refusalRe.MatchString(e):
		return vRefused, "refused at run time", firstDiff
	case got.End == "deadlock" && want.End != "deadlock":
		return vCrash, "a deadlock Go does not have", firstDiff
	case strings.HasPrefix(got.End, "panic: ") || strings.HasPrefix(got.End, "exit "):
		return vSilent, "the program's check fired (its panic or exit)", firstDiff
	}
	return vCrash, "another error", firstDiff
}

// cpuShare is the share of a CPU a busy process gets at a load average
// of load: all of one on an idle machine, NumCPU/load on a loaded one (on
// 2 cores at load 20, a tenth: a computing run then looks idle against a
// fixed threshold, and a slow verdict would turn into a hang by the load).
func cpuShare(load float64) float64 {
	if n := float64(runtime.NumCPU()); load > n {
		return n / load
	}
	return 1
}

// commonPrefix is the longest common prefix of a and b, in whole lines.
func commonPrefix(a, b string) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:strings.LastIndexByte(a[:n], '\n')+1]
}

// firstDifference describes the first line where the runs differ.
func firstDifference(want, got observation) string {
	for _, s := range []struct{ name, w, g string }{{"stdout", want.Stdout, got.Stdout}, {"stderr", want.Stderr, got.Stderr}} {
		if s.w == s.g {
			continue
		}
		wl, gl := strings.SplitAfter(s.w, "\n"), strings.SplitAfter(s.g, "\n")
		for i := 0; i < max(len(wl), len(gl)); i++ {
			var w, g string
			if i < len(wl) {
				w = wl[i]
			}
			if i < len(gl) {
				g = gl[i]
			}
			if w != g {
				return fmt.Sprintf("%s line %d: go %q, got %q", s.name, i+1, clipLine(w), clipLine(g))
			}
		}
	}
	if want.End != got.End {
		return fmt.Sprintf("end: go %q, got %q", clipLine(want.End), clipLine(got.End))
	}
	return ""
}

func clipLine(s string) string {
	if len(s) > 160 {
		return s[:160] + "…"
	}
	return s
}

// specResult is one interpreted run's verdict (a JSON line of the report).
type specResult struct {
	Program string `json:"program"`
	Folder  string `json:"folder"`
	Mode    string `json:"mode"`
	Verdict string `json:"verdict"`
	Kind    string `json:"kind,omitempty"` // which rule of specVerdict decided
	Scope   string `json:"scope"`          // "in", or the out-of-scope category
	// Truth: compiled Go's run is a truth to hold the run to (false when
	// it fails the harness's own check or differs between two runs: the
	// verdict is reported, never a failure).
	Truth     bool    `json:"truth"`
	FirstDiff string  `json:"first_diff,omitempty"`
	Error     string  `json:"error,omitempty"`
	Seconds   float64 `json:"seconds"`
	GoSeconds float64 `json:"go_seconds"`
	Limit     float64 `json:"limit_seconds"`
	// The observations (outputs clipped to 4 KB).
	Go  observation `json:"go"`
	Got observation `json:"got"`
}

// clipObservation clips an observation's outputs for the report.
func clipObservation(o observation) observation {
	c := func(s string) string {
		if len(s) > 4096 {
			return s[:2048] + "\n…\n" + s[len(s)-2048:]
		}
		return s
	}
	o.Stdout, o.Stderr = c(o.Stdout), c(o.Stderr)
	return o
}

// specBench counts the verdicts: over the programs in scope (the go-spec
// line and one line per mode), per folder (in scope) and over all programs
// (go-spec-all, out-of-scope ones included). silent, crash, refused and
// slow count runs (a program silent in both modes counts twice).
func specBench(results []specResult, progs []*specProgram) []string {
	type tally struct {
		n, pass   [2]int
		verdicts  map[string]int
		programs  int
		outsiders int
	}
	newTally := func() *tally { return &tally{verdicts: map[string]int{}} }
	in, all := newTally(), newTally()
	folders := map[string]*tally{}
	for _, r := range results {
		m := 0
		if r.Mode == "notebook" {
			m = 1
		}
		ts := []*tally{all}
		if r.Scope == "in" {
			if folders[r.Folder] == nil {
				folders[r.Folder] = newTally()
			}
			ts = append(ts, in, folders[r.Folder])
		}
		for _, t := range ts {
			t.n[m]++
			if r.Verdict == vPass {
				t.pass[m]++
			} else {
				t.verdicts[r.Verdict]++
			}
		}
	}
	for _, p := range progs {
		all.programs++
		if p.scope.category != "" {
			all.outsiders++
		}
	}
	line := func(name string, t *tally) string {
		return fmt.Sprintf("BENCH %s script=%d/%d notebook=%d/%d silent=%d crash=%d refused=%d slow=%d", name,
			t.pass[0], t.n[0], t.pass[1], t.n[1], t.verdicts[vSilent], t.verdicts[vCrash], t.verdicts[vRefused], t.verdicts[vSlow])
	}
	pct := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	lines := []string{line("go-spec", in),
		fmt.Sprintf("BENCH go-spec-rate script=%.1f%% notebook=%.1f%% (in scope; goal: >= 95%% both, silent 0, crash 0)",
			pct(in.pass[0], in.n[0]), pct(in.pass[1], in.n[1]))}
	for _, f := range slices.Sorted(maps.Keys(folders)) {
		name := "go-spec-" + strings.ReplaceAll(f, "/", "-")
		if f == "." {
			name = "go-spec-top"
		}
		lines = append(lines, line(name, folders[f]))
	}
	lines = append(lines, line("go-spec-all", all)+fmt.Sprintf(" programs=%d out-of-scope=%d", all.programs, all.outsiders))
	return lines
}

// groupKey normalises a run's error (its first line) or, without one, its
// first differing line, so that runs failing the same way group together.
var (
	groupPosRe = regexp.MustCompile(`\b\d+:\d+\b`)
	groupNumRe = regexp.MustCompile(`\b0x[0-9a-f]+\b|\b\d+\b`)
	// Script and notebook runs name positions differently ("cell1/_.go:",
	// "cell 1, "): dropped, so that both modes group together.
	groupCellRe = regexp.MustCompile(`\bcell\d+/_\.go:|\bcell \d+, `)
)

func groupKey(r specResult) string {
	key := r.Error
	if key == "" {
		key = "output: " + r.FirstDiff
	}
	key = strings.TrimPrefix(key, "cell 1: ")
	key = groupCellRe.ReplaceAllString(key, "")
	key = groupPosRe.ReplaceAllString(key, "L:C")
	key = groupNumRe.ReplaceAllString(key, "N")
	if len(key) > 110 {
		key = key[:110] + "…"
	}
	return key
}

// specSummary groups the runs that did not pass by verdict and groupKey:
// the top n groups with counts and two example programs each.
func specSummary(results []specResult, n int) string {
	type group struct {
		verdict, kind, key string
		count              int
		examples           []string
	}
	groups := map[string]*group{}
	for _, r := range results {
		if r.Verdict == vPass {
			continue
		}
		k := r.Verdict + "\x00" + r.Kind + "\x00" + groupKey(r)
		g := groups[k]
		if g == nil {
			g = &group{verdict: r.Verdict, kind: r.Kind, key: groupKey(r)}
			groups[k] = g
		}
		g.count++
		ex := r.Program + " (" + r.Mode + ")"
		if len(g.examples) < 2 && !slices.ContainsFunc(g.examples, func(e string) bool { return strings.HasPrefix(e, r.Program+" ") }) {
			g.examples = append(g.examples, ex)
		}
	}
	list := slices.Collect(maps.Values(groups))
	sort.Slice(list, func(i, j int) bool {
		if list[i].count != list[j].count {
			return list[i].count > list[j].count
		}
		return list[i].verdict+list[i].key < list[j].verdict+list[j].key
	})
	var b strings.Builder
	// The rules that decided, over the runs in scope.
	kinds := map[string]int{}
	for _, r := range results {
		if r.Verdict != vPass && r.Scope == "in" {
			kinds[r.Verdict+": "+r.Kind]++
		}
	}
	b.WriteString("in scope, by the rule that decided:\n")
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		fmt.Fprintf(&b, "%6d  %s\n", kinds[k], k)
	}
	b.WriteString("groups (all programs):\n")
	for i, g := range list {
		if i == n {
			fmt.Fprintf(&b, "... %d more groups\n", len(list)-n)
			break
		}
		fmt.Fprintf(&b, "%4d  %-7s %s\n        [%s] e.g. %s\n", g.count, g.verdict, g.key, g.kind, strings.Join(g.examples, ", "))
	}
	return b.String()
}

// writeSpecReport writes the JSON lines and the summary.
func writeSpecReport(t *testing.T, file string, results []specResult, summary string) {
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	enc := json.NewEncoder(f)
	for _, r := range results {
		enc.Encode(r)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file+".summary.txt", []byte(specSummary(results, 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// knownSilent is one row of testdata/spec/known-silent.tsv.
type knownSilent struct {
	verdict, note string
}

// readKnownSilent reads rows "program<TAB>mode<TAB>verdict<TAB>note"
// (mode script or notebook; verdict silent, or crash for an out-of-scope
// program, or flaky for a run seen silent that sometimes is not: the
// interpreter races; any verdict is accepted and printed); '#' starts a
// comment line.
func readKnownSilent(t *testing.T, path string) map[string]knownSilent {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]knownSilent{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 4 || (cols[1] != "script" && cols[1] != "notebook") || (cols[2] != vSilent && cols[2] != vCrash && cols[2] != "flaky") {
			t.Fatalf("%s:%d: want program, mode (script|notebook), verdict (silent|crash|flaky), note separated by tabs: %q", path, n, line)
		}
		rows[cols[0]+"\t"+cols[1]] = knownSilent{verdict: cols[2], note: cols[3]}
	}
	return rows
}

// checkKnownSilent fails the test on every silent run and every crash of
// an out-of-scope program that known-silent.tsv does not list with that
// verdict, and on every listed run that no longer gives its verdict.
func checkKnownSilent(t *testing.T, results []specResult, known map[string]knownSilent, complete bool) {
	seen := map[string]bool{}
	var listed []string
	for _, r := range results {
		key := r.Program + "\t" + r.Mode
		k, ok := known[key]
		seen[key] = true
		bad := r.Truth && (r.Verdict == vSilent || (r.Scope != "in" && r.Verdict == vCrash))
		switch {
		case ok && (r.Verdict == k.verdict || k.verdict == "flaky"):
			listed = append(listed, fmt.Sprintf("%s (%s): %s (listed %s): %s", r.Program, r.Mode, r.Verdict, k.verdict, r.FirstDiff))
		case ok && (r.Verdict == vSlow || r.Got.End == "timeout"):
			// Stopped at its time limit (computing, or judged idle): on
			// a loaded machine that says nothing of the listed difference.
			t.Logf("%s (%s): listed as %s, stopped at its time limit this time (%s)", r.Program, r.Mode, k.verdict, r.Verdict)
		case ok:
			t.Errorf("%s (%s): listed in known-silent.tsv as %s, now %s: remove its row", r.Program, r.Mode, k.verdict, r.Verdict)
		case bad && r.Verdict == vSilent:
			t.Errorf("%s (%s): SILENT difference from Go: %s (error %q)", r.Program, r.Mode, r.FirstDiff, r.Error)
		case bad:
			t.Errorf("%s (%s): out of scope (%s) but crashed: %q; %s", r.Program, r.Mode, r.Scope, r.Error, r.FirstDiff)
		}
	}
	if complete {
		for key := range known {
			prog, mode, _ := strings.Cut(key, "\t")
			if !seen[key] && (mode == "script" || os.Getenv("GOPHERNOTE_SPEC") == "full") {
				t.Errorf("known-silent.tsv lists %s (%s), which did not run: remove its row", prog, mode)
			}
		}
	}
	t.Logf("go-spec: %d runs listed in known-silent.tsv gave their listed verdict (the list must shrink):\n  %s",
		len(listed), strings.Join(listed, "\n  "))
}

// knownRow is a row of known-silent.tsv being written.
type knownRow struct {
	program, mode string
	knownSilent
}

// mustList reports whether a run is one known-silent.tsv must list: a
// silent run, or an out-of-scope crash, against a compiled run that is a
// truth.
func mustList(r specResult) bool {
	return r.Truth && (r.Verdict == vSilent || (r.Scope != "in" && r.Verdict == vCrash))
}

// writeKnownSilent rewrites known-silent.tsv (GOPHERNOTE_SPEC_WRITE_KNOWN=1)
// from the run's verdicts and returns the new rows. A run that must be
// listed (mustList) gets a row with its verdict; a listed run that gave
// its listed verdict keeps its note; a flaky row stays (a flaky program
// gives several verdicts, one run proves nothing), and so does the row of
// a run that stopped at its time limit this time (slow says nothing about
// the verdict) or did not run (another GOPHERNOTE_SPEC_RUN, a notebook
// outside the sample); every other row goes. Rows are in the order of the
// programs (specPrograms), a script's before its notebook's; the file's
// leading comment is kept.
func writeKnownSilent(t *testing.T, path string, results []specResult, known map[string]knownSilent,
	order map[string]int, complete bool) map[string]knownSilent {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var header strings.Builder
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if !strings.HasPrefix(l, "#") {
			break
		}
		header.WriteString(l)
	}
	rows := map[string]knownRow{}
	ran := map[string]specResult{}
	for _, r := range results {
		ran[r.Program+"\t"+r.Mode] = r
	}
	var added, removed []string
	for key, k := range known {
		prog, mode, _ := strings.Cut(key, "\t")
		r, ok := ran[key]
		_, exists := order[prog]
		switch {
		case k.verdict == "flaky" && (exists || !complete):
			rows[key] = knownRow{prog, mode, k}
		case !ok && (!complete || (mode == "notebook" && exists && os.Getenv("GOPHERNOTE_SPEC") != "full")):
			rows[key] = knownRow{prog, mode, k} // did not run: unknown
		case ok && (r.Verdict == vSlow || r.Got.End == "timeout"):
			rows[key] = knownRow{prog, mode, k} // stopped at its time limit: unknown
		case ok && mustList(r) && r.Verdict == k.verdict:
			rows[key] = knownRow{prog, mode, k}
		default:
			verdict := "did not run"
			if ok {
				verdict = r.Verdict
			}
			removed = append(removed, fmt.Sprintf("%s (%s): listed %s, now %s", prog, mode, k.verdict, verdict))
		}
	}
	for _, r := range results {
		key := r.Program + "\t" + r.Mode
		if _, ok := rows[key]; ok || !mustList(r) {
			continue
		}
		note := r.FirstDiff
		if r.Error != "" {
			note += " | " + r.Error
		}
		note = strings.NewReplacer("\t", " ", "\n", " ").Replace(note)
		if len(note) > 200 {
			note = note[:200]
		}
		rows[key] = knownRow{r.Program, r.Mode, knownSilent{verdict: r.Verdict, note: note}}
		if k, ok := known[key]; ok {
			removed = append(removed, fmt.Sprintf("%s (%s): listed %s, now %s", r.Program, r.Mode, k.verdict, r.Verdict))
		}
		added = append(added, fmt.Sprintf("%s (%s): %s: %s", r.Program, r.Mode, r.Verdict, note))
	}
	list := slices.Collect(maps.Values(rows))
	place := func(r knownRow) int {
		if i, ok := order[r.program]; ok {
			return i
		}
		return len(order) // a program this Go does not have: last
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if place(a) != place(b) {
			return place(a) < place(b)
		}
		if a.program != b.program {
			return a.program < b.program
		}
		return a.mode > b.mode // script before notebook
	})
	var b strings.Builder
	b.WriteString(header.String())
	out := map[string]knownSilent{}
	for _, r := range list {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", r.program, r.mode, r.verdict, r.note)
		out[r.program+"\t"+r.mode] = r.knownSilent
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	slices.Sort(added)
	slices.Sort(removed)
	t.Logf("go-spec: wrote %s: %d rows; %d added:\n  %s\n%d removed or changed:\n  %s", path, len(list), len(added),
		strings.Join(added, "\n  "), len(removed), strings.Join(removed, "\n  "))
	return out
}
