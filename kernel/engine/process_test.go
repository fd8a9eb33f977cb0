package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
)

// execute runs one cell with a time limit and returns its sink and result.
func execute(t *testing.T, e *Engine, code string) (*fakeSink, cell.Result) {
	t.Helper()
	s := &fakeSink{}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return s, e.Execute(ctx, code, s)
}

func TestExitRunsNoDeferredCalls(t *testing.T) {
	e := newEngine(t)
	s, r := execute(t, e, `defer fmt.Println("top-level deferred")
func f() {
	defer fmt.Println("deferred in f")
	fmt.Println("in f")
	os.Exit(3)
}
f()
fmt.Println("after f")`)
	if r.Err == nil || r.Err.Name != "Exit" || r.Err.Value != "exit status 3" {
		t.Fatalf("error %+v", r.Err)
	}
	if s.out() != "in f\n" {
		t.Errorf("stdout %q: want only \"in f\" (Go runs no deferred calls at os.Exit)", s.out())
	}
	// The kernel lives on, and the next cell runs normally.
	if _, r := run(t, e, "1 + 1"); text(r) != "2" {
		t.Errorf("after os.Exit: %q", text(r))
	}
	if n := runningEvals(); n != 0 {
		t.Errorf("%d evaluations still counted as running (the parked one must not count)", n)
	}
}

func TestExitStatusKeepsTheLowByte(t *testing.T) {
	e := newEngine(t)
	if err := runErr(t, e, "os.Exit(-1)"); err.Value != "exit status 255" {
		t.Errorf("os.Exit(-1): %q", err.Value)
	}
	if err := runErr(t, e, "syscall.Exit(4)"); err.Name != "Exit" || err.Value != "exit status 4" {
		t.Errorf("syscall.Exit(4): %s %q", err.Name, err.Value)
	}
}

func TestLogFatalStopsTheCell(t *testing.T) {
	for _, c := range []struct{ name, code, stderr string }{
		{"package", `log.SetFlags(0); log.Fatalf("bad %d", 7)`, "bad 7\n"},
		{"default", `log.Default().SetFlags(0); log.Default().Fatal("via default")`, "via default\n"},
		{"new", `l := log.New(os.Stderr, "x: ", 0); l.Fatalln("via new", 1)`, "x: via new 1\n"},
		{"stdout logger", `l := log.New(os.Stdout, "", 0); l.Fatal("to stdout")`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEngine(t)
			s, r := execute(t, e, "defer fmt.Println(\"deferred\")\n"+c.code+"\nfmt.Println(\"after\")")
			if r.Err == nil || r.Err.Name != "Exit" || r.Err.Value != "exit status 1" {
				t.Fatalf("error %+v", r.Err)
			}
			if s.errText() != c.stderr {
				t.Errorf("stderr %q, want %q", s.errText(), c.stderr)
			}
			if strings.Contains(s.out(), "deferred") || strings.Contains(s.out(), "after") {
				t.Errorf("stdout %q: nothing may run after log.Fatal", s.out())
			}
			if _, r := run(t, e, `"alive"`); text(r) != "alive" {
				t.Errorf("after log.Fatal: %q", text(r))
			}
			// The loggers still work (Fatal left no lock held).
			s, _ = run(t, e, "log.SetFlags(0)\nlog.Print(\"again\")\nlog.Default().Print(\"default\")")
			if s.errText() != "again\ndefault\n" {
				t.Errorf("logging after log.Fatal: %q", s.errText())
			}
		})
	}
}

func TestSlogDefaultWritesToTheCell(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `log.SetFlags(0)
slog.Info("hello", "n", 3)`)
	if s.errText() != "INFO hello n=3\n" {
		t.Errorf("slog through the standard logger: stderr %q", s.errText())
	}
}

func TestSlogSetDefaultKeepsFatalSafe(t *testing.T) {
	e := newEngine(t)
	s, r := execute(t, e, `slog.SetDefault(slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: func(g []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey { return slog.Attr{} }
	return a
}})))
log.Print("via log")
log.Default().Fatal("fatal via slog")`)
	if r.Err == nil || r.Err.Name != "Exit" || s.out() != "level=INFO msg=\"via log\"\nlevel=INFO msg=\"fatal via slog\"\n" {
		t.Errorf("error %+v, stdout %q", r.Err, s.out())
	}
}

