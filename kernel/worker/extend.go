package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/gophernote/gophernote/kernel/engine"
)

// Extending the protocol without editing this package: a package linked
// into the worker's program registers the requests it serves with Handle
// (from an init function, before Main runs), the kernel side sends them
// with Client.Call and receives the events they send through
// Options.Events. A debugger, magics or variable inspection fit here:
// handlers run concurrently with a running cell (a debug request answered
// while a cell is stopped at a breakpoint), and send events whenever they
// like.

// Request is an extra request as its handler sees it: the message, the
// connection (to send events or to ask the client: r.Conn.Event("name",
// r.ID, body, nil)) and the worker's engine.
type Request struct {
	*Msg
	Conn   *Conn
	Engine *engine.Engine
}

// EngineHandler serves an extra request type in the worker.
type EngineHandler func(ctx context.Context, r *Request) (body any, bufs [][]byte, err error)

var (
	extraMu sync.Mutex
	extra   = map[string]EngineHandler{}
)

// Handle registers h for requests of type typ in the worker. It panics
// when typ is taken (by the protocol or another package).
func Handle(typ string, h EngineHandler) {
	extraMu.Lock()
	defer extraMu.Unlock()
	if _, dup := extra[typ]; dup || builtinRequests[typ] {
		panic(fmt.Sprintf("worker: request type %q registered twice", typ))
	}
	extra[typ] = h
}

// builtinRequests are the protocol's own request types.
var builtinRequests = map[string]bool{
	"start": true, "execute": true, "complete": true, "inspect": true, "is_complete": true,
	"comm": true, "comms": true, "stats": true,
}

// addExtra registers the extra handlers on the server's connection.
func (s *server) addExtra() {
	extraMu.Lock()
	defer extraMu.Unlock()
	for typ, h := range extra {
		h := h
		s.conn.Handlers[typ] = func(ctx context.Context, m *Msg) (any, [][]byte, error) {
			eng, err := s.engine()
			if err != nil {
				return nil, nil, err
			}
			return h(ctx, &Request{Msg: m, Conn: s.conn, Engine: eng})
		}
	}
}

// Call sends a request of a type a worker package registered with Handle
// and decodes its reply's body into out (when not nil). Cancelling ctx
// cancels the request in the worker. A worker that dies meanwhile fails
// the call (and is replaced, as for a cell).
func (c *Client) Call(ctx context.Context, typ string, body, out any) error {
	p, err := c.worker(ctx)
	if err != nil {
		return err
	}
	msg, err := p.call(ctx, typ, body, nil, nil, false)
	if err != nil {
		if d := p.deathOf(err); d != nil {
			return fmt.Errorf("the Go worker process died: %s: %s", d.err.Name, d.err.Value)
		}
		return err
	}
	if out != nil {
		return msg.Decode(out)
	}
	return nil
}

// EventFunc receives an event the worker sent that the protocol does not
// handle itself: its request reference and JSON body.
type EventFunc func(ref uint64, body json.RawMessage)
