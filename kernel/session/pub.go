package session

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/security/null"
)

// publisher is the kernel's iopub channel: a ZeroMQ PUB socket written here
// because zmq4 v0.17.0's PUB cannot keep one subscriber from costing the
// others messages. Its single writer goroutine sends each message to every
// subscriber in turn with a blocking write, so a subscriber that stops
// reading stalls all of them, and its one queue then drops messages for
// everybody, silently (pub.go in zmq4: pubMWriter.run/sendMsg/write).
//
// Here every subscriber has its own queue and its own writer goroutine. A
// message is encoded once and queued, shared, for each subscriber whose
// subscriptions match its topic. A subscriber that reads slowly slows the
// sender down rather than losing output: when its queue (unwritten bytes)
// is over the limit, send waits for its writer to make room. A subscriber
// whose connection takes no bytes at all for stallAfter while send waits
// is stalled: from then on messages are dropped for it alone, without
// waiting, until its queue is back under half the limit; the kernel log
// says when that starts and how many messages it lost when it ends (it
// caught up or disconnected). The other subscribers lose nothing, and
// each stall costs the sender at most stallAfter once.
//
// The connection handshake (ZMTP 3.0 greeting and the NULL mechanism's
// READY exchange, with the socket type check) is zmq4's, through its
// exported zmq4.Open; after it the connection is ours: framing of outgoing
// messages (one vectored write per batch) and reading the subscriber's
// subscriptions, which ZMTP 3.0 sends as messages whose first byte is 1
// (subscribe) or 0 (unsubscribe) followed by the topic prefix. The ZMTP
// 3.1 SUBSCRIBE and CANCEL commands and PING are understood too, although
// a peer that read our 3.0 greeting does not send them.
type publisher struct {
	ln     net.Listener
	limit  int
	stall  time.Duration
	logf   func(format string, args ...any)
	unlink string // ipc socket file removed on close

	sendMu sync.Mutex // one message is queued at a time, in order for everyone
	mu     sync.Mutex // guards subs and closed
	subs   map[*subscriber]struct{}
	closed bool
	drain  *sync.Cond // signalled when a subscriber's queue empties or it leaves
}

// defaultIOPubQueue is the bytes a subscriber may have waiting before send
// waits for it (Config.IOPubQueueBytes overrides it); defaultStallAfter is
// how long it may then take no bytes before it counts as stalled
// (Config.IOPubStallAfter). A front end under load (a busy Jupyter server
// on a shared machine) can pause reading for a second or more; libzmq
// behind it buffers 1,000 messages of its own first.
const (
	defaultIOPubQueue = 16 << 20
	defaultStallAfter = 5 * time.Second
)

const (
	pubHandshakeTimeout = 10 * time.Second
	maxSubscriptionSize = 64 << 10 // a larger incoming frame ends the connection
	writeTick           = 200 * time.Millisecond
)

// newPublisher serves the PUB side on ln.
func newPublisher(ln net.Listener, limit int, stall time.Duration, logf func(string, ...any)) *publisher {
	if limit <= 0 {
		limit = defaultIOPubQueue
	}
	if stall <= 0 {
		stall = defaultStallAfter
	}
	p := &publisher{ln: ln, limit: limit, stall: stall, logf: logf, subs: map[*subscriber]struct{}{}}
	p.drain = sync.NewCond(&p.mu)
	if ln.Addr().Network() == "unix" {
		p.unlink = ln.Addr().String()
	}
	go p.accept()
	return p
}

// listenPub listens on a ZeroMQ endpoint (tcp://host:port or ipc://path).
func listenPub(endpoint string, limit int, stall time.Duration, logf func(string, ...any)) (*publisher, error) {
	network, addr, ok := strings.Cut(endpoint, "://")
	if !ok {
		return nil, fmt.Errorf("endpoint %q has no transport", endpoint)
	}
	switch network {
	case "tcp":
	case "ipc":
		network = "unix"
	default:
		return nil, fmt.Errorf("transport %q not supported for iopub", network)
	}
	ln, err := net.Listen(network, addr)
	if err != nil {
		return nil, err
	}
	return newPublisher(ln, limit, stall, logf), nil
}

