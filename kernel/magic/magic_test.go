package magic_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/kernel/cell"
)

// TestSegments: Go and magic lines run in order in one session; the value
// is the last segment's; the first error stops the cell and keeps the
// cell's line numbers.
func TestSegments(t *testing.T) {
	m := newMagic(t)
	s, r := ok(t, m, "import \"fmt\"\nx := 20\nfmt.Println(\"go\", x)\n!echo shell\nfmt.Println(\"go again\")\nx + 1")
	if s.out() != "go 20\nshell\ngo again\n" || value(r) != "21" {
		t.Errorf("stdout %q value %q; want the segments in order and 21", s.out(), value(r))
	}
	// Values of segments before the last are not shown (as in IPython).
	if _, r := ok(t, m, "x\n!echo"); r.Value != nil {
		t.Errorf("a cell ending in a shell command has value %q", value(r))
	}
	// Errors keep their cell line.
	e := fails(t, m, "y := 1\n!echo a\n\nz := undefinedName", "CompileError")
	if !strings.HasPrefix(e.Value, "4:6: undefined: undefinedName") {
		t.Errorf("error %q; want it at 4:6", e.Value)
	}
	if tb := strings.Join(e.Traceback, "\n"); !strings.Contains(tb, "    z := undefinedName\n         ^") {
		t.Errorf("excerpt %q", tb)
	}
	s, _ = exec(t, m, "!echo before\n%nosuch\n!echo after")
	if s.out() != "before\n" {
		t.Errorf("the cell went on after an error: %q", s.out())
	}
	// A panic in a function an earlier segment of the cell defined reads
	// as this cell's position.
	e = fails(t, m, "func g(a []int) int {\n\treturn a[3]\n}\n!echo\ng(nil)", "Panic")
	if !strings.Contains(e.Value, "[at 2:") || strings.Contains(e.Value, "cell ") {
		t.Errorf("panic %q; want it at 2:... of this cell", e.Value)
	}
}

// TestUnknownMagic: an unknown magic names the known ones; a line magic
// used as a cell magic and the reverse say so.
func TestUnknownMagic(t *testing.T) {
	m := newMagic(t)
	e := fails(t, m, "x := 1\n  %tiem x", "UsageError")
	for _, w := range []string{"2:3: unknown magic %tiem", "%time", "%timeit", "%%bash", "%cd", "%who", "%whos", "%lsmagic", "!COMMAND"} {
		if !strings.Contains(e.Value, w) {
			t.Errorf("%q lacks %q", e.Value, w)
		}
	}
	if e := fails(t, m, "%writefile x", "UsageError"); !strings.Contains(e.Value, "%%writefile is a cell magic") {
		t.Errorf("%%writefile as a line magic: %q", e.Value)
	}
	if e := fails(t, m, "%%cd /tmp", "UsageError"); !strings.Contains(e.Value, "%cd is a line magic") {
		t.Errorf("%%%%cd: %q", e.Value)
	}
	if e := fails(t, m, "% x", "UsageError"); !strings.Contains(e.Value, "must be followed by a magic's name") {
		t.Errorf("%% x: %q", e.Value)
	}
}

var (
	timeRe   = regexp.MustCompile(`^CPU times: user [0-9.]+ (s|ms|µs|ns), sys: [0-9.]+ (s|ms|µs|ns), total: [0-9.]+ (s|ms|µs|ns)\nWall time: ([0-9.]+) (s|ms|µs|ns)\n$`)
	timeitRe = regexp.MustCompile(`^(?:The slowest run took [0-9.]+ times longer than the fastest\. This could mean that an intermediate result is being cached\.\n)?([0-9.]+) (s|ms|µs|ns) ± [0-9.]+ (s|ms|µs|ns) per loop \(mean ± std\. dev\. of (\d+) runs?, ([0-9,]+) loops? each\)\n(\d+) allocs/op, (\d+) B/op \(the interpreter's included\)\n$`)
)

func seconds(v, unit string) float64 {
	f, _ := strconv.ParseFloat(v, 64)
	return f / map[string]float64{"s": 1, "ms": 1e3, "µs": 1e6, "ns": 1e9}[unit]
}

