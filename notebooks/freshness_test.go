package notebooks

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"reflect"
	"strings"
	"testing"
)

// The notebooks are committed executed, in the form `make notebooks`
// (`gophernote run --in-place`) writes, so that a reader browsing the
// repository sees the reproduced numbers and figures. Re-running a
// notebook in place keeps every committed output the run reproduces —
// text equal once elapsed times are masked, figures of the same pixel size
// and visually equal (at most 0.1% of pixels changed by more than 10%
// luminance after a 3x3 blur; cmd/gophernote/run_commit.go) — so a
// notebook that still reproduces its results re-runs to the very same
// bytes. TestNotebooksHeadlessAndNbclient re-runs each notebook into a
// copy and fails on any difference, naming the cells that drifted.

// maxCommittedBytes bounds the size of all committed notebooks together.
const maxCommittedBytes = 3 << 20

type nbFile struct {
	Cells []struct {
		ID       string            `json:"id"`
		CellType string            `json:"cell_type"`
		Source   any               `json:"source"`
		Count    *int              `json:"execution_count"`
		Outputs  []json.RawMessage `json:"outputs"`
	} `json:"cells"`
}

type nbOutput struct {
	OutputType string         `json:"output_type"`
	Name       string         `json:"name"`
	Text       any            `json:"text"`
	Data       map[string]any `json:"data"`
	EName      string         `json:"ename"`
	EValue     string         `json:"evalue"`
}

// joinText reads an nbformat multi-line string (a string or a list).
func joinText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		var b strings.Builder
		for _, s := range x {
			fmt.Fprint(&b, s)
		}
		return b.String()
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// compareNotebook lists how a fresh in-place run differs from the
// committed notebook, one line per drifted output naming the cell. Equal
// files have no differences.
func compareNotebook(name string, committed, fresh []byte) []string {
	if bytes.Equal(committed, fresh) {
		return nil
	}
	var a, b nbFile
	if err := json.Unmarshal(committed, &a); err != nil {
		return []string{fmt.Sprintf("%s: committed copy: %v", name, err)}
	}
	if err := json.Unmarshal(fresh, &b); err != nil {
		return []string{fmt.Sprintf("%s: fresh run: %v", name, err)}
	}
	if len(a.Cells) != len(b.Cells) {
		return []string{fmt.Sprintf("%s: %d cells committed, %d in the fresh run", name, len(a.Cells), len(b.Cells))}
	}
	var drift []string
	for i := range a.Cells {
		ca, cb := a.Cells[i], b.Cells[i]
		where := fmt.Sprintf("%s cell %d (id %s)", name, i+1, ca.ID)
		switch {
		case joinText(ca.Source) != joinText(cb.Source):
			drift = append(drift, where+": source differs (was the committed notebook edited without `make notebooks`?)")
			continue
		case ca.ID != cb.ID || (ca.Count == nil) != (cb.Count == nil) || (ca.Count != nil && *ca.Count != *cb.Count):
			drift = append(drift, where+": id or execution count differs")
			continue
		case len(ca.Outputs) != len(cb.Outputs):
			drift = append(drift, fmt.Sprintf("%s: %d outputs committed, %d now", where, len(ca.Outputs), len(cb.Outputs)))
			continue
		}
		for k := range ca.Outputs {
			var va, vb any
			json.Unmarshal(ca.Outputs[k], &va)
			json.Unmarshal(cb.Outputs[k], &vb)
			if reflect.DeepEqual(va, vb) {
				continue
			}
			var oa, ob nbOutput
			json.Unmarshal(ca.Outputs[k], &oa)
			json.Unmarshal(cb.Outputs[k], &ob)
			drift = append(drift, fmt.Sprintf("%s output %d: %s", where, k+1, describe(oa, ob)))
		}
	}
	if drift == nil {
		drift = []string{name + ": the files differ outside the cells (notebook metadata or formatting)"}
	}
	return drift
}