func (p *publisher) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) || p.isClosed() {
				return
			}
			// EMFILE and the like: wait for a descriptor to be freed.
			time.Sleep(20 * time.Millisecond)
			continue
		}
		go p.serve(c)
	}
}

func (p *publisher) isClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}

// serve runs one subscriber's connection: handshake, then its writer and
// its subscription reader until either ends.
func (p *publisher) serve(c net.Conn) {
	c.SetDeadline(time.Now().Add(pubHandshakeTimeout))
	if _, err := zmq4.Open(c, null.Security(), zmq4.Pub, zmq4.SocketIdentity(""), true, nil); err != nil {
		c.Close()
		p.logf("iopub: connection from %s refused: %v", c.RemoteAddr(), err)
		return
	}
	c.SetDeadline(time.Time{})
	s := &subscriber{p: p, conn: c, name: peerName(c), topics: map[string]struct{}{}, room: make(chan struct{}, 1)}
	s.cond = sync.NewCond(&s.mu)
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		c.Close()
		return
	}
	p.subs[s] = struct{}{}
	p.mu.Unlock()
	go s.write()
	err := s.read()
	s.stop(err)
}

func peerName(c net.Conn) string {
	if a := c.RemoteAddr(); a != nil && a.String() != "" && a.String() != "@" {
		return a.String()
	}
	return fmt.Sprintf("%s subscriber %p", c.LocalAddr().Network(), c)
}

// send queues one message (its ZeroMQ frames; the first is the topic) for
// every subscriber subscribed to its topic, waiting for room in the queue
// of a slow one (at most stallAfter without progress).
func (p *publisher) send(frames [][]byte) error {
	if len(frames) == 0 {
		return errors.New("iopub: empty message")
	}
	enc := encodeFrames(frames)
	p.sendMu.Lock()
	defer p.sendMu.Unlock()
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return errors.New("iopub: send: socket closed")
	}
	subs := make([]*subscriber, 0, len(p.subs))
	for s := range p.subs {
		subs = append(subs, s)
	}
	p.mu.Unlock()
	for _, s := range subs {
		s.offer(frames[0], enc)
	}
	return nil
}

// flush waits until every subscriber that is not dropping messages has
// handed all queued messages to its connection, for at most timeout, and
// reports whether they all did. Bytes written to a TCP connection are
// delivered after the process exits (close does not discard them).
func (p *publisher) flush(timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	t := time.AfterFunc(timeout, func() {
		p.mu.Lock()
		p.drain.Broadcast()
		p.mu.Unlock()
	})
	defer t.Stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		pending := false
		for s := range p.subs {
			if s.busy() {
				pending = true
				break
			}
		}
		if !pending {
			return true
		}
		if !time.Now().Before(deadline) {
			return false
		}
		p.drain.Wait()
	}
}

// close stops accepting, ends every subscriber's connection (logging what
// each lost) and removes an ipc socket file.
func (p *publisher) close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	p.drain.Broadcast()
	subs := make([]*subscriber, 0, len(p.subs))
	for s := range p.subs {
		subs = append(subs, s)
	}
	p.mu.Unlock()
	p.ln.Close()
	for _, s := range subs {
		s.stop(nil)
	}
	if p.unlink != "" {
		removeSocketFile(p.unlink)
	}
}

// subscriber is one connected SUB peer with its own queue and writer.
type subscriber struct {
	p    *publisher
	conn net.Conn
	name string
	room chan struct{} // a token when the writer wrote bytes

	mu     sync.Mutex
	cond   *sync.Cond // signalled when q grows or the subscriber stops
	topics map[string]struct{}
	q      [][]byte // encoded messages waiting (whole messages, or PONG)
	queued int      // bytes not yet written: q and the rest of the batch in hand
	done   bool

	dropping     bool // in a run of dropped messages
	dropped      int  // messages dropped in this run
	droppedBytes int
	droppedTotal int
}