// TestTime: %time runs its statement in the session (a definition
// defines, an expression is the value), prints IPython's two lines, and
// measures the run: a 50 ms sleep takes at least 50 ms of wall time.
func TestTime(t *testing.T) {
	m := newMagic(t)
	s, r := ok(t, m, "import \"time\"\n%time x := 6 * 7\nx")
	if !timeRe.MatchString(s.out()) || value(r) != "42" {
		t.Errorf("%%time x := 6 * 7: %q, value %q", s.out(), value(r))
	}
	s, r = ok(t, m, "%time time.Sleep(50 * time.Millisecond)")
	mm := timeRe.FindStringSubmatch(s.out())
	if mm == nil || seconds(mm[4], mm[5]) < 0.05 {
		t.Errorf("%%time of a 50 ms sleep: %q", s.out())
	}
	if _, r = ok(t, m, "%time x * 2"); value(r) != "84" {
		t.Errorf("%%time of an expression as the last line: value %q", value(r))
	}
	// A statement going on over lines while a bracket is open.
	if _, r = ok(t, m, "%time y := []int{\n\t1,\n\t2,\n}\nlen(y)"); value(r) != "2" {
		t.Errorf("multi-line %%time: value %q", value(r))
	}
	e := fails(t, m, "\n%time z := nope + 1", "CompileError")
	if !strings.HasPrefix(e.Value, "2:12: undefined: nope") || !strings.Contains(strings.Join(e.Traceback, "\n"), "    %time z := nope + 1\n               ^") {
		t.Errorf("error in %%time: %q %q", e.Value, e.Traceback)
	}
	s, r = ok(t, m, "%%time\nimport \"fmt\"\nw := 5\nfmt.Println(\"w\", w)\n!echo shell\nw * 2")
	if !strings.HasPrefix(s.out(), "w 5\nshell\n") || !timeRe.MatchString(strings.TrimPrefix(s.out(), "w 5\nshell\n")) || value(r) != "10" {
		t.Errorf("%%%%time: %q value %q", s.out(), value(r))
	}
	if e := fails(t, m, "%time", "UsageError"); !strings.Contains(e.Value, "needs a Go statement") {
		t.Errorf("%%time alone: %q", e.Value)
	}
}

