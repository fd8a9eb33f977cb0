package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/parser"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/wire"
)

// user_expressions (messaging spec, execute_request): after a cell has run
// without error, each expression is evaluated in the cell's namespace and
// the reply carries, under the same key, either its value as a display
// bundle {status: "ok", data, metadata} or the error it raised {status:
// "error", ename, evalue, traceback}. As in ipykernel, nothing is evaluated
// when the cell failed (the reply's user_expressions is then {}).
//
// An expression must be one Go expression (go/parser.ParseExpr): a
// statement such as `x = 1` is refused before anything runs, so a user
// expression cannot change the kernel's state by assignment. It runs
// through the engine like a cell (its output, if it prints, goes to the
// execute_request's output) and must have exactly one value, as the
// operand of `_ = expr` would.

// userExpr is one entry of user_expressions, in the order the client sent
// them.
type userExpr struct {
	key  string
	code string
	err  string // the entry was not a string
}

// parseUserExpressions reads the user_expressions object keeping its
// order. A missing or null field is empty; anything but a JSON object is
// an error naming what was found.
func parseUserExpressions(raw json.RawMessage) ([]userExpr, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("user_expressions: %v", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("user_expressions must be an object of name: expression, not %s", jsonKind(tok))
	}
	var out []userExpr
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("user_expressions: %v", err)
		}
		key, _ := kt.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("user_expressions[%q]: %v", key, err)
		}
		var code string
		if err := json.Unmarshal(v, &code); err != nil {
			out = append(out, userExpr{key: key, err: fmt.Sprintf("user expression %q is %s, not a string", key, jsonKind(v))})
			continue
		}
		out = append(out, userExpr{key: key, code: code})
	}
	return out, nil
}

// jsonKind names the JSON kind of a token or raw value for messages.
func jsonKind(v any) string {
	switch v := v.(type) {
	case json.Delim:
		if v == '[' {
			return "an array"
		}
		return "an object"
	case json.RawMessage:
		var x any
		if json.Unmarshal(v, &x) == nil {
			return jsonKind(x)
		}
	case string:
		return "a string"
	case float64, json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "not JSON"
}

// evalUserExpressions evaluates exprs after the cell, output going to the
// execute_request's sink, and returns the reply's user_expressions.
func (s *Session) evalUserExpressions(m *wire.Message, req executeRequest, exprs []userExpr) map[string]any {
	out := map[string]any{}
	if len(exprs) == 0 {
		return out
	}
	eng, err := s.engine()
	for _, x := range exprs {
		switch {
		case x.err != "":
			out[x.key] = errorContent("BadRequest", x.err, nil)
		case err != nil:
			out[x.key] = errorContent("EngineError", err.Error(), nil)
		default:
			out[x.key] = s.evalUserExpression(eng, m, req, x)
		}
	}
	return out
}

func (s *Session) evalUserExpression(eng Engine, m *wire.Message, req executeRequest, x userExpr) map[string]any {
	code := strings.TrimSpace(x.code)
	if code == "" {
		return errorContent("CompileError", fmt.Sprintf("user expression %q is empty", x.key), nil)
	}
	if _, err := parser.ParseExpr(code); err != nil {
		return errorContent("CompileError", fmt.Sprintf("user expression %q is not one Go expression: %v", x.key, err), nil)
	}
	ctx, done := s.interruptible()
	defer done()
	// Not a cell: a worker re-running the session after a crash skips it;
	// Go only: a user expression is never a magic or shell command line.
	ctx = cell.GoOnly(cell.AsEvaluation(ctx))
	res := eng.Execute(ctx, code, &cellSink{s: s, parent: m, ctx: ctx, allowStdin: req.AllowStdin})
	if e := res.Err; e != nil {
		return errorContent(e.Name, e.Value, e.Traceback)
	}
	if res.Value == nil {
		return errorContent("ValueError", fmt.Sprintf("user expression %q (%s) has no single value: a call of a function with no result or with several results", x.key, code), nil)
	}
	return map[string]any{"status": "ok", "data": mimeOrEmpty(res.Value.Data), "metadata": metaOrEmpty(res.Value.Metadata)}
}
