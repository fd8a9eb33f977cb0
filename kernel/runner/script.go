package runner

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/gophernote/gophernote/kernel/worker"
)

// runScript runs a Go program (package main with func main) through the
// engine: the package clause is blanked out (keeping line numbers), the
// rest is evaluated as one cell, then main() is called. Display calls
// write files into the output directory and print their paths.
func runScript(base context.Context, cfg Config, o runOptions) int {
	stdout, stderr := cfg.Stdout, cfg.Stderr
	src, cellCode, err := scriptSource(o.file)
	if err != nil {
		fmt.Fprintf(stderr, "gophernote run: %v\n", err)
		return 1
	}
	name := strings.TrimSuffix(filepath.Base(o.file), filepath.Ext(o.file))
	col := newCollector(stdout, stderr, o.out, name)
	col.files = true
	// os.Args[0] is what `go build FILE.go` would name the program.
	eng, err := startWorker(cfg, o, worker.EngineOptions{Args: append([]string{strings.TrimSuffix(o.file, ".go")}, o.args...), DetectDeadlocks: true, File: filepath.Base(o.file)}, idleSink{col})
	if err != nil {
		fmt.Fprintf(stderr, "gophernote run: %v\n", err)
		return 1
	}
	defer eng.Close()
	col.begin(1)
	codes := []string{src, scriptMain + "()"}
	if cellCode {
		codes = codes[:1]
	}
	for _, code := range codes {
		ctx, cancel := cellContext(base, o)
		res := eng.Execute(ctx, code, col)
		timedOut := errors.Is(ctx.Err(), context.DeadlineExceeded)
		cancel()
		if res.Value != nil {
			// cell code ending in an expression: shown as a cell shows it
			col.Display(*res.Value, false)
		}
		col.flushEchoes()
		if res.Err != nil && res.Err.Crash != "" {
			// The worker died of a Go fatal error or panic, whose report
			// it printed on stderr: the program ends as a compiled one
			// does, with status 2 (and, for a worker that exited or was
			// killed, a line saying how).
			unrename := strings.NewReplacer(scriptMain, "main")
			fmt.Fprintf(stderr, "gophernote run: %s: the Go worker process died: %s: %s\n", o.file, res.Err.Name, unrename.Replace(res.Err.Value))
			if res.Err.Name == "Exit" {
				var code int
				fmt.Sscanf(res.Err.Value, "exit status %d", &code)
				return code
			}
			return fatalStatus
		}
		if res.Err != nil && res.Err.Name == "Exit" && base.Err() == nil {
			// os.Exit(N) or log.Fatal: the program ends with status N
			// and says nothing more, as a compiled one does.
			var code int
			fmt.Sscanf(res.Err.Value, "exit status %d", &code)
			return code
		}
		if res.Err != nil {
			unrename := strings.NewReplacer(scriptMain, "main")
			msg := unrename.Replace(res.Err.Value)
			if timedOut {
				msg = fmt.Sprintf("ran longer than --timeout %v (%s)", o.timeout, msg)
			}
			fmt.Fprintf(stderr, "gophernote run: %s: %s: %s\n", o.file, res.Err.Name, msg)
			for _, l := range res.Err.Traceback {
				fmt.Fprintln(stderr, "  "+unrename.Replace(l))
			}
			if base.Err() != nil {
				fmt.Fprintf(stderr, "gophernote run: %s: interrupted (SIGINT)\n", o.file)
				return interruptedStatus
			}
			return 1
		}
	}
	if col.err != nil {
		return 1
	}
	return 0
}

// scriptMain is what func main is renamed to: a cell that calls main()
// would be wrapped by the engine in a func main of its own.
const scriptMain = "gophernoteMain"

// scriptSource checks that path holds package main with a func main and
// returns its source with the package clause replaced by blanks (keeping
// line numbers) and main renamed to scriptMain.
func scriptSource(path string) (src string, cellCode bool, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", false, err
	}
	if !hasPackageClause(data) {
		// cell code (what a notebook cell holds): run as one cell
		return string(data), true, nil
	}
	fset := token.NewFileSet()
	// The parser's object resolution ties each use of a package-level
	// name in the file to its declaration, so a call of main (Go allows
	// main to call itself) is renamed with it and a local main is not.
	f, err := parser.ParseFile(fset, path, data, 0)
	if err != nil {
		return "", false, err
	}
	if f.Name.Name != "main" {
		return "", false, fmt.Errorf("%s: package %s, want package main", path, f.Name.Name)
	}
	var mainObj *ast.Object
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" {
			mainObj = fd.Name.Obj
		}
	}
	if mainObj == nil {
		return "", false, fmt.Errorf("%s: no func main", path)
	}
	var at []int // offsets of the names to rename, in order
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "main" && id.Obj == mainObj {
			at = append(at, fset.Position(id.Pos()).Offset)
		}
		return true
	})
	start := fset.Position(f.Package).Offset
	end := fset.Position(f.Name.End()).Offset
	b := []byte(string(data))
	for i := start; i < end; i++ {
		b[i] = ' '
	}
	var out strings.Builder
	prev := 0
	for _, off := range at {
		out.Write(b[prev:off])
		out.WriteString(scriptMain)
		prev = off + len("main")
	}
	out.Write(b[prev:])
	return out.String(), false, nil
}

// hasPackageClause reports whether the first token of src (after comments)
// is the keyword package: a Go program file rather than cell code.
func hasPackageClause(src []byte) bool {
	fset := token.NewFileSet()
	var sc scanner.Scanner
	sc.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	_, tok, _ := sc.Scan()
	return tok == token.PACKAGE
}
