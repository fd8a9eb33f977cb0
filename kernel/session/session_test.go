package session

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/wire"
)

func startFake(t *testing.T) (*Session, ConnectionInfo) {
	t.Helper()
	ci := testConn(t)
	s, err := Start(Config{Conn: ci, NewEngine: func() (Engine, error) { return newFake(), nil }, Version: "test", Banner: "fake"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s, ci
}

func TestKernelInfo(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	req := c.send("shell", "kernel_info_request", map[string]any{})
	rep := c.recv("shell", 5*time.Second)
	if rep.Header.MsgType != "kernel_info_reply" || rep.ParentMsgID() != req.Header.MsgID {
		t.Fatalf("got %s parent %s", rep.Header.MsgType, rep.ParentMsgID())
	}
	v := content(t, rep)
	li := v["language_info"].(map[string]any)
	if v["status"] != "ok" || v["protocol_version"] != "5.3" || v["implementation"] != "gophernote" ||
		li["name"] != "go" || li["file_extension"] != ".go" || li["mimetype"] != "text/x-go" {
		t.Errorf("kernel_info_reply = %v", v)
	}
	if got := types(c.iopubUntilIdle(req)); !slices.Equal(got, []string{"status:busy", "status:idle"}) {
		t.Errorf("iopub = %v", got)
	}
}

// TestKernelInfoBeforeEngine: kernel_info is answered while the engine is
// still being built.
func TestKernelInfoBeforeEngine(t *testing.T) {
	ci := testConn(t)
	release := make(chan struct{})
	s, err := Start(Config{Conn: ci, NewEngine: func() (Engine, error) { <-release; return newFake(), nil }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	defer close(release)
	c := dial(t, ci) // dial itself completes kernel_info round trips
	c.send("shell", "kernel_info_request", map[string]any{})
	if m := c.recv("shell", 5*time.Second); m.Header.MsgType != "kernel_info_reply" {
		t.Fatalf("got %s", m.Header.MsgType)
	}
}

func execute(c *client, code string, extra map[string]any) *wire.Message {
	ct := map[string]any{"code": code, "silent": false, "store_history": true, "user_expressions": map[string]any{},
		"allow_stdin": false, "stop_on_error": true}
	for k, v := range extra {
		ct[k] = v
	}
	return c.send("shell", "execute_request", ct)
}

func TestExecuteOrdering(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	code := "print hello\neprint oops\ndisplay d1 one\nupdate d1 two\nclear\nvalue 42"
	req := execute(c, code, nil)
	rep := c.recv("shell", 5*time.Second)
	if v := content(t, rep); rep.Header.MsgType != "execute_reply" || v["status"] != "ok" || v["execution_count"] != 1.0 {
		t.Fatalf("reply %s %v", rep.Header.MsgType, v)
	}
	msgs := c.iopubUntilIdle(req)
	want := []string{"status:busy", "execute_input", "stream", "stream", "display_data", "update_display_data", "clear_output", "execute_result", "status:idle"}
	if got := types(msgs); !slices.Equal(got, want) {
		t.Fatalf("iopub = %v, want %v", got, want)
	}
	if v := content(t, msgs[1]); v["code"] != code || v["execution_count"] != 1.0 {
		t.Errorf("execute_input = %v", v)
	}
	if v := content(t, msgs[2]); v["name"] != "stdout" || v["text"] != "hello\n" {
		t.Errorf("stdout = %v", v)
	}
	if v := content(t, msgs[3]); v["name"] != "stderr" {
		t.Errorf("stderr = %v", v)
	}
	if v := content(t, msgs[5]); v["transient"].(map[string]any)["display_id"] != "d1" {
		t.Errorf("update = %v", v)
	}
	if v := content(t, msgs[7]); v["execution_count"] != 1.0 || v["data"].(map[string]any)["text/plain"] != "42" {
		t.Errorf("execute_result = %v", v)
	}
	// The counter advances per stored cell.
	execute(c, "value 1", nil)
	if v := content(t, c.recv("shell", 5*time.Second)); v["execution_count"] != 2.0 {
		t.Errorf("second count = %v", v["execution_count"])
	}
}

func TestSilentAndNoStore(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	req := execute(c, "print quiet\nvalue 1", map[string]any{"silent": true})
	if v := content(t, c.recv("shell", 5*time.Second)); v["execution_count"] != 0.0 {
		t.Errorf("silent count = %v", v["execution_count"])
	}
	// Streams still go out (the cell really ran); no execute_input/result.
	if got := types(c.iopubUntilIdle(req)); !slices.Equal(got, []string{"status:busy", "stream", "status:idle"}) {
		t.Errorf("silent iopub = %v", got)
	}
	req = execute(c, "value 1", map[string]any{"store_history": false})
	if v := content(t, c.recv("shell", 5*time.Second)); v["execution_count"] != 0.0 {
		t.Errorf("no-store count = %v", v["execution_count"])
	}
	c.iopubUntilIdle(req)
	execute(c, "value 1", nil)
	if v := content(t, c.recv("shell", 5*time.Second)); v["execution_count"] != 1.0 {
		t.Errorf("count after silent cells = %v", v["execution_count"])
	}
}

func TestErrorAbortsQueue(t *testing.T) {
	ci := testConn(t)
	fake := newFake()
	s, err := Start(Config{Conn: ci, NewEngine: func() (Engine, error) { return fake, nil }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := dial(t, ci)
	first := execute(c, "gate\nerror boom", nil)
	second := execute(c, "print never", nil)
	info := c.send("shell", "kernel_info_request", map[string]any{})
	third := execute(c, "print never", nil)
	// Whether the kernel has read the others when the first cell fails
	// does not matter: they were sent before the error (abort.go).
	close(fake.gate)
	rep := c.recv("shell", 5*time.Second)
	v := content(t, rep)
	if rep.ParentMsgID() != first.Header.MsgID || v["status"] != "error" || v["ename"] != "FakeError" || v["evalue"] != "boom" {
		t.Fatalf("first reply %v", v)
	}
	want := []struct {
		id, typ, status string
	}{{second.Header.MsgID, "execute_reply", "aborted"}, {info.Header.MsgID, "kernel_info_reply", "ok"}, {third.Header.MsgID, "execute_reply", "aborted"}}
	for _, w := range want {
		rep := c.recv("shell", 5*time.Second)
		if rep.ParentMsgID() != w.id || rep.Header.MsgType != w.typ || content(t, rep)["status"] != w.status {
			t.Errorf("got %s %v, want %s %s", rep.Header.MsgType, content(t, rep)["status"], w.typ, w.status)
		}
	}
	got := types(c.iopubUntilIdle(first))
	if !slices.Equal(got, []string{"status:busy", "execute_input", "error", "status:idle"}) {
		t.Errorf("iopub = %v", got)
	}
	// After the abort, cells run again.
	execute(c, "value 5", map[string]any{"stop_on_error": false})
	if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "ok" {
		t.Errorf("after abort: %v", v)
	}
}

// TestBadSignatureChangesNothing: badly signed and unsigned requests are
// dropped. Shell requests are handled in order, so had either been
// accepted, its reply and its iopub messages would come before those of
// the request sent after them: no waiting for something not to happen.
func TestBadSignatureChangesNothing(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	m := c.build("execute_request", map[string]any{"code": "print evil", "silent": false})
	frames := c.signer.Encode(m)
	frames[1] = []byte("00" + string(frames[1][2:])) // corrupt the signature
	c.sendMsg("shell", frames)
	frames[1] = nil // and a missing one
	c.sendMsg("shell", frames)
	req := execute(c, "value 1", nil)
	rep := c.recv("shell", 5*time.Second)
	if v := content(t, rep); rep.ParentMsgID() != req.Header.MsgID || v["execution_count"] != 1.0 {
		t.Errorf("first reply after forged messages: parent %s, %v; want the reply to %s with count 1",
			rep.ParentMsgID(), v, req.Header.MsgID)
	}
	for {
		m := c.recv("iopub", 5*time.Second)
		if m.ParentMsgID() != req.Header.MsgID {
			t.Fatalf("iopub %s %s parented to %s, not to the genuine request", m.Header.MsgType, m.Content, m.ParentMsgID())
		}
		if m.Header.MsgType == "status" && content(t, m)["execution_state"] == "idle" {
			break
		}
	}
}

func TestInterrupt(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	req := execute(c, "print start\nsleep", nil)
	// Wait until the cell runs, then interrupt on control.
	for {
		m := c.recv("iopub", 5*time.Second)
		if m.Header.MsgType == "stream" {
			break
		}
	}
	c.send("control", "interrupt_request", map[string]any{})
	if r := c.recv("control", 5*time.Second); r.Header.MsgType != "interrupt_reply" || content(t, r)["status"] != "ok" {
		t.Fatalf("interrupt reply %s %v", r.Header.MsgType, content(t, r))
	}
	rep := c.recv("shell", 5*time.Second)
	if v := content(t, rep); rep.ParentMsgID() != req.Header.MsgID || v["ename"] != "Interrupted" {
		t.Errorf("reply after interrupt %v", v)
	}
}

func TestShutdown(t *testing.T) {
	// On control without restart, then on shell with restart.
	for _, restart := range []bool{false, true} {
		ch := "control"
		if restart {
			ch = "shell"
		}
		s, ci := startFake(t)
		c := dial(t, ci)
		req := c.send(ch, "shutdown_request", map[string]any{"restart": restart})
		r := c.recv(ch, 5*time.Second)
		if v := content(t, r); r.Header.MsgType != "shutdown_reply" || v["status"] != "ok" || v["restart"] != restart {
			t.Errorf("shutdown reply %s %v", r.Header.MsgType, v)
		}
		if got := types(c.iopubUntilIdle(req)); !slices.Equal(got, []string{"status:busy", "status:idle"}) {
			t.Errorf("iopub = %v", got)
		}
		select {
		case <-s.Done():
		case <-time.After(5 * time.Second):
			t.Fatal("session not done after shutdown")
		}
		if !s.flushed.Load() {
			t.Error("shutdown did not confirm iopub delivery of the final status")
		}
	}
}

func TestHistory(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	codes := []string{"value 1", "print a", "value 12", "value 1"}
	for _, code := range codes {
		execute(c, code, nil)
		c.recv("shell", 5*time.Second)
	}
	hist := func(q map[string]any) []any {
		q["raw"] = true
		c.send("shell", "history_request", q)
		r := c.recv("shell", 5*time.Second)
		v := content(t, r)
		if v["status"] != "ok" {
			t.Fatalf("history %v", v)
		}
		return v["history"].([]any)
	}
	h := hist(map[string]any{"hist_access_type": "tail", "n": 2, "output": false})
	if len(h) != 2 || h[0].([]any)[1] != 3.0 || h[0].([]any)[2] != "value 12" || h[1].([]any)[1] != 4.0 {
		t.Errorf("tail 2 = %v", h)
	}
	h = hist(map[string]any{"hist_access_type": "range", "session": 0, "start": 2, "stop": 4, "output": true})
	if len(h) != 2 || h[0].([]any)[1] != 2.0 {
		t.Fatalf("range = %v", h)
	}
	if io := h[0].([]any)[2].([]any); io[0] != "print a" || io[1] != nil {
		t.Errorf("range[0] with output = %v", io)
	}
	if io := h[1].([]any)[2].([]any); io[0] != "value 12" || io[1] != "12" {
		t.Errorf("range[1] with output = %v", io)
	}
	if h = hist(map[string]any{"hist_access_type": "search", "pattern": "value 1*", "output": false}); len(h) != 3 {
		t.Errorf("search = %v", h)
	}
	if h = hist(map[string]any{"hist_access_type": "search", "pattern": "value 1*", "unique": true, "output": false}); len(h) != 2 || h[1].([]any)[1] != 4.0 {
		t.Errorf("search unique = %v", h)
	}
	if h = hist(map[string]any{"hist_access_type": "search", "pattern": "value ?", "n": 1, "output": false}); len(h) != 1 || h[0].([]any)[1] != 4.0 {
		t.Errorf("search n=1 = %v", h)
	}
}

func TestCommAndUnknown(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	req := c.send("shell", "comm_open", map[string]any{"comm_id": "abc", "target_name": "jupyter.widget", "data": map[string]any{}})
	msgs := c.iopubUntilIdle(req)
	if got := types(msgs); !slices.Equal(got, []string{"status:busy", "comm_close", "status:idle"}) {
		t.Fatalf("comm_open iopub = %v", got)
	}
	if v := content(t, msgs[1]); v["comm_id"] != "abc" {
		t.Errorf("comm_close = %v", v)
	}
	for _, typ := range []string{"comm_msg", "comm_close", "no_such_request"} {
		req := c.send("shell", typ, map[string]any{"comm_id": "abc", "data": map[string]any{}})
		c.iopubUntilIdle(req)
	}
	c.send("shell", "comm_info_request", map[string]any{})
	if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "ok" || len(v["comms"].(map[string]any)) != 0 {
		t.Errorf("comm_info = %v", v)
	}
	// A frame sequence that is not a Jupyter message at all.
	c.sendMsg("shell", [][]byte{[]byte("garbage")})
	c.send("shell", "kernel_info_request", map[string]any{})
	if r := c.recv("shell", 5*time.Second); r.Header.MsgType != "kernel_info_reply" {
		t.Errorf("after junk: %s", r.Header.MsgType)
	}
}

func TestCompleteInspectIsComplete(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	c.send("shell", "complete_request", map[string]any{"code": "x := fmt.Pr", "cursor_pos": 11})
	v := content(t, c.recv("shell", 5*time.Second))
	if v["status"] != "ok" || len(v["matches"].([]any)) != 2 || v["cursor_start"] != 5.0 || v["cursor_end"] != 11.0 {
		t.Errorf("complete = %v", v)
	}
	c.send("shell", "inspect_request", map[string]any{"code": "fmt.Println", "cursor_pos": 5, "detail_level": 0})
	if v := content(t, c.recv("shell", 5*time.Second)); v["found"] != true || v["data"].(map[string]any)["text/plain"] == nil {
		t.Errorf("inspect = %v", v)
	}
	c.send("shell", "is_complete_request", map[string]any{"code": "for {"})
	if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "incomplete" || v["indent"] != "\t" {
		t.Errorf("is_complete = %v", v)
	}
}

func TestStdin(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	req := execute(c, "input name?", map[string]any{"allow_stdin": true})
	ir := c.recv("stdin", 5*time.Second)
	if v := content(t, ir); ir.Header.MsgType != "input_request" || v["prompt"] != "name?" || ir.ParentMsgID() != req.Header.MsgID {
		t.Fatalf("input_request %s %v", ir.Header.MsgType, v)
	}
	c.send("stdin", "input_reply", map[string]any{"value": "Ada"})
	if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "ok" {
		t.Fatalf("reply %v", v)
	}
	msgs := c.iopubUntilIdle(req)
	if v := content(t, msgs[2]); v["text"] != "got Ada\n" {
		t.Errorf("stream = %v", v)
	}
	// Without allow_stdin, Input fails and no request is sent: the next
	// input_request on stdin is the next cell's.
	execute(c, "input again?", nil)
	if v := content(t, c.recv("shell", 5*time.Second)); v["ename"] != "InputError" {
		t.Errorf("no-stdin reply = %v", v)
	}
	third := execute(c, "input third?", map[string]any{"allow_stdin": true})
	if ir := c.recv("stdin", 5*time.Second); ir.ParentMsgID() != third.Header.MsgID || content(t, ir)["prompt"] != "third?" {
		t.Errorf("stdin got %s %v, want the third cell's input_request", ir.Header.MsgType, content(t, ir))
	}
	c.send("stdin", "input_reply", map[string]any{"value": "x"})
	c.recv("shell", 5*time.Second)
}

func TestGlob(t *testing.T) {
	cases := []struct {
		p, s string
		ok   bool
	}{
		{"*", "", true}, {"a*", "abc", true}, {"a?c", "abc", true}, {"a?c", "ac", false},
		{"*b*", "abc", true}, {"*x*", "abc", false}, {"[ab]c", "bc", true}, {"[^ab]c", "bc", false},
		{"[a-c]x", "bx", true}, {"[a-c]x", "dx", false}, {"1?2*", "1+2", true}, {"1?2*", "1+3", false},
		{"a/b*", "a/bc", true}, {"A*", "abc", false}, {"[", "[", true}, {"[]]", "]", true},
	}
	for _, c := range cases {
		if got := globMatch(c.p, c.s); got != c.ok {
			t.Errorf("globMatch(%q, %q) = %v", c.p, c.s, got)
		}
	}
}

func TestConnectionErrors(t *testing.T) {
	ci := testConn(t)
	ci.SignatureScheme = "hmac-md5"
	if _, err := Start(Config{Conn: ci}); err == nil {
		t.Error("hmac-md5 accepted")
	}
	ci = testConn(t)
	s, err := Start(Config{Conn: ci, NewEngine: func() (Engine, error) { return newFake(), nil }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := Start(Config{Conn: ci}); err == nil {
		t.Error("second kernel on the same ports started")
	}
}

// TestRequestAfterErrorRuns: a request sent after the client has seen an
// error reply is not aborted, however quickly it follows.
func TestRequestAfterErrorRuns(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	for i := range 50 {
		execute(c, "error boom", nil)
		if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "error" {
			t.Fatalf("round %d: error cell replied %v", i, v)
		}
		execute(c, "value 1", nil)
		if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "ok" {
			t.Fatalf("round %d: cell sent after the error reply got %v", i, v)
		}
	}
}

// TestHandlerPanic: a panicking handler yields an error reply and idle, and
// the kernel keeps serving.
func TestHandlerPanic(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	req := c.send("shell", "complete_request", map[string]any{"code": "panic", "cursor_pos": 5})
	r := c.recv("shell", 5*time.Second)
	if v := content(t, r); r.Header.MsgType != "complete_reply" || v["status"] != "error" || v["ename"] != "InternalError" {
		t.Errorf("reply %s %v", r.Header.MsgType, v)
	}
	c.iopubUntilIdle(req)
	execute(c, "value 1", nil)
	if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "ok" {
		t.Errorf("after panic: %v", v)
	}
}

// executeAt builds an execute_request dated at date (the client's clock).
func executeAt(c *client, code string, date time.Time, extra map[string]any) *wire.Message {
	ct := map[string]any{"code": code, "silent": false, "store_history": true, "user_expressions": map[string]any{},
		"allow_stdin": false, "stop_on_error": true}
	for k, v := range extra {
		ct[k] = v
	}
	m := c.build("execute_request", ct)
	m.Header.Date = date.UTC().Format("2006-01-02T15:04:05.000000Z")
	return m
}

// TestAbortQueuedThatArriveLate: requests the client created before the
// error are aborted even when they reach the kernel after the error reply
// (the race "run all" met under load: [error, aborted, ok]); the first
// request created after the error runs. No timing is involved: the late
// requests are sent only once the error reply is in.
func TestAbortQueuedThatArriveLate(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	before := time.Now()
	first := c.build("execute_request", map[string]any{"code": "error boom", "silent": false, "stop_on_error": true})
	second := executeAt(c, "print never", before, nil)
	third := executeAt(c, "print never", before, nil)
	c.sendMsg("shell", c.signer.Encode(first))
	if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "error" {
		t.Fatalf("first reply %v", v)
	}
	c.sendMsg("shell", c.signer.Encode(second))
	c.sendMsg("shell", c.signer.Encode(third))
	after := execute(c, "value 1", nil)
	for _, w := range []struct {
		m      *wire.Message
		status string
	}{{second, "aborted"}, {third, "aborted"}, {after, "ok"}} {
		rep := c.recv("shell", 5*time.Second)
		if rep.ParentMsgID() != w.m.Header.MsgID || content(t, rep)["status"] != w.status {
			t.Errorf("reply to %s: %v, want %s", w.m.Header.MsgID[:8], content(t, rep)["status"], w.status)
		}
	}
}

// TestAbortClientClockBehind: a client whose clock is 30 s behind the
// kernel's has the cells it sends after the error run (its dates are
// brought to the kernel's clock), and its queued cells aborted.
func TestAbortClientClockBehind(t *testing.T) {
	for _, skew := range []time.Duration{-30 * time.Second, 30 * time.Second} {
		_, ci := startFake(t)
		c := dial(t, ci)
		// A client session of its own (dial's requests were dated by the
		// true clock); the kernel learns its offset from its messages.
		c.session = wire.NewID()
		clock := func() time.Time { return time.Now().Add(skew) }
		for range 3 {
			m := c.build("kernel_info_request", map[string]any{})
			m.Header.Date = clock().UTC().Format("2006-01-02T15:04:05.000000Z")
			c.sendMsg("shell", c.signer.Encode(m))
			c.recv("shell", 5*time.Second)
		}
		first := executeAt(c, "error boom", clock(), nil)
		queued := executeAt(c, "print never", clock(), nil)
		c.sendMsg("shell", c.signer.Encode(first))
		if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "error" {
			t.Fatalf("skew %v: first reply %v", skew, v)
		}
		c.sendMsg("shell", c.signer.Encode(queued))
		next := executeAt(c, "value 1", clock(), nil)
		c.sendMsg("shell", c.signer.Encode(next))
		for _, w := range []struct {
			m      *wire.Message
			status string
		}{{queued, "aborted"}, {next, "ok"}} {
			rep := c.recv("shell", 5*time.Second)
			if rep.ParentMsgID() != w.m.Header.MsgID || content(t, rep)["status"] != w.status {
				t.Errorf("skew %v: reply %v, want %s", skew, content(t, rep)["status"], w.status)
			}
		}
	}
}

func TestUserExpressions(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	req := execute(c, "print cell", map[string]any{"user_expressions": map[string]any{
		"good": "value(42)", "bad": "fail(nope)", "stmt": "x = 1", "notstring": 7, "empty": " ",
	}})
	v := content(t, c.recv("shell", 5*time.Second))
	if v["status"] != "ok" {
		t.Fatalf("reply %v", v)
	}
	ue := v["user_expressions"].(map[string]any)
	if g := ue["good"].(map[string]any); g["status"] != "ok" || g["data"].(map[string]any)["text/plain"] != "42" || g["metadata"] == nil {
		t.Errorf("good = %v", g)
	}
	if b := ue["bad"].(map[string]any); b["status"] != "error" || b["ename"] != "FakeError" || b["evalue"] != "nope" || len(b["traceback"].([]any)) == 0 {
		t.Errorf("bad = %v", b)
	}
	for _, k := range []string{"stmt", "notstring", "empty"} {
		if e := ue[k].(map[string]any); e["status"] != "error" || e["ename"] == "" || e["evalue"] == "" {
			t.Errorf("%s = %v", k, e)
		}
	}
	if len(ue) != 5 {
		t.Errorf("user_expressions has %d entries: %v", len(ue), ue)
	}
	c.iopubUntilIdle(req)
	// A failed cell evaluates none (ipykernel: {}).
	execute(c, "error boom", map[string]any{"user_expressions": map[string]any{"good": "value(1)"}, "stop_on_error": false})
	if v := content(t, c.recv("shell", 5*time.Second)); len(v["user_expressions"].(map[string]any)) != 0 {
		t.Errorf("after an error: %v", v["user_expressions"])
	}
	// Not an object: a clear error, the cell does not run.
	execute(c, "print never", map[string]any{"user_expressions": []any{"x"}})
	if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "error" || !strings.Contains(v["evalue"].(string), "an array") {
		t.Errorf("array user_expressions: %v", v)
	}
}
