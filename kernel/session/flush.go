package session

import (
	"context"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/gophernote/gophernote/kernel/wire"
)

// flusher makes "flush iopub" observable. zmq4's PUB socket queues
// messages and writes them on a goroutine; anything still queued is lost
// when the process exits, and zmq4 offers no way to wait for the queue.
// So the kernel subscribes to its own status messages: once it sees the
// final status message come back, every earlier message has been written
// to the subscribers' connections (the PUB writes in order, and closing the
// PUB waits for a write in progress to finish).
type flusher struct {
	sub  zmq4.Socket
	mu   sync.Mutex
	seen map[string]chan struct{} // msg_id -> closed when received
}

func startFlusher(ctx context.Context, ci ConnectionInfo, topic string) *flusher {
	f := &flusher{sub: zmq4.NewSub(ctx), seen: map[string]chan struct{}{}}
	go func() {
		if err := f.sub.Dial(ci.dialEndpoint(ci.IOPubPort)); err != nil {
			return
		}
		if err := f.sub.SetOption(zmq4.OptionSubscribe, topic); err != nil {
			return
		}
		for {
			msg, err := f.sub.Recv()
			if err != nil {
				return
			}
			// The message is our own: find its msg_id without checking
			// the signature (the signer is not needed to route it).
			s := &wire.Signer{}
			m, err := s.Decode(msg.Frames)
			if err != nil {
				continue
			}
			f.mark(m.Header.MsgID)
		}
	}()
	return f
}

func (f *flusher) ch(id string) chan struct{} {
	c, ok := f.seen[id]
	if !ok {
		c = make(chan struct{})
		f.seen[id] = c
	}
	return c
}

func (f *flusher) mark(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.ch(id)
	select {
	case <-c:
	default:
		close(c)
	}
	// Only the awaited message matters; forget the others.
	for k, v := range f.seen {
		select {
		case <-v:
			if k != id {
				delete(f.seen, k)
			}
		default:
		}
	}
}

// flush waits (at most a second) until last, a status message already
// published, has been delivered back to the kernel's own subscriber, and
// reports whether it was.
func (f *flusher) flush(last *wire.Message) bool {
	if last == nil {
		return false
	}
	f.mu.Lock()
	c := f.ch(last.Header.MsgID)
	f.mu.Unlock()
	select {
	case <-c:
		return true
	case <-time.After(time.Second):
		return false
	}
}

func (f *flusher) close() { f.sub.Close() }
