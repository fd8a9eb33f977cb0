package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gophernote/gophernote/cmd/gophernote/internal/progen"
)

// TestGoFuzz is the differential fuzzer for Go programs (issue 19): it
// generates random, deterministic, well-typed programs
// (internal/progen), builds and runs each with Go (the truth), runs it as
// `gophernote run FILE.go` (script) and as a two-cell notebook
// (declarations, then main's body: notebookRun, as TestGoCorpus does),
// and compares the observations with TestGoCorpus's judge.
//
// A program is a sequence of independent units (see progen). When a mode
// refuses or crashes on a unit, that unit is dropped and the mode runs
// the rest again, against the compiled output without the unit's
// section, so one refusal does not hide the other units; a silent
// difference is located in the first unit whose section differs and
// dropped the same way. Each (program, unit, mode) ends as one of
//
//   - pass: identical to Go;
//   - refused: a gophernote CompileError naming a line:col, raised before
//     anything Go did not print (counted, not a failure);
//   - crash: an interpreter crash, a reflect or other panic Go did not
//     raise, an error without a position, a hang;
//   - silent: anything else that differs (a wrong value, a different
//     panic, output Go does not print).
//
// It prints
//
//	BENCH go-fuzz programs=N minutes=M differences=D per10k=R ...
//
// where D counts silent and crash events, and R is D per 10,000 programs.
//
// By default (`go test`, `make test`) it runs a fixed list of seeds and
// fails on every silent or crash event not listed in
// testdata/gofuzz/known.tsv, on every listed one that no longer happens,
// and on generator bugs (a program go/types or go build rejects, or whose
// compiled runs differ). With GOPHERNOTE_FUZZ_MINUTES=M (`make fuzz-go`)
// it runs random seeds for M minutes, minimizes every new difference
// (gofuzz_min_test.go) and writes it to testdata/corpus/fuzz_*.go (or
// GOPHERNOTE_FUZZ_OUT), where TestGoCorpus runs it three ways.
//
// Environment: GOPHERNOTE_FUZZ_MINUTES, GOPHERNOTE_FUZZ_SEED (the first
// seed; random in timed runs), GOPHERNOTE_FUZZ_PROGRAMS (fixed-seed
// count), GOPHERNOTE_FUZZ_MINIMIZE=1 (minimize in fixed-seed runs too),
// GOPHERNOTE_FUZZ_OUT (where minimized programs go),
// GOPHERNOTE_FUZZ_REPORT=FILE (every event as JSON lines),
// GOPHERNOTE_FUZZ_WEIGHTS=feature=N,... (timed runs: change the grammar's
// weights, e.g. generic=0 to look past the generics crashes),
// GOPHERNOTE_FUZZ_MIN_MINUTES (the minimization budget),
// GOPHERNOTE_FUZZ_UNIT=U (minimize only unit U's difference).
func TestGoFuzz(t *testing.T) {
	if testing.Short() {
		t.Skip("the Go fuzzer builds and runs hundreds of programs; skipped with -short")
	}
	st := fuzzSettingsFromEnv(t)
	f := newFuzzer(t, st)
	start := time.Now()
	deadline := start.Add(time.Duration(st.minutes * float64(time.Minute)))
	batch := 2 * runtime.GOMAXPROCS(0)
	seed := st.seed
	for {
		if st.fixed && seed >= st.seed+int64(st.programs) {
			break
		}
		if !st.fixed && time.Now().After(deadline) {
			break
		}
		n := batch
		if st.fixed {
			n = min(n, int(st.seed+int64(st.programs)-seed))
		}
		var ps []*fuzzProgram
		for i := 0; i < n; i++ {
			ps = append(ps, f.generate(seed))
			seed++
		}
		f.compileBatch(ps)
		forEachProgram(ps, runtime.GOMAXPROCS(0), func(p *fuzzProgram) {
			if p.skip != "" {
				return
			}
			for _, mode := range []string{"script", "notebook"} {
				f.evaluate(p, mode)
			}
		})
		for _, p := range ps {
			f.record(p)
		}
	}
	elapsed := time.Since(start)
	if st.minimize {
		f.minimizeAll()
	}
	f.finish(elapsed)
}

