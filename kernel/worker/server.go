package worker

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"runtime"

	"sync"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/engine"
	"github.com/gophernote/gophernote/kernel/magic"
)

// server is the worker's side: it hosts one engine and serves the
// client's requests on conn.
type server struct {
	conn *Conn
	log  *log.Logger

	mu    sync.Mutex
	eng   *engine.Engine
	front *magic.Engine // the magics in front of eng
	ready chan struct{} // closed once start has run
	err   error         // start's error
	limit limits
	track *engine.Track
	olog  engine.OutputLog

	idle *idler
}

// serve registers the worker's handlers on conn and runs it until the
// client goes away.
func serve(conn *Conn, logger *log.Logger, lim limits, track *engine.Track, olog engine.OutputLog) error {
	s := &server{conn: conn, log: logger, ready: make(chan struct{}), limit: lim, track: track, olog: olog, idle: newIdler()}
	h := map[string]Handler{
		"start":       s.start,
		"execute":     s.execute,
		"complete":    s.complete,
		"inspect":     s.inspect,
		"is_complete": s.isComplete,
		"comm":        s.comm,
		"comms":       s.comms,
		"stats":       s.stats,
	}
	for k, v := range h {
		conn.Handlers[k] = v
	}
	s.addExtra()
	go s.idle.run()
	err := conn.Run()
	s.mu.Lock()
	eng := s.eng
	s.mu.Unlock()
	if eng != nil {
		eng.Close()
	}
	return err
}

func (s *server) logf(format string, args ...any) { s.log.Printf(format, args...) }

// engine waits for start.
func (s *server) engine() (*engine.Engine, error) {
	<-s.ready
	return s.eng, s.err
}

// frontDoor waits for start and returns what cells, completion, inspection
// and comms go through: the magics (kernel/magic) in front of the engine.
func (s *server) frontDoor() (*magic.Engine, error) {
	<-s.ready
	return s.front, s.err
}

func (s *server) start(ctx context.Context, m *Msg) (any, [][]byte, error) {
	var req startReq
	if err := m.Decode(&req); err != nil {
		return nil, nil, err
	}
	s.mu.Lock()
	select {
	case <-s.ready:
		s.mu.Unlock()
		return nil, nil, errors.New("start: the engine is started already")
	default:
	}
	opts := engine.Options{
		Sandbox:         req.Engine.Sandbox,
		Args:            req.Engine.Args,
		DetectDeadlocks: req.Engine.DetectDeadlocks,
		File:            req.Engine.File,
		Track:           s.track,
		OutputLog:       s.olog,
	}
	if req.Idle {
		opts.Idle = &remoteSink{c: s.conn, ref: 0, log: s.log}
	}
	s.eng, s.err = engine.New(opts)
	if s.err == nil {
		s.front = magic.New(s.eng)
	}
	close(s.ready)
	s.mu.Unlock()
	if s.err != nil {
		return nil, nil, s.err
	}
	return startRes{PID: os.Getpid(), MemoryLimit: s.limit.memory, AddressRoom: s.limit.address, LimitSource: s.limit.source}, nil, nil
}

func (s *server) execute(ctx context.Context, m *Msg) (any, [][]byte, error) {
	var req executeReq
	if err := m.Decode(&req); err != nil {
		return nil, nil, err
	}
	eng, err := s.frontDoor()
	if err != nil {
		return nil, nil, err
	}
	var sink cell.Sink = &remoteSink{c: s.conn, ref: m.ID, log: s.log}
	if req.Comms {
		sink = &remoteCommSink{remoteSink{c: s.conn, ref: m.ID, log: s.log}}
	}
	if req.GoOnly {
		ctx = cell.GoOnly(ctx) // sent by the kernel (a context value does not cross)
	}
	s.idle.busy()
	res := eng.Execute(ctx, req.Code, sink)
	s.idle.done()
	out := resultMsg{Err: toErrorMsg(res.Err)}
	if res.Value != nil {
		b := toBundleMsg(*res.Value, s.logf)
		out.Value = &b
	}
	return out, nil, nil
}

