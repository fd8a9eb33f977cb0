package jupytertest

import (
	"encoding/json"
	"fmt"
	"os"

	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// cellRun is what testdata/magics.py reports for one execute_request.
type cellRun struct {
	Status, Ename, Evalue string
	Traceback             []string
	Stdout, Stderr        string
	Result                *string
}

func (c cellRun) result() string {
	if c.Result == nil {
		return "<none>"
	}
	return *c.Result
}

// TestMagics runs every magic in the kernel through jupyter_client
// (testdata/magics.py): its output, value and errors, completion, inspect
// and is_complete on magic lines, a shell command's output arriving while
// it runs, and interrupts (a shell command's process group, a %timeit
// loop).
func TestMagics(t *testing.T) {
	requirePython(t, "jupyter_client")
	work := t.TempDir()
	work, _ = filepath.EvalSymlinks(work)
	raw := runPython(t, "magics.py", work)
	var r struct {
		Cells map[string]cellRun `json:"-"`
		// the rest, decoded below
		Complete map[string]struct {
			Matches    []string
			Start, End int
			Types      []string
		}
		Inspect map[string]struct {
			Found bool
			Text  string
		}
		IsComplete     map[string]string `json:"is_complete"`
		StreamFirst    string            `json:"stream_first"`
		InterruptShell struct {
			Ename string
			Gone  bool
			Pids  int
		} `json:"interrupt_shell"`
		InterruptTimeit   struct{ Ename string } `json:"interrupt_timeit"`
		WritefileContent  string                 `json:"writefile_content"`
		WritefileContent2 string                 `json:"writefile_content2"`
	}
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		t.Fatalf("magics.py output %q: %v", raw, err)
	}
	var all map[string]json.RawMessage
	json.Unmarshal([]byte(raw), &all)
	cell := func(name string) cellRun {
		var c cellRun
		if err := json.Unmarshal(all[name], &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return c
	}
	okCell := func(name string) cellRun {
		t.Helper()
		c := cell(name)
		if c.Status != "ok" {
			t.Errorf("%s: %s %s: %s", name, c.Status, c.Ename, c.Evalue)
		}
		return c
	}

	ls := okCell("lsmagic").Stdout
	for _, w := range []string{"%cd", "%env", "%help", "%lsmagic", "%pwd", "%time", "%timeit", "%who", "%whos", "%%bash", "%%sh", "%%time", "%%timeit", "%%writefile"} {
		if !strings.Contains(ls, w+" ") && !strings.Contains(ls, w+"\n") {
			t.Errorf("%%lsmagic lacks %s: %q", w, ls)
		}
	}
	timeRe := regexp.MustCompile(`CPU times: user [0-9.]+ (s|ms|µs|ns), sys: [0-9.]+ (s|ms|µs|ns), total: [0-9.]+ (s|ms|µs|ns)\nWall time: [0-9.]+ (s|ms|µs|ns)\n$`)
	if c := okCell("time"); !timeRe.MatchString(c.Stdout) || c.result() != "42" {
		t.Errorf("%%time: %q, value %q", c.Stdout, c.result())
	}
	if c := okCell("time_cell"); !strings.HasPrefix(c.Stdout, "in the body\n") || !timeRe.MatchString(c.Stdout) || c.result() != "43" {
		t.Errorf("%%%%time: %q, value %q", c.Stdout, c.result())
	}
	timeitRe := regexp.MustCompile(`[0-9.]+ (s|ms|µs|ns) ± [0-9.]+ (s|ms|µs|ns) per loop \(mean ± std\. dev\. of 2 runs, ([0-9,]+) loops each\)\n\d+ allocs/op, \d+ B/op \(the interpreter's included\)\n$`)
	if m := timeitRe.FindStringSubmatch(okCell("timeit").Stdout); m == nil || m[3] != "10" {
		t.Errorf("%%timeit -n 10 -r 2: %q", cell("timeit").Stdout)
	}
	if m := timeitRe.FindStringSubmatch(okCell("timeit_auto").Stdout); m == nil || len(m[3]) < 5 {
		t.Errorf("%%timeit -r 2 (N chosen): %q", cell("timeit_auto").Stdout)
	}
	if m := timeitRe.FindStringSubmatch(okCell("timeit_cell").Stdout); m == nil || m[3] != "5" {
		t.Errorf("%%%%timeit -n 5 -r 2 SETUP: %q", cell("timeit_cell").Stdout)
	}
	if c := okCell("shell"); c.Stdout != "hello 42 43\n" {
		t.Errorf("!echo hello $x {x + 1}: %q", c.Stdout)
	}
	if c := okCell("shell_fail"); c.Stdout != "before\nafter\n" {
		t.Errorf("a failing ! command: %q", c.Stdout)
	}
	if c := cell("bash"); c.Status != "error" || c.Ename != "CalledProcessError" || c.Stdout != "out\n" || c.Stderr != "err\n" ||
		!strings.Contains(c.Evalue, "exit status 2") || len(c.Traceback) == 0 {
		t.Errorf("%%%%bash exiting 2: %+v", c)
	}
	if c := okCell("sh"); c.Stdout != "sh here\n" {
		t.Errorf("%%%%sh --no-raise-error: %+v", c)
	}
	if okCell("env_set").Stdout != "env: GN_JT=jt value\n" || okCell("env_get").result() != "jt value" ||
		okCell("env_shell").Stdout != "jt value\n" || okCell("env_go").result() != "jt value" {
		t.Errorf("%%env: %+v %+v %+v %+v", cell("env_set"), cell("env_get"), cell("env_shell"), cell("env_go"))
	}
	if okCell("cd").Stdout != work+"\n" || okCell("pwd").result() != work {
		t.Errorf("%%cd, %%pwd: %+v %+v", cell("cd"), cell("pwd"))
	}
	if okCell("writefile").Stdout != "Writing note.txt\n" || r.WritefileContent != "hello from a cell\n" ||
		okCell("writefile_append").Stdout != "Appending to note.txt\n" || r.WritefileContent2 != "hello from a cell\nsecond\n" {
		t.Errorf("%%%%writefile: %+v %q %+v %q", cell("writefile"), r.WritefileContent, cell("writefile_append"), r.WritefileContent2)
	}
	if c := okCell("who"); !strings.HasPrefix(c.Stdout, "x\ty\t") {
		t.Errorf("%%who: %q", c.Stdout)
	}
	if c := okCell("whos"); !strings.HasPrefix(c.Stdout, "Variable   Type    Data/Info\n---") || !strings.Contains(c.Stdout, "\nx          int     42\n") {
		t.Errorf("%%whos: %q", c.Stdout)
	}
	if h := okCell("help").Stdout; !strings.HasPrefix(h, "%timeit [-n N] [-r R] [-p P] STATEMENT\n") || h != okCell("help_q").Stdout {
		t.Errorf("%%help timeit %q, %%timeit? %q", h, cell("help_q").Stdout)
	}
	if h := okCell("help_all").Stdout; !strings.Contains(h, "%%writefile [-a] FILE") || !strings.Contains(h, "Magics and Go in one cell") {
		t.Errorf("%%help: %q", h)
	}
	if c := cell("unknown"); c.Ename != "UsageError" || !strings.HasPrefix(c.Evalue, "2:1: unknown magic %nosuch; known: line magics %cd %env") {
		t.Errorf("unknown magic: %+v", c)
	}
	if c := cell("mixed_error"); c.Ename != "CompileError" || !strings.HasPrefix(c.Evalue, "4:6: undefined: nope") || c.Stdout != "b\n" {
		t.Errorf("a Go error after a shell line: %+v; want it at the cell's line 4, after the shell's output", c)
	}
	if c := cell("ambiguous"); c.Ename != "UsageError" || !strings.Contains(c.Evalue, "!ok is ambiguous") {
		t.Errorf("!ok: %+v", c)
	}
	var ue map[string]struct{ Status, Text, Ename string }
	json.Unmarshal(all["user_expressions"], &ue)
	if ue["neg"].Status != "ok" || ue["neg"].Text != "false" || ue["cmd"].Ename != "CompileError" {
		t.Errorf("user_expressions !flag and !echo: %+v; want Go's false and a CompileError (no shell)", ue)
	}

	for code, want := range map[string]string{
		"%ti":               "%time %timeit",
		"%%wr":              "%%writefile",
		"x := 1\n%%wr":      "",
		"%time strings.Spl": "Split SplitAfter SplitAfterN SplitN",
		"!ls no":            "note.txt", // a path: the working directory is work (%cd)
	} {
		c := r.Complete[code]
		var got []string
		for _, m := range c.Matches {
			if !strings.HasPrefix(want, "Split") || strings.Contains(" "+want+" ", " "+m+" ") {
				got = append(got, m)
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("complete %q: %q, want %q", code, c.Matches, want)
		}
	}
	if c := r.Complete["%ti"]; c.Start != 0 || c.End != 3 || strings.Join(c.Types, " ") != "magic magic" {
		t.Errorf("complete %%ti: %+v", c)
	}
	if i := r.Inspect["%timeit"]; !i.Found || !strings.HasPrefix(i.Text, "%timeit [-n N]") {
		t.Errorf("inspect %%timeit: %+v", i)
	}
	if i := r.Inspect["%%bash"]; !i.Found || !strings.HasPrefix(i.Text, "%%bash [--no-raise-error]") {
		t.Errorf("inspect %%%%bash: %+v", i)
	}
	// The doc comment of strings.Split, as go doc prints it.
	goDoc, err := exec.Command("go", "doc", "strings.Split").Output()
	if err != nil {
		t.Fatal(err)
	}
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	if i := r.Inspect["strings.Split("]; !i.Found || !strings.Contains(words(string(goDoc)), words(i.Text)) || !strings.Contains(i.Text, "Split slices s into all substrings separated by sep") {
		t.Errorf("inspect strings.Split(: %+v; want go doc's text\n%s", i, goDoc)
	}
	for code, want := range map[string]string{"%%bash\nls": "incomplete", "%%bash\nls\n": "complete", "!ls \\": "incomplete", "%time f(": "incomplete", "x := 1\n!ls": "complete"} {
		if got := r.IsComplete[code]; got != want {
			t.Errorf("is_complete %q: %s, want %s", code, got, want)
		}
	}

	var stream cellRun
	json.Unmarshal(all["stream"], &stream)
	if r.StreamFirst != "first\n" || stream.Status != "ok" || stream.Stdout != "first\nsecond\n" {
		t.Errorf("streaming: first %q, then %+v", r.StreamFirst, stream)
	}
	if s := r.InterruptShell; s.Ename != "Interrupted" || !s.Gone || s.Pids != 2 {
		t.Errorf("interrupting a shell command: %+v; want Interrupted and its child and grandchild gone", s)
	}
	if r.InterruptTimeit.Ename != "Interrupted" {
		t.Errorf("interrupting %%timeit: %+v", r.InterruptTimeit)
	}
	if c := okCell("after_interrupt"); c.result() != "43" {
		t.Errorf("after the interrupts: %+v", c)
	}
}

// TestMagicsNotebook runs testdata/notebooks/magics.ipynb through the
// kernel with nbclient and headless with `gophernote run`, each in a fresh
// working directory, and compares every code cell's stdout, stderr, value
// and error (timings, allocation counts and the working directory
// replaced): the same cells give the same outputs through both doors.
func TestMagicsNotebook(t *testing.T) {
	requirePython(t, "nbclient", "nbformat")
	nb, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "notebooks", "magics.ipynb"))
	kernelDir, runDir := t.TempDir(), t.TempDir()
	py := exec.Command(python, "-Xfrozen_modules=off", filepath.Join(mustAbs(t, "testdata"), "run_notebook.py"), nb)
	py.Env, py.Dir = env, kernelDir
	kout, err := py.Output()
	if err != nil {
		t.Fatalf("run_notebook.py: %v\n%s", err, kout)
	}
	var kernelCells []struct {
		Outputs []map[string]any `json:"outputs"`
	}
	if err := json.Unmarshal(kout, &kernelCells); err != nil {
		t.Fatalf("%v: %s", err, kout)
	}
	run := exec.Command(binary, "run", nb, "--out", "out")
	run.Dir = runDir
	if b, err := run.CombinedOutput(); err != nil {
		t.Fatalf("gophernote run: %v\n%s", err, b)
	}
	b, err := os.ReadFile(filepath.Join(runDir, "out", "magics.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	var headless struct {
		Cells []struct {
			CellType string           `json:"cell_type"`
			Outputs  []map[string]any `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(b, &headless); err != nil {
		t.Fatal(err)
	}
	var runCells [][]map[string]any
	for _, c := range headless.Cells {
		if c.CellType == "code" {
			runCells = append(runCells, c.Outputs)
		}
	}
	if len(runCells) != len(kernelCells) || len(runCells) < 12 {
		t.Fatalf("%d code cells headless, %d through the kernel", len(runCells), len(kernelCells))
	}
	// %timeit may warn of a slow run on a loaded machine, through either
	// door: the warning is dropped, and the numbers.
	slowest := regexp.MustCompile(`(?m)^The slowest run took .*\n`)
	timing := regexp.MustCompile(`[0-9.]+ (s|ms|µs|ns)\b|\d+ allocs/op, \d+ B/op`)
	norm := func(outs []map[string]any, dir string) map[string]string {
		m := map[string]string{}
		for _, o := range outs {
			var key, text string
			switch o["output_type"] {
			case "stream":
				key, text = o["name"].(string), joinText(o["text"])
			case "execute_result":
				key, text = "result", joinText(o["data"].(map[string]any)["text/plain"])
			case "error":
				key, text = "error", o["ename"].(string)+": "+o["evalue"].(string)
			default:
				key, text = o["output_type"].(string), "?"
			}
			text = strings.ReplaceAll(text, dir, "<cwd>")
			m[key] += timing.ReplaceAllString(slowest.ReplaceAllString(text, ""), "<n>")
		}
		return m
	}
	for i := range runCells {
		k, h := norm(kernelCells[i].Outputs, kernelDir), norm(runCells[i], runDir)
		if fmt.Sprint(k) != fmt.Sprint(h) {
			t.Errorf("code cell %d:\nkernel:   %q\nheadless: %q", i+1, k, h)
		}
	}
	// Not equal by being empty: the cells did their work.
	k := norm(kernelCells[0].Outputs, kernelDir)
	if k["stdout"] != "shell sees 21 and 42\ngo sees 21\n" {
		t.Errorf("first cell through the kernel: %v", k)
	}
	if k := norm(kernelCells[11].Outputs, kernelDir); k["stdout"] != "mixed\n" || k["result"] != "63" {
		t.Errorf("cell 12 through the kernel: %v", k)
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// joinText joins an nbformat multi-line string (a string or a list).
func joinText(v any) string {
	switch s := v.(type) {
	case string:
		return s
	case []any:
		var b strings.Builder
		for _, l := range s {
			b.WriteString(l.(string))
		}
		return b.String()
	}
	return ""
}