// offer queues enc for s when it is subscribed to topic. While s's queue
// is over the limit it waits for s's writer to make room; when the writer
// writes nothing for stallAfter, or s is already in a run of drops, enc is
// dropped for s and counted.
func (s *subscriber) offer(topic, enc []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done || !s.subscribed(topic) {
		return
	}
	limit := s.p.limit
	if s.dropping {
		if s.queued > limit/2 {
			s.drop(enc)
			return
		}
		s.endDropRun("caught up")
	}
	for s.queued > 0 && s.queued+len(enc) > limit {
		s.mu.Unlock()
		progressed := s.waitRoom()
		s.mu.Lock()
		if s.done {
			return
		}
		if !progressed && s.queued > 0 && s.queued+len(enc) > limit {
			s.dropping = true
			s.p.logf("iopub: subscriber %s is not reading (%d KiB waiting, nothing written for %v): messages for it alone are dropped until it catches up",
				s.name, s.queued>>10, s.p.stall)
			s.drop(enc)
			return
		}
	}
	s.q = append(s.q, enc)
	s.queued += len(enc)
	s.cond.Signal()
}

// waitRoom waits until s's writer writes bytes (true) or stallAfter
// passes without (false).
func (s *subscriber) waitRoom() bool {
	t := time.NewTimer(s.p.stall)
	defer t.Stop()
	select {
	case <-s.room:
		return true
	case <-t.C:
		select {
		case <-s.room:
			return true
		default:
			return false
		}
	}
}

// drop counts a message dropped for s. Called with s.mu held.
func (s *subscriber) drop(enc []byte) {
	s.dropped++
	s.droppedBytes += len(enc)
	s.droppedTotal++
}

// endDropRun logs the count of a run of drops. Called with s.mu held.
func (s *subscriber) endDropRun(why string) {
	s.p.logf("iopub: subscriber %s %s: %d messages (%d KiB) were dropped for it (%d in all)",
		s.name, why, s.dropped, s.droppedBytes>>10, s.droppedTotal)
	s.dropping, s.dropped, s.droppedBytes = false, 0, 0
}

// busy reports whether s has messages not yet written and is not in a run
// of drops (a stalled subscriber does not hold up flush).
func (s *subscriber) busy() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.done && !s.dropping && s.queued > 0
}

// subscribed reports whether a subscription of s is a prefix of topic.
// Called with s.mu held.
func (s *subscriber) subscribed(topic []byte) bool {
	for t := range s.topics {
		if len(t) <= len(topic) && string(topic[:len(t)]) == t {
			return true
		}
	}
	return false
}

// write sends queued messages, a batch at a time, until the subscriber
// stops or a write fails. Writes have a deadline of writeTick so that the
// bytes a slow peer takes are seen as they go (room for offer); a deadline
// passing is not an error, the write goes on.
func (s *subscriber) write() {
	for {
		s.mu.Lock()
		for len(s.q) == 0 && !s.done {
			s.cond.Wait()
		}
		if s.done {
			s.mu.Unlock()
			return
		}
		bufs := net.Buffers(s.q)
		s.q = nil
		s.mu.Unlock()

		for len(bufs) > 0 {
			s.conn.SetWriteDeadline(time.Now().Add(writeTick))
			n, err := bufs.WriteTo(s.conn)
			if n > 0 {
				s.mu.Lock()
				s.queued -= int(n)
				empty := s.queued == 0
				s.mu.Unlock()
				select {
				case s.room <- struct{}{}:
				default:
				}
				if empty {
					s.p.mu.Lock()
					s.p.drain.Broadcast()
					s.p.mu.Unlock()
				}
			}
			if err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
				s.stop(err)
				return
			}
		}
	}
}

// stop ends the subscriber once: closes its connection, forgets its queue
// and logs what it lost. err is why (nil when the kernel closes).
func (s *subscriber) stop(err error) {
	s.mu.Lock()
	if s.done {
		s.mu.Unlock()
		return
	}
	s.done = true
	s.q = nil
	if s.dropping {
		s.endDropRun("disconnected")
	}
	s.cond.Broadcast()
	s.mu.Unlock()
	s.conn.Close()
	p := s.p
	p.mu.Lock()
	delete(p.subs, s)
	p.drain.Broadcast()
	p.mu.Unlock()
	_ = err // a subscriber leaving is normal (clients disconnect)
}

