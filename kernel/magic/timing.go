package magic

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
)

// sample is a reading of the clocks (and, for %timeit, the allocator).
type sample struct {
	wall           time.Time
	user, sys      time.Duration
	mallocs, bytes uint64
}

// timer adds up the intervals between hook(true) and hook(false).
type timer struct {
	mem       bool // read runtime.MemStats too (stops the world: %timeit only)
	open      sample
	opened    bool
	firstOpen time.Time // the first hook(true)

	wall, user, sys time.Duration
	mallocs, bytes  uint64
}

func (t *timer) hook(running bool) {
	if running {
		var s sample
		if t.mem {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			s.mallocs, s.bytes = ms.Mallocs, ms.TotalAlloc
		}
		s.user, s.sys = cpuTimes()
		s.wall = time.Now()
		t.open, t.opened = s, true
		if t.firstOpen.IsZero() {
			t.firstOpen = s.wall
		}
		return
	}
	if !t.opened {
		return
	}
	wall := time.Now()
	user, sys := cpuTimes()
	t.wall += wall.Sub(t.open.wall)
	t.user += user - t.open.user
	t.sys += sys - t.open.sys
	if t.mem {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		t.mallocs += ms.Mallocs - t.open.mallocs
		t.bytes += ms.TotalAlloc - t.open.bytes
	}
	t.opened = false
}

// compileMin is the preparation time from which %time reports it, as
// IPython reports its compiler time.
const compileMin = 100 * time.Millisecond

// report is %time's output: CPU and wall time, and the preparation time
// when it is long. start is when the timed code was handed over.
func (t *timer) report(start time.Time) string {
	s := fmt.Sprintf("CPU times: user %s, sys: %s, total: %s\nWall time: %s\n",
		formatTime(t.user, 3), formatTime(t.sys, 3), formatTime(t.user+t.sys, 3), formatTime(t.wall, 3))
	if !t.firstOpen.IsZero() {
		if c := t.firstOpen.Sub(start); c > compileMin {
			s += "Compiler : " + formatTime(c, 3) + "\n"
		}
	}
	return s
}

// formatTime writes a duration as IPython's %time and %timeit do: three
// significant digits in s, ms, µs or ns, or "1min 3s" from a minute on.
func formatTime(d time.Duration, precision int) string {
	secs := d.Seconds()
	if secs >= 60 {
		var parts []string
		left := secs
		for _, u := range []struct {
			suffix string
			length float64
		}{{"d", 86400}, {"h", 3600}, {"min", 60}, {"s", 1}} {
			if v := math.Floor(left / u.length); v > 0 {
				left = math.Mod(left, u.length)
				parts = append(parts, fmt.Sprintf("%d%s", int64(v), u.suffix))
			}
			if left < 1 {
				break
			}
		}
		return strings.Join(parts, " ")
	}
	units := []string{"s", "ms", "µs", "ns"}
	scale := []float64{1, 1e3, 1e6, 1e9}
	order := 3
	if secs > 0 {
		// -(floor(log10(secs)) // 3), with floor division, at most 3
		e := int(math.Floor(math.Log10(secs)))
		q := e / 3
		if e%3 != 0 && e < 0 {
			q--
		}
		order = min(-q, 3)
	}
	return strconv.FormatFloat(secs*scale[order], 'g', precision, 64) + " " + units[order]
}

// goLines returns the Go text of a magic's arguments as an interpreter
// cell: the cell's lines up to the segment blank, the segment's first line
// with everything before its arguments blank, so that positions are the
// cell's.
func goLines(p *parsedCell, s segment) (code string, gen, orig map[int]string) {
	lines := p.span(s)
	gen, orig = map[int]string{}, map[int]string{}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l
		if i == 0 {
			out[i] = blankPrefix(l, s.argCol-1)
		}
		gen[s.first+i], orig[s.first+i] = out[i], l
	}
	return strings.Repeat("\n", s.first-1) + strings.Join(out, "\n"), gen, orig
}