// TestTimeit: IPython's report; N as testing.Benchmark chooses it; the
// statement runs in a function (a definition does not reach the session);
// allocations as compiled Go makes them for a compiled call; positions of
// errors are the cell's, on its first line too.
func TestTimeit(t *testing.T) {
	m := newMagic(t)
	ok(t, m, "import (\n\t\"strings\"\n\t\"time\"\n)\nfunc sq(n int) int { return n * n }")
	s, _ := ok(t, m, "%timeit -r 3 sq(3)")
	mm := timeitRe.FindStringSubmatch(s.out())
	if mm == nil || mm[4] != "3" {
		t.Fatalf("%%timeit -r 3 sq(3): %q", s.out())
	}
	n, _ := strconv.Atoi(strings.ReplaceAll(mm[5], ",", ""))
	if per := seconds(mm[1], mm[2]); float64(n)*per < 0.1 {
		t.Errorf("N=%d at %g s per op: a run took under the 0.2 s target's half", n, per)
	}
	s, _ = ok(t, m, "%timeit -n 3 -r 2 time.Sleep(20 * time.Millisecond)")
	mm = timeitRe.FindStringSubmatch(s.out())
	if mm == nil || mm[4] != "2" || mm[5] != "3" || seconds(mm[1], mm[2]) < 0.02 {
		t.Errorf("%%timeit -n 3 -r 2 of a 20 ms sleep: %q", s.out())
	}
	// strings.Repeat of 1000 bytes allocates once, 1024 bytes (its size
	// class), in compiled Go; the compiled call from the interpreter adds
	// its own small allocations.
	s, _ = ok(t, m, "%timeit -n 2000 -r 2 strings.Repeat(\"x\", 1000)")
	mm = timeitRe.FindStringSubmatch(s.out())
	if mm == nil {
		t.Fatalf("%%timeit strings.Repeat: %q", s.out())
	}
	allocs, _ := strconv.Atoi(mm[6])
	bytes, _ := strconv.Atoi(mm[7])
	if allocs < 1 || bytes < 1024 || bytes > 2048 {
		t.Errorf("strings.Repeat(\"x\", 1000): %d allocs/op, %d B/op; want at least its one 1024-byte allocation", allocs, bytes)
	}
	ok(t, m, "k := 4")
	s, _ = ok(t, m, "%timeit -n 1000 -r 2 k*k + 1")
	// The counters are the process's (runtime.MemStats), so another
	// goroutine's allocation during the loop shows as a fraction of a byte
	// per iteration. The interpreter may box the expression's value (one
	// 8-byte allocation: the interpreter's, which the line says it
	// includes); more than that would be the counters gone wrong.
	if mm = timeitRe.FindStringSubmatch(s.out()); mm == nil {
		t.Errorf("%%timeit k*k + 1: %q", s.out())
	} else if a, _ := strconv.Atoi(mm[6]); a > 1 {
		t.Errorf("an arithmetic expression allocates %d times per op: %q", a, s.out())
	} else if b, _ := strconv.Atoi(mm[7]); b >= 16 {
		t.Errorf("an arithmetic expression allocates %d B/op: %q", b, s.out())
	}
	// A definition stays in the function.
	ok(t, m, "%timeit -n 5 -r 1 local := sq(2)")
	if e := fails(t, m, "local", "CompileError"); !strings.Contains(e.Value, "undefined: local") {
		t.Errorf("%%timeit's definition reached the session: %v", e)
	}
	// A conversion parses as a call but is not a statement.
	ok(t, m, "%timeit -n 5 -r 1 float64(3)")
	e := fails(t, m, "%timeit -n 5 nope(1)", "CompileError")
	if !strings.HasPrefix(e.Value, "1:14: undefined: nope") || !strings.Contains(strings.Join(e.Traceback, "\n"), "    %timeit -n 5 nope(1)\n                 ^") {
		t.Errorf("error on the first line: %q %q", e.Value, e.Traceback)
	}
	e = fails(t, m, "x := 1\n%timeit -n 5 nope(x)", "CompileError")
	if !strings.HasPrefix(e.Value, "2:14: undefined: nope") {
		t.Errorf("error on line 2: %q", e.Value)
	}
	e = fails(t, m, "var empty []int\n%timeit -n 5 -r 1 _ = empty[2]", "Panic")
	if !strings.Contains(e.Value, "index out of range [2] with length 0") || !strings.Contains(e.Value, "[at 2:") {
		t.Errorf("a panic in the loop: %q", e.Value)
	}
	s, _ = ok(t, m, "%%timeit -n 10 -r 2 xs := make([]int, 100)\nfor i := range xs {\n\txs[i] = i\n}")
	if mm = timeitRe.FindStringSubmatch(s.out()); mm == nil || mm[5] != "10" {
		t.Errorf("%%%%timeit with setup: %q", s.out())
	}
	for _, c := range []string{"%timeit -n x f()", "%timeit -r 0 f()", "%timeit"} {
		fails(t, m, c, "UsageError")
	}
}

// TestTimeitInterrupt: interrupting stops a %timeit loop at once.
func TestTimeitInterrupt(t *testing.T) {
	m := newMagic(t)
	ok(t, m, "import \"fmt\"\nstarted := false")
	s := &sink{notify: make(chan string, 16)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan cell.Result)
	go func() {
		done <- m.Execute(ctx, "%timeit if !started { started = true; fmt.Println(\"looping\") }", s)
	}()
	<-s.notify // the loop is running
	cancel()
	if r := <-done; r.Err == nil || r.Err.Name != "Interrupted" {
		t.Errorf("interrupted %%timeit: %+v", r.Err)
	}
	if _, r := ok(t, m, "1 + 1"); value(r) != "2" {
		t.Error("the session is not usable after the interrupt")
	}
}

