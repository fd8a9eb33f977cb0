package worker

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
)

// Msg is one message of the protocol (see the package doc).
type Msg struct {
	// Kind is "req", "res", "ev" or "cancel".
	Kind string `json:"k"`
	// ID numbers a request in its sender's numbering; its "res" and
	// "cancel" carry the same ID.
	ID uint64 `json:"id,omitempty"`
	// Ref is, on a "req" or "ev", the peer's request it belongs to (the
	// execute request whose sink receives a stream event), or 0.
	Ref uint64 `json:"ref,omitempty"`
	// Type names the request or event ("execute", "stream", ...).
	Type string `json:"t,omitempty"`
	// Body is the request's, reply's or event's content.
	Body json.RawMessage `json:"b,omitempty"`
	// Err is set on a "res" whose request failed as a request (no
	// handler, a body that does not decode); results that are errors of
	// the cell travel in Body.
	Err string `json:"err,omitempty"`
	// Bufs are binary buffers sent after the JSON part (comm buffers).
	Bufs [][]byte `json:"-"`
}

// Decode decodes the body into v; numbers in untyped JSON values stay
// json.Number, so that they reach the front end digit for digit.
func (m *Msg) Decode(v any) error {
	if len(m.Body) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(m.Body))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s %q: body: %v", m.Kind, m.Type, err)
	}
	return nil
}

// Handler serves one request type. ctx is cancelled when the peer sends
// "cancel" for the request or the connection closes. The returned body
// is encoded as JSON; bufs travel as binary buffers.
type Handler func(ctx context.Context, m *Msg) (body any, bufs [][]byte, err error)

// EventHandler receives one event type. It runs on the connection's
// reader, in order with the other events and replies: it must not wait
// for the peer.
type EventHandler func(m *Msg)

// ErrClosed is returned by calls on a closed connection, and by calls
// whose reply was lost because the connection closed.
var ErrClosed = errors.New("worker connection closed")

// maxFrame bounds one message part; a larger length is a corrupt stream.
const maxFrame = 1 << 30

// Conn is one end of the protocol: it sends requests and events, and
// dispatches what the peer sends to its handlers. Requests are served
// concurrently, each on its own goroutine; events and replies are
// delivered in the order they were sent. The handler tables are set
// before Run and not changed after.
type Conn struct {
	Handlers map[string]Handler
	Events   map[string]EventHandler
	// Unhandled, when set, receives events no handler takes.
	Unhandled func(m *Msg)

	rw io.ReadWriteCloser
	r  *bufio.Reader

	wmu sync.Mutex
	w   *bufio.Writer

	mu      sync.Mutex
	nextID  uint64
	pending map[uint64]chan *Msg          // our requests waiting for replies
	serving map[uint64]context.CancelFunc // the peer's requests being served
	closed  bool
	err     error
	done    chan struct{}
}

// NewConn wraps rw; call Run to start reading.
func NewConn(rw io.ReadWriteCloser) *Conn {
	return &Conn{
		Handlers: map[string]Handler{},
		Events:   map[string]EventHandler{},
		rw:       rw,
		r:        bufio.NewReaderSize(rw, 64<<10),
		w:        bufio.NewWriterSize(rw, 64<<10),
		pending:  map[uint64]chan *Msg{},
		serving:  map[uint64]context.CancelFunc{},
		done:     make(chan struct{}),
	}
}

// Done is closed when the connection has closed.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err is why the connection closed (io.EOF when the peer closed it).
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Close closes the connection; pending calls fail with ErrClosed.
func (c *Conn) Close() error {
	c.shutdown(ErrClosed)
	return nil
}

func (c *Conn) shutdown(err error) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed, c.err = true, err
	pending := c.pending
	c.pending = map[uint64]chan *Msg{}
	for _, cancel := range c.serving {
		cancel()
	}
	c.mu.Unlock()
	c.rw.Close()
	for _, ch := range pending {
		close(ch)
	}
	close(c.done)
}

// Run reads and dispatches messages until the connection closes, and
// returns why it did (io.EOF: the peer closed it).
func (c *Conn) Run() error {
	for {
		m, err := c.read()
		if err != nil {
			c.shutdown(err)
			return err
		}
		c.dispatch(m)
	}
}

func (c *Conn) dispatch(m *Msg) {
	switch m.Kind {
	case "res":
		c.mu.Lock()
		ch := c.pending[m.ID]
		delete(c.pending, m.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- m
		}
	case "ev":
		if h := c.Events[m.Type]; h != nil {
			h(m)
		} else if c.Unhandled != nil {
			c.Unhandled(m)
		}
	case "cancel":
		c.mu.Lock()
		cancel := c.serving[m.ID]
		c.mu.Unlock()
		if cancel != nil {
			cancel()
		}
	case "req":
		h := c.Handlers[m.Type]
		if h == nil {
			c.send(&Msg{Kind: "res", ID: m.ID, Err: fmt.Sprintf("no handler for request %q", m.Type)})
			return
		}
		ctx, cancel := context.WithCancel(context.Background())
		c.mu.Lock()
		if c.closed {
			c.mu.Unlock()
			cancel()
			return
		}
		c.serving[m.ID] = cancel
		c.mu.Unlock()
		go c.serve(ctx, cancel, h, m)
	}
}

