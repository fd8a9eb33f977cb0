package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// The pieces of TestGoSpec that decide: the recipe parser, the verdicts,
// the scope rules and the join of multi-package tests.

func TestSpecRecipe(t *testing.T) {
	for _, c := range []struct {
		src, recipe string
		words       []string
	}{
		{"// run\n\npackage main\n", "run", []string{"run"}},
		{"//go:build !wasm\n\n// run\n\npackage main\n", "run", []string{"run"}},
		{"// +build linux\n// run arg1 arg2\npackage main\n", "run arg1 arg2", []string{"run", "arg1", "arg2"}},
		{`// run -gcflags="-l"` + "\npackage main\n", `run -gcflags="-l"`, []string{"run", "-gcflags=-l"}},
		{"// run -gcflags='all=-N -l'\npackage main\n", "run -gcflags='all=-N -l'", []string{"run", "-gcflags=all=-N -l"}},
		{"// errorcheck\n", "errorcheck", []string{"errorcheck"}},
	} {
		if got := specRecipe([]byte(c.src)); got != c.recipe {
			t.Errorf("specRecipe(%q) = %q, want %q", c.src, got, c.recipe)
		}
		if got := splitRecipe(c.recipe); !slices.Equal(got, c.words) {
			t.Errorf("splitRecipe(%q) = %q, want %q", c.recipe, got, c.words)
		}
	}
	if !specBuildOK([]byte("//go:build !wasm\n\n// run\n\npackage main\n")) || specBuildOK([]byte("//go:build js\n// run\npackage main\n")) {
		t.Error("specBuildOK: !wasm must hold here and js must not")
	}
}

