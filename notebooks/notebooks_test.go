package notebooks

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// summaryKeys lists, per notebook, the keys its final application/json
// summary must carry (from the issues that specify each notebook).
var summaryKeys = map[string][]string{
	"00_tour.ipynb":                  nil, // the tour has no summary contract
	"01_passk.ipynb":                 {"passk_rows_checked", "passk_max_abs_error", "mean_pass_at_1"},
	"02_monkeys_power_laws.ipynb":    {"test_vectors", "pythia_math", "bon_text", "samples_to_10pct_error"},
	"03_generative_evals.ipynb":      {"gsm8k_compute_law", "math_compute_law", "stability_orders_of_magnitude", "backtest_relative_error_at_target"},
	"04_envelope.ipynb":              {"test_vector", "gsm8k_envelope"},
	"05_prescriptive_frontier.ipynb": {"frontier_at_1e24", "coverage", "methods", "ioptimal"},
	"06_chinchilla.ipynb":            {"grid_fit", "huber_likelihood_fit", "bootstrap_95", "optimal_allocation", "approach_exponents"},
	"07_law_catalog.ipynb":           nil, // keys are law names; checked to be non-empty
	"08_envelope_interactive.ipynb":  {"controls", "alpha", "C0", "N_opt", "D_opt", "phi_2"},
}

// volatile summary keys differ between runs by nature (timings).
var volatile = map[string]bool{"seconds": true}

var (
	buildOnce sync.Once
	binDir    string
	binPath   string
	buildErr  error
)

// TestMain removes the binary gophernote builds once for every test.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

func gophernote(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gophernote-nbtest")
		if err != nil {
			buildErr = err
			return
		}
		binDir, binPath = dir, filepath.Join(dir, "gophernote")
		out, err := exec.Command("go", "build", "-o", binPath, "../cmd/gophernote").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func notebooks(t *testing.T) []string {
	t.Helper()
	nbs, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(nbs)
	if len(nbs) == 0 {
		t.Fatal("no notebooks in notebooks/")
	}
	for _, nb := range nbs {
		if _, ok := summaryKeys[nb]; !ok {
			t.Errorf("%s has no entry in summaryKeys: add its summary contract", nb)
		}
	}
	return nbs
}

// TestNotebooksHeadlessAndNbclient executes every notebook twice — with
// `gophernote run --in-place` on a copy and with nbclient through the
// installed kernel — and checks that neither run errors, that the final
// summary has its keys, that the two summaries agree, and that the headless
// run reproduces the outputs committed with the notebook (compareNotebook:
// text equal after masking elapsed times, figures of the same size and
// visually equal).
func TestNotebooksHeadlessAndNbclient(t *testing.T) {
	bin := gophernote(t)
	jupyter := t.TempDir()
	if out, err := exec.Command(bin, "install", "--prefix", jupyter, "--name", "gophernote").CombinedOutput(); err != nil {
		t.Fatalf("gophernote install: %v\n%s", err, out)
	}
	for _, nb := range notebooks(t) {
		t.Run(strings.TrimSuffix(nb, ".ipynb"), func(t *testing.T) {
			// Headless, into a copy written in the committed form, which
			// must reproduce the committed outputs.
			committed, err := os.ReadFile(nb)
			if err != nil {
				t.Fatal(err)
			}
			fresh := filepath.Join(t.TempDir(), nb)
			if err := os.WriteFile(fresh, committed, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, "run", "--in-place", fresh, "--timeout", "10m")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("gophernote run %s: %v\n%s", nb, err, tail(out))
			}
			headless := readSummary(t, fresh, nb)
			ran, err := os.ReadFile(fresh)
			if err != nil {
				t.Fatal(err)
			}
			if drift := compareNotebook(nb, committed, ran); len(drift) > 0 {
				t.Errorf("%s no longer reproduces its committed outputs (if the change is intended, run `make notebooks` and commit):\n  %s",
					nb, strings.Join(drift, "\n  "))
			}

			dst := filepath.Join(t.TempDir(), nb)
			py := exec.Command("/usr/bin/python3", "testdata/run_nbclient.py", nb, dst, "gophernote", "900")
			py.Env = append(os.Environ(), "JUPYTER_PATH="+filepath.Join(jupyter, "share", "jupyter"))
			if out, err := py.CombinedOutput(); err != nil {
				t.Fatalf("nbclient %s: %v\n%s", nb, err, tail(out))
			}
			viaKernel := readSummary(t, dst, nb)
			if d := diff("", headless, viaKernel); d != "" {
				t.Errorf("headless and nbclient summaries differ: %s", d)
			}
		})
	}
}

func tail(b []byte) string {
	if len(b) > 6000 {
		return "...\n" + string(b[len(b)-6000:])
	}
	return string(b)
}

// readSummary loads an executed notebook, fails on any error output, and
// returns the last application/json output (nil for notebooks without a
// summary contract).
func readSummary(t *testing.T, path, nb string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("executed notebook: %v", err)
	}
	var doc struct {
		NBFormat int `json:"nbformat"`
		Cells    []struct {
			CellType string `json:"cell_type"`
			Outputs  []struct {
				OutputType string         `json:"output_type"`
				Data       map[string]any `json:"data"`
				EName      string         `json:"ename"`
				EValue     string         `json:"evalue"`
			} `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("%s is not valid JSON: %v", path, err)
	}
	if doc.NBFormat != 4 {
		t.Fatalf("%s: nbformat %d, want 4", path, doc.NBFormat)
	}
	var summary map[string]any
	for i, c := range doc.Cells {
		for _, o := range c.Outputs {
			if o.OutputType == "error" {
				t.Fatalf("%s cell %d: %s: %s", nb, i, o.EName, o.EValue)
			}
			if js, ok := o.Data["application/json"].(map[string]any); ok {
				summary = js
			}
		}
	}
	keys, contract := summaryKeys[nb]
	if !contract {
		return summary
	}
	if keys == nil && nb != "00_tour.ipynb" && len(summary) == 0 {
		t.Fatalf("%s: no application/json summary", nb)
	}
	for _, k := range keys {
		v, ok := summary[k]
		if !ok {
			t.Errorf("%s: summary lacks key %q", nb, k)
			continue
		}
		if empty(v) {
			t.Errorf("%s: summary key %q is empty", nb, k)
		}
	}
	return summary
}

func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case map[string]any:
		return len(x) == 0
	case []any:
		return len(x) == 0
	case string:
		return x == ""
	case float64:
		return math.IsNaN(x)
	}
	return false
}

// diff compares two decoded JSON values; numbers agree to 1e-9 relative.
func diff(path string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return path + ": type differs"
		}
		for k, v := range x {
			if volatile[k] {
				continue
			}
			if d := diff(path+"."+k, v, y[k]); d != "" {
				return d
			}
		}
		if len(x) != len(y) {
			return path + ": key sets differ"
		}
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return path + ": lists differ in length"
		}
		for i := range x {
			if d := diff(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); d != "" {
				return d
			}
		}
	case float64:
		y, ok := b.(float64)
		if !ok || math.Abs(x-y) > 1e-9*math.Max(1, math.Abs(x)) {
			return fmt.Sprintf("%s: %v vs %v", path, a, b)
		}
	default:
		if fmt.Sprint(a) != fmt.Sprint(b) {
			return fmt.Sprintf("%s: %v vs %v", path, a, b)
		}
	}
	return ""
}
