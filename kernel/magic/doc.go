// Package magic runs the magics of IPython notebooks in gophernote cells:
// a layer in front of the Go engine that the kernel and `gophernote run`
// build their engine with (cmd/gophernote), so both run them the same way.
// A cell without magic lines goes to the engine unchanged.
//
// # Magics
//
// In IPython's spelling; MAGIC? or %help MAGIC prints each one's help, and
// Shift-Tab on its name shows it:
//
//	%time STATEMENT        CPU and wall time of one Go statement (it runs in the session)
//	%%time                 the same for the cell's body
//	%timeit [-n N] [-r R] [-p P] STATEMENT
//	                       mean ± std. dev. per op over R runs of N ops (N chosen as
//	                       testing.Benchmark chooses b.N), allocations per op
//	%%timeit [...] [SETUP] the same for the cell's body, SETUP run before each run
//	!COMMAND               a shell command line (sh -c), output streamed as it comes
//	%%bash, %%sh           the body as a bash or sh script (a failing script fails the cell)
//	%env [NAME[=VALUE]]    list, show or set environment variables
//	%cd [DIR|-], %pwd      change and show the working directory
//	%%writefile [-a] FILE  write (or append) the body to FILE
//	%who, %whos [TYPE...]  the session's variables (names; names, types and values)
//	%lsmagic, %help [MAGIC]
//
// A line that starts with % or ! and is not one of these is an error
// (UsageError) naming the known ones.
//
// # Cell rules
//
// A cell magic (%%name) must be the cell's first line (blank lines may come
// before it); the rest of the cell is its body. A line magic or shell
// command takes a line of its own at the cell's top level: a line is a
// magic line when its first character other than spaces and tabs is % or
// ! and a Go statement could begin there — not inside brackets, a raw
// string or a comment, and not after a line that leaves a statement open
// by Go's semicolon rule (a line ending in &&, +, a comma...). So
//
//	ok := a &&
//		!b
//
// is Go. Go has no statement that begins with % or !, so a line at a
// statement's start cannot be both, with one exception: the engine shows a
// final expression's value, and !ok would be Go's negation of ok. Such a
// line (! followed, without a space, by a Go expression whose names are all
// the session's variables or constants, or true and false) is refused as
// ambiguous: (!ok) is the Go value, ! ok the shell command. IPython and
// GoNB read every such line as a shell command.
//
// A line magic, or a !COMMAND, ending in \ continues on the next line; the
// statement of %time and %timeit continues while a bracket, raw string or
// comment is open.
//
// The segments of a cell run in order, as IPython runs its lines: each run
// of Go lines between magic lines goes to the engine as a part of the cell
// (with cell.ContinueCell: one cell number, positions at the cell's lines),
// then the magic, and so on. The first error stops the cell. The cell's
// value is the value of its last segment: Go's final expression, the value
// of %time's expression, or the value of %pwd and %env NAME.
//
// Go in magics: %time runs its statement at the cell's top level (%time
// x := f() defines x); %timeit runs its statement in a function of the
// session, so its definitions stay local, as in IPython. Both give errors
// at the cell's line:col. In the arguments of !COMMAND, %cd, %env and
// %%writefile, $NAME and {EXPR} are replaced by Go values of the session
// (IPython's expansion): $NAME when NAME is a variable or constant of the
// session, {EXPR} when EXPR compiles as a Go expression; the rest ($HOME,
// ${X}, {a,b}) is left for the shell.
//
// Interrupting a cell stops the magic running: a %timeit loop (between
// runs, and inside interpreted code), a shell command's whole process group
// (SIGINT, SIGKILL after 2 s). When a command ends, what it left running in
// its process group is killed, so no orphan keeps the cell's output open.
package magic
