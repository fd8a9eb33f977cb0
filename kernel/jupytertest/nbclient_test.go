package jupytertest

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestNotebook executes testdata/notebooks/hello.ipynb with nbclient
// through the installed kernel and checks each cell's outputs.
func TestNotebook(t *testing.T) {
	requirePython(t, "nbclient", "nbformat")
	nb, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "notebooks", "hello.ipynb"))
	out := runPython(t, "run_notebook.py", nb)
	type output struct {
		OutputType     string         `json:"output_type"`
		Name           string         `json:"name"`
		Text           string         `json:"text"`
		Data           map[string]any `json:"data"`
		ExecutionCount int            `json:"execution_count"`
	}
	var cells []struct {
		ExecutionCount int      `json:"execution_count"`
		Outputs        []output `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(out), &cells); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(cells) != 4 {
		t.Fatalf("%d code cells, want 4", len(cells))
	}
	for i, c := range cells {
		if c.ExecutionCount != i+1 {
			t.Errorf("cell %d execution_count %d, want %d", i, c.ExecutionCount, i+1)
		}
	}
	if o := cells[0].Outputs; len(o) != 1 || o[0].OutputType != "stream" || o[0].Name != "stdout" || o[0].Text != "HELLO FROM GO\n" {
		t.Errorf("cell 0 outputs = %+v", o)
	}
	if o := cells[1].Outputs; len(o) != 0 {
		t.Errorf("cell 1 (a func declaration) outputs = %+v", o)
	}
	if o := cells[2].Outputs; len(o) != 1 || o[0].OutputType != "execute_result" || o[0].Data["text/plain"] != "10" || o[0].ExecutionCount != 3 {
		t.Errorf("cell 2 outputs = %+v", o)
	}
	if o := cells[3].Outputs; len(o) != 1 || o[0].OutputType != "display_data" || o[0].Data["text/html"] != "<b>bold</b>" {
		t.Errorf("cell 3 outputs = %+v", o)
	}
}