// minimizeAll minimizes the run's differences after the fuzzing: one per
// (program, unit), at most two per signature, within the minimization
// budget (GOPHERNOTE_FUZZ_MIN_MINUTES, default 20).
func (f *fuzzer) minimizeAll() {
	budget := 20.0
	if m := os.Getenv("GOPHERNOTE_FUZZ_MIN_MINUTES"); m != "" {
		if v, err := strconv.ParseFloat(m, 64); err == nil {
			budget = v
		}
	}
	end := time.Now().Add(time.Duration(budget * float64(time.Minute)))
	done := map[string]bool{}
	only := -1 // GOPHERNOTE_FUZZ_UNIT: minimize that unit's difference only
	if u := os.Getenv("GOPHERNOTE_FUZZ_UNIT"); u != "" {
		only, _ = strconv.Atoi(u)
	}
	// silent differences first: they are the worst kind
	evs := slices.Clone(f.events)
	slices.SortStableFunc(evs, func(a, b fuzzEvent) int {
		rank := func(e fuzzEvent) int {
			if e.Verdict == "silent" {
				return 0
			}
			return 1
		}
		return rank(a) - rank(b)
	})
	for _, ev := range evs {
		if ev.Verdict != "silent" && ev.Verdict != "crash" {
			continue
		}
		key := fmt.Sprint(ev.Seed, ev.Unit)
		if done[key] || only >= 0 && ev.Unit != only {
			continue
		}
		if time.Now().After(end) {
			f.t.Logf("minimization budget (%.4g minutes) spent; seed %d unit %d (%s) not minimized", budget, ev.Seed, ev.Unit, ev.Mode)
			continue
		}
		done[key] = true
		f.minimizeEvent(f.progs[ev.Seed], ev)
	}
}

// fuzzSettings are TestGoFuzz's settings.
type fuzzSettings struct {
	fixed    bool    // the fixed seeds of `make test`
	minutes  float64 // a timed run's length
	seed     int64   // the first seed
	programs int     // fixed: how many seeds
	minimize bool
	out      string // minimized programs go here
	report   string
}

// fixedPrograms is how many seeds `make test` runs (seconds: about 10
// interpreted runs a program, and each compiled run once, then cached).
const fixedPrograms = 2

func fuzzSettingsFromEnv(t *testing.T) fuzzSettings {
	st := fuzzSettings{fixed: true, seed: 1, programs: fixedPrograms, out: filepath.Join("testdata", "corpus"),
		report: os.Getenv("GOPHERNOTE_FUZZ_REPORT")}
	if m := os.Getenv("GOPHERNOTE_FUZZ_MINUTES"); m != "" {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil || v <= 0 {
			t.Fatalf("GOPHERNOTE_FUZZ_MINUTES=%q: want a positive number", m)
		}
		st.fixed, st.minutes, st.minimize = false, v, true
		st.seed = time.Now().UnixNano() % 1e12
	}
	if s := os.Getenv("GOPHERNOTE_FUZZ_SEED"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("GOPHERNOTE_FUZZ_SEED=%q: want an integer", s)
		}
		st.seed = v
	}
	if s := os.Getenv("GOPHERNOTE_FUZZ_PROGRAMS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			t.Fatalf("GOPHERNOTE_FUZZ_PROGRAMS=%q: want a positive integer", s)
		}
		st.programs = v
	}
	if os.Getenv("GOPHERNOTE_FUZZ_MINIMIZE") == "1" {
		st.minimize = true
	}
	if o := os.Getenv("GOPHERNOTE_FUZZ_OUT"); o != "" {
		st.out = o
	}
	mode := "fixed seeds"
	if !st.fixed {
		mode = fmt.Sprintf("%.4g minutes", st.minutes)
	}
	line := fmt.Sprintf("go-fuzz: %s from seed %d (rerun one: GOPHERNOTE_FUZZ_SEED=N GOPHERNOTE_FUZZ_PROGRAMS=1)", mode, st.seed)
	fmt.Println(line)
	t.Log(line)
	return st
}

// fuzzer is one run's state.
type fuzzer struct {
	t     *testing.T
	st    fuzzSettings
	work  string // scratch
	mod   string // the module the compiled programs build in
	imp   types.Importer
	impMu sync.Mutex

	mu        sync.Mutex
	programs  int
	units     int
	genBugs   []string
	counts    map[string]int // verdict -> events (unit, mode)
	diffProgs int            // programs with a silent or crash event
	refusals  map[string]int // normalized refusal message -> count
	events    []fuzzEvent
	signature map[string]int // minimized differences per signature
	written   map[string]string
	report    *os.File
	progs     map[int64]*fuzzProgram // programs with a silent or crash event
	gen       progen.Config
}

// fuzzProgram is one generated program and what its runs showed.
type fuzzProgram struct {
	seed     int64
	prog     *progen.Program
	src      []byte
	compiled observation
	sections map[int]string // unit -> its part of compiled stdout
	order    []int          // the units that ran in Go, in order
	// panicUnit is the unit whose panic ended the compiled run, or -1.
	panicUnit int
	skip      string // a generator bug: why the program is not used
	mu        sync.Mutex
	events    []fuzzEvent
	passed    map[string][]int // mode -> units identical to Go
}

