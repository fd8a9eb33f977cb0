package session

import (
	"context"
	"encoding/json"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/wire"
)

type executeRequest struct {
	Code            string          `json:"code"`
	Silent          bool            `json:"silent"`
	StoreHistory    *bool           `json:"store_history"`
	UserExpressions json.RawMessage `json:"user_expressions"`
	AllowStdin      bool            `json:"allow_stdin"`
	StopOnError     *bool           `json:"stop_on_error"`
}

// execute runs one cell: execute_input, the cell's outputs, then
// execute_result or error on iopub, and execute_reply on shell.
func (s *Session) execute(c *channel, m *wire.Message) error {
	var req executeRequest
	if err := m.DecodeContent(&req); err != nil {
		return s.badContent(c, m, err)
	}
	exprs, err := parseUserExpressions(req.UserExpressions)
	if err != nil {
		return s.badContent(c, m, err)
	}
	store := !req.Silent && (req.StoreHistory == nil || *req.StoreHistory)
	stopOnError := req.StopOnError == nil || *req.StopOnError

	s.mu.Lock()
	n := s.count + 1
	if store {
		s.count = n
		s.hist.add(n, req.Code)
	} else {
		n = s.count
	}
	s.mu.Unlock()

	if !req.Silent {
		s.publish("execute_input", map[string]any{"code": req.Code, "execution_count": n}, m)
	}

	res := s.run(m, req, n, store)

	if res.Err != nil {
		e := res.Err
		tb := e.Traceback
		if tb == nil {
			tb = []string{e.Name + ": " + e.Value}
		}
		abort := stopOnError && !req.Silent
		if !req.Silent {
			em := s.publish("error", map[string]any{"ename": e.Name, "evalue": e.Value, "traceback": tb}, m)
			if abort {
				// From the error message on the client can know: the
				// requests it created before its date are aborted
				// (abort.go).
				t := time.Now()
				if em != nil {
					if d, ok := wire.ParseDate(em.Header.Date); ok {
						t = d
					}
				}
				s.abortFrom(t)
			}
		}
		reply := errorContent(e.Name, e.Value, tb)
		reply["execution_count"] = n
		reply["user_expressions"] = map[string]any{}
		reply["payload"] = []any{}
		s.reply(c, m, "execute_reply", reply)
		if abort {
			return errStopOnError
		}
		return nil
	}
	if v := res.Value; v != nil && !req.Silent {
		s.publish("execute_result", map[string]any{
			"execution_count": n, "data": mimeOrEmpty(v.Data), "metadata": metaOrEmpty(v.Metadata),
		}, m)
		if store {
			if text, ok := v.Data["text/plain"].(string); ok {
				s.mu.Lock()
				s.hist.setOutput(n, text)
				s.mu.Unlock()
			}
		}
	}
	s.reply(c, m, "execute_reply", map[string]any{
		"status": "ok", "execution_count": n, "user_expressions": s.evalUserExpressions(m, req, exprs), "payload": []any{},
	})
	return nil
}

// interruptible returns a context that Interrupt cancels until done is
// called.
func (s *Session) interruptible() (ctx context.Context, done func()) {
	ctx, cancel := context.WithCancel(s.ctx)
	s.mu.Lock()
	s.cancelRun = cancel
	s.mu.Unlock()
	return ctx, func() {
		s.mu.Lock()
		s.cancelRun = nil
		s.mu.Unlock()
		cancel()
	}
}

// run executes the cell with a cancellable context that Interrupt cancels
// and that carries its execution count when it has one of its own.
func (s *Session) run(m *wire.Message, req executeRequest, n int, counted bool) cell.Result {
	eng, err := s.engine()
	if err != nil {
		return cell.Result{Err: &cell.Error{Name: "EngineError", Value: "the Go interpreter failed to start: " + err.Error()}}
	}
	ctx, done := s.interruptible()
	defer done()
	sink := &cellSink{s: s, parent: m, ctx: ctx, allowStdin: req.AllowStdin}
	if counted {
		ctx = cell.WithExecutionCount(ctx, n)
	}
	return eng.Execute(ctx, req.Code, sink)
}

func mimeOrEmpty(d display.MIME) display.MIME {
	if d == nil {
		return display.MIME{}
	}
	return d
}

func metaOrEmpty(md map[string]any) map[string]any {
	if md == nil {
		return map[string]any{}
	}
	return md
}
