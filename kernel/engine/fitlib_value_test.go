package engine

import (
	"strings"
	"testing"
)

// TestFitlibValuesRenderRich: compiled fitlib results that end a cell show
// their MIMEBundle (fitlib's rule R3) — a fit report, a data table and a
// formula reach display.Auto through the interpreter with their methods —
// and their text/plain view is text, not HTML.
func TestFitlibValuesRenderRich(t *testing.T) {
	e := newEngine(t)
	run(t, e, `import (
	"strings"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/formula"
)
tb, _ := data.Parse("runs.csv", strings.NewReader("x,y\n1,2.1\n2,3.9\n3,6.2\n4,7.8\n"))
law, _ := formula.Parse("b*x", "x")
cols, _ := tb.Columns("x")
y, _ := tb.Floats("y")
res, err := fit.Fit(fit.Problem{Formula: law, Data: cols, Y: y}, fit.Options{})
if err != nil {
	panic(err)
}`)
	for _, c := range []struct{ code, mime, want string }{
		{"res", "text/html", "<table"},
		{"tb", "text/html", "<table"},
		{"law", "text/latex", "$b x$"},
	} {
		_, r := run(t, e, c.code)
		if r.Value == nil {
			t.Fatalf("%s: no value", c.code)
		}
		rich, _ := r.Value.Data[c.mime].(string)
		plain, _ := r.Value.Data["text/plain"].(string)
		if !strings.Contains(rich, c.want) || plain == "" || strings.Contains(plain, "<table") {
			t.Errorf("%s: %s %.60q, text/plain %.60q", c.code, c.mime, rich, plain)
		}
	}
}