// fuzzEvent is one unit's difference in one mode.
type fuzzEvent struct {
	Seed    int64  `json:"seed"`
	Unit    int    `json:"unit"`
	Feature string `json:"feature"`
	Mode    string `json:"mode"`
	Verdict string `json:"verdict"`
	Detail  string `json:"detail"`
	Keep    []int  `json:"keep"` // the units of the run that showed it
	// Victim: the unit where the difference showed when another unit
	// (Unit) causes it, else -1.
	Victim int `json:"victim"`
	// Want and Got: the unit's section of compiled Go's output and of
	// the mode's (the report's reader needs no clipping).
	Want, Got string `json:",omitempty"`
	want      observation
	got       observation
	verdict   string
}

func newFuzzer(t *testing.T, st fuzzSettings) *fuzzer {
	work := t.TempDir()
	f := &fuzzer{t: t, st: st, work: work, mod: filepath.Join(work, "mod"), imp: importer.Default(),
		counts: map[string]int{}, refusals: map[string]int{}, signature: map[string]int{}, written: map[string]string{},
		progs: map[int64]*fuzzProgram{}}
	if err := os.MkdirAll(f.mod, 0o755); err != nil {
		t.Fatal(err)
	}
	// The language version of the repository's module (per-iteration
	// loop variables, range over int, min/max).
	if err := os.WriteFile(filepath.Join(f.mod, "go.mod"), []byte("module gofuzz\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.gen = genConfig
	if w := os.Getenv("GOPHERNOTE_FUZZ_WEIGHTS"); w != "" {
		ws, err := progen.ParseWeights(w)
		if err != nil {
			t.Fatal(err)
		}
		f.gen.Weights = ws
		if st.fixed {
			t.Fatal("GOPHERNOTE_FUZZ_WEIGHTS changes the programs: it is for timed runs (GOPHERNOTE_FUZZ_MINUTES), not the fixed seeds")
		}
	}
	if st.report != "" {
		r, err := os.Create(st.report)
		if err != nil {
			t.Fatal(err)
		}
		f.report = r
		t.Cleanup(func() { r.Close() })
	}
	return f
}

// genConfig is the generator's configuration for the fuzzer.
var genConfig = progen.FuzzConfig()

// generate makes the program of a seed and type-checks it.
func (f *fuzzer) generate(seed int64) *fuzzProgram {
	p := &fuzzProgram{seed: seed, prog: progen.Generate(seed, f.gen), panicUnit: -1, passed: map[string][]int{}}
	p.src = p.prog.Source(nil)
	if err := f.typeCheck(p.src); err != nil {
		p.skip = "go/types rejects it: " + err.Error()
	}
	return p
}

// typeCheck runs go/types on a program as go build would.
func (f *fuzzer) typeCheck(src []byte) error {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "prog.go", src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	f.impMu.Lock()
	defer f.impMu.Unlock()
	conf := types.Config{Importer: f.imp, GoVersion: "go1.24"}
	_, err = conf.Check("main", fset, []*ast.File{file}, nil)
	return err
}

// fuzzCachePath is the cache file of a generated program's compiled run.
func fuzzCachePath(src []byte) string {
	return compiledCachePath(src, []byte("go-fuzz-v2 go1.24 module gob"))
}

// loadFuzzCache reads a cached compiled run. The cache is gob, not JSON:
// encoding/json replaces invalid UTF-8 in strings, and programs print
// invalid UTF-8 on purpose.
func loadFuzzCache(src []byte) (observation, bool) {
	var o observation
	f, err := os.Open(fuzzCachePath(src))
	if err != nil {
		return o, false
	}
	defer f.Close()
	return o, gob.NewDecoder(f).Decode(&o) == nil
}

// storeFuzzCache writes a compiled run to the cache.
func storeFuzzCache(src []byte, o observation) {
	var b bytes.Buffer
	if gob.NewEncoder(&b).Encode(o) != nil {
		return
	}
	path := fuzzCachePath(src)
	os.MkdirAll(filepath.Dir(path), 0o755)
	tmp := path + ".tmp" + strconv.Itoa(os.Getpid())
	if os.WriteFile(tmp, b.Bytes(), 0o644) == nil {
		os.Rename(tmp, path)
	}
}

// compileBatch builds the programs with one go build (sharing its work)
// and runs each twice; cached results are reused.
func (f *fuzzer) compileBatch(ps []*fuzzProgram) {
	var todo []*fuzzProgram
	for _, p := range ps {
		if p.skip != "" {
			continue
		}
		if o, ok := loadFuzzCache(p.src); ok {
			p.compiled = o
			f.settle(p)
			continue
		}
		todo = append(todo, p)
	}
	if len(todo) == 0 {
		return
	}
	bin := filepath.Join(f.work, "bin")
	args := []string{"build", "-o", bin + string(filepath.Separator)}
	for _, p := range todo {
		dir := filepath.Join(f.mod, fmt.Sprintf("p%d", p.seed))
		os.MkdirAll(dir, 0o755)
		if err := os.WriteFile(filepath.Join(dir, "main.go"), p.src, 0o644); err != nil {
			f.t.Fatal(err)
		}
		args = append(args, "./"+filepath.Base(dir))
	}
	build := func(args []string) ([]byte, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = f.mod
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GO111MODULE=on")
		return cmd.CombinedOutput()
	}
	if _, err := build(args); err != nil {
		// find the programs that do not build (generator bugs)
		for _, p := range todo {
			if out, err := build([]string{"build", "-o", bin + string(filepath.Separator), fmt.Sprintf("./p%d", p.seed)}); err != nil {
				p.skip = "go build rejects it: " + firstLine(string(out))
			}
		}
	}
	forEachProgram(todo, runtime.GOMAXPROCS(0), func(p *fuzzProgram) {
		if p.skip != "" {
			return
		}
		exe := filepath.Join(bin, fmt.Sprintf("p%d", p.seed))
		o := goRun(exe, f.work, runLimits{}.withDefaults().compiled)
		if again := goRun(exe, f.work, runLimits{}.withDefaults().compiled); !sameRun(again, o) {
			o.Nondeterministic = true
		}
		os.Remove(exe)
		p.compiled = o
		storeFuzzCache(p.src, o)
		f.settle(p)
	})
}

// settle splits the compiled output into the units' sections and checks
// that the program is one the generator meant to write.
func (f *fuzzer) settle(p *fuzzProgram) {
	o := p.compiled
	switch {
	case o.Nondeterministic:
		p.skip = "two compiled runs differ"
		return
	case o.End == "timeout":
		p.skip = "the compiled run timed out"
		return
	case o.End != "ok" && !strings.HasPrefix(o.End, "panic: "):
		p.skip = "the compiled run ended with " + o.End
		return
	}
	p.sections = splitSections(o.Stdout)
	for _, u := range p.prog.Units {
		if _, ok := p.sections[u.Index]; ok {
			p.order = append(p.order, u.Index)
		}
	}
	if strings.HasPrefix(o.End, "panic: ") {
		last := p.order[len(p.order)-1]
		p.panicUnit = last
		if p.prog.Units[last].Feature != progen.FPanicExit {
			// A panic the generator did not plan: the units after it
			// never ran; the others are still usable.
			f.mu.Lock()
			f.genBugs = append(f.genBugs, fmt.Sprintf("seed %d: unit %d panics: %s", p.seed, last, o.End))
			f.mu.Unlock()
		}
	}
	if len(p.order) == 0 {
		p.skip = "no unit ran"
	}
}

// markerRe matches a unit's marker line.
var markerRe = regexp.MustCompile(`(?m)^== u(\d+)\n`)

// splitSections splits stdout at the units' marker lines.
func splitSections(stdout string) map[int]string {
	secs := map[int]string{}
	idx := markerRe.FindAllStringSubmatchIndex(stdout, -1)
	for i, m := range idx {
		u, _ := strconv.Atoi(stdout[m[2]:m[3]])
		end := len(stdout)
		if i+1 < len(idx) {
			end = idx[i+1][0]
		}
		secs[u] = stdout[m[0]:end]
	}
	return secs
}

// truth is the compiled observation of the program reduced to keep.
func (p *fuzzProgram) truth(keep []int) observation {
	var b strings.Builder
	for _, u := range keep {
		b.WriteString(p.sections[u])
	}
	o := observation{Stdout: b.String(), End: "ok"}
	if p.panicUnit >= 0 && slices.Contains(keep, p.panicUnit) {
		o.End, o.Stderr = p.compiled.End, p.compiled.Stderr
	}
	return o
}

// evaluate runs the program in one mode, dropping each unit that differs
// and running the rest again.
func (f *fuzzer) evaluate(p *fuzzProgram, mode string) {
	keep := slices.Clone(p.order)
	for round := 0; len(keep) > 0 && round <= len(p.order); round++ {
		src, spans, want, got := f.run(p, mode, keep, fmt.Sprintf("r%d", round))
		verdict := fuzzVerdict(want, got)
		if verdict == "identical" {
			p.mu.Lock()
			p.passed[mode] = keep
			p.mu.Unlock()
			return
		}
		u := locateUnit(src, spans, mode, verdict, want, got, keep)
		if u < 0 && len(keep) > 1 {
			u = f.bisectUnit(p, mode, keep, nil, verdict, got)
		}
		victim := -1
		if u >= 0 && verdict != "refused" && len(keep) > 1 {
			u, victim = f.attribute(p, mode, keep, u, verdict, got)
		}
		ev := fuzzEvent{Seed: p.seed, Unit: u, Victim: victim, Mode: mode, Verdict: verdict, Keep: slices.Clone(keep),
			want: want, got: got, verdict: verdict}
		if verdict == "refused" {
			ev.Detail = got.Error
		} else {
			ev.Detail = diffText(want, got)
		}
		if u >= 0 {
			ev.Feature = string(p.prog.Units[u].Feature)
			shown := u
			if victim >= 0 {
				shown = victim
			}
			ev.Want, ev.Got = splitSections(want.Stdout)[shown], splitSections(got.Stdout)[shown]
		}
		if ev.Want == ev.Got {
			// the difference is not in a section: show the whole runs
			ev.Want, ev.Got = want.Stdout+"\n[end] "+want.End, got.Stdout+"\n[end] "+got.End
		}
		p.mu.Lock()
		p.events = append(p.events, ev)
		p.mu.Unlock()
		if u < 0 {
			return
		}
		keep = slices.DeleteFunc(keep, func(x int) bool { return x == u })
	}
}

// run runs the program reduced to keep in a mode.
func (f *fuzzer) run(p *fuzzProgram, mode string, keep []int, tag string) (src []byte, spans []progen.Span, want, got observation) {
	keepSet := map[int]bool{}
	for _, u := range keep {
		keepSet[u] = true
	}
	src, spans = p.prog.Render(func(i int) bool { return keepSet[i] })
	dir := filepath.Join(f.work, mode, fmt.Sprintf("s%d_%s", p.seed, tag))
	os.MkdirAll(dir, 0o755)
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "fuzz.go")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		f.t.Fatal(err)
	}
	cp := &corpusProgram{name: "fuzz/" + strconv.FormatInt(p.seed, 10), path: path, dir: dir, src: src}
	want = p.truth(keep)
	if mode == "script" {
		got = scriptRun(cp, f.work)
	} else {
		got = notebookRun(cp, f.work)
		want = asNotebookText(want)
	}
	return src, spans, want, got
}

