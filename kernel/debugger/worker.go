package debugger

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"sync"

	"github.com/gophernote/gophernote/kernel/engine"
	"github.com/gophernote/gophernote/kernel/worker"
)

// Across the worker process: the request "debug" carries a DAP request
// (the content of a debug_request) to the worker and its response back;
// the event "debug_event" carries each DAP event to the kernel.
const (
	requestType = "debug"
	eventType   = "debug_event"
)

func init() {
	worker.Handle(requestType, serveWorker)
}

var (
	adapterMu sync.Mutex
	adapters  = map[*engine.Engine]*Adapter{}
)

// serveWorker answers a debug request in the worker, with the adapter of
// its engine (made at the first request). The cells' files are named by
// the kernel's process (the worker's parent), so that they stay the same
// when a new worker replaces one that died.
func serveWorker(ctx context.Context, r *worker.Request) (any, [][]byte, error) {
	adapterMu.Lock()
	a := adapters[r.Engine]
	if a == nil {
		conn := r.Conn
		a = NewAdapter(r.Engine, DefaultDir(os.Getppid()), func(ev []byte) {
			conn.Event(eventType, 0, json.RawMessage(ev), nil)
		})
		adapters[r.Engine] = a
	}
	adapterMu.Unlock()
	return json.RawMessage(a.Handle(r.Body)), nil, nil
}

// Remote is the worker client with the debugger: it implements the
// session's debugger interface (DebugRequest, DebugEvents) by passing
// requests to the adapter in the worker. It embeds the client, so it is
// the session's engine too.
type Remote struct {
	*worker.Client

	mu   sync.Mutex
	sink func(event json.RawMessage)
	// init is the last initialize request and the breakpoints set since,
	// sent again to a worker that replaced one that died.
	init   json.RawMessage
	bps    map[string]json.RawMessage
	starts int
}

// StartWorker starts the worker (worker.Start) with the debugger's
// events routed to the Remote.
func StartWorker(opts worker.Options) (*Remote, error) {
	r := &Remote{bps: map[string]json.RawMessage{}}
	ev := make(map[string]worker.EventFunc, len(opts.Events)+1)
	for k, v := range opts.Events {
		ev[k] = v
	}
	ev[eventType] = func(_ uint64, body json.RawMessage) {
		r.mu.Lock()
		f := r.sink
		r.mu.Unlock()
		if f != nil {
			f(body)
		}
	}
	opts.Events = ev
	c, err := worker.Start(opts)
	if err != nil {
		return nil, err
	}
	r.Client = c
	r.starts = c.Starts()
	return r, nil
}

// DebugEvents sets where the DAP events go (the session publishes them).
func (r *Remote) DebugEvents(f func(event json.RawMessage)) {
	r.mu.Lock()
	r.sink = f
	r.mu.Unlock()
}

// DebugRequest passes one DAP request to the worker's adapter and
// returns its response. When the worker was replaced since the debugger
// was initialized (it died), the new one gets the initialize request and
// the breakpoints first: the debugger stays on.
func (r *Remote) DebugRequest(ctx context.Context, content json.RawMessage) (json.RawMessage, error) {
	var head struct {
		Command   string `json:"command"`
		Arguments struct {
			Source struct {
				Path string `json:"path"`
			} `json:"source"`
		} `json:"arguments"`
	}
	json.Unmarshal(content, &head)
	r.mu.Lock()
	replay := r.init != nil && r.Client.Starts() != r.starts && head.Command != "initialize"
	var again []json.RawMessage
	if replay {
		again = append(again, r.init)
		for _, b := range r.bps {
			again = append(again, b)
		}
	}
	r.starts = r.Client.Starts()
	r.mu.Unlock()
	for _, m := range again {
		var out json.RawMessage
		if err := r.Client.Call(ctx, requestType, json.RawMessage(m), &out); err != nil {
			return nil, err
		}
	}
	var out json.RawMessage
	if err := r.Client.Call(ctx, requestType, content, &out); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("the worker gave an empty debug response")
	}
	r.mu.Lock()
	switch head.Command {
	case "initialize":
		r.init = append(json.RawMessage(nil), content...)
	case "disconnect":
		r.init, r.bps = nil, map[string]json.RawMessage{}
	case "setBreakpoints":
		r.bps[head.Arguments.Source.Path] = append(json.RawMessage(nil), content...)
	}
	r.mu.Unlock()
	return out, nil
}
