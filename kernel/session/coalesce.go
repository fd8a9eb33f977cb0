package session

import (
	"net"
	"sync"
	"time"
)

// zmq4 writes every frame of a message as two writes (its 2- or 9-byte
// header, then its body), so a six-frame Jupyter message costs twelve
// write syscalls and, with TCP_NODELAY, twelve TCP segments. coalesceConn
// gathers the writes a sender makes back to back and hands them to the
// socket in one write: Write appends to a buffer and, if no flush is under
// way, starts a flushing goroutine, which runs once the sending goroutine
// yields (typically when zmq4 has queued the whole message) and exits as
// soon as the buffer is empty. No timer, no added wait, and an idle
// connection has no goroutine (zmq4 drops connections whose handshake
// fails without closing them; they must stay collectable).
//
// Semantics kept from the plain connection: bytes go out in Write order;
// a write error is returned by the next Write and by Close; Close sends
// what is buffered (for at most closeFlushTimeout if the peer stopped
// reading) before closing; a sender that outruns the peer blocks once
// maxPending bytes wait, so a slow subscriber still exerts back-pressure.
type coalesceConn struct {
	net.Conn

	mu       sync.Mutex
	cond     *sync.Cond // signalled when buf is taken or a flush ends
	buf      []byte     // bytes written and not yet handed to the socket
	spare    []byte     // the previous flush's buffer, reused
	err      error      // first error from the socket
	flushing bool       // a flush goroutine is running (buf non-empty implies flushing)
	closing  bool
}

// maxPending bounds the bytes a sender may queue ahead of the socket;
// closeFlushTimeout bounds how long Close tries to send them.
const (
	maxPending        = 1 << 20
	closeFlushTimeout = 2 * time.Second
)

func newCoalesceConn(c net.Conn) *coalesceConn {
	cc := &coalesceConn{Conn: c}
	cc.cond = sync.NewCond(&cc.mu)
	return cc
}

func (c *coalesceConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.buf) >= maxPending && c.err == nil && !c.closing {
		c.cond.Wait()
	}
	if c.err != nil {
		return 0, c.err
	}
	if c.closing {
		return 0, net.ErrClosed
	}
	c.buf = append(c.buf, p...)
	if !c.flushing {
		c.flushing = true
		go c.flush()
	}
	return len(p), nil
}

// flush hands the buffer to the socket until it is empty, then exits.
func (c *coalesceConn) flush() {
	c.mu.Lock()
	for len(c.buf) > 0 && c.err == nil {
		b := c.buf
		c.buf = c.spare[:0]
		c.cond.Broadcast()
		c.mu.Unlock()
		_, err := c.Conn.Write(b)
		c.mu.Lock()
		c.spare = b[:0]
		if err != nil && c.err == nil {
			c.err = err
		}
	}
	if c.err != nil {
		c.buf = c.buf[:0] // undeliverable; Write and Close report c.err
	}
	c.flushing = false
	c.cond.Broadcast()
	c.mu.Unlock()
}

// Close waits for a running flush (at most closeFlushTimeout when the
// peer stopped reading), closes the connection and returns the first
// write error if there was one.
func (c *coalesceConn) Close() error {
	c.mu.Lock()
	if c.closing {
		c.mu.Unlock()
		return net.ErrClosed
	}
	c.closing = true
	c.cond.Broadcast()
	if c.flushing {
		c.Conn.SetWriteDeadline(time.Now().Add(closeFlushTimeout))
		for c.flushing {
			c.cond.Wait()
		}
	}
	werr := c.err
	c.mu.Unlock()
	cerr := c.Conn.Close()
	if werr != nil {
		return werr
	}
	return cerr
}

// coalesceListener wraps every accepted connection in a coalesceConn.
type coalesceListener struct{ net.Listener }

func (l coalesceListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return newCoalesceConn(c), nil
}