// asNotebookText is what a notebook can show of an observation: its
// outputs are JSON strings, where each byte that is not UTF-8 becomes
// U+FFFD (as encoding/json writes it).
func asNotebookText(o observation) observation {
	fix := func(s string) string {
		if utf8.ValidString(s) {
			return s
		}
		var b strings.Builder
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b.WriteString("\uFFFD")
			} else {
				b.WriteString(s[i : i+n])
			}
			i += n
		}
		return b.String()
	}
	o.Stdout, o.Stderr = fix(o.Stdout), fix(o.Stderr)
	return o
}

// sameDifference: a run shows the same kind of difference as the one
// being attributed.
func sameDifference(w, g observation, verdict string, got observation) bool {
	if fuzzVerdict(w, g) != verdict {
		return false
	}
	return verdict != "crash" || crashKind(g) == crashKind(got)
}

// bisectUnit finds the unit of a difference among keep (with the units
// forced in every probe): it halves the candidates while the same kind
// of difference persists. It serves differences that name no position
// and printed no marker (an interpreter crash while compiling), and
// differences one unit causes in another.
func (f *fuzzer) bisectUnit(p *fuzzProgram, mode string, keep, forced []int, verdict string, got observation) int {
	cands := slices.DeleteFunc(slices.Clone(keep), func(u int) bool { return slices.Contains(forced, u) })
	with := func(us []int) []int {
		all := append(slices.Clone(forced), us...)
		slices.Sort(all)
		return all
	}
	for probe := 0; len(cands) > 1; probe++ {
		half := cands[:len(cands)/2]
		_, _, w, g := f.run(p, mode, with(half), fmt.Sprintf("b%d", probe))
		if sameDifference(w, g, verdict, got) {
			cands = half
		} else {
			cands = cands[len(cands)/2:]
		}
	}
	if len(cands) == 0 {
		return -1
	}
	_, _, w, g := f.run(p, mode, with(cands), "bv")
	if sameDifference(w, g, verdict, got) {
		return cands[0]
	}
	return -1
}

