package debugger

import (
	"context"

	"encoding/json"
	"github.com/gophernote/gophernote/kernel/display"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/kernel/engine"
)

func newAdapter(t *testing.T) (*Adapter, chan map[string]any) {
	t.Helper()
	e, err := engine.New(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	evs := make(chan map[string]any, 100)
	a := NewAdapter(e, t.TempDir(), func(b []byte) {
		var m map[string]any
		json.Unmarshal(b, &m)
		evs <- m
	})
	return a, evs
}

func call(t *testing.T, a *Adapter, req string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(a.Handle([]byte(req)), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAdapterShapes(t *testing.T) {
	a, evs := newAdapter(t)
	info := call(t, a, `{"seq":1,"type":"request","command":"debugInfo","arguments":{}}`)
	body := info["body"].(map[string]any)
	if info["success"] != true || info["request_seq"] != 1.0 || info["type"] != "response" || body["isStarted"] != false ||
		body["hashMethod"] != "Murmur2" || body["hashSeed"] != float64(HashSeed) || body["tmpFileSuffix"] != ".go" ||
		!strings.HasSuffix(body["tmpFilePrefix"].(string), "/") {
		t.Fatalf("debugInfo: %v", info)
	}
	if r := call(t, a, `{"seq":2,"type":"request","command":"initialize","arguments":{"clientID":"jupyterlab"}}`); r["success"] != true {
		t.Fatalf("initialize: %v", r)
	}
	if ev := <-evs; ev["event"] != "initialized" || ev["type"] != "event" {
		t.Fatalf("event %v", ev)
	}
	code := "x := 1\ny := x + 1\n"
	r := call(t, a, `{"seq":3,"type":"request","command":"dumpCell","arguments":{"code":"x := 1\ny := x + 1\n"}}`)
	p := r["body"].(map[string]any)["sourcePath"].(string)
	if want := body["tmpFilePrefix"].(string) + strconv.FormatUint(uint64(Murmur2([]byte(code), HashSeed)), 10) + ".go"; p != want {
		t.Fatalf("sourcePath %q, want %q", p, want)
	}
	if b, err := os.ReadFile(p); err != nil || string(b) != code {
		t.Fatalf("dumped file: %q %v", b, err)
	}
	src := call(t, a, `{"seq":4,"type":"request","command":"source","arguments":{"source":{"path":"`+p+`"}}}`)
	if src["body"].(map[string]any)["content"] != code {
		t.Fatalf("source: %v", src)
	}
	for _, bad := range []string{
		`not json`,
		`{"seq":5,"type":"request"}`,
		`{"seq":6,"type":"event","command":"next"}`,
		`{"seq":7,"type":"request","command":"next","arguments":{}}`,
		`{"seq":8,"type":"request","command":"next","arguments":{"threadId":"one"}}`,
		`{"seq":9,"type":"request","command":"scopes","arguments":{"frameId":12345}}`,
		`{"seq":10,"type":"request","command":"source","arguments":{"source":{"path":"/etc/passwd"}}}`,
		`{"seq":11,"type":"request","command":"nonsense"}`,
	} {
		r := call(t, a, bad)
		if r["success"] != false || r["message"] == "" || r["type"] != "response" {
			t.Errorf("%s: %v", bad, r)
		}
	}
	if r := call(t, a, `{"seq":12,"type":"request","command":"setBreakpoints","arguments":{"source":{"path":"`+p+`"},"breakpoints":[{"line":2},{"line":9}]}}`); true {
		bps := r["body"].(map[string]any)["breakpoints"].([]any)
		if bps[0].(map[string]any)["verified"] != true || bps[1].(map[string]any)["verified"] != false {
			t.Fatalf("setBreakpoints: %v", r)
		}
	}
	info = call(t, a, `{"seq":13,"type":"request","command":"debugInfo"}`)
	b2 := info["body"].(map[string]any)
	if b2["isStarted"] != true || len(b2["breakpoints"].([]any)) != 1 {
		t.Fatalf("debugInfo after: %v", info)
	}
	if r := call(t, a, `{"seq":14,"type":"request","command":"disconnect","arguments":{}}`); r["success"] != true {
		t.Fatal(r)
	}
	info = call(t, a, `{"seq":15,"type":"request","command":"debugInfo"}`)
	if b3 := info["body"].(map[string]any); b3["isStarted"] != false || len(b3["breakpoints"].([]any)) != 0 {
		t.Fatalf("debugInfo after disconnect: %v", info)
	}
}

// nopSink discards a cell's output.
type nopSink struct{}

func (nopSink) Stream(string, string)              {}
func (nopSink) Display(display.Bundle, bool)       {}
func (nopSink) Clear(bool)                         {}
func (nopSink) Input(string, bool) (string, error) { return "", nil }

func TestAdapterRichInspect(t *testing.T) {
	a, _ := newAdapter(t)
	r := a.eng.Execute(context.Background(), `import (
	"gonum.org/v1/plot"
	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/fitlib/geneval"
)
p := plot.New()
p.Title.Text = "loss"
tb := data.NewTable("runs")
tb.AddFloats("loss", []float64{2.5, 2.25})
law := geneval.LawParamsTokens
n := 3
`, nopSink{})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	for name, mime := range map[string]string{"p": "image/png", "tb": "text/html", "law": "text/plain", "n": "text/plain"} {
		res := call(t, a, `{"seq":1,"type":"request","command":"richInspectVariables","arguments":{"variableName":"`+name+`"}}`)
		data, _ := res["body"].(map[string]any)["data"].(map[string]any)
		if res["success"] != true || data[mime] == nil {
			t.Errorf("%s: %v", name, res)
		}
	}
	res := call(t, a, `{"seq":2,"type":"request","command":"richInspectVariables","arguments":{"variableName":"n"}}`)
	if res["body"].(map[string]any)["data"].(map[string]any)["text/plain"] != "3" {
		t.Errorf("n: %v", res)
	}
	res = call(t, a, `{"seq":3,"type":"request","command":"inspectVariables","arguments":{}}`)
	var names []string
	for _, v := range res["body"].(map[string]any)["variables"].([]any) {
		names = append(names, v.(map[string]any)["name"].(string))
	}
	if strings.Join(names, ",") != "law,n,p,tb" {
		t.Errorf("inspectVariables: %v", names)
	}
}

// TestAdapterVariableTypes: JupyterLab's variables tree shows a
// variable's type unless the type is one of Python's int, float, bool or
// str (then it shows the value), so scalars other than int and bool carry
// no type and every scalar's value is what the panel shows.
func TestAdapterVariableTypes(t *testing.T) {
	a, _ := newAdapter(t)
	if r := a.eng.Execute(context.Background(), "f := 0.5\ns := \"hi\"\nn := 3\nok := true\nvar u uint8 = 7\nxs := []int{1, 2}\n", nopSink{}); r.Err != nil {
		t.Fatal(r.Err)
	}
	res := call(t, a, `{"seq":1,"type":"request","command":"inspectVariables","arguments":{}}`)
	got := map[string]string{}
	for _, v := range res["body"].(map[string]any)["variables"].([]any) {
		m := v.(map[string]any)
		typ, _ := m["type"].(string)
		got[m["name"].(string)] = typ + "|" + m["value"].(string)
	}
	want := map[string]string{"f": "|0.5", "s": `|"hi"`, "n": "int|3", "ok": "bool|true", "u": "|7", "xs": "[]int|"}
	for k, w := range want {
		if g := got[k]; g != w && !(k == "xs" && strings.HasPrefix(g, w)) {
			t.Errorf("%s: type|value %q, want %q", k, g, w)
		}
	}
}

// TestAdapterLargeTable: a million-row table is summarised in the
// variables panel and in its rich inspection, never serialised whole.
func TestAdapterLargeTable(t *testing.T) {
	a, _ := newAdapter(t)
	if r := a.eng.Execute(context.Background(), `import "github.com/gophernote/gophernote/fitlib/data"
tb := data.NewTable("big")
tb.AddFloats("loss", make([]float64, 1000000))
`, nopSink{}); r.Err != nil {
		t.Fatal(r.Err)
	}
	b := a.Handle([]byte(`{"seq":1,"type":"request","command":"inspectVariables","arguments":{}}`))
	if len(b) > 4096 {
		t.Errorf("inspectVariables of a million-row table: %d bytes", len(b))
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	vs, _ := m["body"].(map[string]any)["variables"].([]any)
	if len(vs) != 1 || vs[0].(map[string]any)["name"] != "tb" {
		t.Fatalf("inspectVariables: %s", b)
	}
	t.Logf("tb: %v", vs[0])
	rich := a.Handle([]byte(`{"seq":2,"type":"request","command":"richInspectVariables","arguments":{"variableName":"tb"}}`))
	if len(rich) > 1<<16 || !strings.Contains(string(rich), "text/html") {
		t.Errorf("richInspectVariables of a million-row table: %d bytes: %.300s", len(rich), rich)
	}
	t.Logf("rich: %d bytes", len(rich))
}
