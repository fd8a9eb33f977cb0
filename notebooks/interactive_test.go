package notebooks

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// cellOutputs returns the outputs of every code cell of an executed
// notebook.
func cellOutputs(t *testing.T, path string) [][]map[string]any {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cells []struct {
			CellType string           `json:"cell_type"`
			Outputs  []map[string]any `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var out [][]map[string]any
	for _, c := range doc.Cells {
		if c.CellType == "code" {
			out = append(out, c.Outputs)
		}
	}
	return out
}

// TestEnvelopeInteractive: notebook 08 headless renders its sliders as text
// with the static note and the derivation for the initial values
// (Hoffmann et al. 2022 eq. 10: alpha = 0.1535484, C0 = 1071.365, the test
// vector of notebook 04) with both plots; through a real Jupyter client
// (nbclient) the same cell shows one widget view, its output living in the
// widget state (nbclient saves it in the notebook metadata).
func TestEnvelopeInteractive(t *testing.T) {
	const nb = "08_envelope_interactive.ipynb"
	bin := gophernote(t)
	dir := t.TempDir()
	if out, err := exec.Command(bin, "run", nb, "--out", dir).CombinedOutput(); err != nil {
		t.Fatalf("gophernote run: %v\n%s", err, tail(out))
	}
	cells := cellOutputs(t, filepath.Join(dir, nb))
	interact := cells[1]
	if len(interact) != 5 {
		t.Fatalf("headless Interact cell has %d outputs, want note, headline, derivation and 2 plots", len(interact))
	}
	note := joinText(interact[0]["data"].(map[string]any)["text/plain"])
	for _, want := range []string{"β = 0.34 (FloatSlider 0.05 to 1, step 0.01)", "C (FLOPs) = 5.76e+23 (FloatLogSlider 1.024e+18 to 9.129e+26)", "static rendering"} {
		if !strings.Contains(note, want) {
			t.Errorf("static note lacks %q:\n%s", want, note)
		}
	}
	head := joinText(interact[1]["data"].(map[string]any)["text/markdown"])
	if !strings.Contains(head, "α = βγ/(β+γ) = 0.1535484") || !strings.Contains(head, "C₀ = 1071.365") {
		t.Errorf("headline = %q", head)
	}
	if d := joinText(interact[2]["data"].(map[string]any)["text/markdown"]); !strings.Contains(d, `= 0.1535484, \qquad C_0`) {
		t.Errorf("derivation lacks alpha: %.300q", d)
	}
	for _, o := range interact[3:] {
		if _, ok := o["data"].(map[string]any)["image/png"]; !ok {
			t.Errorf("plot output without PNG: %v", o["data"])
		}
	}

	// Live, through nbclient and the installed kernel.
	jupyter := t.TempDir()
	if out, err := exec.Command(bin, "install", "--prefix", jupyter, "--name", "gophernote").CombinedOutput(); err != nil {
		t.Fatalf("gophernote install: %v\n%s", err, out)
	}
	dst := filepath.Join(t.TempDir(), nb)
	py := exec.Command("/usr/bin/python3", "testdata/run_nbclient.py", nb, dst, "gophernote", "300")
	py.Env = append(os.Environ(), "JUPYTER_PATH="+filepath.Join(jupyter, "share", "jupyter"))
	if out, err := py.CombinedOutput(); err != nil {
		t.Fatalf("nbclient: %v\n%s", err, tail(out))
	}
	live := cellOutputs(t, dst)[1]
	if len(live) != 1 {
		t.Fatalf("live Interact cell has %d outputs, want one widget view", len(live))
	}
	view, ok := live[0]["data"].(map[string]any)["application/vnd.jupyter.widget-view+json"].(map[string]any)
	if !ok || view["version_major"] != 2.0 {
		t.Fatalf("live output = %v", live[0])
	}
	raw, _ := os.ReadFile(dst)
	var doc struct {
		Metadata struct {
			Widgets map[string]struct {
				State map[string]struct {
					ModelName string         `json:"model_name"`
					State     map[string]any `json:"state"`
				} `json:"state"`
			} `json:"widgets"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	st := doc.Metadata.Widgets["application/vnd.jupyter.widget-state+json"].State
	var outputs []any
	sliders := 0
	for _, m := range st {
		switch m.ModelName {
		case "OutputModel":
			if o, _ := m.State["outputs"].([]any); len(o) > 0 {
				outputs = o
			}
		case "FloatSliderModel", "FloatLogSliderModel":
			sliders++
		}
	}
	if sliders != 6 || len(outputs) != 4 {
		t.Fatalf("saved widget state: %d sliders, %d outputs", sliders, len(outputs))
	}
	if d := joinText(outputs[0].(map[string]any)["data"].(map[string]any)["text/markdown"]); !strings.Contains(d, "0.1535484") {
		t.Errorf("live headline = %q", d)
	}
}
