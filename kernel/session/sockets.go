package session

import (
	"context"
	"fmt"
	"net"
	"sync"

	"github.com/go-zeromq/zmq4"

	"github.com/gophernote/gophernote/kernel/wire"
)

// channel is one bound ZeroMQ socket with its own send lock.
type channel struct {
	name string
	mu   sync.Mutex
	sock zmq4.Socket
}

func (c *channel) send(frames [][]byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.sock.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		return fmt.Errorf("%s: send: %w", c.name, err)
	}
	return nil
}

// sockets holds the five kernel channels.
type sockets struct {
	shell, control, stdin, iopub, hb *channel
}

// bind creates and binds all five sockets, closing those already bound on
// error. The error names the channel and endpoint (e.g. a port in use).
func bind(ctx context.Context, ci ConnectionInfo, listener func(int) net.Listener) (*sockets, error) {
	specs := []struct {
		name string
		port int
		mk   func(context.Context, ...zmq4.Option) zmq4.Socket
	}{
		// Shell first: a client's first kernel_info_request goes there,
		// and a connect that arrives before the bind costs the client a
		// reconnect interval (100-200 ms in libzmq).
		{"shell", ci.ShellPort, zmq4.NewRouter},
		{"iopub", ci.IOPubPort, zmq4.NewPub},
		{"control", ci.ControlPort, zmq4.NewRouter},
		{"stdin", ci.StdinPort, zmq4.NewRouter},
		{"hb", ci.HBPort, zmq4.NewRep},
	}
	var done []*channel
	for _, sp := range specs {
		sock := sp.mk(ctx)
		ep := ci.Endpoint(sp.port)
		listenEP := ep
		if listener != nil && ci.Transport == "tcp" {
			if l := listener(sp.port); l != nil {
				listenEP = prebound.endpoint(l)
			}
		}
		if err := sock.Listen(listenEP); err != nil {
			sock.Close()
			for _, c := range done {
				c.sock.Close()
			}
			return nil, fmt.Errorf("cannot bind %s channel to %s: %v", sp.name, ep, err)
		}
		done = append(done, &channel{name: sp.name, sock: sock})
	}
	return &sockets{shell: done[0], iopub: done[1], control: done[2], stdin: done[3], hb: done[4]}, nil
}

func (s *sockets) close() {
	for _, c := range []*channel{s.shell, s.control, s.stdin, s.hb, s.iopub} {
		c.sock.Close()
	}
}

// recv reads the next message from a ROUTER channel, decoding and checking
// its signature. It returns (nil, nil) for a message that was dropped (and
// logged) and a non-nil error only when the socket is closed.
func (s *Session) recv(c *channel) (*wire.Message, error) {
	raw, err := c.sock.Recv()
	if err != nil {
		return nil, err
	}
	m, err := s.signer.Decode(raw.Frames)
	if err != nil {
		s.logf("%s: dropped message: %v", c.name, err)
		return nil, nil
	}
	return m, nil
}

// heartbeat echoes every ping on the hb REP socket until it is closed.
func heartbeat(c *channel) {
	for {
		msg, err := c.sock.Recv()
		if err != nil {
			return
		}
		c.mu.Lock()
		err = c.sock.Send(msg)
		c.mu.Unlock()
		if err != nil {
			return
		}
	}
}