func (c *Conn) serve(ctx context.Context, cancel context.CancelFunc, h Handler, m *Msg) {
	res := &Msg{Kind: "res", ID: m.ID}
	defer func() {
		if r := recover(); r != nil {
			res.Body, res.Bufs, res.Err = nil, nil, fmt.Sprintf("request %q: internal error: %v", m.Type, r)
		}
		c.mu.Lock()
		delete(c.serving, m.ID)
		c.mu.Unlock()
		cancel()
		c.send(res)
	}()
	body, bufs, err := h(ctx, m)
	if err != nil {
		res.Err = err.Error()
		return
	}
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			res.Err = fmt.Sprintf("request %q: encoding the reply: %v", m.Type, err)
			return
		}
		res.Body = b
	}
	res.Bufs = bufs
}

// Call sends a request and waits for its reply, whose body it decodes
// into out (when not nil). Cancelling ctx sends "cancel" to the peer and
// keeps waiting: the peer answers a cancelled request too. ref names the
// peer's request this one belongs to, or 0.
func (c *Conn) Call(ctx context.Context, typ string, ref uint64, body any, bufs [][]byte, out any) (*Msg, error) {
	id, ch, err := c.Go(typ, ref, body, bufs, nil)
	if err != nil {
		return nil, err
	}
	res, err := c.Wait(ctx, id, ch)
	if err != nil {
		return res, err
	}
	if out != nil {
		if err := res.Decode(out); err != nil {
			return res, err
		}
	}
	return res, nil
}

// Go sends a request and returns its id and the channel its reply
// arrives on (closed without a reply when the connection closes). bind,
// when set, is called with the id before the request is sent, so that
// what the peer sends for it finds it registered.
func (c *Conn) Go(typ string, ref uint64, body any, bufs [][]byte, bind func(id uint64)) (uint64, <-chan *Msg, error) {
	b, err := encodeBody(body)
	if err != nil {
		return 0, nil, fmt.Errorf("request %q: %v", typ, err)
	}
	ch := make(chan *Msg, 1)
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return 0, nil, ErrClosed
	}
	c.nextID++
	id := c.nextID
	c.pending[id] = ch
	c.mu.Unlock()
	if bind != nil {
		bind(id)
	}
	if err := c.send(&Msg{Kind: "req", ID: id, Ref: ref, Type: typ, Body: b, Bufs: bufs}); err != nil {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		return 0, nil, err
	}
	return id, ch, nil
}

// Wait waits for the reply of request id on ch; cancelling ctx sends
// "cancel" once and keeps waiting. A reply with Err set is returned with
// that error.
func (c *Conn) Wait(ctx context.Context, id uint64, ch <-chan *Msg) (*Msg, error) {
	done := ctx.Done()
	for {
		select {
		case res, ok := <-ch:
			if !ok {
				return nil, ErrClosed
			}
			if res.Err != "" {
				return res, errors.New(res.Err)
			}
			return res, nil
		case <-done:
			done = nil
			c.send(&Msg{Kind: "cancel", ID: id})
		}
	}
}

// Event sends a one-way event belonging to the peer's request ref (0:
// none).
func (c *Conn) Event(typ string, ref uint64, body any, bufs [][]byte) error {
	b, err := encodeBody(body)
	if err != nil {
		return fmt.Errorf("event %q: %v", typ, err)
	}
	return c.send(&Msg{Kind: "ev", Ref: ref, Type: typ, Body: b, Bufs: bufs})
}

func encodeBody(body any) (json.RawMessage, error) {
	if body == nil {
		return nil, nil
	}
	return json.Marshal(body)
}

// The frame of one message: the JSON header's length and the number of
// buffers (two big-endian uint32), the header, then each buffer as its
// length (uint32) and bytes.
func (c *Conn) send(m *Msg) error {
	head, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.mu.Lock()
	closed := c.closed
	c.mu.Unlock()
	if closed {
		return ErrClosed
	}
	var n [8]byte
	binary.BigEndian.PutUint32(n[:4], uint32(len(head)))
	binary.BigEndian.PutUint32(n[4:], uint32(len(m.Bufs)))
	c.w.Write(n[:])
	c.w.Write(head)
	for _, b := range m.Bufs {
		binary.BigEndian.PutUint32(n[:4], uint32(len(b)))
		c.w.Write(n[:4])
		c.w.Write(b)
	}
	if err := c.w.Flush(); err != nil {
		go c.shutdown(err)
		return ErrClosed
	}
	return nil
}

func (c *Conn) read() (*Msg, error) {
	var n [8]byte
	if _, err := io.ReadFull(c.r, n[:]); err != nil {
		return nil, err
	}
	hl, nb := binary.BigEndian.Uint32(n[:4]), binary.BigEndian.Uint32(n[4:])
	if hl > maxFrame || nb > 1<<16 {
		return nil, fmt.Errorf("worker protocol: corrupt frame (header %d bytes, %d buffers)", hl, nb)
	}
	head := make([]byte, hl)
	if _, err := io.ReadFull(c.r, head); err != nil {
		return nil, unexpected(err)
	}
	m := new(Msg)
	if err := json.Unmarshal(head, m); err != nil {
		return nil, fmt.Errorf("worker protocol: bad header: %v", err)
	}
	for range nb {
		if _, err := io.ReadFull(c.r, n[:4]); err != nil {
			return nil, unexpected(err)
		}
		l := binary.BigEndian.Uint32(n[:4])
		if l > maxFrame {
			return nil, fmt.Errorf("worker protocol: corrupt buffer length %d", l)
		}
		b := make([]byte, l)
		if _, err := io.ReadFull(c.r, b); err != nil {
			return nil, unexpected(err)
		}
		m.Bufs = append(m.Bufs, b)
	}
	return m, nil
}

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