// attribute checks that unit u shows the difference alone; when it does
// not, another unit causes it in u (a declaration of one unit breaking
// another's): that unit (the culprit) is found by bisection and
// returned with u as the victim.
func (f *fuzzer) attribute(p *fuzzProgram, mode string, keep []int, u int, verdict string, got observation) (unit, victim int) {
	_, _, w, g := f.run(p, mode, []int{u}, "alone")
	if sameDifference(w, g, verdict, got) {
		return u, -1
	}
	if c := f.bisectUnit(p, mode, keep, []int{u}, verdict, got); c >= 0 {
		return c, u
	}
	return u, -1
}

// reflectPanicRe: a panic from the interpreter's own machinery.
var reflectPanicRe = regexp.MustCompile(`reflect[.:]|reflect\.Value|yaegi|interp\.|nil type|unsupported|not implemented`)

// fuzzVerdict classifies an interpreted observation against Go's.
func fuzzVerdict(want, got observation) string {
	switch v := judge(want, got); v {
	case "identical", "silent":
		return v
	}
	switch {
	case got.End == "timeout":
		return "crash"
	case strings.Contains(got.Error, "InternalError") || strings.Contains(got.Error, "interpreter crashed"):
		return "crash"
	case strings.HasPrefix(got.End, "panic: ") && runtimeRefusalRe.MatchString(got.Error) && positionRe.MatchString(got.Error):
		return "refused" // the engine's check at run time, naming the construct
	case strings.HasPrefix(got.End, "panic: "):
		if reflectPanicRe.MatchString(got.End) {
			return "crash"
		}
		if strings.HasPrefix(want.End, "panic: ") && strings.HasSuffix(want.Stdout, got.Stdout) && want.Stdout == got.Stdout {
			return "silent" // Go panicked there too, with another value
		}
		return "crash" // a panic Go did not raise
	case got.End == "compile error" && positionRe.MatchString(got.Error) && !rawCompileRe.MatchString(got.Error):
		return "refused"
	}
	return "crash"
}