// describe says how two outputs differ.
func describe(a, b nbOutput) string {
	if a.OutputType != b.OutputType || a.Name != b.Name {
		return fmt.Sprintf("%s %s committed, %s %s now", a.OutputType, a.Name, b.OutputType, b.Name)
	}
	switch a.OutputType {
	case "stream":
		return firstDiff("text", joinText(a.Text), joinText(b.Text))
	case "error":
		return firstDiff("error", a.EName+": "+a.EValue, b.EName+": "+b.EValue)
	}
	for m, va := range a.Data {
		vb, ok := b.Data[m]
		switch {
		case !ok:
			return m + " is gone"
		case joinText(va) == joinText(vb):
			continue
		case m == "image/png":
			ia, ea := decodePNG(joinText(va))
			ib, eb := decodePNG(joinText(vb))
			if ea != nil || eb != nil {
				return fmt.Sprintf("figure unreadable: %v %v", ea, eb)
			}
			if ia.Bounds().Size() != ib.Bounds().Size() {
				return fmt.Sprintf("figure size %v committed, %v now", ia.Bounds().Size(), ib.Bounds().Size())
			}
			return "figure looks different (beyond the perceptual threshold)"
		default:
			return firstDiff(m, joinText(va), joinText(vb))
		}
	}
	for m := range b.Data {
		if _, ok := a.Data[m]; !ok {
			return m + " is new"
		}
	}
	return "output fields differ"
}

// firstDiff shows the first differing line of two texts.
func firstDiff(what, a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("%s differs at line %d:\n      committed: %.200s\n      now:       %.200s", what, i+1, x, y)
		}
	}
	return what + " differs"
}

func decodePNG(s string) (image.Image, error) {
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, err
	}
	return png.Decode(bytes.NewReader(raw))
}

// TestCommittedNotebooks: every notebook is committed executed — each
// code cell with source has run, no cell failed, figures are palette PNGs
// without an SVG copy, no markdown cell carries outputs or an execution
// count (nbformat rejects those) — and all of them together stay under
// 3 MiB.
func TestCommittedNotebooks(t *testing.T) {
	total := 0
	for _, name := range notebooks(t) {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		total += len(raw)
		var nb nbFile
		if err := json.Unmarshal(raw, &nb); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var keys struct {
			Cells []map[string]json.RawMessage `json:"cells"`
		}
		json.Unmarshal(raw, &keys)
		for i, c := range keys.Cells {
			_, outs := c["outputs"]
			_, count := c["execution_count"]
			if string(c["cell_type"]) != `"code"` && (outs || count) {
				t.Errorf("%s cell %d is a %s cell with outputs or an execution count: nbformat rejects the notebook", name, i+1, c["cell_type"])
			}
		}
		for i, c := range nb.Cells {
			if c.CellType != "code" || strings.TrimSpace(joinText(c.Source)) == "" {
				continue
			}
			if c.Count == nil {
				t.Errorf("%s cell %d was not executed: run `make notebooks` and commit the result", name, i+1)
			}
			for _, o := range c.Outputs {
				var out nbOutput
				json.Unmarshal(o, &out)
				if out.OutputType == "error" {
					t.Errorf("%s cell %d is committed with an error: %s: %s", name, i+1, out.EName, out.EValue)
				}
				if _, svg := out.Data["image/svg+xml"]; svg {
					t.Errorf("%s cell %d keeps an SVG figure: committed notebooks carry PNG only (make notebooks)", name, i+1)
				}
				if p, ok := out.Data["image/png"]; ok {
					img, err := decodePNG(joinText(p))
					if _, paletted := img.(*image.Paletted); err != nil || !paletted {
						t.Errorf("%s cell %d: the figure is not a palette PNG (%v): make notebooks", name, i+1, err)
					}
				}
			}
		}
	}
	if total >= maxCommittedBytes {
		t.Errorf("the committed notebooks weigh %d bytes together, over the %d allowed", total, maxCommittedBytes)
	}
	t.Logf("committed notebooks: %d bytes", total)
}

// TestCompareNotebookNamesDrift: the description of a drifted re-run names
// the notebook, the cell and what changed.
func TestCompareNotebookNamesDrift(t *testing.T) {
	raw, err := os.ReadFile("01_passk.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if d := compareNotebook("01", raw, raw); d != nil {
		t.Errorf("identical files: %v", d)
	}
	var doc map[string]any
	json.Unmarshal(raw, &doc)
	var hit bool
	for i, c := range doc["cells"].([]any) {
		outs, _ := c.(map[string]any)["outputs"].([]any)
		for _, o := range outs {
			o := o.(map[string]any)
			if o["output_type"] == "stream" && !hit {
				o["text"] = joinText(o["text"]) + "one more line\n"
				hit = true
				b, _ := json.MarshalIndent(doc, "", " ")
				d := compareNotebook("01_passk.ipynb", raw, b)
				if len(d) != 1 || !strings.Contains(d[0], fmt.Sprintf("01_passk.ipynb cell %d", i+1)) || !strings.Contains(d[0], "now:       one more line") {
					t.Errorf("a changed stream: %v", d)
				}
			}
		}
	}
	if !hit {
		t.Fatal("01_passk.ipynb has no stream output: is it committed executed?")
	}
}
