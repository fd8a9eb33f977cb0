package session

import (
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/security/null"

	"github.com/gophernote/gophernote/kernel/wire"
)

// TestPreboundListeners: clients that connected to listeners opened before
// the session started are served once it does. The clients' TCP
// connections are made before Start (they complete in the listen
// backlog); their ZMTP handshakes, with zmq4.Open, wait for the session.
func TestPreboundListeners(t *testing.T) {
	ci := testConn(t)
	ls := map[int]net.Listener{}
	for _, p := range []int{ci.ShellPort, ci.IOPubPort, ci.StdinPort, ci.ControlPort, ci.HBPort} {
		l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p))
		if err != nil {
			t.Fatal(err)
		}
		ls[p] = l
	}
	type opened struct {
		c   *zmq4.Conn
		err error
	}
	connect := func(port int, typ zmq4.SocketType) <-chan opened {
		raw, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { raw.Close() })
		ch := make(chan opened, 1)
		go func() {
			c, err := zmq4.Open(raw, null.Security(), typ, zmq4.SocketIdentity("prebound-"+string(typ)), false, nil)
			ch <- opened{c, err}
		}()
		return ch
	}
	shellCh := connect(ci.ShellPort, zmq4.Dealer)
	iopubCh := connect(ci.IOPubPort, zmq4.Sub)

	taken := map[int]bool{}
	s, err := Start(Config{Conn: ci, NewEngine: func() (Engine, error) { return newFake(), nil },
		Listener: func(p int) net.Listener { taken[p] = true; return ls[p] }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if len(taken) != 5 {
		t.Errorf("session asked for %d prebound listeners, want 5", len(taken))
	}
	shell, iopub := <-shellCh, <-iopubCh
	if shell.err != nil || iopub.err != nil {
		t.Fatalf("handshakes: shell %v, iopub %v", shell.err, iopub.err)
	}
	if err := iopub.c.SendMsg(zmq4.NewMsg([]byte{1})); err != nil { // subscribe to everything
		t.Fatal(err)
	}
	signer, _ := wire.NewSigner(ci.SignatureScheme, []byte(ci.Key))
	// Until iopub delivers a status of one request (the subscription
	// takes effect once the kernel has read it; a request before then is
	// not seen there, and another is sent).
	got := make(chan *wire.Message, 100)
	go func() {
		for {
			raw, err := iopub.c.RecvMsg()
			if err != nil {
				close(got)
				return
			}
			m, _ := signer.Decode(raw.Frames)
			got <- m
		}
	}()
	for {
		req, _ := wire.New("client", "kernel_info_request", map[string]any{}, nil)
		if err := shell.c.SendMsg(zmq4.NewMsgFrom(signer.Encode(req)...)); err != nil {
			t.Fatal(err)
		}
		raw, err := shell.c.RecvMsg()
		if err != nil {
			t.Fatal(err)
		}
		if m, err := signer.Decode(raw.Frames); err != nil || m.Header.MsgType != "kernel_info_reply" || m.ParentMsgID() != req.Header.MsgID {
			t.Fatalf("reply %+v %v", m, err)
		}
		retry := time.After(200 * time.Millisecond)
		for again := false; !again; {
			select {
			case m, ok := <-got:
				if !ok || m == nil || m.Header.MsgType != "status" {
					t.Fatalf("iopub %+v", m)
				}
				if m.ParentMsgID() == req.Header.MsgID {
					return
				}
			case <-retry:
				again = true
			}
		}
	}
}
