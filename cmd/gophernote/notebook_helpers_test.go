package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// readNB decodes a written notebook and validates it with nbformat.
func readNB(t *testing.T, path string) map[string]any {
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

func cellN(nb map[string]any, i int) map[string]any {
	return nb["cells"].([]any)[i-1].(map[string]any)
}

func outputsOf(nb map[string]any, i int) []map[string]any {
	var outs []map[string]any
	list, _ := cellN(nb, i)["outputs"].([]any)
	for _, o := range list {
		outs = append(outs, o.(map[string]any))
	}
	return outs
}

// joined returns a multi-line string field (a string or list of strings).
func joined(v any) string {
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
