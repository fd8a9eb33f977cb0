// Package nbtest reads the notebooks gophernote writes, for tests
// (`gophernote run NB.ipynb --out DIR` in cmd/gophernote and
// kernel/runner): a notebook is checked by nbformat's own validator and
// decoded as plain JSON.
package nbtest

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Read validates the notebook at path with nbformat (Debian's
// /usr/bin/python3 has it: make deps installs python3-nbformat) and
// decodes it.
func Read(t testing.TB, path string) map[string]any {
	t.Helper()
	cmd := exec.Command("/usr/bin/python3", "-c",
		"import nbformat,sys; nbformat.validate(nbformat.read(sys.argv[1],4))", path)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbformat rejects %s: %v\n%s", path, err, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb map[string]any
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatal(err)
	}
	return nb
}

// Cell is the notebook's cell i, counted from 1.
func Cell(nb map[string]any, i int) map[string]any {
	return nb["cells"].([]any)[i-1].(map[string]any)
}

// Outputs are the outputs of cell i, counted from 1.
func Outputs(nb map[string]any, i int) []map[string]any {
	var outs []map[string]any
	list, _ := Cell(nb, i)["outputs"].([]any)
	for _, o := range list {
		outs = append(outs, o.(map[string]any))
	}
	return outs
}

// Joined is a multi-line string field (a string or a list of strings).
func Joined(v any) string {
	switch s := v.(type) {
	case string:
		return s
	case []any:
		var b strings.Builder
		for _, l := range s {
			b.WriteString(l.(string))
		}
		return b.String()
	}
	return ""
}