// TestEnvCdPwd covers %env, %cd and %pwd.
func TestEnvCdPwd(t *testing.T) {
	m := newMagic(t)
	t.Setenv("GN_MAGIC_TEST", "")
	t.Setenv("GN_API_TOKEN", "s3cret")
	s, _ := ok(t, m, "%env GN_MAGIC_TEST=one two")
	if s.out() != "env: GN_MAGIC_TEST=one two\n" || os.Getenv("GN_MAGIC_TEST") != "one two" {
		t.Errorf("%%env set: %q, os.Getenv %q", s.out(), os.Getenv("GN_MAGIC_TEST"))
	}
	ok(t, m, "%env GN_MAGIC_TEST three")
	if _, r := ok(t, m, "%env GN_MAGIC_TEST"); value(r) != "three" {
		t.Errorf("%%env NAME: %q", value(r))
	}
	if _, r := ok(t, m, "import \"os\"\nos.Getenv(\"GN_MAGIC_TEST\")"); value(r) != "three" {
		t.Errorf("the cell's os.Getenv: %q", value(r))
	}
	if s, _ := ok(t, m, "!echo $GN_MAGIC_TEST"); s.out() != "three\n" {
		t.Errorf("the shell's environment: %q", s.out())
	}
	_, r := ok(t, m, "%env")
	all := value(r)
	if !strings.Contains(all, "GN_MAGIC_TEST=three\n") || !strings.Contains(all, "GN_API_TOKEN=<hidden>") || strings.Contains(all, "s3cret") {
		t.Errorf("%%env lists %q", all)
	}
	if e := fails(t, m, "%env GN_NO_SUCH_VAR", "UsageError"); !strings.Contains(e.Value, "Environment does not have key: GN_NO_SUCH_VAR") {
		t.Errorf("missing variable: %q", e.Value)
	}
	ok(t, m, "v := \"from go\"\n%env GN_MAGIC_TEST=$v")
	if os.Getenv("GN_MAGIC_TEST") != "from go" {
		t.Errorf("$v expansion: %q", os.Getenv("GN_MAGIC_TEST"))
	}

	wd, _ := os.Getwd()
	t.Cleanup(func() { os.Chdir(wd) })
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "sub dir"), 0o755)
	dir, _ = filepath.EvalSymlinks(dir)
	s, _ = ok(t, m, "%cd "+dir)
	if s.out() != dir+"\n" {
		t.Errorf("%%cd prints %q", s.out())
	}
	ok(t, m, "%cd 'sub dir'")
	if _, r := ok(t, m, "%pwd"); value(r) != filepath.Join(dir, "sub dir") {
		t.Errorf("%%pwd after %%cd 'sub dir': %q", value(r))
	}
	ok(t, m, "%cd -")
	if got, _ := os.Getwd(); got != dir {
		t.Errorf("%%cd -: %s, want %s", got, dir)
	}
	if s, _ := ok(t, m, "!pwd"); s.out() != dir+"\n" {
		t.Errorf("the shell's directory: %q", s.out())
	}
	if e := fails(t, m, "%cd /no/such/dir", "OSError"); !strings.Contains(e.Value, "no such file or directory") {
		t.Errorf("%%cd to a missing directory: %q", e.Value)
	}
	home, _ := os.UserHomeDir()
	ok(t, m, "%cd")
	if got, _ := os.Getwd(); got != home {
		t.Errorf("%%cd alone: %s, want %s", got, home)
	}
}

// TestWritefile covers %%writefile and its messages.
func TestWritefile(t *testing.T) {
	m := newMagic(t)
	dir := t.TempDir()
	f := filepath.Join(dir, "a.txt")
	if s, _ := ok(t, m, "%%writefile "+f+"\nline 1\n%not a magic"); s.out() != "Writing "+f+"\n" {
		t.Errorf("%q", s.out())
	}
	if s, _ := ok(t, m, "%%writefile -a "+f+"\nline 3"); s.out() != "Appending to "+f+"\n" {
		t.Errorf("%q", s.out())
	}
	if b, _ := os.ReadFile(f); string(b) != "line 1\n%not a magic\nline 3\n" {
		t.Errorf("file holds %q", b)
	}
	ok(t, m, "name := "+strconv.Quote(f))
	if s, _ := ok(t, m, "%%writefile {name}\nnew"); s.out() != "Overwriting "+f+"\n" {
		t.Errorf("%q", s.out())
	}
	if b, _ := os.ReadFile(f); string(b) != "new\n" {
		t.Errorf("file holds %q", b)
	}
	fails(t, m, "%%writefile\nx", "UsageError")
	if e := fails(t, m, "%%writefile /no/such/dir/x\ny", "OSError"); !strings.Contains(e.Value, "no such file or directory") {
		t.Errorf("%q", e.Value)
	}
}

