package session

import (
	"context"
	"fmt"
	"net"
	"sync"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/transport"
)

// preboundScheme is a zmq4 transport whose Listen hands out TCP listeners
// opened before the session started (see Config.Listener); their
// connections coalesce zmq4's per-frame writes (coalesce.go).
const preboundScheme = "gophernote-prebound"

type preboundTransport struct {
	mu sync.Mutex
	ls map[string]net.Listener // by "ip:port"
}

var prebound = &preboundTransport{ls: map[string]net.Listener{}}

func init() {
	if err := zmq4.RegisterTransport(preboundScheme, prebound); err != nil {
		panic(err)
	}
}

// endpoint registers l and returns the zmq4 endpoint that listens on it.
func (t *preboundTransport) endpoint(l net.Listener) string {
	addr := l.Addr().String()
	t.mu.Lock()
	t.ls[addr] = l
	t.mu.Unlock()
	return preboundScheme + "://" + addr
}

func (t *preboundTransport) Listen(_ context.Context, addr string) (net.Listener, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	l, ok := t.ls[addr]
	if !ok {
		return nil, fmt.Errorf("no prebound listener for %s", addr)
	}
	delete(t.ls, addr)
	return coalesceListener{l}, nil
}

func (t *preboundTransport) Dial(ctx context.Context, d transport.Dialer, addr string) (net.Conn, error) {
	return d.DialContext(ctx, "tcp", addr)
}

func (t *preboundTransport) Addr(ep string) (string, error) { return ep, nil }
