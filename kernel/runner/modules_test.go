package runner

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/kernel/internal/modproxy"
)

// modDomain is this package's test domain (test processes share the
// machine's module cache and run at once).
const modDomain = "example.io"

// TestRunModulesNotebook: `gophernote run` runs a notebook that pins and
// imports a module's package from a local proxy and compiles a cell, in
// its worker as the kernel does: the values land in their cells, the
// build's progress display is replaced in the written notebook by its
// summary, and a compile error is go build's at the cell's line:col.
func TestRunModulesNotebook(t *testing.T) {
	modproxy.SetenvForTest(t, modproxy.In(modDomain, modproxy.Sample())...)
	t.Setenv("GOPHERNOTE_PLUGIN_CACHE", t.TempDir())

	sources := []string{
		fmt.Sprintf("%%go get %s/greet@v1.0.0\nimport \"%s/greet\"\ngreet.Hello(\"Ada\")", modDomain, modDomain),
		"%%compile acc\n\n// Loop adds 0.5 n times.\nfunc Loop(n int) float64 {\n\ts := 0.0\n\tfor i := 0; i < n; i++ {\n\t\ts += 0.5\n\t}\n\treturn s\n}",
		"import \"acc\"\nacc.Loop(8)",
		"%%compile bad\n\nfunc F() int {\n\treturn \"x\"\n}",
	}
	var cells []map[string]any
	for i, s := range sources {
		cells = append(cells, map[string]any{"cell_type": "code", "execution_count": nil, "id": fmt.Sprintf("c%d", i),
			"metadata": map[string]any{}, "outputs": []any{}, "source": s})
	}
	nbJSON, err := json.Marshal(map[string]any{"cells": cells, "nbformat": 4, "nbformat_minor": 5, "metadata": map[string]any{
		"kernelspec": map[string]any{"name": "gophernote", "display_name": "Go (gophernote)", "language": "go"}}})
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "modules.ipynb")
	if err := os.WriteFile(src, nbJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	dir, stdout, stderr, code := runOut(t, src)
	if code != 1 || !strings.Contains(stderr, "cell 4") {
		t.Fatalf("exit %d (want 1: cell 4 does not compile)\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	nb := readNB(t, filepath.Join(dir, "modules.ipynb"))
	result := func(i int) string {
		for _, o := range outputsOf(nb, i) {
			if o["output_type"] == "execute_result" {
				return joined(o["data"].(map[string]any)["text/plain"])
			}
		}
		return "<none>"
	}
	displays := func(i int) string {
		var b strings.Builder
		for _, o := range outputsOf(nb, i) {
			if o["output_type"] == "display_data" {
				b.WriteString(joined(o["data"].(map[string]any)["text/plain"]) + "\n")
			}
		}
		return b.String()
	}
	if got := result(1); got != "HELLO, Ada!" { // v1.0.0's suffix, pinned
		t.Errorf("cell 1: %q (outputs %v)", got, outputsOf(nb, 1))
	}
	if d := displays(1); !strings.Contains(d, "gophernote: "+modDomain+"/greet pinned at v1.0.0\n") ||
		!strings.Contains(d, "gophernote: "+modDomain+"/greet v1.0.0: built as a plugin") || strings.Contains(d, "-buildmode=plugin") {
		t.Errorf("cell 1 displays %q", d)
	}
	if d := displays(2); !strings.Contains(d, "package acc compiled") {
		t.Errorf("cell 2 displays %q", d)
	}
	if got := result(3); got != "4" {
		t.Errorf("cell 3: %q", got)
	}
	c4 := outputsOf(nb, 4)
	want := `4:9: cannot use "x" (untyped string constant) as int value in return statement`
	if len(c4) == 0 || c4[len(c4)-1]["output_type"] != "error" || c4[len(c4)-1]["ename"] != "CompileError" || !strings.HasPrefix(c4[len(c4)-1]["evalue"].(string), want) {
		t.Errorf("cell 4 outputs %v", c4)
	}
}
