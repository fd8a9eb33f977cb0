package browsertest

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/browsertest/internal/browserenv"
)

// widgetCells use kernel/widgets: an Interact over a slider and a lone
// button.
var widgetCells = []string{
	`s := widgets.NewFloatSlider("beta", 0.34, 0.1, 1, 0.01)
widgets.Interact(func() { fmt.Printf("alpha = %.4f\n", s.Value()*0.28/(s.Value()+0.28)) }, s)`,
	`widgets.NewButton("Fit")`,
}

// runWidgetsProtocol1 checks the decision for the classic Notebook: its
// Debian widget extension (ipywidgets 6, jupyter-js-widgets 2) speaks widget
// protocol 1, which announces itself by opening the comm target
// jupyter.widget.version. The kernel closes that comm and shows widgets as
// text with a note saying why; Interact's function runs once, its output
// in the cell. No widget view appears and the extension reports no model
// it failed to create.
func runWidgetsProtocol1(t *testing.T, node, base, token, work, out string) {
	if err := browserenv.WriteNotebook(filepath.Join(work, "widgets.ipynb"), widgetCells...); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(out, "widgets-protocol1.png")
	var r struct {
		Outputs []string
		Errors  []string
		Views   int
		Log     []string
	}
	drive(t, 4*time.Minute, node, "drive_widgets.js", &r, base+"/notebooks/widgets.ipynb?token="+token, shot)
	t.Logf("browser saw: %+v; screenshot %s", r, shot)
	all := strings.Join(r.Outputs, "\n")
	for _, want := range []string{
		"beta = 0.34 (FloatSlider 0.1 to 1, step 0.01)",
		"this front end speaks Jupyter widgets protocol 1",
		"alpha = 0.1535",
		"[Fit] (Button)",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("outputs lack %q:\n%s", want, all)
		}
	}
	if len(r.Errors) > 0 {
		t.Errorf("cells failed: %q", r.Errors)
	}
	if r.Views != 0 {
		t.Errorf("%d widget views on a protocol 1 page", r.Views)
	}
	for _, l := range r.Log {
		if strings.Contains(l, "Could not create") || strings.Contains(l, "@jupyter-widgets") {
			t.Errorf("widget extension error: %s", l)
		}
	}
}
