package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gophernote/gophernote/kernel/engine"
)

const runUsage = `usage: gophernote run FILE.ipynb|FILE.go [--out DIR] [--allow-errors] [--timeout D]

Executes a notebook (or a Go program: package main with func main) headless
with the kernel's engine. The executed notebook is written to DIR/NAME.ipynb
and every image to DIR/NAME_cellN_K.png|.svg|.jpg; a Go program's display
calls write files into DIR and print their paths.

  --out DIR        output directory (default "out"; created when missing)
  --allow-errors   keep going after a failing cell (exit status 0)
  --timeout D      interrupt a cell running longer than D (e.g. 30s, 5m)
`

// runOptions are the parsed flags of `gophernote run`.
type runOptions struct {
	file        string
	out         string
	allowErrors bool
	timeout     time.Duration
}

// runCmd implements `gophernote run`.
func runCmd(args []string) int { return runMain(args, os.Stdout, os.Stderr) }

// runMain is runCmd with explicit output streams (tests call it).
func runMain(args []string, stdout, stderr io.Writer) int {
	opts, err := parseRunArgs(args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, runUsage)
			return 0
		}
		fmt.Fprintf(stderr, "gophernote run: %v\n%s", err, runUsage)
		return 2
	}
	if err := os.MkdirAll(opts.out, 0o755); err != nil {
		fmt.Fprintf(stderr, "gophernote run: output directory: %v\n", err)
		return 1
	}
	switch ext := strings.ToLower(filepath.Ext(opts.file)); ext {
	case ".ipynb":
		return runNotebook(opts, stdout, stderr)
	case ".go":
		return runScript(opts, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "gophernote run: %s: want a .ipynb notebook or a .go file\n", opts.file)
		return 2
	}
}

// parseRunArgs accepts flags before and after the file name.
func parseRunArgs(args []string) (runOptions, error) {
	var o runOptions
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.out, "out", "out", "")
	fs.BoolVar(&o.allowErrors, "allow-errors", false, "")
	fs.DurationVar(&o.timeout, "timeout", 0, "")
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return o, err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
	case len(files) == 0:
		return o, errors.New("missing FILE.ipynb or FILE.go")
	case len(files) > 1:
		return o, fmt.Errorf("one file at a time, got %d: %s", len(files), strings.Join(files, " "))
	case o.timeout < 0:
		return o, fmt.Errorf("--timeout %v is negative", o.timeout)
	}
	o.file = files[0]
	return o, nil
}

// cellContext applies --timeout.
func cellContext(o runOptions) (context.Context, context.CancelFunc) {
	if o.timeout > 0 {
		return context.WithTimeout(context.Background(), o.timeout)
	}
	return context.WithCancel(context.Background())
}

// runNotebook executes every code cell of the notebook in order.
func runNotebook(o runOptions, stdout, stderr io.Writer) int {
	nb, err := readNotebook(o.file)
	if err != nil {
		fmt.Fprintf(stderr, "gophernote run: %v\n", err)
		return 1
	}
	name := strings.TrimSuffix(filepath.Base(o.file), filepath.Ext(o.file))
	outPath := filepath.Join(o.out, name+".ipynb")
	col := newCollector(stdout, stderr, o.out, name)
	eng, err := engine.New(engine.Options{Idle: idleSink{col}})
	if err != nil {
		fmt.Fprintf(stderr, "gophernote run: %v\n", err)
		return 1
	}
	defer eng.Close()

	nb.prepare()
	status, count := 0, 0
	for i, c := range nb.Cells {
		if c["cell_type"] != "code" {
			continue
		}
		src, _ := cellSource(c)
		c["outputs"], c["execution_count"] = []any{}, nil
		if strings.TrimSpace(src) == "" {
			continue
		}
		count++
		col.begin(i + 1)
		ctx, cancel := cellContext(o)
		res := eng.Execute(ctx, src, col)
		timedOut := errors.Is(ctx.Err(), context.DeadlineExceeded)
		cancel()
		if res.Value != nil {
			col.result(*res.Value, count)
		}
		if res.Err != nil {
			ename, evalue := res.Err.Name, res.Err.Value
			if timedOut {
				ename, evalue = "Timeout", fmt.Sprintf("cell ran longer than --timeout %v (%s)", o.timeout, evalue)
			}
			col.failure(ename, evalue, res.Err.Traceback)
			fmt.Fprintf(stderr, "gophernote run: %s: cell %d: %s: %s\n", o.file, i+1, ename, evalue)
			for _, l := range res.Err.Traceback {
				fmt.Fprintln(stderr, "  "+l)
			}
			status = 1
		}
		c["outputs"], c["execution_count"] = col.end(), count
		if status != 0 && !o.allowErrors {
			break
		}
	}
	if err := nb.save(outPath); err != nil {
		fmt.Fprintf(stderr, "gophernote run: writing %s: %v\n", outPath, err)
		return 1
	}
	fmt.Fprintln(stdout, "wrote", outPath)
	if col.err != nil {
		return 1
	}
	if o.allowErrors {
		return 0
	}
	return status
}
