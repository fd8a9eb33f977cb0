package magic

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
)

// call is one use of a magic.
type call struct {
	ctx  context.Context
	seg  segment     // the magic's line (and continuation lines)
	p    *parsedCell // the cell it is in
	body string      // a cell magic's body: the cell after its first line
	// bodyLine is the cell line of the body's first line.
	bodyLine int
}

// magicDef describes one magic.
type magicDef struct {
	name    string
	cell    bool   // a cell magic (%%name); else a line magic
	usage   string // the synopsis, e.g. "%time STATEMENT"
	summary string // one line for %help and %lsmagic
	help    string // the rest of the help text
	run     func(r *runner, c *call) cell.Result
	engine  bool // the engine's own magic (enginemagics.go)
}

// magics is the table of magics, by kind and name.
var (
	lineMagics = map[string]*magicDef{}
	cellMagics = map[string]*magicDef{}
)

func register(d *magicDef) {
	if d.cell {
		cellMagics[d.name] = d
	} else {
		lineMagics[d.name] = d
	}
}

// word is how a magic is written: %name or %%name.
func (d *magicDef) word() string {
	if d.cell {
		return "%%" + d.name
	}
	return "%" + d.name
}

// fullHelp is the help text %name? and %help name print.
func (d *magicDef) fullHelp() string {
	return d.usage + "\n\n" + d.summary + "\n\n" + strings.TrimSpace(d.help) + "\n"
}

// names returns the magics' words of one kind, sorted.
func names(tbl map[string]*magicDef) []string {
	var out []string
	for _, d := range tbl {
		out = append(out, d.word())
	}
	sort.Strings(out)
	return out
}

// knownMagics lists every magic for error messages.
func knownMagics() string {
	return "line magics " + strings.Join(names(lineMagics), " ") + "; cell magics " + strings.Join(names(cellMagics), " ") +
		"; !COMMAND runs a shell command (%help for all)"
}

// lineMagic runs a line magic or shell command segment.
func (r *runner) lineMagic(ctx context.Context, s segment, p *parsedCell) cell.Result {
	if s.kind == shellSeg {
		return r.shellLine(ctx, s)
	}
	d := lineMagics[s.name]
	if d == nil {
		return cell.Result{Err: usageError(s.argLine, s.nameCol, unknownMagic("%"+s.name, cellMagics[s.name] != nil))}
	}
	if s.help {
		r.sink.Stream("stdout", d.fullHelp())
		return cell.Result{}
	}
	return d.run(r, &call{ctx: ctx, seg: s, p: p})
}

// cellMagic runs a cell that starts with %%name.
func (r *runner) cellMagic(p *parsedCell) cell.Result {
	s := *p.cellMagic
	d := cellMagics[s.name]
	if d == nil {
		return cell.Result{Err: usageError(s.argLine, s.nameCol, unknownMagic("%%"+s.name, lineMagics[s.name] != nil))}
	}
	if s.help {
		r.sink.Stream("stdout", d.fullHelp())
		return cell.Result{}
	}
	return d.run(r, &call{ctx: r.ctx, seg: s, p: p, body: p.body, bodyLine: p.bodyLine})
}

// unknownMagic is the error for a magic that does not exist; other says
// the name exists as the other kind.
func unknownMagic(word string, other bool) string {
	name := strings.TrimLeft(word, "%")
	switch {
	case name == "":
		return fmt.Sprintf("%q must be followed by a magic's name; known: %s", word, knownMagics())
	case other && strings.HasPrefix(word, "%%"):
		return fmt.Sprintf("%s is not a cell magic; %%%s is a line magic: write it on a line of its own (%%%s?)", word, name, name)
	case other:
		return fmt.Sprintf("%s is not a line magic; %%%%%s is a cell magic: write it as the cell's first line (%%%%%s?)", word, name, name)
	}
	return fmt.Sprintf("unknown magic %s; known: %s", word, knownMagics())
}

