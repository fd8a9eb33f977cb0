package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// kernelSpec is the kernel.json Jupyter reads to launch gophernote.
type kernelSpec struct {
	Argv          []string `json:"argv"`
	DisplayName   string   `json:"display_name"`
	Language      string   `json:"language"`
	InterruptMode string   `json:"interrupt_mode"`
	// Metadata.debugger turns on JupyterLab's debugger for the kernel
	// (JupyterLab 4 reads it here, not from kernel_info_reply).
	Metadata map[string]any `json:"metadata"`
}

// validName is what jupyter_client accepts as a kernel name.
var validName = regexp.MustCompile(`^[a-zA-Z0-9._-]+$`)

func installCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("install", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	user := fs.Bool("user", false, "install for the current user (default)")
	sysPrefix := fs.Bool("sys-prefix", false, "install into the Python sys.prefix of the jupyter on PATH")
	prefix := fs.String("prefix", "", "install into `DIR`/share/jupyter/kernels")
	name := fs.String("name", "gophernote", "kernel `NAME`")
	const installUsage = "usage: gophernote install [--user | --sys-prefix | --prefix DIR] [--name NAME]"
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, installUsage)
			return 0
		}
		return fail(stderr, "install: %v (%s)", err, installUsage)
	}
	if fs.NArg() > 0 {
		return fail(stderr, "install: unexpected argument %q (%s)", fs.Arg(0), installUsage)
	}
	prefixSet := false
	fs.Visit(func(f *flag.Flag) { prefixSet = prefixSet || f.Name == "prefix" })
	chosen := 0
	for _, b := range []bool{*user, *sysPrefix, prefixSet} {
		if b {
			chosen++
		}
	}
	if chosen > 1 {
		return fail(stderr, "install: --user, --sys-prefix and --prefix are mutually exclusive")
	}
	if prefixSet && *prefix == "" {
		return fail(stderr, "install: --prefix needs a directory")
	}
	if !validName.MatchString(*name) {
		return fail(stderr, "install: kernel name %q may only contain letters, digits, '.', '_' and '-'", *name)
	}

	var kernels string
	switch {
	case prefixSet:
		p, err := filepath.Abs(*prefix)
		if err != nil {
			return fail(stderr, "install: --prefix %q: %v", *prefix, err)
		}
		kernels = filepath.Join(p, "share", "jupyter", "kernels")
	case *sysPrefix:
		p, err := pythonSysPrefix()
		if err != nil {
			return fail(stderr, "install --sys-prefix: %v", err)
		}
		kernels = filepath.Join(p, "share", "jupyter", "kernels")
	default:
		d, err := jupyterDataDir()
		if err != nil {
			return fail(stderr, "install --user: %v", err)
		}
		kernels = filepath.Join(d, "kernels")
	}
	dir := filepath.Join(kernels, *name)
	if err := writeKernelSpec(dir); err != nil {
		return fail(stderr, "install: %v", err)
	}
	fmt.Fprintf(stdout, "Installed kernelspec %s in %s\n", *name, dir)
	return 0
}

// writeKernelSpec writes kernel.json and the two logos into dir.
func writeKernelSpec(dir string) error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("cannot find the gophernote binary: %v", err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	spec := kernelSpec{
		Argv:          []string{exe, "kernel", "{connection_file}"},
		DisplayName:   "Go (gophernote)",
		Language:      "go",
		InterruptMode: "message",
		Metadata:      map[string]any{"debugger": true},
	}
	body, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "kernel.json"), append(body, '\n'), 0o644); err != nil {
		return err
	}
	for _, size := range []int{32, 64} {
		png, err := logoPNG(size)
		if err != nil {
			return fmt.Errorf("drawing the %dx%d logo: %v", size, size, err)
		}
		name := fmt.Sprintf("logo-%dx%d.png", size, size)
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// jupyterDataDir mirrors jupyter_core.paths.jupyter_data_dir on Linux:
// $JUPYTER_DATA_DIR, else $XDG_DATA_HOME/jupyter, else
// ~/.local/share/jupyter.
func jupyterDataDir() (string, error) {
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return d, nil
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "jupyter"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no home directory: %v", err)
	}
	return filepath.Join(home, ".local", "share", "jupyter"), nil
}

// pythonSysPrefix asks the Python that runs the `jupyter` command on PATH
// (its #! line) for sys.prefix, where Jupyter looks for --sys-prefix
// kernelspecs. Without a jupyter on PATH it asks python3.
func pythonSysPrefix() (string, error) {
	python := "python3"
	if j, err := exec.LookPath("jupyter"); err == nil {
		if interp := shebang(j); interp != "" {
			python = interp
		}
	}
	out, err := exec.Command(python, "-c", "import sys; print(sys.prefix)").Output()
	if err != nil {
		return "", fmt.Errorf("running %s to find sys.prefix: %v", python, err)
	}
	p := strings.TrimSpace(string(out))
	if p == "" {
		return "", fmt.Errorf("%s printed an empty sys.prefix", python)
	}
	return p, nil
}

// shebang returns the interpreter named on the #! line of file, or "".
func shebang(file string) string {
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	if !strings.HasPrefix(line, "#!") {
		return ""
	}
	fields := strings.Fields(line[2:])
	if len(fields) == 0 {
		return ""
	}
	if filepath.Base(fields[0]) == "env" && len(fields) > 1 {
		return fields[1]
	}
	return fields[0]
}