func init() {
	register(&magicDef{
		name:    "time",
		usage:   "%time STATEMENT",
		summary: "Time one Go statement or expression: CPU and wall time.",
		help: `Runs STATEMENT in the session, as a line of the cell (a definition such as
%time x := f() defines x; an expression's value becomes the cell's value when
it is the cell's last line), then prints its CPU times (user, system: the
kernel process's, all goroutines) and its wall time, in IPython's words. The
time the engine spent preparing the statement (parsing, type-checking) is not
included; it is printed as "Compiler" when over 0.1 s. STATEMENT may go on
over the next lines while a bracket is open. Interrupting stops it.

    %time fit.Fit(pb, opt)
    %time res, err := fit.Fit(pb, opt)`,
		run: func(r *runner, c *call) cell.Result {
			if strings.TrimSpace(c.seg.args) == "" {
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.nameCol, "%time needs a Go statement, e.g. %time x := f(3)")}
			}
			code, gen, orig := goLines(c.p, c.seg)
			t := &timer{}
			start := time.Now()
			res := r.exec(cell.WithRunHook(c.ctx, t.hook), code)
			if res.Err != nil {
				fixError(res.Err, gen, orig, nil)
				return res
			}
			r.sink.Stream("stdout", t.report(start))
			return res
		},
	})
	register(&magicDef{
		name:    "time",
		cell:    true,
		usage:   "%%time",
		summary: "Time the whole cell: CPU and wall time.",
		help: `Runs the rest of the cell (Go, and line magics, as any cell) in the session,
then prints its CPU and wall time as %time does. The cell's value is the
body's.

    %%time
    res, err := fit.Fit(pb, opt)
    res`,
		run: func(r *runner, c *call) cell.Result {
			if strings.TrimSpace(c.seg.args) != "" {
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, "%%time takes no arguments: the cell's body is timed (for one line, %time STATEMENT)")}
			}
			body, perr := parse(c.body, c.bodyLine, false, r.m.goNames())
			if perr != nil {
				return cell.Result{Err: usageError(perr.line, perr.col, perr.msg)}
			}
			t := &timer{}
			start := time.Now()
			res := r.segments(c.ctx, body, t)
			if res.Err != nil {
				return res
			}
			r.sink.Stream("stdout", t.report(start))
			return res
		},
	})
	register(&magicDef{
		name:    "timeit",
		usage:   "%timeit [-n N] [-r R] [-p P] STATEMENT",
		summary: "Time a Go statement over many runs: mean ± std. dev. per op, allocations per op.",
		help: timeitHelp + `
    %timeit f(3)
    %timeit -n 1000 -r 5 sort.Float64s(xs)`,
		run: func(r *runner, c *call) cell.Result {
			o, body, err := timeitArgs(c.seg)
			if err != nil {
				return cell.Result{Err: err}
			}
			if strings.TrimSpace(body.text) == "" {
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.nameCol, "%timeit needs a Go statement, e.g. %timeit f(3)")}
			}
			return r.timeit(c, o, goPiece{}, body)
		},
	})
	register(&magicDef{
		name:    "timeit",
		cell:    true,
		usage:   "%%timeit [-n N] [-r R] [-p P] [SETUP]",
		summary: "Time the cell's body over many runs, after SETUP.",
		help: timeitHelp + `
With %%timeit the body is the lines after the first; SETUP, on the first line,
runs before each run's loop and is not timed (its variables are the body's).

    %%timeit xs := make([]float64, 1000)
    for i := range xs {
    	xs[i] = float64(i)
    }`,
		run: func(r *runner, c *call) cell.Result {
			o, setup, err := timeitArgs(c.seg)
			if err != nil {
				return cell.Result{Err: err}
			}
			body := goPiece{text: c.body, line: c.bodyLine, col: 1}
			if strings.TrimSpace(c.body) == "" {
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.nameCol, "%%timeit needs a body: the Go lines after its first line")}
			}
			return r.timeit(c, o, setup, body)
		},
	})
}

const timeitHelp = `Runs STATEMENT in a loop inside a function of the session (so a definition
such as x := f() stays local to it), N times per run, R runs (default 7), and
prints the mean and standard deviation of the time per op over the runs, in
IPython's words, then the heap allocations per op (runtime.MemStats, the
whole process; the interpreter's own allocations count, so interpreted code
shows allocations where compiled Go would have none). Without -n, N is chosen
as testing.Benchmark chooses b.N: from 1 up, predicting from the last run,
until one run of N takes 0.2 s. The interpreter's loop overhead is part of
the time; the cost of handing each run to the interpreter is measured with
N = 0 and taken off. -p sets the significant digits (default 3). A run that
panics is the cell's error; interrupting stops the loop.
`

