package session

import (
	"context"
	"encoding/json"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/gophernote/gophernote/kernel/wire"
)

// freePorts returns n distinct free TCP ports on 127.0.0.1.
func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var ls []net.Listener
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

func testConn(t testing.TB) ConnectionInfo {
	p := freePorts(t, 5)
	return ConnectionInfo{
		Transport: "tcp", IP: "127.0.0.1",
		ShellPort: p[0], IOPubPort: p[1], StdinPort: p[2], ControlPort: p[3], HBPort: p[4],
		SignatureScheme: "hmac-sha256", Key: "test-key-" + strconv.Itoa(p[0]),
	}
}

// client is a minimal Jupyter client over zmq4: DEALER shell/control/stdin
// (sharing one identity, as jupyter_client does), SUB iopub, REQ hb.
type client struct {
	t       testing.TB
	signer  *wire.Signer
	session string
	socks   map[string]zmq4.Socket
	in      map[string]chan *wire.Message
	cancel  context.CancelFunc
}

func dial(t testing.TB, ci ConnectionInfo) *client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	signer, err := wire.NewSigner(ci.SignatureScheme, []byte(ci.Key))
	if err != nil {
		t.Fatal(err)
	}
	c := &client{t: t, signer: signer, session: wire.NewID(), cancel: cancel,
		socks: map[string]zmq4.Socket{}, in: map[string]chan *wire.Message{}}
	id := zmq4.WithID(zmq4.SocketIdentity("client-" + c.session[:8]))
	for name, port := range map[string]int{"shell": ci.ShellPort, "control": ci.ControlPort, "stdin": ci.StdinPort} {
		s := zmq4.NewDealer(ctx, id)
		if err := s.Dial(ci.Endpoint(port)); err != nil {
			t.Fatalf("dial %s: %v", name, err)
		}
		c.socks[name] = s
	}
	sub := zmq4.NewSub(ctx)
	if err := sub.Dial(ci.Endpoint(ci.IOPubPort)); err != nil {
		t.Fatal(err)
	}
	if err := sub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	c.socks["iopub"] = sub
	for name, s := range c.socks {
		ch := make(chan *wire.Message, 1000)
		c.in[name] = ch
		go func() {
			for {
				raw, err := s.Recv()
				if err != nil {
					return
				}
				m, err := c.signer.Decode(raw.Frames)
				if err != nil {
					t.Errorf("%s: kernel sent an undecodable message: %v", name, err)
					continue
				}
				ch <- m
			}
		}()
	}
	t.Cleanup(c.close)
	c.waitIOPub()
	return c
}

func (c *client) close() {
	for _, s := range c.socks {
		s.Close()
	}
	c.cancel()
}

// waitIOPub sends kernel_info requests until iopub delivers the idle
// status of one of them, then drops everything received so far. A
// subscription takes effect some time after the connection (ZeroMQ's slow
// joiner): a request whose status went out before then is never seen on
// iopub, and another one is sent. Once the idle of the last request has
// arrived, the kernel has published nothing after it (iopub delivers in
// order), so nothing stale can arrive later.
func (c *client) waitIOPub() {
	deadline := time.Now().Add(60 * time.Second)
	for wait := 100 * time.Millisecond; time.Now().Before(deadline); wait = min(2*wait, 2*time.Second) {
		req := c.send("shell", "kernel_info_request", map[string]any{})
		c.recv("shell", 30*time.Second)
		retry := time.After(wait)
		for again := false; !again; {
			select {
			case m := <-c.in["iopub"]:
				if m.ParentMsgID() == req.Header.MsgID && m.Header.MsgType == "status" &&
					content(c.t, m)["execution_state"] == "idle" {
					c.drain()
					return
				}
			case <-retry:
				again = true
			}
		}
	}
	c.t.Fatal("iopub never delivered a status message")
}

func (c *client) drain() {
	for _, ch := range c.in {
		for len(ch) > 0 {
			<-ch
		}
	}
}

func (c *client) build(msgType string, content any) *wire.Message {
	m, err := wire.New(c.session, msgType, content, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	return m
}

func (c *client) send(channel, msgType string, content any) *wire.Message {
	m := c.build(msgType, content)
	c.sendMsg(channel, c.signer.Encode(m))
	return m
}

func (c *client) sendMsg(channel string, frames [][]byte) {
	if err := c.socks[channel].Send(zmq4.NewMsgFrom(frames...)); err != nil {
		c.t.Fatalf("send on %s: %v", channel, err)
	}
}

func (c *client) recv(channel string, timeout time.Duration) *wire.Message {
	c.t.Helper()
	select {
	case m := <-c.in[channel]:
		return m
	case <-time.After(timeout):
		c.t.Fatalf("no message on %s within %v", channel, timeout)
		return nil
	}
}

// none asserts that nothing arrives on channel within d.
func (c *client) none(channel string, d time.Duration) {
	c.t.Helper()
	select {
	case m := <-c.in[channel]:
		c.t.Fatalf("unexpected %s on %s: %s", m.Header.MsgType, channel, m.Content)
	case <-time.After(d):
	}
}

// iopubUntilIdle collects iopub messages for parent until its idle status.
// Messages for other requests (e.g. an interrupt_request on control) are
// skipped; a message of parent's sent with a wrong parent shows up as
// missing from the result.
func (c *client) iopubUntilIdle(parent *wire.Message) []*wire.Message {
	c.t.Helper()
	var out []*wire.Message
	for {
		m := c.recv("iopub", 10*time.Second)
		if m.ParentMsgID() != parent.Header.MsgID {
			continue
		}
		out = append(out, m)
		if m.Header.MsgType == "status" && content(c.t, m)["execution_state"] == "idle" {
			return out
		}
	}
}

func content(t testing.TB, m *wire.Message) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(m.Content, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func types(ms []*wire.Message) []string {
	var out []string
	for _, m := range ms {
		s := m.Header.MsgType
		if s == "status" {
			var c struct {
				S string `json:"execution_state"`
			}
			json.Unmarshal(m.Content, &c)
			s += ":" + c.S
		}
		out = append(out, s)
	}
	return out
}
