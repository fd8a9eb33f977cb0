// Command gophernote is a Jupyter kernel for Go.
//
//	gophernote install [--user | --sys-prefix | --prefix DIR] [--name NAME]
//	gophernote kernel CONNECTION_FILE
//	gophernote run FILE.ipynb|FILE.go
//	gophernote data list|fetch|verify|path
//	gophernote version
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/gophernote/gophernote/kernel/runner"
	"github.com/gophernote/gophernote/kernel/worker"
)

const usage = `usage: gophernote <command> [arguments]

commands:
  install [--user | --sys-prefix | --prefix DIR] [--name NAME]
          write the Jupyter kernelspec (default: the user's Jupyter data dir)
  kernel CONNECTION_FILE
          run the kernel (Jupyter starts it this way)
  run FILE.ipynb|FILE.go
          execute a notebook or Go file headless
  data list | fetch [NAME...|--all] | verify | path
          the datasets: list them, download and rebuild them into the cache
  version
          print gophernote, Go and yaegi versions
`

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// dispatch runs the subcommand in args and returns the exit code.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "install":
		return installCmd(rest, stdout, stderr)
	case "kernel":
		return kernelCmd(rest, stderr)
	case "run":
		return runner.Main(rest, runner.Config{Stdout: stdout, Stderr: stderr})
	case worker.Subcommand:
		// The process a kernel or a run starts to host the engine
		// (kernel/worker); not for users.
		useCellProgress(stderr, worker.TerminalStderr())
		return worker.Main()
	case "data":
		return dataCmd(rest, stdout, stderr)
	case "version", "--version", "-version":
		return versionCmd(stdout)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "gophernote: unknown command %q\n%s", cmd, usage)
		return 2
	}
}

// fail prints a one-line error and returns exit code 1.
func fail(stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "gophernote: "+format+"\n", args...)
	return 1
}