// timeitOpts are %timeit's flags.
type timeitOpts struct {
	n, r, precision int
}

// goPiece is Go text of a magic at a cell position.
type goPiece struct {
	text      string
	line, col int
}

// timeitArgs reads the flags of a %timeit segment and returns the Go text
// after them.
func timeitArgs(s segment) (timeitOpts, goPiece, *cell.Error) {
	o := timeitOpts{r: 7, precision: 3}
	rest := s.args
	col := s.argCol
	for {
		trimmed := strings.TrimLeft(rest, " \t")
		col += len(rest) - len(trimmed)
		rest = trimmed
		if len(rest) < 2 || rest[0] != '-' || !strings.ContainsRune("nrp", rune(rest[1])) {
			break
		}
		flag := rest[:2]
		after := rest[2:]
		if strings.HasPrefix(after, " ") || strings.HasPrefix(after, "\t") || after == "" {
			after = strings.TrimLeft(after, " \t")
		} else if after[0] < '0' || after[0] > '9' {
			break // -x... is Go (a negation), not a flag
		}
		end := strings.IndexAny(after, " \t\n")
		if end < 0 {
			end = len(after)
		}
		v, err := strconv.Atoi(after[:end])
		if err != nil || v < 1 {
			return o, goPiece{}, usageError(s.argLine, col, fmt.Sprintf("%%timeit %s needs a positive number, not %q", flag, after[:end]))
		}
		switch flag {
		case "-n":
			o.n = v
		case "-r":
			o.r = v
		case "-p":
			o.precision = v
		}
		consumed := len(rest) - len(after) + end
		col += consumed
		rest = rest[consumed:]
	}
	return o, goPiece{text: rest, line: s.argLine, col: col}, nil
}

// timeitHeader opens the function a %timeit defines; timeitLoop opens its
// loop.
const (
	timeitFunc   = "_gnTimeit"
	timeitHeader = timeitFunc + " := func(_gnN int) {"
	timeitLoop   = "for _gnI := 0; _gnI < _gnN; _gnI++ {"
)

// shift says that on generated line line, text from generated column from
// on stands delta columns right of where the cell has it.
type shift struct{ line, from, delta int }

// timeitSource builds the interpreter cell defining timeitFunc: the setup
// and the body at their cell lines and columns where the header fits
// before them (else shifted right, and shifts says how); valueBody puts
// "_ =" before the body (an expression whose value is dropped).
func timeitSource(setup, body goPiece, valueBody bool) (code string, gen map[int]string, shifts []shift) {
	lines := map[int]string{}
	maxLine := 0
	put := func(p goPiece) {
		for i, l := range strings.Split(p.text, "\n") {
			n := p.line + i
			if i == 0 {
				l = strings.Repeat(" ", p.col-1) + l
			}
			lines[n] = l
			maxLine = max(maxLine, n)
		}
	}
	head := timeitHeader
	loop := timeitLoop
	if valueBody {
		loop += " _ ="
	}
	first := body
	if setup.text != "" || setup.line > 0 {
		first = setup
	}
	// The code before the first piece of user text: on the line before
	// it, or, on the cell's first line, in front of it.
	before := head
	if setup.line == 0 {
		before = head + " " + loop
	}
	if setup.line > 0 {
		put(setup)
	}
	put(body)
	if setup.line > 0 {
		// The loop opens at the end of the setup's last line.
		last := setup.line + strings.Count(setup.text, "\n")
		lines[last] += "; " + loop
	}
	if first.line > 1 {
		lines[first.line-1] = before
	} else {
		l := lines[first.line][first.col-1:]
		if len(before)+1 <= first.col-1 {
			lines[first.line] = before + strings.Repeat(" ", first.col-1-len(before)) + l
		} else {
			lines[first.line] = before + " " + l
			shifts = append(shifts, shift{line: first.line, from: len(before) + 2, delta: len(before) + 2 - first.col})
		}
	}
	var uses []string
	for _, n := range defined(setup.text + "\n" + body.text) {
		uses = append(uses, "_ = "+n)
	}
	var b strings.Builder
	gen = map[int]string{}
	for n := 1; n <= maxLine; n++ {
		gen[n] = lines[n]
		b.WriteString(lines[n])
		b.WriteString("\n")
	}
	if len(uses) > 0 {
		b.WriteString(strings.Join(uses, "; ") + "\n")
	}
	b.WriteString("}\n}")
	return b.String(), gen, shifts
}