// runtimeRefusalRe matches the engine's refusals raised while a cell
// runs (as panics naming the construct and its position).
var runtimeRefusalRe = regexp.MustCompile(`is refused in a gophernote cell|held in an interface (?:as Go would|\(the argument at)`)

// rawCompileRe matches the interpreter's own compile errors (yaegi's
// words, not the engine's refusals): on a program go/types accepts they
// are wrong, a refusal nobody wrote, so they count as crashes.
var rawCompileRe = regexp.MustCompile(`CompileError: (?:cell \d+, )?\d+:\d+: (?:undefined: |undefined selector|cannot use |mismatched types|invalid operation|too many arguments|not enough arguments|constant definition loop|missing return|cannot assign|unknown field|cannot convert|non-bool|invalid argument|[^ ]+ redeclared|[^ ]+ is not a type|illegal|expected |cannot call|use of untyped nil|[^ ]+ declared and not used|cannot index|invalid type|assignment mismatch|type [^ ]+ has no|[^ ]+ not defined|not a generic type)`)

// errPosRe finds a position in an interpreted error: "L:C" or
// "cell N, L:C".
var errPosRe = regexp.MustCompile(`(?:cell (\d+), )?\b(\d+):(\d+)\b`)

// locateUnit finds the unit a difference belongs to, or -1.
func locateUnit(src []byte, spans []progen.Span, mode, verdict string, want, got observation, keep []int) int {
	if verdict == "silent" {
		// the first unit whose section differs
		ws, gs := splitSections(want.Stdout), splitSections(got.Stdout)
		for _, u := range keep {
			if ws[u] != gs[u] {
				return u
			}
		}
		return lastMarker(got.Stdout, keep)
	}
	if m := errPosRe.FindStringSubmatch(got.Error); m != nil {
		line, _ := strconv.Atoi(m[2])
		if mode == "script" {
			if u := progen.UnitAt(spans, line); u >= 0 {
				return u
			}
		} else {
			cell := 2
			if strings.HasPrefix(got.Error, "cell 1: ") {
				cell = 1
			}
			if m[1] != "" {
				cell, _ = strconv.Atoi(m[1])
			}
			if u := cellLineUnit(src, spans, cell, line); u >= 0 {
				return u
			}
		}
	}
	return lastMarker(got.Stdout, keep)
}

// lastMarker is the unit whose marker was printed last (the one running
// when the run stopped), or -1.
func lastMarker(stdout string, keep []int) int {
	ms := markerRe.FindAllStringSubmatch(stdout, -1)
	if len(ms) == 0 {
		return -1
	}
	u, _ := strconv.Atoi(ms[len(ms)-1][1])
	if !slices.Contains(keep, u) {
		return -1
	}
	return u
}

// cellLineUnit maps a line of notebookCells' cell (1: the declarations,
// 2: main's body) to its unit.
func cellLineUnit(src []byte, spans []progen.Span, cell, line int) int {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return -1
	}
	start := 1 // the cell line where the next declaration begins
	for _, d := range file.Decls {
		first := fset.Position(d.Pos()).Line
		last := fset.Position(d.End()).Line
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" {
			if cell == 2 {
				// cell 2 is main's body from the line after the brace
				return progen.UnitAt(spans, fset.Position(fd.Body.Lbrace).Line+line)
			}
			continue
		}
		n := last - first + 1
		if cell == 1 && line >= start && line < start+n {
			return progen.UnitAt(spans, first+line-start)
		}
		start += n + 1 // parts are joined by a blank line
	}
	return -1
}

