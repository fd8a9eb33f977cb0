package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/browsertest/internal/browserenv"
)

// The cells the browser runs: a plot (shown inline as PNG) and a formula.
var cells = []string{
	`import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"github.com/gophernote/gophernote/kernel/display"
)
p := plot.New()
p.Title.Text = "browser test"
pts := make(plotter.XYs, 50)
for i := range pts {
	pts[i].X = float64(i)
	pts[i].Y = float64(i * i)
}
line, _ := plotter.NewLine(pts)
p.Add(line)
display.Plot(p, display.PNGOnly()) // PNG only: given both, the notebook shows the SVG`,
	"display.LaTeX(`L(C) = E + \\frac{A}{C^{\\alpha}}`)",
}

// result is what drive.js prints.
type result struct {
	PNG      struct{ Width, Height, ShownWidth, ShownHeight int }
	MathText string
	Errors   []string
	MathJax  []string
}

func TestNotebookInChromium(t *testing.T) {
	for _, need := range []string{"/usr/bin/chromium", "/usr/bin/python3"} {
		if _, err := os.Stat(need); err != nil {
			t.Fatalf("%s is required (Debian packages chromium, jupyter-notebook): %v", need, err)
		}
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is required: %v", err)
	}
	if _, err := os.Stat("testdata/node_modules/playwright-core"); err != nil {
		t.Fatal("playwright-core is not installed: run `npm ci --prefix kernel/browsertest/testdata`")
	}
	out := browserenv.OutDir(t, "browsertest")
	tmp := t.TempDir()
	k := browserenv.BuildKernel(t, tmp)
	bin := k.Bin
	work := filepath.Join(tmp, "work")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := browserenv.WriteNotebook(filepath.Join(work, "browser.ipynb"), cells...); err != nil {
		t.Fatal(err)
	}

	port, token := browserenv.FreePort(t), browserenv.Token(16)
	srv := startNotebook(t, tmp, work, k.JupyterPath, port, token)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	srv.WaitUp(t, base+"/api/status?token="+token)

	shot := filepath.Join(out, "notebook.png")
	var r result
	drive(t, 4*time.Minute, node, "drive.js", &r, base+"/notebooks/browser.ipynb?token="+token, shot)
	t.Logf("browser saw: %+v; screenshot %s", r, shot)
	// the PNG has two pixels per layout pixel and is shown at the layout's size
	if r.PNG.Width != 1152 || r.PNG.Height != 768 || r.PNG.ShownWidth != 576 || r.PNG.ShownHeight != 384 {
		t.Errorf("inline PNG is %dx%d shown at %dx%d, want 1152x768 pixels shown at the default plot size 576x384",
			r.PNG.Width, r.PNG.Height, r.PNG.ShownWidth, r.PNG.ShownHeight)
	}
	// MathJax typesets α as U+1D6FC (mathematical italic) and leaves no TeX.
	if !strings.ContainsAny(r.MathText, "α𝛼") || strings.Contains(r.MathText, `\frac`) {
		t.Errorf("typeset formula text %q: want the law typeset (an alpha, no TeX source)", r.MathText)
	}
	if len(r.Errors) > 0 {
		t.Errorf("cells failed in the browser: %q", r.Errors)
	}
	for _, u := range r.MathJax {
		if !strings.HasPrefix(u, base+"/") {
			t.Errorf("MathJax loaded from %s, not from the local notebook server", u)
		}
	}
	if len(r.MathJax) == 0 {
		t.Error("the page never requested MathJax.js")
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 800 || b.Dy() < 600 {
		t.Errorf("screenshot is only %v", b)
	}

	t.Run("tour", func(t *testing.T) { runTour(t, node, bin, base, token, work, out) })
	t.Run("widgets-protocol1", func(t *testing.T) { runWidgetsProtocol1(t, node, base, token, work, out) })
}

// runTour runs notebooks/00_tour.ipynb in the browser, lets the front end
// save it, and checks that its outputs equal those of `gophernote run`.
func runTour(t *testing.T, node, bin, base, token, work, out string) {
	src := filepath.Join("..", "..", "notebooks", "00_tour.ipynb")
	raw, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(work, "00_tour.ipynb")
	if err := os.WriteFile(saved, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(out, "tour.png")
	var r result
	drive(t, 5*time.Minute, node, "drive.js", &r, base+"/notebooks/00_tour.ipynb?token="+token, shot, "tour")
	t.Logf("browser saw: %+v; screenshot %s", r, shot)
	if len(r.Errors) > 0 {
		t.Fatalf("tour cells failed in the browser: %q", r.Errors)
	}
	if r.PNG.Width < 200 || r.PNG.Height < 100 {
		t.Errorf("tour plot shown at %dx%d", r.PNG.Width, r.PNG.Height)
	}
	// The tour's law has its fitted numbers substituted: L(C) = 24.9 C^{-0.0499}.
	if !strings.Contains(r.MathText, "0.0499") || strings.Contains(r.MathText, `\`) {
		t.Errorf("tour formula text %q: want the fitted law typeset (no TeX source left)", r.MathText)
	}

	headless := t.TempDir()
	if b, err := exec.Command(bin, "run", src, "--out", headless).CombinedOutput(); err != nil {
		t.Fatalf("gophernote run %s: %v\n%s", src, err, b)
	}
	browserenv.CompareOutputs(t, saved, filepath.Join(headless, "00_tour.ipynb"), 6)
}

// drive runs the node script testdata/script with args, failing t when it
// fails or runs longer than timeout, and decodes the JSON line it prints
// into r. A failing script says on stderr which step it could not do.
func drive(t *testing.T, timeout time.Duration, node, script string, r any, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, append([]string{filepath.Join("testdata", script)}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("browser (%s): %v\n%s", script, err, stderr.String())
	}
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), r); err != nil {
		t.Fatalf("%s output %q: %v", script, stdout.String(), err)
	}
}

// startNotebook runs Debian's classic notebook on 127.0.0.1:port with every
// Jupyter directory inside tmp, and stops it (and its kernels) at cleanup.
func startNotebook(t *testing.T, tmp, work, jupyterPath string, port int, token string) *browserenv.Server {
	t.Helper()
	cmd := exec.Command("/usr/bin/python3", "-m", "notebook", "--no-browser",
		"--ip=127.0.0.1", fmt.Sprintf("--port=%d", port), "--port-retries=0", "--allow-root",
		"--NotebookApp.token="+token, "--notebook-dir="+work)
	cmd.Env = browserenv.JupyterEnv(t, tmp, jupyterPath)
	return browserenv.StartServer(t, "notebook server", cmd)
}
