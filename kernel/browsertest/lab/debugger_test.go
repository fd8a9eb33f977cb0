package lab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/kernel/browsertest/internal/browserenv"
)

// recordingEnv, when set, names the file the debugger check's recording
// of JupyterLab's debug traffic is written to (the replay in
// kernel/jupytertest reads the committed copy,
// testdata/debug_lab_recording.json there).
const recordingEnv = "GOPHERNOTE_RECORD_DEBUG"

// debugger: JupyterLab's debugger on notebook 04 (checks/debugger.js):
// the toggle is there (kernelspec metadata.debugger), a breakpoint set in
// the derivation cell's gutter stops the cell there with the call stack
// and the variables beta and gamma shown with their values, Next twice
// moves the highlighted line down over a compiled call, Continue runs the
// cell to its end with its outputs.
func (e *env) debugger(t *testing.T) {
	nb := e.copyNotebook(t, "../../../notebooks/04_envelope.ipynb", "debug.ipynb")
	type output struct {
		OutputType string `json:"output_type"`
		Text       any
		Data       map[string]any
	}
	type side struct {
		Frames, Locations []string
		Variables         []struct{ Name, Detail string }
		Line              int
		Outputs           []output // the cell's outputs shown at this stop
	}
	var r struct {
		Announced        bool
		Stopped, Stepped side
		Lines            []int
		Outputs          []output
		ExecutionCount   int
		Errors           []string
		Recording        []json.RawMessage
	}
	e.drive(t, "debugger", nb, map[string]int{"line": 4}, &r)
	if !r.Announced {
		t.Errorf("no debugger toggle in the notebook toolbar")
	}
	if len(r.Stopped.Frames) != 1 || r.Stopped.Frames[0] != "<cell>" || len(r.Stopped.Locations) != 1 || !strings.HasSuffix(r.Stopped.Locations[0], ".go") {
		t.Errorf("call stack at the breakpoint: %v %v; want the cell's top level, in its dumped file", r.Stopped.Frames, r.Stopped.Locations)
	}
	vars := map[string]string{}
	for _, v := range r.Stopped.Variables {
		vars[v.Name] = v.Detail
	}
	// The fitted k = 1 exponents (the notebook prints them to 4 places).
	if !strings.HasPrefix(vars["beta"], "0.53247") || !strings.HasPrefix(vars["gamma"], "0.58074") {
		t.Errorf("variables panel at the breakpoint: beta=%q gamma=%q (all %v); want 0.53247..., 0.58074... (printed 0.5325 and 0.5807)", vars["beta"], vars["gamma"], r.Stopped.Variables)
	}
	if _, ok := vars["alpha"]; ok && vars["alpha"] != "0" {
		t.Errorf("alpha = %q before its line ran", vars["alpha"])
	}
	if len(r.Lines) != 3 || r.Lines[0] != 4 || r.Lines[1] != 5 || r.Lines[2] != 6 {
		t.Errorf("highlighted lines at the stop and after two Next: %v, want [4 5 6]", r.Lines)
	}
	after := map[string]string{}
	for _, v := range r.Stepped.Variables {
		after[v.Name] = v.Detail
	}
	if !strings.HasPrefix(after["alpha"], "0.27778") {
		t.Errorf("alpha after stepping over its line: %q, want 0.27778...", after["alpha"])
	}
	var shown strings.Builder
	for _, o := range r.Stepped.Outputs {
		if o.OutputType == "stream" {
			shown.WriteString(browserenv.JoinText(o.Text))
		}
	}
	if !strings.Contains(shown.String(), "beta = 0.5325, gamma = 0.5807: alpha = beta*gamma/(beta+gamma) = 0.2778") {
		t.Errorf("outputs shown while stopped after the Printf line ran: %q, want its line", shown.String())
	}
	var text strings.Builder
	markdown := false
	for _, o := range r.Outputs {
		if o.OutputType == "stream" {
			text.WriteString(browserenv.JoinText(o.Text))
		}
		if o.Data["text/markdown"] != nil {
			markdown = true
		}
	}
	if !strings.Contains(text.String(), "beta = 0.5325, gamma = 0.5807: alpha = beta*gamma/(beta+gamma) = 0.2778") || !markdown {
		t.Errorf("derivation cell's outputs after Continue: %q, markdown %v", text.String(), markdown)
	}
	if len(r.Errors) > 0 {
		t.Errorf("errors: %q", r.Errors)
	}
	rec, err := json.MarshalIndent(r.Recording, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	rec = append(rec, '\n')
	if err := os.WriteFile(filepath.Join(e.out, "debugger-recording.json"), rec, 0o644); err != nil {
		t.Error(err)
	}
	if p := os.Getenv(recordingEnv); p != "" {
		if err := os.WriteFile(p, rec, 0o644); err != nil {
			t.Error(err)
		}
	}
}