// TestWho covers %who and %whos.
func TestWho(t *testing.T) {
	m := newMagic(t)
	if s, _ := ok(t, m, "%who"); s.out() != "Interactive namespace is empty.\n" {
		t.Errorf("empty session: %q", s.out())
	}
	ok(t, m, "const limit = 3\nn := 7\nname := \"gopher\"\nxs := make([]float64, 1000000)\nfunc f() {}")
	if s, _ := ok(t, m, "%who"); s.out() != "limit\tn\tname\txs\t\n" {
		t.Errorf("%%who: %q", s.out())
	}
	if s, _ := ok(t, m, "%who int string"); s.out() != "limit\tn\tname\t\n" && s.out() != "n\tname\t\n" {
		t.Errorf("%%who int string: %q", s.out())
	}
	s, _ := ok(t, m, "%whos")
	// IPython's layout: columns as wide as their longest entry plus 3.
	want := "Variable   Type           Data/Info\n" +
		"-----------------------------------\n" +
		"limit      untyped int    3\n" +
		"n          int            7\n" +
		"name       string         \"gopher\"\n" +
		"xs         []float64      n=1000000: [0 0 0"
	if !strings.HasPrefix(s.out(), want) {
		t.Errorf("%%whos:\n%s", s.out())
	}
}

// TestHelp: every magic has help (MAGIC?, %help MAGIC), %lsmagic and %help
// list them all.
func TestHelp(t *testing.T) {
	m := newMagic(t)
	s, _ := ok(t, m, "%lsmagic")
	ls := s.out()
	s, _ = ok(t, m, "%help")
	overview := s.out()
	words := regexp.MustCompile(`%%?[a-z]+`).FindAllString(strings.Split(strings.Split(ls, "Shell:")[0], "\n\n")[0]+" "+strings.Split(ls, "\n\n")[1], -1)
	if len(words) < 14 {
		t.Fatalf("%%lsmagic lists %q", ls)
	}
	for _, w := range words {
		if w == "%cell" || w == "%line" {
			continue
		}
		s, _ := ok(t, m, w+"?")
		if !strings.HasPrefix(s.out(), w) || len(s.out()) < 80 {
			t.Errorf("%s? prints %q", w, s.out())
		}
		s2, _ := ok(t, m, "%help "+w)
		if s2.out() != s.out() {
			t.Errorf("%%help %s differs from %s?", w, w)
		}
		if !strings.Contains(overview, w) {
			t.Errorf("%%help does not list %s", w)
		}
	}
	if s, _ := ok(t, m, "%help !"); !strings.HasPrefix(s.out(), "!COMMAND") {
		t.Errorf("%%help !: %q", s.out())
	}
	fails(t, m, "%help nosuch", "UsageError")
}

// TestExpand: $NAME and {EXPR} in shell commands are Go values; the rest
// is the shell's.
func TestExpand(t *testing.T) {
	m := newMagic(t)
	ok(t, m, "n := 21\nword := \"go pher\"")
	s, _ := ok(t, m, "!echo $n {n*2} \"$word\" '$$n' {{n}} ${HOME:+home} {a,b} '$NOT_GO_VAR_X' {nope}")
	if s.out() != "21 42 go pher $n {n} home {a,b} $NOT_GO_VAR_X {nope}\n" {
		t.Errorf("expanded to %q", s.out())
	}
	if e := fails(t, m, "var nilMap map[string][]int\n!echo {nilMap[\"a\"][3]}", "Panic"); !strings.Contains(e.Value, "index out of range") {
		t.Errorf("a failing expression: %q", e.Value)
	}
}

// TestGoOnly: code under cell.GoOnly (the session's user_expressions) is
// Go, never a magic or a shell command.
func TestGoOnly(t *testing.T) {
	m := newMagic(t)
	ok(t, m, "flag := true")
	ctx := cell.GoOnly(context.Background())
	if r := m.Execute(ctx, "!flag", &sink{}); r.Err != nil || value(r) != "false" {
		t.Errorf("!flag as Go: %v %q", r.Err, value(r))
	}
	s := &sink{}
	if r := m.Execute(ctx, "!echo", s); r.Err == nil || r.Err.Name != "CompileError" || s.out() != "" {
		t.Errorf("!echo as Go: %v, stdout %q; want a CompileError and no command run", r.Err, s.out())
	}
}