func init() {
	register(&magicDef{
		name:    "lsmagic",
		usage:   "%lsmagic",
		summary: "List the magics.",
		help:    "Lists the line magics, the cell magics and the shell escape. %help describes each.",
		run: func(r *runner, c *call) cell.Result {
			if c.seg.args != "" {
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, "%lsmagic takes no arguments")}
			}
			r.sink.Stream("stdout", "Available line magics:\n"+strings.Join(names(lineMagics), "  ")+
				"\n\nAvailable cell magics:\n"+strings.Join(names(cellMagics), "  ")+
				"\n\nShell: !COMMAND runs a command line with sh.\n")
			return cell.Result{}
		},
	})
	register(&magicDef{
		name:    "help",
		usage:   "%help [MAGIC]",
		summary: "Describe the magics, or one of them.",
		help: `Without an argument, lists every magic with one line on it, and the rules for
mixing magics with Go. With a name (time, %time, %%time), prints that magic's
help, as %time? does. Shift-Tab on a magic's name shows the same help.`,
		run: func(r *runner, c *call) cell.Result {
			arg := strings.TrimSpace(c.seg.args)
			if arg == "" {
				r.sink.Stream("stdout", overview())
				return cell.Result{}
			}
			d := lookupWord(arg)
			if d == nil {
				if strings.TrimLeft(arg, "%") == "!" || arg == "!" {
					r.sink.Stream("stdout", shellHelp)
					return cell.Result{}
				}
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, unknownMagic(arg, false))}
			}
			r.sink.Stream("stdout", d.fullHelp())
			return cell.Result{}
		},
	})
}

// lookupWord finds a magic by "name", "%name" or "%%name"; a bare name
// prefers the line magic.
func lookupWord(w string) *magicDef {
	switch {
	case strings.HasPrefix(w, "%%"):
		return cellMagics[w[2:]]
	case strings.HasPrefix(w, "%"):
		return lineMagics[w[1:]]
	}
	if d := lineMagics[w]; d != nil {
		return d
	}
	return cellMagics[w]
}

// shellHelp describes the ! shell escape.
const shellHelp = `!COMMAND

Run a shell command line with sh -c, in the kernel's working directory (%cd)
and environment (%env). Its standard output and error stream into the cell as
they come; it reads no input. A line ending in \ continues on the next line.
Interrupting the cell ends the command's whole process group (SIGINT, then
SIGKILL after 2 s); background jobs it left running are ended when it exits.
A command that fails shows its error output and the cell goes on, as in
IPython (%%bash stops the cell instead).

$NAME and {EXPR} in the command are replaced by the value of a Go variable
NAME of the session and of the Go expression EXPR (printed as a cell's value
is); $NAME that is not a Go variable (such as $HOME) is left for the shell,
as is {EXPR} that is not a Go expression of the session ({a,b}, {}). $$ and
{{ }} stand for $ and { }.

When ! starts a shell command: see %help.
`

// overview is what %help prints without an argument.
func overview() string {
	var b strings.Builder
	b.WriteString("Magics (MAGIC? or %help MAGIC for details):\n\n")
	w := 0
	all := append(sortedDefs(lineMagics), sortedDefs(cellMagics)...)
	for _, d := range all {
		w = max(w, len(d.usage))
	}
	for _, d := range all {
		fmt.Fprintf(&b, "  %-*s  %s\n", w, d.usage, d.summary)
	}
	fmt.Fprintf(&b, "  %-*s  %s\n", w, "!COMMAND", "Run a shell command line (%help !).")
	b.WriteString("\n" + rules)
	return b.String()
}

// rules are the cell rules of magics, shown by %help.
const rules = `Magics and Go in one cell:
- A cell magic (%%name) must be the cell's first line (blank lines may come
  before it); the rest of the cell is its body.
- A line magic (%name) or shell command (!COMMAND) takes a line of its own,
  at the cell's top level. A line is one when its first character other than
  spaces and tabs is % or !, and a Go statement could begin there: inside
  brackets, a raw string or a comment, or after a line that does not end a
  Go statement (a &&, a comma...), the line is Go.
- ! followed by a Go expression of the session's names (!ok, !true) is
  refused as ambiguous: write (!ok) for Go's value, ! ok for the shell.
- The cell runs in order: each run of Go lines between magic lines runs as
  a cell of its own in the same session, then the magic, and so on; the
  first error stops the cell. Errors give the cell's line numbers. The
  cell's value is that of its last part (Go's final expression, or a value
  magic such as %pwd).
`

func sortedDefs(tbl map[string]*magicDef) []*magicDef {
	var out []*magicDef
	for _, d := range tbl {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}