// read handles the subscriber's incoming traffic: subscriptions, and
// PING with ZMTP 3.1 peers. It returns when the connection ends.
func (s *subscriber) read() error {
	r := bufio.NewReader(s.conn)
	var msg [][]byte
	for {
		flags, body, err := readFrame(r)
		if err != nil {
			return err
		}
		if flags&flagCommand != 0 {
			s.command(body)
			continue
		}
		msg = append(msg, body)
		if flags&flagMore != 0 {
			if len(msg) > 16 {
				return errors.New("iopub: subscriber sent an oversized message")
			}
			continue
		}
		if len(msg) == 1 && len(msg[0]) > 0 {
			switch msg[0][0] {
			case 1:
				s.subscribe(string(msg[0][1:]), true)
			case 0:
				s.subscribe(string(msg[0][1:]), false)
			}
		}
		msg = msg[:0]
	}
}

func (s *subscriber) subscribe(topic string, on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if on {
		s.topics[topic] = struct{}{}
	} else {
		delete(s.topics, topic)
	}
}

// command handles a ZMTP 3.1 command: SUBSCRIBE, CANCEL, PING.
func (s *subscriber) command(body []byte) {
	if len(body) == 0 || int(body[0]) > len(body)-1 {
		return
	}
	name, data := string(body[1:1+body[0]]), body[1+body[0]:]
	switch name {
	case "SUBSCRIBE":
		s.subscribe(string(data), true)
	case "CANCEL":
		s.subscribe(string(data), false)
	case "PING":
		if len(data) < 2 {
			return
		}
		// Queued like a message, so it never lands inside one.
		pong := encodeFrame(flagCommand, append(append([]byte{4}, "PONG"...), data[2:]...))
		s.mu.Lock()
		if !s.done {
			s.q = append(s.q, pong)
			s.queued += len(pong)
			s.cond.Signal()
		}
		s.mu.Unlock()
	}
}

// ZMTP 3.x frame flags.
const (
	flagMore    = 0x01
	flagLong    = 0x02
	flagCommand = 0x04
)

// encodeFrames encodes a message's frames as ZMTP frames, in one buffer.
func encodeFrames(frames [][]byte) []byte {
	n := 0
	for _, f := range frames {
		n += 9 + len(f)
	}
	out := make([]byte, 0, n)
	for i, f := range frames {
		var flags byte
		if i < len(frames)-1 {
			flags = flagMore
		}
		out = appendFrame(out, flags, f)
	}
	return out
}

func encodeFrame(flags byte, body []byte) []byte {
	return appendFrame(make([]byte, 0, 9+len(body)), flags, body)
}

func appendFrame(out []byte, flags byte, body []byte) []byte {
	if len(body) > 255 {
		out = append(out, flags|flagLong)
		out = binary.BigEndian.AppendUint64(out, uint64(len(body)))
	} else {
		out = append(out, flags, byte(len(body)))
	}
	return append(out, body...)
}

// readFrame reads one ZMTP frame.
func readFrame(r *bufio.Reader) (flags byte, body []byte, err error) {
	flags, err = r.ReadByte()
	if err != nil {
		return 0, nil, err
	}
	var size uint64
	if flags&flagLong != 0 {
		var b [8]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return 0, nil, err
		}
		size = binary.BigEndian.Uint64(b[:])
	} else {
		b, err := r.ReadByte()
		if err != nil {
			return 0, nil, err
		}
		size = uint64(b)
	}
	if size > maxSubscriptionSize {
		return 0, nil, fmt.Errorf("iopub: subscriber sent a %d-byte frame", size)
	}
	body = make([]byte, size)
	if _, err := io.ReadFull(r, body); err != nil {
		return 0, nil, err
	}
	return flags, body, nil
}