// record counts a program's events.
func (f *fuzzer) record(p *fuzzProgram) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.programs++
	if p.skip != "" {
		f.genBugs = append(f.genBugs, fmt.Sprintf("seed %d: %s", p.seed, p.skip))
		return
	}
	f.units += len(p.order)
	differs := false
	slices.SortFunc(p.events, func(a, b fuzzEvent) int {
		return strings.Compare(fmt.Sprint(a.Mode, a.Unit), fmt.Sprint(b.Mode, b.Unit))
	})
	for _, m := range []string{"script", "notebook"} {
		f.counts["pass "+m] += len(p.passed[m])
	}
	for _, ev := range p.events {
		f.counts[ev.Verdict]++
		f.counts[ev.Verdict+" "+ev.Mode]++
		switch ev.Verdict {
		case "refused":
			f.refusals[normalizeRefusal(ev.Detail)]++
		case "silent", "crash":
			differs = true
			where := ""
			if ev.Victim >= 0 {
				where = fmt.Sprintf(", showing in unit %d", ev.Victim)
			}
			f.t.Logf("seed %d unit %d (%s, %s%s): %s:\n%s", ev.Seed, ev.Unit, ev.Feature, ev.Mode, where, strings.ToUpper(ev.Verdict), ev.Detail)
		}
		f.events = append(f.events, ev)
		if f.report != nil {
			json.NewEncoder(f.report).Encode(ev)
		}
	}
	if differs {
		f.diffProgs++
		if f.st.minimize {
			f.progs[p.seed] = p
		}
	}
}

// refusalNumRe and refusalNameRe normalize refusal messages.
var (
	refusalNumRe  = regexp.MustCompile(`\b\d+(:\d+)?\b`)
	refusalNameRe = regexp.MustCompile(`\b[A-Za-z]+\d+(_\d+)?\b`)
)

func normalizeRefusal(msg string) string {
	msg = refusalNameRe.ReplaceAllString(msg, "X")
	msg = refusalNumRe.ReplaceAllString(msg, "N")
	if len(msg) > 160 {
		msg = msg[:160]
	}
	return msg
}

// finish prints the figures and checks the known differences.
func (f *fuzzer) finish(elapsed time.Duration) {
	t := f.t
	d := f.counts["silent"] + f.counts["crash"]
	per10k := 0.0
	if f.programs > 0 {
		per10k = float64(d) * 10000 / float64(f.programs)
	}
	line := fmt.Sprintf("BENCH go-fuzz programs=%d minutes=%.1f differences=%d per10k=%.0f programs_differing=%d silent=%d crash=%d refused=%d units=%d pass_script=%d pass_notebook=%d generator_bugs=%d",
		f.programs, elapsed.Minutes(), d, per10k, f.diffProgs, f.counts["silent"], f.counts["crash"], f.counts["refused"],
		f.units, f.counts["pass script"], f.counts["pass notebook"], len(f.genBugs))
	fmt.Println(line)
	t.Log(line)
	type kv struct {
		k string
		n int
	}
	var rs []kv
	for k, n := range f.refusals {
		rs = append(rs, kv{k, n})
	}
	slices.SortFunc(rs, func(a, b kv) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return strings.Compare(a.k, b.k)
	})
	for i, r := range rs {
		if i == 12 {
			break
		}
		t.Logf("refused %d×: %s", r.n, r.k)
	}
	for _, b := range f.genBugs {
		if f.st.fixed {
			t.Errorf("generator bug: %s", b)
		} else {
			t.Logf("generator bug: %s", b)
		}
	}
	f.summarizeClasses()
	for path, sig := range f.written {
		t.Logf("wrote %s (%s)", path, sig)
	}
	if f.st.fixed {
		f.checkKnown()
	} else if d > 0 {
		t.Errorf("%d silent or crash differences (minimized programs: %d written)", d, len(f.written))
	}
}