func (s *server) comm(ctx context.Context, m *Msg) (any, [][]byte, error) {
	var req commMsg
	if err := decodePlain(m.Body, &req); err != nil {
		return nil, nil, fmt.Errorf("comm: body: %v", err)
	}
	eng, err := s.frontDoor()
	if err != nil {
		return nil, nil, err
	}
	var sink cell.Sink = &remoteSink{c: s.conn, ref: m.ID, log: s.log}
	if req.Comms {
		sink = &remoteCommSink{remoteSink{c: s.conn, ref: m.ID, log: s.log}}
	}
	c := cell.Comm{Type: req.Type, ID: req.ID, Target: req.Target, Data: req.Data, Metadata: req.Metadata, Buffers: m.Bufs}
	if c.Data == nil {
		c.Data = map[string]any{}
	}
	s.idle.busy()
	err = eng.Comm(ctx, c, sink)
	s.idle.done()
	var res commRes
	if err != nil {
		res.Err = err.Error()
	}
	return res, nil, nil
}

func (s *server) comms(ctx context.Context, m *Msg) (any, [][]byte, error) {
	eng, err := s.frontDoor()
	if err != nil {
		return nil, nil, err
	}
	return commsRes{Comms: eng.Comms()}, nil, nil
}

func (s *server) complete(ctx context.Context, m *Msg) (any, [][]byte, error) {
	var req completeReq
	if err := m.Decode(&req); err != nil {
		return nil, nil, err
	}
	eng, err := s.frontDoor()
	if err != nil {
		return nil, nil, err
	}
	items, start, end := eng.CompleteItems(req.Code, req.Cursor)
	res := completeRes{Items: make([]completionMsg, len(items)), Start: start, End: end}
	for i, it := range items {
		res.Items[i] = completionMsg{Text: it.Text, Type: it.Type, Signature: it.Signature}
	}
	return res, nil, nil
}

func (s *server) inspect(ctx context.Context, m *Msg) (any, [][]byte, error) {
	var req inspectReq
	if err := m.Decode(&req); err != nil {
		return nil, nil, err
	}
	eng, err := s.frontDoor()
	if err != nil {
		return nil, nil, err
	}
	data, found := eng.Inspect(req.Code, req.Cursor, req.Detail)
	return inspectRes{Data: encodeMIME(data, s.logf), Found: found}, nil, nil
}

func (s *server) isComplete(ctx context.Context, m *Msg) (any, [][]byte, error) {
	var req isCompleteReq
	if err := m.Decode(&req); err != nil {
		return nil, nil, err
	}
	eng, err := s.frontDoor()
	if err != nil {
		return nil, nil, err
	}
	status, indent := eng.IsComplete(req.Code)
	return isCompleteRes{Status: status, Indent: indent}, nil, nil
}

func (s *server) stats(ctx context.Context, m *Msg) (any, [][]byte, error) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return statsRes{RSS: selfRSS(), HeapInUse: ms.HeapInuse, Released: ms.HeapReleased}, nil, nil
}

// remoteSink is the cell.Sink of a request of the client: what the cell
// produces goes back as events naming the request.
type remoteSink struct {
	c   *Conn
	ref uint64
	log *log.Logger
}

func (k *remoteSink) Stream(name, text string) {
	// The text travels as a binary buffer, byte for byte: a JSON string
	// would turn bytes that are not UTF-8 into U+FFFD, and a script's
	// output must be the bytes Go prints (the kernel makes it valid UTF-8
	// for Jupyter's JSON itself).
	k.c.Event("stream", k.ref, streamEv{Name: name}, [][]byte{[]byte(text)})
}

func (k *remoteSink) Display(b display.Bundle, update bool) {
	k.c.Event("display", k.ref, displayEv{Bundle: toBundleMsg(b, k.log.Printf), Update: update}, nil)
}

func (k *remoteSink) Clear(wait bool) { k.c.Event("clear", k.ref, clearEv{Wait: wait}, nil) }

func (k *remoteSink) Input(prompt string, password bool) (string, error) {
	var res inputRes
	if _, err := k.c.Call(context.Background(), "input", k.ref, inputReq{Prompt: prompt, Password: password}, nil, &res); err != nil {
		return "", err
	}
	if res.Err != "" {
		return "", errors.New(res.Err)
	}
	return res.Value, nil
}

// remoteCommSink is the sink of a request whose front end holds widgets.
type remoteCommSink struct{ remoteSink }

func (k *remoteCommSink) SendComm(c cell.Comm) error {
	switch c.Type {
	case "comm_open", "comm_msg", "comm_close":
	default:
		return fmt.Errorf("SendComm: message type %q is not a comm message", c.Type)
	}
	return k.c.Event("comm", k.ref, commMsg{Type: c.Type, ID: c.ID, Target: c.Target, Data: c.Data, Metadata: c.Metadata}, c.Buffers)
}
