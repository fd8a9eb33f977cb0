package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
)

// The test binary is its own worker: the client starts it again with
// envTestWorker set, and TestMain serves instead of testing.
const envTestWorker = "GOPHERNOTE_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(envTestWorker) == "1" {
		os.Exit(Main())
	}
	os.Exit(m.Run())
}

func start(t *testing.T, opts Options) *Client {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	opts.Command = []string{exe}
	opts.Env = append(opts.Env, envTestWorker+"=1")
	if opts.Log == nil {
		opts.Log = testLogger(t)
	}
	c, err := Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// recSink records a cell's output.
type recSink struct {
	mu       sync.Mutex
	stdout   strings.Builder
	stderr   strings.Builder
	displays []display.Bundle
	updates  []bool
	comms    []cell.Comm
	inputs   []string
	prompts  []string
}

func (s *recSink) Stream(name, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if name == "stderr" {
		s.stderr.WriteString(text)
	} else {
		s.stdout.WriteString(text)
	}
}

func (s *recSink) Display(b display.Bundle, update bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.displays = append(s.displays, b)
	s.updates = append(s.updates, update)
}

func (s *recSink) Clear(bool) {}

func (s *recSink) Input(prompt string, password bool) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prompts = append(s.prompts, prompt)
	if len(s.inputs) == 0 {
		return "", errors.New("no input")
	}
	v := s.inputs[0]
	s.inputs = s.inputs[1:]
	return v, nil
}

func (s *recSink) out() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stdout.String()
}

func (s *recSink) errText() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stderr.String()
}

// commSink is a recSink that holds widgets.
type commSink struct{ recSink }

func (s *commSink) SendComm(c cell.Comm) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.comms = append(s.comms, c)
	return nil
}

func run(t *testing.T, c *Client, code string) (*recSink, cell.Result) {
	t.Helper()
	s := &recSink{}
	res := c.Execute(context.Background(), code, s)
	return s, res
}

func text(r cell.Result) string {
	if r.Value == nil {
		return ""
	}
	s, _ := r.Value.Data["text/plain"].(string)
	return s
}

type tlog struct{ t *testing.T }

