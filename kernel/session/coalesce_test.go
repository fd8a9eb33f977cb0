package session

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// tcpPair returns both ends of a loopback TCP connection, the server end
// wrapped as the prebound listener wraps it.
func tcpPair(t *testing.T) (*coalesceConn, net.Conn) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	cl := coalesceListener{l}
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := cl.Accept()
		if err != nil {
			accepted <- nil
			return
		}
		accepted <- c
	}()
	peer, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c := <-accepted
	if c == nil {
		t.Fatal("accept failed")
	}
	t.Cleanup(func() { c.Close(); peer.Close() })
	return c.(*coalesceConn), peer
}

// Every byte arrives, in order, whatever the sizes of the writes.
func TestCoalesceOrderAndCompleteness(t *testing.T) {
	c, peer := tcpPair(t)
	r := rand.New(rand.NewPCG(1, 2))
	var want bytes.Buffer
	for i := 0; i < 5000; i++ {
		n := r.IntN(300)
		if i%97 == 0 {
			n = 70000 // some long frames too
		}
		b := make([]byte, n)
		for k := range b {
			b[k] = byte(r.Uint32())
		}
		want.Write(b)
		if m, err := c.Write(b); err != nil || m != n {
			t.Fatalf("write %d: %d, %v", i, m, err)
		}
	}
	got := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(peer)
		got <- b
	}()
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if b := <-got; !bytes.Equal(b, want.Bytes()) {
		t.Fatalf("received %d bytes, want %d (first difference matters: order or loss)", len(b), want.Len())
	}
}

// Close sends what is still buffered, then closes: the peer reads every
// byte and then EOF; writes after Close fail.
func TestCoalesceCloseFlushes(t *testing.T) {
	c, peer := tcpPair(t)
	msg := bytes.Repeat([]byte("frame"), 1000)
	for i := 0; i < 10; i++ {
		c.Write(msg)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(peer)
	if err != nil || len(b) != 10*len(msg) {
		t.Fatalf("read %d bytes (%v), want %d", len(b), err, 10*len(msg))
	}
	if _, err := c.Write(msg); !errors.Is(err, net.ErrClosed) {
		t.Errorf("write after close: %v", err)
	}
	if err := c.Close(); !errors.Is(err, net.ErrClosed) {
		t.Errorf("second close: %v", err)
	}
}

// A socket error reaches the sender: once the peer is gone, Write fails
// (it may take a write or two for TCP to report the reset).
func TestCoalesceReportsSocketErrors(t *testing.T) {
	c, peer := tcpPair(t)
	peer.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := c.Write(make([]byte, 4096)); err != nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("writes to a closed peer kept succeeding for 10 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Back-pressure: against a peer that does not read, Write blocks once the
// socket buffers and maxPending are full instead of queueing without
// bound; when the peer reads again, everything arrives. Close on a peer
// that never reads returns after closeFlushTimeout instead of hanging.
func TestCoalesceBackPressureAndStuckPeer(t *testing.T) {
	c, peer := tcpPair(t)
	const chunk = 64 << 10
	const total = 64 << 20
	var written atomic.Int64
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		b := make([]byte, chunk)
		for written.Load() < total {
			if _, err := c.Write(b); err != nil {
				return
			}
			written.Add(chunk)
		}
	}()
	// wait for the writer to stall
	last, stable := int64(-1), 0
	for i := 0; i < 500 && stable < 20; i++ {
		time.Sleep(10 * time.Millisecond)
		if w := written.Load(); w == last {
			stable++
		} else {
			last, stable = w, 0
		}
	}
	if w := written.Load(); w >= total {
		t.Fatalf("a peer that does not read took all %d bytes: no back-pressure", w)
	}
	// drain: the writer finishes and every byte arrives
	n, err := io.CopyN(io.Discard, peer, total)
	if err != nil || n != total {
		t.Fatalf("drained %d bytes: %v", n, err)
	}
	<-finished

	// a stuck peer: fill everything, then Close must give up. With 4 KB
	// socket buffers, once the writer has written maxPending (1 MiB),
	// nearly all of it is waiting and can never be sent.
	c2, peer2 := tcpPair(t)
	peer2.(*net.TCPConn).SetReadBuffer(4096)
	c2.Conn.(*net.TCPConn).SetWriteBuffer(4096)
	var written2 atomic.Int64
	go func() {
		b := make([]byte, chunk)
		for {
			if _, err := c2.Write(b); err != nil {
				return
			}
			written2.Add(chunk)
		}
	}()
	for deadline := time.Now().Add(30 * time.Second); written2.Load() < maxPending; {
		if time.Now().After(deadline) {
			t.Fatalf("only %d bytes written in 30 s", written2.Load())
		}
		time.Sleep(time.Millisecond)
	}
	closed := make(chan error, 1)
	go func() { closed <- c2.Close() }()
	select {
	case err := <-closed:
		if err == nil {
			t.Error("Close of a connection whose buffered bytes could not be sent reported no error")
		}
	case <-time.After(closeFlushTimeout + 10*time.Second):
		t.Fatal("Close hung on a peer that never reads")
	}
}

// An idle connection owns no goroutine: zmq4 forgets, without closing
// them, connections whose handshake fails, and those must not pin a
// flush goroutine (and the socket) for the life of the process.
func TestCoalesceIdleConnHasNoGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	var conns []*coalesceConn
	for i := 0; i < 20; i++ {
		c, _ := tcpPair(t)
		conns = append(conns, c)
	}
	// tcpPair's accept goroutines have handed over their connections and
	// end; after that nothing is left per connection.
	for deadline := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > before+2; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines for 20 idle connections (from %d)", runtime.NumGoroutine(), before)
		}
		time.Sleep(time.Millisecond)
	}
	// a write starts a flush that ends once the bytes are handed over
	conns[0].Write([]byte("x"))
	deadline := time.Now().Add(10 * time.Second)
	for {
		conns[0].mu.Lock()
		f := conns[0].flushing
		conns[0].mu.Unlock()
		if !f {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("flush goroutine still running 10 s after a 1-byte write")
		}
		time.Sleep(time.Millisecond)
	}
}
