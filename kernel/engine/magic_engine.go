package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
)

// EngineMagic is a magic the engine runs itself, because what it does
// must happen where the engine runs (plugins load into the engine's
// process). A magics layer in front of the engine lists these and passes
// the cells that use them to Execute unchanged.
//
// A magics layer runs one by passing the cell to Execute with the magic's
// lines where they are: a %go line as it is (alone, or among Go lines),
// a %%compile cell whole (blank lines may precede its first line, so the
// body keeps the cell's line numbers).
type EngineMagic struct {
	Name    string // without % or %%
	Cell    bool   // a cell magic (%%NAME, the cell's first line)
	Usage   string
	Summary string // one line
	Help    string
}

// EngineMagics returns the magics the engine recognises.
func EngineMagics() []EngineMagic {
	return []EngineMagic{
		{Name: "go", Usage: "%go get MODULE@VERSION [MODULE@VERSION ...]", Summary: "pin modules' versions for later imports", Help: "Pins modules' versions for the session's later imports and compiled cells. " +
			"MODULE@latest resolves the latest version again. The lines run before the rest of the cell, which may hold Go. " +
			"A module whose package this session loaded already cannot change version until the kernel restarts."},
		{Name: "compile", Cell: true, Usage: "%%compile NAME", Summary: "compile the cell with the Go toolchain as package NAME", Help: "Compiles the rest of the cell with the Go toolchain as package NAME (a Go file: imports and declarations; " +
			"a package clause is optional) into a plugin; later cells import \"NAME\" and call it at compiled speed. It may import the standard library, " +
			"fitlib, gonum, modules' packages and earlier compiled cells. Re-running it replaces the package for later cells; values made before keep the old version. " +
			"Exported generic functions and types are usable by later compiled cells only (interpreted cells use instantiations, e.g. var SumF = Sum[float64])."},
	}
}

// runEngineMagic runs the engine's magics in a cell: a %%compile cell
// whole (handled), or the %go lines, which it blanks in *code (keeping
// the other lines' numbers) for the Go that remains; handled is true when
// nothing remains to run.
func (e *Engine) runEngineMagic(ctx context.Context, code *string) (cell.Result, bool) {
	if !strings.Contains(*code, "%") {
		return cell.Result{}, false
	}
	lines := strings.Split(*code, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if isMagicLine(t, "%%compile") {
			rest := strings.TrimPrefix(t, "%%compile")
			if e.sandbox {
				return cell.Result{Err: (&cellError{line: i + 1, col: 1, msg: "%%compile is not available in the sandbox: compiled cells run compiled code, which the sandbox cannot restrict"}).toError()}, true
			}
			return e.compileCell(ctx, strings.TrimSpace(rest), i, lines), true
		}
		break
	}
	found := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if !isMagicLine(t, "%go") {
			continue
		}
		rest := strings.TrimPrefix(t, "%go")
		found = true
		col := strings.Index(l, "%go") + 1
		if err := e.goMagic(ctx, strings.Fields(rest)); err != nil {
			return cell.Result{Err: moduleError(err, i+1, col)}, true
		}
		lines[i] = ""
	}
	if !found {
		return cell.Result{}, false
	}
	*code = strings.Join(lines, "\n")
	if strings.TrimSpace(*code) == "" {
		return cell.Result{}, true
	}
	return cell.Result{}, false
}

// goMagic runs `%go get MODULE@VERSION...`.
func (e *Engine) goMagic(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "get" || len(args) == 1 {
		return fmt.Errorf("usage: %s", EngineMagics()[0].Usage)
	}
	b, err := e.mod.builder()
	if err != nil {
		return err
	}
	for _, a := range args[1:] {
		mod, ver, _ := strings.Cut(a, "@")
		if !isModulePath(mod) {
			return fmt.Errorf("%%go get %s: %s is not a module path (it starts with a domain, such as example.com/mod)", a, mod)
		}
		prog := e.newBuildProgress("go get " + a)
		b.Progress = prog.line
		v, err := b.Resolve(ctx, mod, ver)
		b.Progress = nil
		if err != nil {
			prog.finish("")
			return err
		}
		if have, ok := e.mod.mods[mod]; ok && have != v {
			prog.finish("")
			return fmt.Errorf("%s %s is loaded in this session already, and a loaded package cannot be replaced: restart the kernel, then run %%go get %s@%s first", mod, have, mod, v)
		}
		e.mod.pins[mod] = v
		prog.finish("")
		display.Show(display.Bundle{Data: display.MIME{"text/plain": fmt.Sprintf("gophernote: %s pinned at %s", mod, v)}})
	}
	return nil
}

// blankEngineMagics blanks the lines of the engine's magics in code
// (%%compile's first line, %go lines), keeping the other lines where they
// are; compiled reports a %%compile cell (the rest is a Go file).
func blankEngineMagics(code string) (rest string, compiled bool) {
	if !strings.Contains(code, "%") {
		return code, false
	}
	lines := strings.Split(code, "\n")
	first := true
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if first && isMagicLine(t, "%%compile") {
			lines[i], compiled = "", true
		} else if isMagicLine(t, "%go") {
			lines[i] = ""
		}
		first = false
	}
	return strings.Join(lines, "\n"), compiled
}

// isMagicLine reports whether the trimmed line t is the magic m with
// optional arguments.
func isMagicLine(t, m string) bool {
	rest, ok := strings.CutPrefix(t, m)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}