func TestSpecVerdict(t *testing.T) {
	ok := observation{Stdout: "a\nb\n", End: "ok"}
	for _, c := range []struct {
		name string
		got  observation
		want string
	}{
		{"identical", observation{Stdout: "a\nb\n", End: "ok"}, vPass},
		{"fewer lines, no error", observation{Stdout: "a\n", End: "ok"}, vSilent},
		{"other output then an error", observation{Stdout: "a\nBUG\n", End: "error", Error: "CompileError: 3:4: x"}, vSilent},
		{"self-check panic", observation{Stdout: "a\n", End: "panic: fail", Error: "Panic: fail [at 12:3]"}, vSilent},
		{"self-check exit", observation{Stdout: "a\n", End: "exit 1", Error: "Exit: exit status 1"}, vSilent},
		{"compile error at a position", observation{End: "compile error", Error: "CompileError: 12:5: range over func (Go 1.23 iterators) is not supported by the gophernote interpreter"}, vRefused},
		{"notebook compile error", observation{End: "compile error", Error: "cell 1: CompileError: cell 1, 3:1: package unsafe \"unsafe\" has no symbol SliceData"}, vRefused},
		{"the interpreter rejects valid Go", observation{End: "compile error", Error: "CompileError: 12:5: undefined: T"}, vCrash},
		{"a missing symbol in yaegi's words", observation{End: "compile error", Error: "CompileError: 8:15: undefined selector syscall.Mmap"}, vCrash},
		{"a missing symbol in gophernote's words", observation{End: "compile error", Error: "CompileError: 8:15: syscall.Mmap is not available in gophernote: its table of package syscall holds only the process calls the engine guards"}, vRefused},
		{"the recipe's build flags refused", observation{End: "error", Error: "UsageError: go build flag -gcflags=-d=maymorestack=main.mayMoreStack is refused: gophernote interprets the program, with no compiler or linker to hand it to"}, vRefused},
		{"build flags refused after output", observation{Stdout: "a\n", End: "error", Error: "UsageError: go build flags -race -gcflags=all=-d=checkptr=0 are refused: gophernote interprets the program, with no compiler or linker to hand them to"}, vCrash},
		{"run-time refusal", observation{Stdout: "a\n", End: "panic: x", Error: "Panic: fmt cannot print a P held in an interface as Go would (the interpreter stored it without its methods; the argument at 7:14) [at 7:2]"}, vRefused},
		{"kernel refusal", observation{End: "panic: x", Error: "Panic: syscall.Kill(1, 9) is refused in a gophernote cell: it would signal the kernel's own process [at 9:2]"}, vRefused},
		{"reflect panic", observation{Stdout: "a\n", End: "panic: r", Error: "Panic: reflect: call of reflect.Value.SetUint on int Value [at 4:2]"}, vCrash},
		{"yaegi compile crash", observation{End: "compile error", Error: "CompileError: the interpreter crashed compiling this cell (cell1/_.go:3:1: CFG post-order)"}, vCrash},
		{"compile error without position", observation{End: "compile error", Error: "CompileError: something"}, vCrash},
		{"runtime error Go does not raise", observation{End: "panic: e", Error: "Panic: runtime error: invalid memory address or nil pointer dereference [at 3:3]"}, vCrash},
		{"deadlock Go does not have", observation{End: "deadlock", Error: "Deadlock: all goroutines are asleep - deadlock! [at cell 1, 8:2]"}, vCrash},
		{"internal error", observation{End: "error", Error: "InternalError: the interpreter crashed: boom"}, vCrash},
		{"busy at the time limit", observation{Stdout: "a\n", End: "timeout", Error: "Interrupted: ran longer than --timeout 20s", Seconds: 20, CPUSeconds: 15}, vSlow},
		{"idle at the time limit", observation{Stdout: "a\n", End: "timeout", Error: "Interrupted: ran longer than --timeout 20s", Seconds: 20, CPUSeconds: 0.2}, vCrash},
		// On 2 cores at load 22 a computing run gets ~9% of a CPU.
		{"busy at the time limit on a loaded machine", observation{Stdout: "a\n", End: "timeout", Error: "Interrupted: ran longer than --timeout 20s", Seconds: 20, CPUSeconds: 1.8, Load: 11 * float64(runtime.NumCPU())}, vSlow},
		{"idle at the time limit on a loaded machine", observation{Stdout: "a\n", End: "timeout", Error: "Interrupted: ran longer than --timeout 20s", Seconds: 20, CPUSeconds: 0.05, Load: 11 * float64(runtime.NumCPU())}, vCrash},
		{"the process crashed", observation{Stdout: "a\n", Stderr: "SIGTRAP: trace trap\nPC=0x47c1e1 m=0 sigcode=128\n\ngoroutine 1 [running]:\n", End: "exit 2"}, vCrash},
		{"yaegi logs its crash", observation{Stdout: "a\n", Stderr: "2026/12/01 20:11:56 nil type\n", End: "compile error", Error: "CompileError: the interpreter crashed compiling this cell (nil type)"}, vCrash},
		{"a log line of the program", observation{Stdout: "a\n", Stderr: "2026/12/01 20:11:56 want 1\n", End: "exit 1", Error: "Exit: exit status 1"}, vSilent},
		{"yaegi's position in a panic value", observation{End: "panic: x", Error: "Panic: cell1/_.go:21:3: invalid interface value {} [at cell 1, 21:3]"}, vCrash},
		{"goroutine self-check", observation{Stdout: "a\nb\n", Stderr: "panic in goroutine: fail\n\tin main.f\n", End: "ok"}, vSilent},
		{"goroutine reflect panic", observation{Stdout: "a\nb\n", Stderr: "panic in goroutine: reflect: Call with too many input arguments\n", End: "ok"}, vCrash},
		// fixedbugs/issue56990 as a notebook: testing.Main prints to the
		// worker's own stdout and exits it.
		{"the worker died of compiled code's exit", observation{End: "ok", Error: "Exit: exit status 0", WorkerDied: true}, vCrash},
		{"os.Exit(0) after Go's output", observation{Stdout: "a\nb\n", End: endOf("Exit: exit status 0"), Error: "Exit: exit status 0"}, vPass},
	} {
		if got, _, diff := specVerdict(ok, c.got); got != c.want {
			t.Errorf("%s: verdict %s (%s), want %s", c.name, got, diff, c.want)
		}
	}
	if _, _, diff := specVerdict(ok, observation{Stdout: "a\nc\n", End: "ok"}); diff != `stdout line 2: go "b\n", got "c\n"` {
		t.Errorf("first difference %q", diff)
	}
}