func (l tlog) Write(b []byte) (int, error) {
	l.t.Logf("%s", strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

func TestExecuteAcrossTheBoundary(t *testing.T) {
	c := start(t, Options{})
	s, r := run(t, c, "import \"fmt\"\nx := 40\nfmt.Println(\"hi\")\nx + 2")
	if r.Err != nil || text(r) != "42" || s.out() != "hi\n" {
		t.Fatalf("result %q err %v stdout %q", text(r), r.Err, s.out())
	}
	_, r = run(t, c, "x +")
	if r.Err == nil || r.Err.Name != "CompileError" {
		t.Fatalf("compile error: %+v", r.Err)
	}
	items, start, end := c.CompleteItems("fmt.Prin", 8)
	if len(items) == 0 || start != 4 || end != 8 || !strings.HasPrefix(items[0].Text, "Prin") {
		t.Errorf("completion: %v %d %d", items, start, end)
	}
	if st, _ := c.IsComplete("func f() {"); st != "incomplete" {
		t.Errorf("is_complete: %q", st)
	}
	data, found := c.Inspect("fmt.Println", 11, 0)
	if !found || !strings.Contains(data["text/plain"].(string), "Println") {
		t.Errorf("inspect: %v %v", found, data)
	}
	s = &recSink{inputs: []string{"Ada"}}
	r = c.Execute(context.Background(), "var who string\nfmt.Scanln(&who)\nfmt.Println(\"hello\", who)", s)
	if r.Err != nil || s.out() != "hello Ada\n" {
		t.Errorf("stdin: %v %q", r.Err, s.out())
	}
}

func TestInterrupt(t *testing.T) {
	c := start(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	s := &recSink{}
	done := make(chan cell.Result)
	go func() {
		done <- c.Execute(ctx, "n := 0\ncellCtx := display.Context()\ncancelled := make(chan bool)\ngo func() { <-cellCtx.Done(); close(cancelled) }()\nfor {\n\tn++\n}", s)
	}()
	time.Sleep(200 * time.Millisecond)
	cancel()
	r := <-done
	if r.Err == nil || r.Err.Name != "Interrupted" {
		t.Fatalf("%+v", r.Err)
	}
	_, r = run(t, c, "n > 0")
	if text(r) != "true" {
		t.Errorf("after the interrupt: %q %v", text(r), r.Err)
	}
	// The interrupt cancelled the cell's display.Context() in the worker
	// (compiled calls given it stop).
	_, r = run(t, c, "var got string\nselect {\ncase <-cancelled:\n\tgot = \"cancelled\"\ncase <-time.After(30 * time.Second):\n\tgot = \"not cancelled\"\n}\ngot")
	if text(r) != "cancelled" {
		t.Errorf("display.Context() of the interrupted cell: %q %v", text(r), r.Err)
	}
}

func TestCrashAndRerun(t *testing.T) {
	c := start(t, Options{})
	pid := c.PID()
	ctx := cell.WithExecutionCount(context.Background(), 1)
	if r := c.Execute(ctx, "import \"sync\"\nm := map[int]int{}\nbase := 7", &recSink{}); r.Err != nil {
		t.Fatal(r.Err)
	}
	ctx = cell.WithExecutionCount(context.Background(), 2)
	s := &recSink{}
	r := c.Execute(ctx, `var wg sync.WaitGroup
for g := 0; g < 4; g++ {
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 1000000; i++ {
			m[i] = i
		}
	}()
}
wg.Wait()`, s)
	if r.Err == nil || r.Err.Name != "fatal error" || !strings.HasPrefix(r.Err.Value, "concurrent map writes") {
		t.Fatalf("crash: %+v", r.Err)
	}
	tb := strings.Join(r.Err.Traceback, "\n")
	if !strings.Contains(tb, "cell [1]") || !strings.Contains(tb, RerunMagic) {
		t.Errorf("traceback:\n%s", tb)
	}
	t.Logf("%s: %s\n%s", r.Err.Name, r.Err.Value, tb)
	_, r = run(t, c, "base")
	if r.Err == nil || c.PID() == pid {
		t.Fatalf("after the crash: %q %v (pid %d, was %d)", text(r), r.Err, c.PID(), pid)
	}
	s, r = run(t, c, RerunMagic)
	if r.Err != nil {
		t.Fatalf("rerun: %v", r.Err)
	}
	_, r = run(t, c, "base * 6")
	if text(r) != "42" {
		t.Fatalf("after %s: %q %v", RerunMagic, text(r), r.Err)
	}
}

func testLogger(t *testing.T) *log.Logger { return log.New(tlog{t}, "", 0) }

// TestWidgetsAcrossTheBoundary: a widget a cell makes opens its comm
// through the worker (with its metadata and binary buffers), a comm_msg
// from the front end runs the widget's callback in the worker with its
// output going to that message's sink, comm_info lists the comm, and a
// crash closes it for the front end.
func TestWidgetsAcrossTheBoundary(t *testing.T) {
	c := start(t, Options{})
	s := &commSink{}
	r := c.Execute(context.Background(), "n := widgets.NewIntSlider(\"n\", 5, 0, 10)\nn.Observe(func(v int) { fmt.Println(\"n =\", v) })\nn", s)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if r = c.Execute(context.Background(), "img := widgets.NewImage(\"png\", []byte{0x89, 'P', 'N', 'G', 0, 1, 2})\nimg", s); r.Err != nil {
		t.Fatal(r.Err)
	}
	var slider, image string
	for _, m := range s.comms {
		if m.Type != "comm_open" {
			continue
		}
		st, _ := m.Data["state"].(map[string]any)
		switch st["_model_name"] {
		case "IntSliderModel":
			slider = m.ID
			if m.Metadata["version"] != "2.1.0" {
				t.Errorf("slider comm_open metadata %v", m.Metadata)
			}
		case "ImageModel":
			image = m.ID
			if len(m.Buffers) != 1 || string(m.Buffers[0]) != "\x89PNG\x00\x01\x02" {
				t.Errorf("image buffers %q", m.Buffers)
			}
		}
	}
	if slider == "" || image == "" {
		t.Fatalf("comm_opens: %+v", s.comms)
	}
	if comms := c.Comms(); comms[slider] != "jupyter.widget" {
		t.Errorf("comm_info: %v", comms)
	}
	ms := &commSink{}
	err := c.Comm(context.Background(), cell.Comm{Type: "comm_msg", ID: slider,
		Data: map[string]any{"method": "update", "state": map[string]any{"value": 7.0}, "buffer_paths": []any{}}}, ms)
	// The callback's output goes to the slider's Output widget: a comm
	// message to the front end.
	sent := fmt.Sprint(ms.comms)
	if err != nil || !strings.Contains(sent, "n = 7") {
		t.Errorf("comm_msg: %v, comm messages sent %s", err, sent)
	}
	if _, r := run(t, c, "n.Value()"); text(r) != "7" {
		t.Errorf("slider value after the update: %q", text(r))
	}
	// A crash: the front end is told the widgets' comms are closed.
	s.mu.Lock()
	s.comms = nil
	s.mu.Unlock()
	c.Execute(context.Background(), "var mu sync.Mutex\nmu.Unlock()", &recSink{})
	closed := map[string]bool{}
	for _, k := range []*commSink{s, ms} {
		k.mu.Lock()
		for _, m := range k.comms {
			if m.Type == "comm_close" {
				closed[m.ID] = true
			}
		}
		k.mu.Unlock()
	}
	if !closed[slider] || !closed[image] {
		t.Errorf("after the crash, comm_close for %v; want %s and %s", closed, slider, image)
	}
}

// An extra request registered with Handle (here in the test binary, which
// is the worker) is served while a cell runs, reads the engine, and sends
// an event the client receives through Options.Events.
func init() {
	Handle("test.echo", func(ctx context.Context, r *Request) (any, [][]byte, error) {
		var req struct{ Text string }
		if err := r.Decode(&req); err != nil {
			return nil, nil, err
		}
		_, found := r.Engine.Inspect("strings.ToUpper", 15, 0)
		r.Conn.Event("test.note", r.ID, map[string]string{"note": "seen " + req.Text}, nil)
		return map[string]any{"upper": strings.ToUpper(req.Text), "found": found}, nil, nil
	})
}

func TestExtraRequest(t *testing.T) {
	notes := make(chan string, 1)
	c := start(t, Options{Events: map[string]EventFunc{"test.note": func(ref uint64, body json.RawMessage) {
		var v struct{ Note string }
		json.Unmarshal(body, &v)
		notes <- v.Note
	}}})
	// A cell runs meanwhile: the request is served concurrently.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan cell.Result, 1)
	go func() { done <- c.Execute(ctx, "for {\n}", &recSink{}) }()
	var out struct {
		Upper string
		Found bool
	}
	if err := c.Call(context.Background(), "test.echo", map[string]string{"text": "hi"}, &out); err != nil || out.Upper != "HI" || !out.Found {
		t.Errorf("test.echo: %+v %v", out, err)
	}
	if n := <-notes; n != "seen hi" {
		t.Errorf("event: %q", n)
	}
	cancel()
	if r := <-done; r.Err == nil || r.Err.Name != "Interrupted" {
		t.Errorf("the running cell: %+v", r.Err)
	}
	if err := c.Call(context.Background(), "no.such", nil, nil); err == nil || !strings.Contains(err.Error(), "no handler") {
		t.Errorf("unknown request: %v", err)
	}
}

// TestCPUProfile: with GOPHERNOTE_WORKER_CPUPROFILE the worker writes a
// CPU profile of the cells it ran when the client closes it.
func TestCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.prof")
	c := start(t, Options{Env: []string{envCPUProfile + "=" + path}})
	if _, r := run(t, c, "n := 0\nfor i := range 200000 { n += i % 7 }\nn"); r.Err != nil || text(r) != "599994" {
		t.Fatalf("cell: %q %v", text(r), r.Err)
	}
	c.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A pprof profile is a gzipped protocol buffer.
	if len(b) < 100 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("profile: %d bytes, starts %x", len(b), b[:min(len(b), 4)])
	}
}