func TestLogPanicPanicsWithTheMessage(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `func f() (r any) {
	defer func() { r = recover() }()
	log.SetFlags(0)
	log.Panicf("p%d", 1)
	return nil
}
fmt.Println("recovered:", f())`)
	if s.out() != "recovered: p1\n" || s.errText() != "p1\n" {
		t.Errorf("stdout %q stderr %q", s.out(), s.errText())
	}
}

func TestLogShortfileNamesTheCellLine(t *testing.T) {
	e := newEngine(t)
	run(t, e, "x := 1")
	s, _ := run(t, e, `log.SetFlags(log.Lshortfile)
func warn(msg string) {
	log.Println(msg)
}
warn("in func")
log.Print("top")
l := log.New(os.Stderr, "L ", log.Llongfile|log.Lmsgprefix)
l.Printf("%s", "method")`)
	want := "cell2:3: in func\ncell2:6: top\ncell2:8: L method\n"
	if s.errText() != want {
		t.Errorf("stderr %q, want %q", s.errText(), want)
	}
	// A function defined in an earlier cell reports that cell's line.
	s, _ = run(t, e, `warn("later")`)
	if s.errText() != "cell2:3: later\n" {
		t.Errorf("stderr %q", s.errText())
	}
}

func TestLogShortfileOfAScript(t *testing.T) {
	e, err := New(Options{File: "prog.go"})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	run(t, e, "\n\nfunc start() {\n\tlog.SetFlags(log.Lshortfile)\n\tlog.Print(\"hi\")\n}")
	s, _ := run(t, e, "start()")
	if s.errText() != "prog.go:5: hi\n" {
		t.Errorf("stderr %q", s.errText())
	}
}

func TestArgsAndFlags(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `n := flag.Int("n", 3, "count")
flag.Parse()
fmt.Println(os.Args, *n, flag.NArg(), flag.Parsed())`)
	if s.out() != "[notebook] 3 0 true\n" {
		t.Errorf("default os.Args and flags: %q", s.out())
	}

	e, err := New(Options{Args: []string{"prog", "-n", "5", "rest", "-x"}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	s, _ = run(t, e, `n := flag.Int("n", 3, "count")
flag.Parse()
fmt.Println(*n, flag.Args(), flag.CommandLine.Name())`)
	if s.out() != "5 [rest -x] prog\n" {
		t.Errorf("flags from Options.Args: %q", s.out())
	}
}

func TestFlagErrorsExitLikeGo(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status string
		stderr string
	}{
		{[]string{"p", "-bogus"}, "exit status 2", "flag provided but not defined: -bogus\nUsage of p:\n  -v\tverbose\n"},
		{[]string{"p", "-help"}, "exit status 0", "Usage of p:\n  -v\tverbose\n"},
	} {
		e, err := New(Options{Args: c.args})
		if err != nil {
			t.Fatal(err)
		}
		s, r := execute(t, e, `v := flag.Bool("v", false, "verbose")
flag.Parse()
fmt.Println("parsed", *v)`)
		e.Close()
		if r.Err == nil || r.Err.Name != "Exit" || r.Err.Value != c.status || s.errText() != c.stderr || s.out() != "" {
			t.Errorf("%v: error %+v, stderr %q, stdout %q", c.args, r.Err, s.errText(), s.out())
		}
	}
	// flag.Usage of the cell replaces the default text.
	e, _ := New(Options{Args: []string{"p", "-h"}})
	defer e.Close()
	s, _ := execute(t, e, `flag.Usage = func() { fmt.Fprintln(os.Stderr, "custom usage") }
flag.Parse()`)
	if s.errText() != "custom usage\n" {
		t.Errorf("custom flag.Usage: stderr %q", s.errText())
	}
}

func TestProcessTakeoversAreRefused(t *testing.T) {
	// yaegi's syscall table has the functions, not the constants.
	for _, c := range []struct{ code, want string }{
		{`syscall.Exec("/bin/true", []string{"true"}, nil)`, "syscall.Exec is refused"},
		{`syscall.Kill(os.Getpid(), 15)`, "signal the kernel's own process"},
		{`syscall.Kill(0, 9)`, "signal the kernel's own process"},
		{fmt.Sprintf(`syscall.RawSyscall(%d, 0, 0, 0)`, syscall.SYS_EXIT_GROUP), "syscall.RawSyscall(SYS_EXIT_GROUP) is refused"},
		{fmt.Sprintf(`syscall.Syscall(%d, uintptr(os.Getpid()), 9, 0)`, syscall.SYS_KILL), "SYS_KILL"},
		{`p, _ := os.FindProcess(os.Getpid()); p.Kill()`, "the kernel's own process"},
		{`signal.Reset(os.Interrupt)`, "the kernel handles that signal"},
		{`signal.Ignore()`, "interrupt (SIGINT)"},
		{`syscall.Reboot(0)`, "syscall.Reboot is refused"},
	} {
		e := newEngine(t)
		err := runErr(t, e, c.code)
		if err.Name != "Panic" || !strings.Contains(err.Value, c.want) || !strings.Contains(err.Value, "[at 1:") {
			t.Errorf("%s: %s %q, want a Panic at 1:C containing %q", c.code, err.Name, err.Value, c.want)
		}
	}
	// Signalling another process is allowed.
	e := newEngine(t)
	s, _ := run(t, e, `fmt.Println(syscall.Kill(os.Getppid(), 0))`)
	if s.out() != "<nil>\n" {
		t.Errorf("kill(parent, 0): %q", s.out())
	}
}

