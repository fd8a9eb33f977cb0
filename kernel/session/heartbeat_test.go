package session

import (
	"context"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// TestHeartbeat: the hb REP socket echoes each ping, including while a
// cell runs.
func TestHeartbeat(t *testing.T) {
	_, ci := startFake(t)
	c := dial(t, ci)
	execute(c, "sleep", nil) // keeps the worker busy for the whole test
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req := zmq4.NewReq(ctx)
	defer req.Close()
	if err := req.Dial(ci.Endpoint(ci.HBPort)); err != nil {
		t.Fatal(err)
	}
	for _, ping := range []string{"ping-1", "ping-2", "\x00binary\xff"} {
		done := make(chan zmq4.Msg, 1)
		go func() {
			if err := req.Send(zmq4.NewMsgString(ping)); err != nil {
				t.Error(err)
				return
			}
			m, err := req.Recv()
			if err != nil {
				t.Error(err)
				return
			}
			done <- m
		}()
		select {
		case m := <-done:
			if len(m.Frames) != 1 || string(m.Frames[0]) != ping {
				t.Errorf("heartbeat echoed %q, want %q", m.Frames, ping)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no heartbeat echo for %q", ping)
		}
	}
}
