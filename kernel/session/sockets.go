package session

import (
	"context"
	"fmt"
	"net"
	"os"
	"sync"
	"time"

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

// sockets holds the five kernel channels: zmq4 sockets, and iopub, the
// kernel's own PUB (pub.go).
type sockets struct {
	shell, control, stdin, hb *channel
	iopub                     *publisher
}

// bind creates and binds all five sockets, closing those already bound on
// error. The error names the channel and endpoint (e.g. a port in use).
// queue and logf configure iopub.
func bind(ctx context.Context, ci ConnectionInfo, listener func(int) net.Listener, queue int, stall time.Duration, logf func(string, ...any)) (*sockets, error) {
	var pub *publisher
	closePub := func() {
		if pub != nil {
			pub.close()
		}
	}
	specs := []struct {
		name string
		port int
		mk   func(context.Context, ...zmq4.Option) zmq4.Socket
	}{
		// Shell first: a client's first kernel_info_request goes there,
		// and a connect that arrives before the bind costs the client a
		// reconnect interval (100-200 ms in libzmq).
		{"shell", ci.ShellPort, zmq4.NewRouter},
		{"iopub", ci.IOPubPort, nil},
		{"control", ci.ControlPort, zmq4.NewRouter},
		{"stdin", ci.StdinPort, zmq4.NewRouter},
		{"hb", ci.HBPort, zmq4.NewRep},
	}
	var done []*channel
	for _, sp := range specs {
		ep := ci.Endpoint(sp.port)
		var pre net.Listener
		if listener != nil && ci.Transport == "tcp" {
			pre = listener(sp.port)
		}
		if sp.mk == nil { // iopub
			var err error
			if pre != nil {
				pub = newPublisher(pre, queue, stall, logf)
			} else if pub, err = listenPub(ep, queue, stall, logf); err != nil {
				for _, c := range done {
					c.sock.Close()
				}
				return nil, fmt.Errorf("cannot bind %s channel to %s: %v", sp.name, ep, err)
			}
			continue
		}
		sock := sp.mk(ctx)
		listenEP := ep
		if pre != nil {
			listenEP = prebound.endpoint(pre)
		}
		if err := sock.Listen(listenEP); err != nil {
			sock.Close()
			for _, c := range done {
				c.sock.Close()
			}
			closePub()
			return nil, fmt.Errorf("cannot bind %s channel to %s: %v", sp.name, ep, err)
		}
		done = append(done, &channel{name: sp.name, sock: sock})
	}
	return &sockets{shell: done[0], control: done[1], stdin: done[2], hb: done[3], iopub: pub}, nil
}

func (s *sockets) close() {
	for _, c := range []*channel{s.shell, s.control, s.stdin, s.hb} {
		c.sock.Close()
	}
	s.iopub.close()
}

// removeSocketFile removes an ipc endpoint's socket file.
func removeSocketFile(path string) { os.Remove(path) }

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