// defined returns the names Go statements define at their top level (:=,
// var), so that %timeit can use them (Go refuses unused variables).
func defined(src string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+src+"\n}", 0)
	if err != nil || len(f.Decls) == 0 {
		return nil
	}
	var out []string
	for _, st := range f.Decls[0].(*ast.FuncDecl).Body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE {
				for _, x := range st.Lhs {
					if id, ok := x.(*ast.Ident); ok && id.Name != "_" {
						out = append(out, id.Name)
					}
				}
			}
		case *ast.DeclStmt:
			if g, ok := st.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, sp := range g.Specs {
					for _, id := range sp.(*ast.ValueSpec).Names {
						if id.Name != "_" {
							out = append(out, id.Name)
						}
					}
				}
			}
		}
	}
	return out
}

// isValueExpr reports whether src is one Go expression that is not a call
// (a call may be a statement; x+1 may not).
func isValueExpr(src string) (expr, call bool) {
	x, err := parser.ParseExpr(strings.TrimSpace(src))
	if err != nil {
		return false, false
	}
	_, call = ast.Unparen(x).(*ast.CallExpr)
	return true, call
}

// timeitTarget is the time one run aims at (IPython's 0.2 s).
const timeitTarget = 200 * time.Millisecond

// timeit times body (after setup, each run) and prints the result.
func (r *runner) timeit(c *call, o timeitOpts, setup, body goPiece) cell.Result {
	expr, isCall := isValueExpr(body.text)
	valueBody := expr && !isCall
	orig := map[int]string{}
	for n := c.seg.first; n <= c.seg.last; n++ {
		orig[n] = c.p.lines[n-c.p.base]
	}
	if c.body != "" {
		for i, l := range splitLines(c.body) {
			orig[c.bodyLine+i] = l
		}
	}
	code, gen, shifts := timeitSource(setup, body, valueBody)
	res := r.exec(c.ctx, code)
	if res.Err != nil && expr && isCall && strings.Contains(res.Err.Value, "is not used") {
		// A conversion such as float64(x) looks like a call.
		code, gen, shifts = timeitSource(setup, body, true)
		res = r.exec(c.ctx, code)
	}
	if res.Err != nil {
		fixError(res.Err, gen, orig, shifts)
		return res
	}
	type run struct {
		d              time.Duration
		mallocs, bytes uint64
	}
	do := func(n int) (run, *cell.Error) {
		t := &timer{mem: true}
		res := r.exec(cell.WithRunHook(c.ctx, t.hook), fmt.Sprintf("%s(%d)", timeitFunc, n))
		if res.Err != nil {
			fixError(res.Err, gen, orig, shifts)
			return run{}, res.Err
		}
		return run{t.wall, t.mallocs, t.bytes}, nil
	}
	// The cost of a run without iterations: handing the call over.
	var base run
	for i := 0; i < 3; i++ {
		b, err := do(0)
		if err != nil {
			return cell.Result{Err: err}
		}
		if i == 0 || b.d < base.d {
			base.d = b.d
		}
		if i == 0 || b.mallocs < base.mallocs {
			base.mallocs, base.bytes = b.mallocs, b.bytes
		}
	}
	net := func(x run) run {
		x.d = max(x.d-base.d, 0)
		x.mallocs = x.mallocs - min(x.mallocs, base.mallocs)
		x.bytes = x.bytes - min(x.bytes, base.bytes)
		return x
	}
	n := o.n
	if n == 0 {
		// testing.Benchmark's way to b.N: run, predict, grow at most
		// 100-fold, until one run takes the target time.
		for n = 1; ; {
			x, err := do(n)
			if err != nil {
				return cell.Result{Err: err}
			}
			x = net(x)
			if x.d >= timeitTarget || n >= 1e9 {
				break
			}
			n = predictN(int64(timeitTarget), int64(n), int64(x.d), int64(n))
		}
	}
	var per []float64 // seconds per op, one per run
	var mallocs, bytes uint64
	for i := 0; i < o.r; i++ {
		if err := c.ctx.Err(); err != nil {
			return cell.Result{Err: interrupted()}
		}
		x, err := do(n)
		if err != nil {
			return cell.Result{Err: err}
		}
		x = net(x)
		per = append(per, x.d.Seconds()/float64(n))
		mallocs += x.mallocs
		bytes += x.bytes
	}
	r.sink.Stream("stdout", timeitReport(per, n, o.precision, mallocs/uint64(o.r*n), bytes/uint64(o.r*n)))
	return cell.Result{}
}

