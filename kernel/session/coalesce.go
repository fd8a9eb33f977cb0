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
// socket in one write from a flusher goroutine: Write appends to a buffer
// and wakes the flusher, which runs once the sending goroutine yields
// (typically when zmq4 has queued the whole message), so messages go out
// whole without a timer or any added wait.
//
// Semantics kept from the plain connection: bytes go out in Write order;
// a write error is returned by the next Write (and by Close) and closes
// nothing by itself; Close sends what is buffered before closing; a
// sender that outruns the peer blocks once maxPending bytes wait, so a
// slow subscriber still exerts back-pressure.
type coalesceConn struct {
	net.Conn

	mu      sync.Mutex
	cond    *sync.Cond // signalled when buf is taken or the flusher stops
	buf     []byte     // bytes written and not yet handed to the socket
	spare   []byte     // the flusher's previous buffer, reused
	err     error      // first error from the socket
	closing bool
	done    chan struct{} // closed when the flusher has exited
	kick    chan struct{} // capacity 1: "there is something to write"
}

// maxPending bounds the bytes a sender may queue ahead of the socket;
// closeFlushTimeout bounds how long Close tries to send them.
const (
	maxPending        = 1 << 20
	closeFlushTimeout = 2 * time.Second
)

func newCoalesceConn(c net.Conn) *coalesceConn {
	cc := &coalesceConn{Conn: c, done: make(chan struct{}), kick: make(chan struct{}, 1)}
	cc.cond = sync.NewCond(&cc.mu)
	go cc.flusher()
	return cc
}

func (c *coalesceConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	for len(c.buf) >= maxPending && c.err == nil && !c.closing {
		c.cond.Wait()
	}
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return 0, err
	}
	if c.closing {
		c.mu.Unlock()
		return 0, net.ErrClosed
	}
	c.buf = append(c.buf, p...)
	c.mu.Unlock()
	select {
	case c.kick <- struct{}{}:
	default:
	}
	return len(p), nil
}

// flusher writes out whatever has accumulated each time it is woken, and
// everything left when the connection is closing.
func (c *coalesceConn) flusher() {
	defer close(c.done)
	for {
		<-c.kick
		c.mu.Lock()
		b := c.buf
		c.buf = c.spare[:0]
		closing := c.closing
		c.cond.Broadcast()
		c.mu.Unlock()
		if len(b) > 0 {
			if _, err := c.Conn.Write(b); err != nil {
				c.mu.Lock()
				if c.err == nil {
					c.err = err
				}
				c.cond.Broadcast()
				c.mu.Unlock()
			}
		}
		c.mu.Lock()
		c.spare = b[:0]
		more := len(c.buf) > 0
		if closing && !more {
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		if more || closing {
			select {
			case c.kick <- struct{}{}:
			default:
			}
		}
	}
}

// Close sends what is buffered (unless the socket already failed; for at
// most closeFlushTimeout), stops the flusher and closes the connection.
func (c *coalesceConn) Close() error {
	c.mu.Lock()
	if c.closing {
		c.mu.Unlock()
		<-c.done
		return net.ErrClosed
	}
	c.closing = true
	c.cond.Broadcast()
	c.mu.Unlock()
	// a peer that stopped reading must not hold Close forever
	c.Conn.SetWriteDeadline(time.Now().Add(closeFlushTimeout))
	select {
	case c.kick <- struct{}{}:
	default:
	}
	<-c.done
	return c.Conn.Close()
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