func TestPrintlnWritesGoFormatToStderr(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `println("a", 1, -2, 2.5, 1e21, float32(0.1), true, uint8(200), uintptr(8), complex(1, -2))
print("x", 3, "\n")
var sl []int
println(sl)
println()`)
	want := "a 1 -2 2.5 1e+21 0.1 true 200 8 (1-2i)\nx3\n[0/0]0x0\n\n"
	if s.errText() != want || s.out() != "" {
		t.Errorf("stderr %q (want %q), stdout %q", s.errText(), want, s.out())
	}
	// Pointers and maps print as addresses.
	s, _ = run(t, e, `m := map[int]int{}
println(&m, m)`)
	if f := strings.Fields(s.errText()); len(f) != 2 || !strings.HasPrefix(f[0], "0x") || !strings.HasPrefix(f[1], "0x") || f[0] == "0x0" {
		t.Errorf("pointer and map: %q", s.errText())
	}
}

func TestRandV2(t *testing.T) {
	e := newEngine(t)
	want := rand.New(rand.NewPCG(1, 2)).IntN(1000)
	s, _ := run(t, e, `import "math/rand/v2"
r := rand.New(rand.NewPCG(1, 2))
fmt.Println(r.IntN(1000))`)
	if s.out() != fmt.Sprintln(want) {
		t.Errorf("PCG(1, 2).IntN(1000): %q, compiled Go gives %d", s.out(), want)
	}
	// A later cell's rand is still math/rand/v2; rand.N keeps its type.
	s, _ = run(t, e, `d := rand.N(10 * time.Second)
k := rand.N(uint8(3))
fmt.Printf("%T %v %T %v\n", d, d < 10*time.Second, k, k < 3)`)
	if s.out() != "time.Duration true uint8 true\n" {
		t.Errorf("rand.N: %q", s.out())
	}
	if err := runErr(t, e, "rand.N(0)"); !strings.Contains(err.Value, "invalid argument to N") {
		t.Errorf("rand.N(0): %q", err.Value)
	}
}

func TestReceiveUnderLogicalOperators(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `m := make(chan bool)
send := func() { go func() { time.Sleep(20 * time.Millisecond); m <- true }() }
send()
a := <-m && true
send()
b := !<-m
send()
c := false || <-m
fmt.Println(a, b, c)`)
	if s.out() != "true false true\n" {
		t.Errorf("got %q, want true false true", s.out())
	}
}