// predictN is testing's prediction of the iterations that take goalns,
// from prevIters taking prevns, growing at least by one and at most
// 100-fold over last.
func predictN(goalns, prevIters, prevns, last int64) int {
	if prevns == 0 {
		prevns = 1
	}
	n := goalns * prevIters / prevns
	n += n / 5 // 20% more, to land above the goal
	n = min(n, 100*last)
	n = max(n, last+1)
	n = min(n, 1e9)
	return int(n)
}

// timeitReport is %timeit's output, IPython's first line and the
// allocations.
func timeitReport(per []float64, n, precision int, mallocs, bytes uint64) string {
	mean, best, worst := 0.0, per[0], per[0]
	for _, p := range per {
		mean += p
		best, worst = min(best, p), max(worst, p)
	}
	mean /= float64(len(per))
	sd := 0.0
	for _, p := range per {
		sd += (p - mean) * (p - mean)
	}
	sd = math.Sqrt(sd / float64(len(per)))
	var b strings.Builder
	if worst > 4*best && best > 0 && worst > 1e-6 {
		fmt.Fprintf(&b, "The slowest run took %0.2f times longer than the fastest. This could mean that an intermediate result is being cached.\n", worst/best)
	}
	fmt.Fprintf(&b, "%s ± %s per loop (mean ± std. dev. of %d run%s, %s loop%s each)\n",
		formatTime(seconds(mean), precision), formatTime(seconds(sd), precision),
		len(per), plural(len(per)), thousands(n), plural(n))
	fmt.Fprintf(&b, "%d allocs/op, %d B/op (the interpreter's included)\n", mallocs, bytes)
	return b.String()
}

func seconds(s float64) time.Duration { return time.Duration(s * 1e9) }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// thousands writes n with commas (100,000), as Python's {:,}.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// posRe finds positions in error text: "3:5" after a start, "[at ", "at "
// or a space, not those of earlier cells ("cell 2, 3:5").
var posRe = regexp.MustCompile(`(cell \d+, )?\b(\d+):(\d+)\b`)

// fixError makes an error from generated code read as the cell's: the
// columns of shifted lines move back, and an excerpt of a generated line
// shows the cell's line instead.
func fixError(err *cell.Error, gen, orig map[int]string, shifts []shift) {
	if err == nil {
		return
	}
	// The engine's excerpt (the line and a caret) is rebuilt below.
	excerpt := false
	if n := len(err.Traceback); n >= 2 && strings.HasSuffix(err.Traceback[n-1], "^") {
		for _, g := range gen {
			if err.Traceback[n-2] == "    "+g {
				excerpt = true
				err.Traceback = err.Traceback[:n-2]
				break
			}
		}
	}
	mapPos := func(s string) string {
		return posRe.ReplaceAllStringFunc(s, func(m string) string {
			sub := posRe.FindStringSubmatch(m)
			if sub[1] != "" {
				return m
			}
			line, _ := strconv.Atoi(sub[2])
			col, _ := strconv.Atoi(sub[3])
			for _, sh := range shifts {
				if sh.line == line && col >= sh.from {
					col -= sh.delta
				}
			}
			return fmt.Sprintf("%d:%d", line, col)
		})
	}
	if len(shifts) > 0 {
		err.Value = mapPos(err.Value)
		for i, l := range err.Traceback {
			err.Traceback[i] = mapPos(l)
		}
	}
	if !excerpt {
		return
	}
	m := regexp.MustCompile(`^(\d+):(\d+): |\[at (\d+):(\d+)\]`).FindStringSubmatch(err.Value)
	if m == nil {
		return
	}
	ls, cs := m[1], m[2]
	if ls == "" {
		ls, cs = m[3], m[4]
	}
	line, _ := strconv.Atoi(ls)
	col, _ := strconv.Atoi(cs)
	text, ok := orig[line]
	if !ok || col < 1 || col > len(text)+1 {
		return
	}
	var pad strings.Builder
	for _, r := range text[:col-1] {
		if r == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
	}
	err.Traceback = append(err.Traceback, "    "+text, "    "+pad.String()+"^")
}
