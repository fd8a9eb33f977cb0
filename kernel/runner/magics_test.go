package runner

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRunMagicsScript: a cell-code script runs its magics as a cell does:
// !cmd runs (its output on stdout), %time defines, errors name the line.
func TestRunMagicsScript(t *testing.T) {
	src := filepath.Join(t.TempDir(), "magics.go")
	os.WriteFile(src, []byte("x := 21\n!echo shell sees $x\n%time y := x * 2\nfmt.Println(\"y is\", y)\n%env GN_RUN_MAGIC=set\n!echo \"$GN_RUN_MAGIC\"\n"), 0o644)
	t.Setenv("GN_RUN_MAGIC", "")
	_, stdout, stderr, code := runOut(t, src)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	want := regexp.MustCompile(`^shell sees 21\nCPU times: user .+, sys: .+, total: .+\nWall time: .+\ny is 42\nenv: GN_RUN_MAGIC=set\nset\n$`)
	if !want.MatchString(stdout) {
		t.Errorf("stdout %q", stdout)
	}
	os.WriteFile(src, []byte("x := 1\n\n%nosuch\n"), 0o644)
	_, _, stderr, code = runOut(t, src)
	if code != 1 || !strings.Contains(stderr, "UsageError: 3:1: unknown magic %nosuch") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	os.WriteFile(src, []byte("%%bash\necho from bash\nexit 5\n"), 0o644)
	_, stdout, stderr, code = runOut(t, src)
	if code != 1 || stdout != "from bash\n" || !strings.Contains(stderr, "CalledProcessError") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestRunMagicsNotebook: testdata/notebooks/magics.ipynb runs headless;
// each magic's output lands in its cell. A %cd in a cell does not move
// where the run writes (a relative --out stays relative to where the run
// started). kernel/jupytertest's TestMagicsNotebook compares these outputs
// with the kernel's.
func TestRunMagicsNotebook(t *testing.T) {
	wd, _ := os.Getwd()
	nbPath := filepath.Join(wd, "..", "..", "testdata", "notebooks", "magics.ipynb")
	work := t.TempDir()
	os.Chdir(work)
	t.Cleanup(func() { os.Chdir(wd) })
	var o, e strings.Builder
	code := runMain([]string{nbPath, "--out", "rel"}, testConfig(&o, &e))
	stdout, stderr := o.String(), e.String()
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if got, _ := os.Getwd(); got != work {
		t.Errorf("the run left the process in %s", got)
	}
	// cell 1 is markdown; code cells from 2.
	if p := lastWritten(t, stdout); p != filepath.Join("rel", "magics.ipynb") {
		t.Errorf("wrote %s, want rel/magics.ipynb", p)
	}
	// The last cell's %cd .. moved the process; the notebook is still
	// written under the directory the run started in.
	nb := readNB(t, filepath.Join(work, "rel", "magics.ipynb"))
	stream := func(i int) string {
		var b strings.Builder
		for _, o := range outputsOf(nb, i) {
			if o["output_type"] == "stream" && o["name"] == "stdout" {
				b.WriteString(joined(o["text"]))
			}
		}
		return b.String()
	}
	result := func(i int) string {
		for _, o := range outputsOf(nb, i) {
			if o["output_type"] == "execute_result" {
				return joined(o["data"].(map[string]any)["text/plain"])
			}
		}
		return "<none>"
	}
	if got := stream(2); got != "shell sees 21 and 42\ngo sees 21\n" {
		t.Errorf("cell 2: %q", got)
	}
	if !strings.HasPrefix(stream(3), "CPU times: ") || result(3) != "42" {
		t.Errorf("cell 3: %q, result %q", stream(3), result(3))
	}
	if !strings.Contains(stream(4), " per loop (mean ± std. dev. of 3 runs, 100 loops each)\n") {
		t.Errorf("cell 4: %q", stream(4))
	}
	if got := stream(5); got != "env: GN_MAGICS_NB=hello from env\nhello from env\n" {
		t.Errorf("cell 5: %q", got)
	}
	if stream(6) != "Writing magic_note.txt\n" || stream(7) != "written by a cell\n" {
		t.Errorf("cells 6, 7: %q %q", stream(6), stream(7))
	}
	if b, err := os.ReadFile(filepath.Join(work, "magic_note.txt")); err != nil || string(b) != "written by a cell\n" {
		t.Errorf("magic_note.txt: %q %v", b, err)
	}
	if stream(8) != "bash line 1\nbash line 2\nbash line 3\n" || stream(9) != "x\ty\t\n" {
		t.Errorf("cells 8, 9: %q %q", stream(8), stream(9))
	}
	if !strings.Contains(stream(10), "x          int     21\n") || !strings.Contains(stream(11), "%%writefile") ||
		!strings.HasPrefix(stream(12), "%who [TYPE ...]") {
		t.Errorf("cells 10-12: %q %q %q", stream(10), stream(11), stream(12))
	}
	if stream(13) != "mixed\n" || result(13) != "63" {
		t.Errorf("cell 13: %q, result %q", stream(13), result(13))
	}
	if stream(14) != filepath.Dir(work)+"\n" {
		t.Errorf("cell 14 (%%cd ..): %q", stream(14))
	}
}

// lastWritten returns the notebook path a run printed ("wrote PATH").
func lastWritten(t *testing.T, stdout string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^wrote (\S+\.ipynb)$`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no notebook written: %q", stdout)
	}
	return m[1]
}
