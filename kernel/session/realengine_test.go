package session

import (
	"slices"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/engine"
)

// realEngine is Config.NewEngine for the real yaegi engine.
func realEngine() (Engine, error) {
	e, err := engine.New(engine.Options{})
	if err != nil {
		return nil, err // not a nil *engine.Engine in a non-nil Engine
	}
	return e, nil
}

// startReal runs the session configured by cfg (its Conn and NewEngine set
// here) on the real yaegi engine.
func startReal(t *testing.T, cfg Config) (*Session, ConnectionInfo) {
	t.Helper()
	cfg.Conn, cfg.NewEngine = testConn(t), realEngine
	s, err := Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s, cfg.Conn
}

func TestRealEngineExecute(t *testing.T) {
	_, ci := startReal(t, Config{})
	c := dial(t, ci)
	code := "import \"fmt\"\nfmt.Println(\"hi from yaegi\")\n40 + 2"
	req := execute(c, code, nil)
	if v := content(t, c.recv("shell", 30*time.Second)); v["status"] != "ok" || v["execution_count"] != 1.0 {
		t.Fatalf("reply %v", v)
	}
	msgs := c.iopubUntilIdle(req)
	if got := types(msgs); !slices.Equal(got, []string{"status:busy", "execute_input", "stream", "execute_result", "status:idle"}) {
		t.Fatalf("iopub = %v", got)
	}
	if v := content(t, msgs[2]); v["text"] != "hi from yaegi\n" {
		t.Errorf("stream = %v", v)
	}
	if v := content(t, msgs[3]); v["data"].(map[string]any)["text/plain"] != "42" {
		t.Errorf("result = %v", v)
	}
	// A compile error is an error reply and one error output.
	req = execute(c, "var bad int = \"x\"", nil)
	if v := content(t, c.recv("shell", 30*time.Second)); v["status"] != "error" || v["ename"] == "" {
		t.Errorf("error reply %v", v)
	}
	if got := types(c.iopubUntilIdle(req)); !slices.Equal(got, []string{"status:busy", "execute_input", "error", "status:idle"}) {
		t.Errorf("error iopub = %v", got)
	}
}

func TestRealEngineInterruptAndStdin(t *testing.T) {
	_, ci := startReal(t, Config{})
	c := dial(t, ci)
	req := execute(c, "import \"fmt\"\nfmt.Println(\"looping\")\nfor {\n}", nil)
	for {
		if m := c.recv("iopub", 30*time.Second); m.Header.MsgType == "stream" {
			break
		}
	}
	c.send("control", "interrupt_request", map[string]any{})
	c.recv("control", 5*time.Second)
	rep := c.recv("shell", 10*time.Second)
	if v := content(t, rep); rep.ParentMsgID() != req.Header.MsgID || v["ename"] != "Interrupted" {
		t.Fatalf("after interrupt: %v", v)
	}
	c.iopubUntilIdle(req)

	// The interpreter survives the interrupt and reads stdin.
	req = execute(c, "var name string\nfmt.Scanln(&name)\nfmt.Println(\"hello\", name)", map[string]any{"allow_stdin": true})
	ir := c.recv("stdin", 30*time.Second)
	if ir.Header.MsgType != "input_request" {
		t.Fatalf("got %s on stdin", ir.Header.MsgType)
	}
	c.send("stdin", "input_reply", map[string]any{"value": "Gopher"})
	if v := content(t, c.recv("shell", 30*time.Second)); v["status"] != "ok" {
		t.Fatalf("reply %v", v)
	}
	msgs := c.iopubUntilIdle(req)
	var text string
	for _, m := range msgs {
		if m.Header.MsgType == "stream" {
			text += content(t, m)["text"].(string)
		}
	}
	if text != "hello Gopher\n" {
		t.Errorf("stdout %q", text)
	}
}