func deadlockEngine(t *testing.T) *Engine {
	t.Helper()
	e, err := New(Options{DetectDeadlocks: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

func TestDeadlockIsReported(t *testing.T) {
	for _, c := range []struct{ name, code, at string }{
		{"send", "fmt.Println(1)\nch := make(chan int)\nch <- 1", "[at 3:1]"},
		{"receive in func", "func f(c chan int) int {\n\treturn <-c\n}\nf(make(chan int))", "[at 2:2]"},
		{"mutex", "var mu sync.Mutex\nmu.Lock()\nmu.Lock()", "[at 3:1]"},
		{"waitgroup and workers", `var wg sync.WaitGroup
out := make(chan int)
for i := range 2 {
	wg.Add(1)
	go func() {
		defer wg.Done()
		out <- i
	}()
}
time.Sleep(50 * time.Millisecond)
wg.Wait()`, "[at 11:1]"},
		{"select without cases", "select {}", "[at 1:1]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := deadlockEngine(t)
			start := time.Now()
			err := runErr(t, e, c.code)
			if err.Name != "Deadlock" || err.Value != "all goroutines are asleep - deadlock! "+c.at {
				t.Errorf("%s %q, want Deadlock %s", err.Name, err.Value, c.at)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

func TestWaitsThatEndAreNoDeadlock(t *testing.T) {
	e := deadlockEngine(t)
	for _, code := range []string{
		"<-time.After(1500 * time.Millisecond)",
		"t := time.NewTimer(1200 * time.Millisecond)\n<-t.C",
		"c := make(chan int)\ntime.AfterFunc(1200*time.Millisecond, func() { c <- 1 })\n<-c",
		"ctx, cancel := context.WithTimeout(context.Background(), 1200*time.Millisecond)\ndefer cancel()\n<-ctx.Done()",
		"c := make(chan int)\ngo func() { time.Sleep(1500 * time.Millisecond); c <- 1 }()\n<-c",
		"var wg sync.WaitGroup\nwg.Add(1)\ngo func() { defer wg.Done(); time.Sleep(1200 * time.Millisecond) }()\nwg.Wait()",
	} {
		if _, r := execute(t, e, code); r.Err != nil {
			t.Errorf("%q: %v", code, r.Err)
		}
	}
}

func TestKernelEngineDoesNotDetectDeadlocks(t *testing.T) {
	e := newEngine(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	r := e.Execute(ctx, "ch := make(chan int)\nch <- 1", &fakeSink{})
	if r.Err == nil || r.Err.Name != "Interrupted" {
		t.Errorf("without DetectDeadlocks the cell waits until interrupted: %+v", r.Err)
	}
}

// The blockpos pass's records work in a function literal of a
// package-level var's initializer: yaegi refused such a var ("variable
// definition loop", Go's test gcgort.go) when they were interpreted
// globals. Go prints "chan" for the program of the first two cells.
func TestDeadlockMarksInVarInitializer(t *testing.T) {
	e := deadlockEngine(t)
	run(t, e, `type modifier struct {
	name string
	t    func()
}

var types = []modifier{{
	name: "chan",
	t: func() {
		a := make(chan bool)
		for i := 0; i < 3; i++ {
			go func() { a <- false }()
			<-a
		}
	},
}}`)
	if s, _ := run(t, e, "for _, t := range types {\n\tt.t()\n\tfmt.Println(t.name)\n}"); s.out() != "chan\n" {
		t.Errorf("stdout %q, Go prints \"chan\\n\"", s.out())
	}
	run(t, e, "var f = func() {\n\tch := make(chan int)\n\tch <- 1\n}")
	if err := runErr(t, e, "f()"); err.Name != "Deadlock" || err.Value != "all goroutines are asleep - deadlock! [at cell 3, 3:2]" {
		t.Errorf("%s %q, want Deadlock [at cell 3, 3:2]", err.Name, err.Value)
	}
}

// TestGoexitInProgram: in a program (DetectDeadlocks), Goexit on the main
// goroutine lets the other goroutines run on, as in Go: one calling
// os.Exit ends the run with its status (fixedbugs/issue5963.go), and when
// none is left Go's fatal error is reported. Compiled Go's output by hand
// (go run prints the same lines).
func TestGoexitInProgram(t *testing.T) {
	e := deadlockEngine(t)
	s := &fakeSink{}
	r := e.Execute(context.Background(), "func main() {\n\tc := make(chan int, 1)\n\tdefer func() { c <- 3 }()\n\tgo func() { fmt.Println(\"runs on\"); os.Exit(<-c) }()\n\truntime.Goexit()\n\tfmt.Println(\"not reached\")\n}", s)
	if r.Err == nil || r.Err.Name != "Exit" || !strings.Contains(r.Err.Value, "3") || s.out() != "runs on\n" {
		t.Errorf("os.Exit after Goexit: %v, stdout %q", r.Err, s.out())
	}
	e2 := deadlockEngine(t)
	err := runErr(t, e2, "done := make(chan bool)\ngo func() { fmt.Println(\"worker\"); done <- true }()\ndefer func() { <-done; fmt.Println(\"deferred\") }()\nruntime.Goexit()")
	if err.Name != "Deadlock" || err.Value != "no goroutines (main called runtime.Goexit) - deadlock!" {
		t.Errorf("no goroutines left: %s %q", err.Name, err.Value)
	}
	// The kernel (no DetectDeadlocks) ends the cell at the Goexit.
	err = runErr(t, newEngine(t), "runtime.Goexit()")
	if err.Name != "Goexit" {
		t.Errorf("kernel: %s %q", err.Name, err.Value)
	}
}