func TestSpecScopeRules(t *testing.T) {
	prog := func(src string) *specProgram {
		return &specProgram{corpusProgram: &corpusProgram{name: "x.go", src: []byte(src), compiled: observation{End: "ok"}}, orig: []byte(src), recipe: "run", files: []string{"x.go"}}
	}
	for _, c := range []struct {
		src, category string
	}{
		{"// run\n\npackage main\n\nfunc main() {}\n", ""},
		{"//go:build !wasm\n\n// run\n\npackage main\n\nfunc main() {}\n", ""},
		{"//go:build amd64\n\n// run\n\npackage main\n\nfunc main() {}\n", catArch},
		{"//go:build !nacl && !js && gc\n\n// run\n\npackage main\n\nfunc main() {}\n", catArch},
		{"// run\n\npackage main\n\nimport _ \"unsafe\"\n\n//go:linkname f runtime.f\nfunc f()\nfunc main() {}\n", catLinkname},
		{"// run\n\npackage main\n\nimport \"runtime\"\n\nfunc main() { runtime.SetFinalizer(new(int), nil) }\n", catGC},
		{"// run\n\npackage main\n\nimport \"runtime\"\n\nfunc main() { runtime.GC() }\n", ""},
		{"// run\n\npackage main\n\nimport \"runtime\"\n\nfunc main() { runtime.Caller(0) }\n", catStack},
		{"// run\n\npackage main\n\nimport \"testing\"\n\nfunc main() { testing.AllocsPerRun(1, func() {}) }\n", catEscape},
		{"// run\n\npackage main\n\nimport \"os/exec\"\n\nfunc main() { exec.Command(\"go\", \"run\", \"x.go\") }\n", catCompiler},
	} {
		if got := specScope(prog(c.src)); got.category != c.category {
			t.Errorf("%q: category %q (%s), want %q", c.src, got.category, got.evidence, c.category)
		}
	}
	p := prog("// run\n\npackage main\n\nfunc main() {}\n")
	p.buildFlags = []string{"-race"}
	if got := specScope(p); got.category != catCompiler {
		t.Errorf("a recipe with -race: %q", got.category)
	}
	p = prog("// run\n\npackage main\n\nfunc main() {}\n")
	p.compiled = observation{Stdout: "x\n", End: "ok"}
	if got := specScope(p); got.category != catHarness {
		t.Errorf("compiled output the harness does not want: %q", got.category)
	}
	p.want = "x\n"
	if got := specScope(p); got.category != "" {
		t.Errorf("compiled output equal to the .out file: %q", got.category)
	}
}

func TestSpecInterleaves(t *testing.T) {
	for _, c := range []struct {
		combined, stdout, stderr string
		want                     bool
	}{
		{"A\n\nB\n", "A\nB\n", "\n", true}, // fixedbugs/issue21808: println() between two fmt.Println
		{"A\nB\n", "A\nB\n", "", true},
		{"", "", "", true},
		{"B\nA\n", "A\nB\n", "", false},
		{"A\nx\nB\n", "A\nB\n", "y\n", false},
		{"A\nB", "A\n", "B", true}, // a partial last line: only the two concatenations
		{"BA\n", "A\n", "B", true},
	} {
		if got := interleaves(c.combined, c.stdout, c.stderr); got != c.want {
			t.Errorf("interleaves(%q, %q, %q) = %v", c.combined, c.stdout, c.stderr, got)
		}
	}
}

