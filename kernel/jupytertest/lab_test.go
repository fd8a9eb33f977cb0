package jupytertest

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestLabReplies checks, through jupyter_client, what JupyterLab reads from
// the kernel: the kernelspec, language_info (Go highlighting needs
// codemirror_mode), completion kinds in metadata._jupyter_types_experimental
// (one entry per match, its text equal to the match), and inspect_request
// with the cursor inside a call's brackets, as Lab's Shift-Tab sends it.
func TestLabReplies(t *testing.T) {
	requirePython(t, "jupyter_client")
	var r struct {
		Spec struct {
			Language      string   `json:"language"`
			InterruptMode string   `json:"interrupt_mode"`
			ArgvTail      []string `json:"argv_tail"`
		}
		LanguageInfo map[string]any `json:"language_info"`
		Setup        string
		Complete     map[string]struct {
			Matches    []string
			Start, End int
			Types      []map[string]any
		}
		Inspect map[string]struct {
			Status string
			Found  bool
			Text   string
		}
	}
	out := runPython(t, "lab_replies.py")
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("lab_replies.py output %q: %v", out, err)
	}
	if r.Spec.Language != "go" || r.Spec.InterruptMode != "message" || strings.Join(r.Spec.ArgvTail, " ") != "kernel {connection_file}" {
		t.Errorf("kernelspec: %+v", r.Spec)
	}
	for k, want := range map[string]string{"name": "go", "codemirror_mode": "go", "mimetype": "text/x-go",
		"file_extension": ".go", "pygments_lexer": "go"} {
		if r.LanguageInfo[k] != want {
			t.Errorf("language_info[%q] = %v, want %q", k, r.LanguageInfo[k], want)
		}
	}
	if r.Setup != "ok" {
		t.Fatalf("setup cell: %s", r.Setup)
	}
	kinds := func(code string) map[string]string {
		c := r.Complete[code]
		if len(c.Types) != len(c.Matches) {
			t.Errorf("%q: %d matches but %d type entries", code, len(c.Matches), len(c.Types))
			return nil
		}
		m := map[string]string{}
		for i, ty := range c.Types {
			if ty["text"] != c.Matches[i] || ty["start"] != float64(c.Start) || ty["end"] != float64(c.End) {
				t.Errorf("%q: type entry %v does not describe match %q [%d,%d)", code, ty, c.Matches[i], c.Start, c.End)
			}
			m[c.Matches[i]], _ = ty["type"].(string)
		}
		return m
	}
	for code, want := range map[string]map[string]string{
		"fit.Boot":    {"Bootstrap": "function", "BootstrapOptions": "type", "BootstrapResult": "type"},
		"pts[0].":     {"X": "field", "Y": "field", "norm": "method"},
		"wid":         {"width": "variable"},
		"q := point{": {"X": "field", "Y": "field"},
		"fm":          {"fmt": "package"},
	} {
		got := kinds(code)
		for name, kind := range want {
			if got[name] != kind {
				t.Errorf("complete %q: %s is %q, want %q (all: %v)", code, name, got[name], kind, got)
			}
		}
	}
	bootstrap := "func Bootstrap(pb Problem, opt BootstrapOptions) (*BootstrapResult, error)"
	for code, want := range map[string]string{
		"fit.Bootstrap(":     bootstrap,
		"fit.Bootstrap(pb, ": bootstrap,
		"fmt.Println(":       "func Println(a ...any) (n int, err error)\n\nPrintln formats using the default formats",
		"strings.Split(":     "func Split(s, sep string) []string\n\nSplit slices s into all substrings separated by sep",
		"pts[0].norm(":       "func (p point) norm() int",
	} {
		got := r.Inspect[code]
		if got.Status != "ok" || !got.Found || !strings.Contains(got.Text, want) {
			t.Errorf("inspect %q: %+v, want found with %q", code, got, want)
		}
	}
	if !strings.Contains(r.Inspect["fit.Bootstrap("].Text, "resamples") {
		t.Errorf("inspect fit.Bootstrap( lacks the doc comment: %q", r.Inspect["fit.Bootstrap("].Text)
	}
}
