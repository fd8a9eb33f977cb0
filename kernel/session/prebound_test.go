package session

import (
	"context"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/gophernote/gophernote/kernel/wire"
)

// TestPreboundListeners: a client that connects to listeners opened before
// the session starts is served once it does.
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
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	shell := zmq4.NewDealer(ctx)
	defer shell.Close()
	dialed := make(chan error, 1)
	go func() { dialed <- shell.Dial(ci.Endpoint(ci.ShellPort)) }()
	time.Sleep(50 * time.Millisecond) // the client is in the backlog, unanswered

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
	if err := <-dialed; err != nil {
		t.Fatalf("dial: %v", err)
	}
	signer, _ := wire.NewSigner(ci.SignatureScheme, []byte(ci.Key))
	req, _ := wire.New("client", "kernel_info_request", map[string]any{}, nil)
	if err := shell.Send(zmq4.NewMsgFrom(signer.Encode(req)...)); err != nil {
		t.Fatal(err)
	}
	got := make(chan *wire.Message, 1)
	go func() {
		raw, err := shell.Recv()
		if err != nil {
			got <- nil
			return
		}
		m, _ := signer.Decode(raw.Frames)
		got <- m
	}()
	select {
	case m := <-got:
		if m == nil || m.Header.MsgType != "kernel_info_reply" || m.ParentMsgID() != req.Header.MsgID {
			t.Fatalf("reply %+v", m)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no kernel_info_reply on the prebound shell socket")
	}
}