// summarizeClasses prints the run's silent and crash events grouped by
// differenceClass, most frequent first, each with the programs it showed
// in and a seed and unit to look at:
//
//	go-fuzz class 12×, 9 programs, e.g. seed 5 unit 3 (notebook): crash end compile error CompileError: undefined: T
func (f *fuzzer) summarizeClasses() {
	type class struct {
		n     int
		progs map[int64]bool
		first fuzzEvent
	}
	classes := map[string]*class{}
	for _, ev := range f.events {
		if ev.Verdict != "silent" && ev.Verdict != "crash" {
			continue
		}
		k := differenceClass(ev)
		c := classes[k]
		if c == nil {
			c = &class{progs: map[int64]bool{}, first: ev}
			classes[k] = c
		}
		c.n++
		c.progs[ev.Seed] = true
	}
	keys := make([]string, 0, len(classes))
	for k := range classes {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if d := classes[b].n - classes[a].n; d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	line := fmt.Sprintf("go-fuzz: %d difference classes (events grouped by verdict and the shape of the first difference)", len(keys))
	fmt.Println(line)
	f.t.Log(line)
	for _, k := range keys {
		c := classes[k]
		line := fmt.Sprintf("go-fuzz class %d×, %d programs, e.g. seed %d unit %d (%s): %s", c.n, len(c.progs), c.first.Seed, c.first.Unit, c.first.Mode, k)
		fmt.Println(line)
		f.t.Log(line)
	}
}

// knownDiff is a row of testdata/gofuzz/known.tsv.
type knownDiff struct {
	seed          int64
	unit          int
	mode, verdict string
	cause         string
}

// fuzzCause is a row of testdata/gofuzz/causes.tsv: a root cause the
// fuzzer found, its minimized corpus program and what goes wrong.
type fuzzCause struct{ id, program, what string }

// checkKnown compares the fixed seeds' silent and crash events with the
// list of known differences: each event must be listed, each listed one
// must still happen.
func (f *fuzzer) checkKnown() {
	t := f.t
	causes := readFuzzCauses(t, filepath.Join("testdata", "gofuzz", "causes.tsv"))
	known := readKnownDiffs(t, filepath.Join("testdata", "gofuzz", "known.tsv"), causes)
	seen := map[string]bool{}
	for _, ev := range f.events {
		if ev.Verdict != "silent" && ev.Verdict != "crash" {
			continue
		}
		key := fmt.Sprintf("%d\t%d\t%s\t%s", ev.Seed, ev.Unit, ev.Mode, ev.Verdict)
		seen[key] = true
		if _, ok := known[key]; !ok {
			t.Errorf("seed %d unit %d (%s): unlisted %s difference from Go; find its cause (minimize: GOPHERNOTE_FUZZ_SEED=%d GOPHERNOTE_FUZZ_PROGRAMS=1 GOPHERNOTE_FUZZ_MINIMIZE=1) and list it in testdata/gofuzz/known.tsv as\n\t%s\tCAUSE\n%s",
				ev.Seed, ev.Unit, ev.Mode, strings.ToUpper(ev.Verdict), ev.Seed, key, ev.Detail)
		}
	}
	for key, k := range known {
		if k.seed < f.st.seed || k.seed >= f.st.seed+int64(f.st.programs) {
			continue
		}
		if !seen[key] {
			c := causes[k.cause]
			t.Errorf("known difference seed %d unit %d (%s, %s) no longer happens: remove its row from testdata/gofuzz/known.tsv (cause %s: %s; corpus program %s)",
				k.seed, k.unit, k.mode, k.verdict, k.cause, c.what, c.program)
		}
	}
}

// readFuzzCauses reads rows "id program description" separated by tabs.
func readFuzzCauses(t *testing.T, path string) map[string]fuzzCause {
	t.Helper()
	out := map[string]fuzzCause{}
	for n, c := range readTSV(t, path, 3) {
		if c[1] != "-" {
			if _, err := os.Stat(filepath.Join("testdata", "corpus", c[1])); err != nil {
				t.Errorf("%s:%d: program %s: %v", path, n, c[1], err)
			}
		}
		out[c[0]] = fuzzCause{id: c[0], program: c[1], what: c[2]}
	}
	return out
}

// readKnownDiffs reads rows "seed unit mode verdict cause" separated by
// tabs.
func readKnownDiffs(t *testing.T, path string, causes map[string]fuzzCause) map[string]knownDiff {
	t.Helper()
	out := map[string]knownDiff{}
	for n, c := range readTSV(t, path, 5) {
		seed, err1 := strconv.ParseInt(c[0], 10, 64)
		unit, err2 := strconv.Atoi(c[1])
		if err1 != nil || err2 != nil || (c[2] != "script" && c[2] != "notebook") || (c[3] != "silent" && c[3] != "crash") {
			t.Fatalf("%s:%d: bad row %q", path, n, strings.Join(c, "\t"))
		}
		if _, ok := causes[c[4]]; !ok {
			t.Errorf("%s:%d: cause %q is not in causes.tsv", path, n, c[4])
		}
		out[strings.Join(c[:4], "\t")] = knownDiff{seed: seed, unit: unit, mode: c[2], verdict: c[3], cause: c[4]}
	}
	return out
}

// readTSV reads the rows of a tab-separated file with n columns ('#'
// starts a comment line), by line number.
func readTSV(t *testing.T, path string, n int) map[int][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int][]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != n {
			t.Fatalf("%s:%d: want %d tab-separated columns: %q", path, i+1, n, line)
		}
		out[i+1] = c
	}
	return out
}

// forEachProgram runs f on every program with n workers.
func forEachProgram(ps []*fuzzProgram, n int, f func(*fuzzProgram)) {
	ch := make(chan *fuzzProgram)
	var wg sync.WaitGroup
	for range max(n, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range ch {
				f(p)
			}
		}()
	}
	for _, p := range ps {
		ch <- p
	}
	close(ch)
	wg.Wait()
}

// shortHash names a minimized program by its content.
func shortHash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:4])
}
