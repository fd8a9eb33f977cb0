package magic

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
)

// osError is the error of a magic whose system call failed.
func osError(line, col int, err error) *cell.Error {
	v := fmt.Sprintf("%d:%d: %v", line, col, err)
	return &cell.Error{Name: "OSError", Value: v, Traceback: []string{"OSError: " + v}}
}

// splitArgs splits magic arguments as a shell would: on spaces, with
// "double" and 'single' quotes and backslash escapes.
func splitArgs(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in := false // inside a word
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			in = true
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(s) && s[j] != c {
				if c == '"' && s[j] == '\\' && j+1 < len(s) {
					j++
				}
				cur.WriteByte(s[j])
				j++
			}
			if j >= len(s) {
				return nil, fmt.Errorf("unterminated %c quote", c)
			}
			i = j
			in = true
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}

// expandHome replaces a leading ~ by the home directory.
func expandHome(p string) (string, error) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, p[1:]), nil
}

// hiddenEnv reports whether %env hides a variable's value when listing
// them all (IPython's rule: names with key, token or secret).
func hiddenEnv(name string) bool {
	l := strings.ToLower(name)
	return strings.Contains(l, "key") || strings.Contains(l, "token") || strings.Contains(l, "secret")
}

func init() {
	register(&magicDef{
		name:    "cd",
		usage:   "%cd [DIR | -]",
		summary: "Change the kernel's working directory.",
		help: `Changes the working directory of the kernel: of the cells (os.Open of a
relative path), of shell commands and of %%writefile. Without DIR, goes to the
home directory; "%cd -" goes back to the directory before the last %cd; ~ is
the home directory. $NAME and {EXPR} are replaced by Go values (see %help !).
Prints the new directory.`,
		run: func(r *runner, c *call) cell.Result {
			arg, err := r.expand(c.ctx, c.seg.args)
			if err != nil {
				return cell.Result{Err: err}
			}
			args, serr := splitArgs(arg)
			if serr != nil || len(args) > 1 {
				msg := "%cd takes one directory"
				if serr != nil {
					msg += ": " + serr.Error()
				}
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, msg+" (quote a name with spaces)")}
			}
			dir := "~"
			if len(args) == 1 {
				dir = args[0]
			}
			cwd, _ := os.Getwd()
			if dir == "-" {
				r.m.mu.Lock()
				dir = r.m.prevDir
				r.m.mu.Unlock()
				if dir == "" {
					return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, "%cd -: no previous directory")}
				}
			}
			dir, herr := expandHome(dir)
			if herr != nil {
				return cell.Result{Err: osError(c.seg.argLine, c.seg.argCol, herr)}
			}
			if err := os.Chdir(dir); err != nil {
				return cell.Result{Err: osError(c.seg.argLine, c.seg.argCol, err)}
			}
			r.m.mu.Lock()
			r.m.prevDir = cwd
			r.m.mu.Unlock()
			now, _ := os.Getwd()
			r.sink.Stream("stdout", now+"\n")
			return cell.Result{}
		},
	})
	register(&magicDef{
		name:    "pwd",
		usage:   "%pwd",
		summary: "The kernel's working directory, as the cell's value.",
		help:    "The working directory (os.Getwd) is the cell's value when %pwd is its last line.",
		run: func(r *runner, c *call) cell.Result {
			if strings.TrimSpace(c.seg.args) != "" {
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, "%pwd takes no arguments")}
			}
			dir, err := os.Getwd()
			if err != nil {
				return cell.Result{Err: osError(c.seg.argLine, c.seg.nameCol, err)}
			}
			return cell.Result{Value: text(dir)}
		},
	})
	register(&magicDef{
		name:    "env",
		usage:   "%env [NAME | NAME=VALUE | NAME VALUE]",
		summary: "Show or set environment variables.",
		help: `%env alone lists every environment variable (NAME=value, sorted; values of
names containing key, token or secret show as <hidden>); %env NAME gives one
variable's value; %env NAME=VALUE and %env NAME VALUE set it (os.Setenv: cells,
shell commands and later magics see it) and print it. The list and a value
are the cell's value when %env is its last line. $NAME and {EXPR} in VALUE
are replaced by Go values (see %help !).`,
		run: func(r *runner, c *call) cell.Result {
			arg := strings.TrimSpace(c.seg.args)
			if arg == "" {
				env := os.Environ()
				sort.Strings(env)
				for i, kv := range env {
					if k, _, _ := strings.Cut(kv, "="); hiddenEnv(k) {
						env[i] = k + "=<hidden>"
					}
				}
				return cell.Result{Value: text(strings.Join(env, "\n"))}
			}
			sep := " "
			if strings.Contains(arg, "=") {
				sep = "="
			}
			name, value, set := strings.Cut(arg, sep)
			name = strings.TrimSpace(name)
			if !set {
				v, ok := os.LookupEnv(name)
				if !ok {
					return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, "Environment does not have key: "+name)}
				}
				return cell.Result{Value: text(v)}
			}
			if name == "" {
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, "%env NAME=VALUE needs a NAME")}
			}
			if strings.ContainsAny(name, " \t") {
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, fmt.Sprintf("refusing to set an environment variable named %q (a name has no spaces; %%env NAME=VALUE)", name))}
			}
			value, err := r.expand(c.ctx, strings.TrimSpace(value))
			if err != nil {
				return cell.Result{Err: err}
			}
			if err := os.Setenv(name, value); err != nil {
				return cell.Result{Err: osError(c.seg.argLine, c.seg.argCol, err)}
			}
			r.sink.Stream("stdout", "env: "+name+"="+value+"\n")
			return cell.Result{}
		},
	})
	register(&magicDef{
		name:    "writefile",
		cell:    true,
		usage:   "%%writefile [-a] FILE",
		summary: "Write the cell's body to FILE.",
		help: `Writes the lines after the first to FILE (relative to the working directory,
~ for home; $NAME and {EXPR} are replaced by Go values), ending with a
newline; -a (or --append) appends instead. Prints "Writing FILE",
"Overwriting FILE" or "Appending to FILE". The directory must exist.

    %%writefile params.json
    {"alpha": 0.34, "beta": 0.28}`,
		run: func(r *runner, c *call) cell.Result {
			arg, err := r.expand(c.ctx, c.seg.args)
			if err != nil {
				return cell.Result{Err: err}
			}
			args, serr := splitArgs(arg)
			if serr != nil {
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, "%%writefile: "+serr.Error())}
			}
			appendTo := false
			var files []string
			for _, a := range args {
				switch a {
				case "-a", "--append":
					appendTo = true
				default:
					if strings.HasPrefix(a, "-") && len(files) == 0 && a != "-" {
						return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, "%%writefile: unknown option "+a+" (only -a, --append)")}
					}
					files = append(files, a)
				}
			}
			if len(files) != 1 {
				return cell.Result{Err: usageError(c.seg.argLine, c.seg.argCol, "%%writefile needs one file name (quote a name with spaces): %%writefile [-a] FILE")}
			}
			path, herr := expandHome(files[0])
			if herr != nil {
				return cell.Result{Err: osError(c.seg.argLine, c.seg.argCol, herr)}
			}
			body := c.body
			if body != "" && !strings.HasSuffix(body, "\n") {
				body += "\n"
			}
			_, statErr := os.Stat(path)
			exists := statErr == nil
			flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
			verb := "Writing"
			switch {
			case appendTo:
				flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
				verb = "Appending to"
			case exists:
				verb = "Overwriting"
			}
			f, oerr := os.OpenFile(path, flags, 0o644)
			if oerr == nil {
				_, oerr = f.WriteString(body)
				if cerr := f.Close(); oerr == nil {
					oerr = cerr
				}
			}
			if oerr != nil {
				var pe *os.PathError
				if errors.As(oerr, &pe) {
					oerr = pe
				}
				return cell.Result{Err: osError(c.seg.argLine, c.seg.argCol, oerr)}
			}
			r.sink.Stream("stdout", verb+" "+files[0]+"\n")
			return cell.Result{}
		},
	})
	register(&magicDef{
		name:    "who",
		usage:   "%who [TYPE ...]",
		summary: "List the session's variables.",
		help: `Prints the names of the session's variables and constants (those cells
defined), sorted; with TYPE arguments only those whose Go type is one of them
(%who int float64). %whos shows their types and values too.`,
		run: func(r *runner, c *call) cell.Result {
			vars, err := r.variables(c)
			if err != nil {
				return cell.Result{Err: err}
			}
			if len(vars) == 0 {
				r.sink.Stream("stdout", "Interactive namespace is empty.\n")
				return cell.Result{}
			}
			var b strings.Builder
			for _, v := range vars {
				b.WriteString(v.Name + "\t")
			}
			r.sink.Stream("stdout", b.String()+"\n")
			return cell.Result{}
		},
	})
	register(&magicDef{
		name:    "whos",
		usage:   "%whos [TYPE ...]",
		summary: "Table of the session's variables: name, type, value.",
		help: `Like %who, as a table: each variable's name, Go type and a one-line summary
of its value (a long slice, map or string is cut after its first elements,
and its length shown as n=; String methods of compiled types are used, those
of types declared in cells are not: their fields show).`,
		run: func(r *runner, c *call) cell.Result {
			vars, err := r.variables(c)
			if err != nil {
				return cell.Result{Err: err}
			}
			if len(vars) == 0 {
				r.sink.Stream("stdout", "Interactive namespace is empty.\n")
				return cell.Result{}
			}
			const colsep = 3
			nw, tw := len("Variable"), len("Type")
			for _, v := range vars {
				nw, tw = max(nw, len(v.Name)), max(tw, len(v.Type))
			}
			nw, tw = nw+colsep, tw+colsep
			var b strings.Builder
			fmt.Fprintf(&b, "%-*s%-*s Data/Info\n%s\n", nw, "Variable", tw, "Type", strings.Repeat("-", nw+tw+len("Data/Info")+1))
			for _, v := range vars {
				data := v.Value
				if v.Len >= 0 && !strings.HasPrefix(data, `"`) {
					data = fmt.Sprintf("n=%d: %s", v.Len, data)
				}
				fmt.Fprintf(&b, "%-*s%-*s %s\n", nw, v.Name, tw, v.Type, data)
			}
			r.sink.Stream("stdout", b.String())
			return cell.Result{}
		},
	})
}

// variables returns the session's variables, filtered by the TYPE
// arguments of %who or %whos.
func (r *runner) variables(c *call) ([]cell.Variable, *cell.Error) {
	vars, ok := r.m.in.Variables()
	if !ok {
		return nil, usageError(c.seg.argLine, c.seg.nameCol, "the session is busy (a cell is running)")
	}
	types := strings.Fields(c.seg.args)
	if len(types) == 0 {
		return vars, nil
	}
	want := map[string]bool{}
	for _, t := range types {
		want[t] = true
	}
	var out []cell.Variable
	for _, v := range vars {
		if want[v.Type] {
			out = append(out, v)
		}
	}
	return out, nil
}