// A rundir test of two packages joins into one program that prints what
// the packages print, compiled; unjoinable ones say why.
func TestSpecJoin(t *testing.T) {
	root := t.TempDir()
	write := func(rel, src string) {
		p := filepath.Join(root, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("two.go", "// rundir\n\npackage ignored\n")
	write("two.dir/a.go", `package a

import "fmt"

type T struct{ N int }

var count = 2

func (t T) String() string { return fmt.Sprint("T", t.N*count) }

func New(n int) T { count++; return T{N: n} }

func init() { fmt.Println("init a", count) }
`)
	write("two.dir/main.go", `package main

import (
	"fmt"
	"strings"

	"./a"
)

var count = 10

func main() {
	t := a.New(4)
	var s fmt.Stringer = t
	fmt.Println(strings.ToUpper(s.String()), count, a.T{N: 1})
}
`)
	out := t.TempDir()
	p := &specProgram{corpusProgram: &corpusProgram{name: "two.go", path: filepath.Join(root, "two.go")}, files: []string{"two.go"}}
	if why := joinRundir(p, root, out); why != "" {
		t.Fatalf("join: %s", why)
	}
	src := string(p.src)
	for _, want := range []string{"func a_New(n int) a_T", "var a_count = 2", "t := a_New(4)", "var count = 10", "a_T{N: 1}", "func init()"} {
		if !strings.Contains(src, want) {
			t.Errorf("joined program lacks %q:\n%s", want, src)
		}
	}
	cmd := exec.Command("go", "run", p.path)
	cmd.Env = append(os.Environ(), "GO111MODULE=on", "GOWORK=off", "GOFLAGS=")
	got, err := cmd.CombinedOutput()
	if err != nil || string(got) != "init a 2\nT12 10 T3\n" {
		t.Errorf("joined program: %v\n%s", err, got)
	}

	// Dot imports: a local package's names are renamed where used.
	write("dot.go", "// rundir\n\npackage ignored\n")
	write("dot.dir/a.go", "package a\n\nimport . \"strings\"\n\nfunc F() string { return ToUpper(\"x\") }\n")
	write("dot.dir/main.go", "package main\n\nimport . \"./a\"\n\nfunc main() { println(F()) }\n")
	p = &specProgram{corpusProgram: &corpusProgram{name: "dot.go", path: filepath.Join(root, "dot.go")}, files: []string{"dot.go"}}
	if why := joinRundir(p, root, out); why != "" {
		t.Fatalf("join with dot imports: %s", why)
	}
	if src := string(p.src); !strings.Contains(src, "println(a_F())") || !strings.Contains(src, `. "strings"`) {
		t.Errorf("joined program with dot imports:\n%s", src)
	}

	// Two packages of one name: refused with the reason.
	write("clash.go", "// rundir\n\npackage ignored\n")
	write("clash.dir/a.go", "package a\n\nimport \"math/rand\"\n\nfunc F() int { return rand.Int() }\n")
	write("clash.dir/main.go", "package main\n\nimport (\n\t\"crypto/rand\"\n\n\t\"./a\"\n)\n\nfunc main() { println(a.F(), rand.Reader) }\n")
	p = &specProgram{corpusProgram: &corpusProgram{name: "clash.go", path: filepath.Join(root, "clash.go")}, files: []string{"clash.go"}}
	if why := joinRundir(p, root, out); !strings.Contains(why, "two packages named rand") {
		t.Errorf("two imports named rand: %q", why)
	}
}

// The summary groups a script's and a notebook's run of the same failure,
// counts the runs and names two examples.
func TestSpecSummary(t *testing.T) {
	rs := []specResult{
		{Program: "a.go", Mode: "script", Verdict: vCrash, Kind: "the interpreter crashed compiling", Scope: "in",
			Error: "CompileError: the interpreter crashed compiling this cell (cell1/_.go:12:3: CFG post-order panic: x)"},
		{Program: "a.go", Mode: "notebook", Verdict: vCrash, Kind: "the interpreter crashed compiling", Scope: "in",
			Error: "cell 1: CompileError: the interpreter crashed compiling this cell (cell2/_.go:4:3: CFG post-order panic: x)"},
		{Program: "b.go", Mode: "script", Verdict: vCrash, Kind: "the interpreter crashed compiling", Scope: "in",
			Error: "CompileError: the interpreter crashed compiling this cell (cell1/_.go:7:1: CFG post-order panic: x)"},
		{Program: "c.go", Mode: "script", Verdict: vSilent, Kind: "output Go does not print", Scope: "in", FirstDiff: `stdout line 2: go "1\n", got "2\n"`},
		{Program: "d.go", Mode: "script", Verdict: vPass, Scope: "in"},
	}
	got := specSummary(rs, 30)
	for _, want := range []string{
		"     3  crash: the interpreter crashed compiling\n",
		"   3  crash   CompileError: the interpreter crashed compiling this cell (L:C: CFG post-order panic: x)\n        [the interpreter crashed compiling] e.g. a.go (script), b.go (script)\n",
		`   1  silent  output: stdout line N: go "N\n", got "N\n"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "d.go") {
		t.Errorf("summary shows a passing run:\n%s", got)
	}
}

// GOPHERNOTE_SPEC_WRITE_KNOWN rewrites the list from the run: a new silent
// run is added with its difference as the note, a listed run that passes
// now goes, a listed one that holds keeps its note, flaky rows, rows of
// slow runs and of runs that did not run stay; the header stays.
func TestSpecWriteKnown(t *testing.T) {
	path := filepath.Join(t.TempDir(), "known-silent.tsv")
	old := "# header\n# two lines\n" +
		"b.go\tscript\tsilent\ta hand-written note\n" +
		"c.go\tscript\tsilent\tfixed since\n" +
		"d.go\tscript\tflaky\tseen twice\n" +
		"e.go\tscript\tsilent\tslow this time\n" +
		"f.go\tscript\tsilent\tnot run (another GOPHERNOTE_SPEC_RUN)\n"
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	known := readKnownSilent(t, path)
	order := map[string]int{"a.go": 0, "b.go": 1, "c.go": 2, "d.go": 3, "e.go": 4, "f.go": 5}
	res := func(prog, mode, verdict, scope string) specResult {
		return specResult{Program: prog, Mode: mode, Verdict: verdict, Scope: scope, Truth: true, FirstDiff: "end: go \"ok\"", Error: "Panic: x"}
	}
	results := []specResult{
		res("a.go", "notebook", vSilent, "in"), res("a.go", "script", vCrash, "stack layout"),
		res("b.go", "script", vSilent, "in"), res("c.go", "script", vPass, "in"),
		res("d.go", "script", vPass, "in"), res("e.go", "script", vSlow, "in"),
	}
	got := writeKnownSilent(t, path, results, known, order, false)
	data, _ := os.ReadFile(path)
	want := "# header\n# two lines\n" +
		"a.go\tscript\tcrash\tend: go \"ok\" | Panic: x\n" +
		"a.go\tnotebook\tsilent\tend: go \"ok\" | Panic: x\n" +
		"b.go\tscript\tsilent\ta hand-written note\n" +
		"d.go\tscript\tflaky\tseen twice\n" +
		"e.go\tscript\tsilent\tslow this time\n" +
		"f.go\tscript\tsilent\tnot run (another GOPHERNOTE_SPEC_RUN)\n"
	if string(data) != want {
		t.Errorf("wrote:\n%s\nwant:\n%s", data, want)
	}
	if len(got) != 6 || got["c.go\tscript"].verdict != "" {
		t.Errorf("returned %v", got)
	}
	// A complete run drops the row of a program that did not run.
	writeKnownSilent(t, path, results, readKnownSilent(t, path), order, true)
	if data, _ := os.ReadFile(path); strings.Contains(string(data), "f.go") {
		t.Errorf("a complete run kept the row of a program that did not run:\n%s", data)
	}
}
