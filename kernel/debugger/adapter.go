// Package debugger is gophernote's side of Jupyter's debugger: the Debug
// Adapter Protocol (DAP) requests JupyterLab sends in debug_request
// messages, with Jupyter's additions (debugInfo, dumpCell,
// inspectVariables, richInspectVariables), answered on the engine's
// debugger (kernel/engine, debug.go).
//
// The adapter lives where the engine is: in the worker process
// (kernel/worker), where this package registers the request "debug" (its
// init); the kernel side, Remote, passes each debug_request's content to
// it and the DAP events it sends ("debug_event") to the session, which
// publishes them on iopub. Requests are answered while a cell runs or is
// stopped at a breakpoint.
//
// Shapes follow the DAP specification and what @jupyterlab/debugger 4
// reads: debugInfo is asked before initialize (isStarted, hashMethod
// "Murmur2", hashSeed, tmpFilePrefix and tmpFileSuffix, the breakpoints
// and stopped threads to restore); dumpCell writes a cell's code to
// tmpFilePrefix + Murmur2(code, hashSeed) + tmpFileSuffix, the path
// JupyterLab sets breakpoints by and matches stopped frames with.
package debugger

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"

	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/engine"
)

// HashSeed is the seed of the hash that names cells' source files (the
// number ipykernel uses too).
const HashSeed uint32 = 0xC70F6907

// Suffix is the file suffix of cells' source files.
const Suffix = ".go"

// Adapter serves DAP requests on one engine.
type Adapter struct {
	eng    *engine.Engine
	dbg    *engine.Debugger
	prefix string
	emit   func(event []byte)

	mu      sync.Mutex
	seq     int
	started bool
	sources map[string]string // source path -> code (dumped cells)
}

// NewAdapter returns an adapter for eng; its DAP events (JSON) go to emit.
// The cells' source files are written under dir (created when needed).
func NewAdapter(eng *engine.Engine, dir string, emit func(event []byte)) *Adapter {
	return &Adapter{eng: eng, dbg: eng.Debugger(), prefix: filepath.Clean(dir) + string(filepath.Separator), emit: emit, sources: map[string]string{}}
}

// DefaultDir is the folder of the cells' source files for a kernel
// process: one per kernel (its pid), as ipykernel does.
func DefaultDir(kernelPID int) string {
	return filepath.Join(os.TempDir(), "gophernote_"+strconv.Itoa(kernelPID))
}

// Path is the source path of a cell's code.
func (a *Adapter) Path(code string) string {
	return a.prefix + strconv.FormatUint(uint64(Murmur2([]byte(code), HashSeed)), 10) + Suffix
}

// request is a DAP request.
type request struct {
	Seq       int             `json:"seq"`
	Type      string          `json:"type"`
	Command   string          `json:"command"`
	Arguments json.RawMessage `json:"arguments"`
}

// response is a DAP response.
type response struct {
	Seq        int    `json:"seq"`
	Type       string `json:"type"`
	RequestSeq int    `json:"request_seq"`
	Success    bool   `json:"success"`
	Command    string `json:"command"`
	Message    string `json:"message,omitempty"`
	Body       any    `json:"body"`
}

type event struct {
	Seq   int    `json:"seq"`
	Type  string `json:"type"`
	Event string `json:"event"`
	Body  any    `json:"body"`
}

func (a *Adapter) nextSeq() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.seq++
	return a.seq
}

// Handle answers one DAP request (the content of a debug_request). It
// never fails: a malformed request gets an error response naming what
// was wrong.
func (a *Adapter) Handle(content []byte) []byte {
	var req request
	err := json.Unmarshal(content, &req)
	switch {
	case err != nil:
		return a.respond(req, nil, fmt.Errorf("malformed debug request: %v", err))
	case req.Command == "":
		return a.respond(req, nil, fmt.Errorf("malformed debug request: no command"))
	case req.Type != "" && req.Type != "request":
		return a.respond(req, nil, fmt.Errorf("malformed debug request: type %q, want \"request\"", req.Type))
	}
	body, err := a.serve(req)
	return a.respond(req, body, err)
}

func (a *Adapter) respond(req request, body any, err error) []byte {
	r := response{Seq: a.nextSeq(), Type: "response", RequestSeq: req.Seq, Success: err == nil, Command: req.Command, Body: body}
	if err != nil {
		r.Message = err.Error()
		if r.Body == nil {
			r.Body = map[string]any{"error": map[string]any{"id": 1, "format": err.Error()}}
		}
	}
	if r.Body == nil {
		r.Body = map[string]any{}
	}
	b, merr := json.Marshal(r)
	if merr != nil {
		b, _ = json.Marshal(response{Seq: r.Seq, Type: "response", RequestSeq: req.Seq, Command: req.Command, Message: merr.Error(), Body: map[string]any{}})
	}
	return b
}

func (a *Adapter) send(name string, body any) {
	b, err := json.Marshal(event{Seq: a.nextSeq(), Type: "event", Event: name, Body: body})
	if err == nil && a.emit != nil {
		a.emit(b)
	}
}

// args decodes a request's arguments into v (absent arguments are an
// empty object).
func args(req request, v any) error {
	if len(req.Arguments) == 0 || string(req.Arguments) == "null" {
		return nil
	}
	if err := json.Unmarshal(req.Arguments, v); err != nil {
		return fmt.Errorf("malformed arguments of %s: %v", req.Command, err)
	}
	return nil
}

type threadArgs struct {
	ThreadID *int `json:"threadId"`
}

func (t threadArgs) id(cmd string) (int, error) {
	if t.ThreadID == nil {
		return 0, fmt.Errorf("%s: no threadId", cmd)
	}
	return *t.ThreadID, nil
}

type sourceArg struct {
	Path string `json:"path"`
	Name string `json:"name,omitempty"`
}

func (a *Adapter) serve(req request) (any, error) {
	switch req.Command {
	case "debugInfo":
		return a.debugInfo(), nil
	case "initialize":
		a.mu.Lock()
		a.started = true
		a.mu.Unlock()
		a.dbg.Enable(a.Path, a.onEvent)
		defer a.send("initialized", map[string]any{})
		return map[string]any{
			"supportsConfigurationDoneRequest": true,
			"supportsEvaluateForHovers":        true,
			"supportsSetVariable":              false,
			"supportsConditionalBreakpoints":   false,
			"supportsStepBack":                 false,
			"supportsDelayedStackTraceLoading": false,
			"supportsTerminateRequest":         false,
			"supportsLoadedSourcesRequest":     false,
			"supportsModulesRequest":           true,
			"exceptionBreakpointFilters":       []any{},
		}, nil
	case "attach", "launch", "configurationDone":
		return map[string]any{}, nil
	case "setExceptionBreakpoints":
		return map[string]any{"breakpoints": []any{}}, nil
	case "disconnect", "terminate":
		a.mu.Lock()
		a.started = false
		a.mu.Unlock()
		a.dbg.Disable()
		return map[string]any{}, nil
	case "dumpCell":
		var x struct {
			Code *string `json:"code"`
		}
		if err := args(req, &x); err != nil {
			return nil, err
		}
		if x.Code == nil {
			return nil, fmt.Errorf("dumpCell: no code")
		}
		p := a.Path(*x.Code)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			return nil, fmt.Errorf("dumpCell: %v", err)
		}
		if err := os.WriteFile(p, []byte(*x.Code), 0o600); err != nil {
			return nil, fmt.Errorf("dumpCell: %v", err)
		}
		a.mu.Lock()
		a.sources[p] = *x.Code
		a.mu.Unlock()
		return map[string]any{"sourcePath": p}, nil
	case "setBreakpoints":
		return a.setBreakpoints(req)
	case "source":
		var x struct {
			Source sourceArg `json:"source"`
		}
		if err := args(req, &x); err != nil {
			return nil, err
		}
		a.mu.Lock()
		code, ok := a.sources[x.Source.Path]
		a.mu.Unlock()
		if !ok {
			b, err := os.ReadFile(x.Source.Path)
			if err != nil || filepath.Dir(x.Source.Path)+string(filepath.Separator) != a.prefix {
				return nil, fmt.Errorf("source unavailable: %s", x.Source.Path)
			}
			code = string(b)
		}
		return map[string]any{"content": code}, nil
	case "threads":
		var ts []map[string]any
		for _, t := range a.dbg.Threads() {
			ts = append(ts, map[string]any{"id": t.ID, "name": t.Name})
		}
		return map[string]any{"threads": ts}, nil
	case "continue", "next", "stepIn", "stepOut", "pause":
		var x threadArgs
		if err := args(req, &x); err != nil {
			return nil, err
		}
		id, err := x.id(req.Command)
		if err != nil {
			return nil, err
		}
		switch req.Command {
		case "continue":
			err = a.dbg.Continue(id)
		case "next":
			err = a.dbg.Next(id)
		case "stepIn":
			err = a.dbg.StepIn(id)
		case "stepOut":
			err = a.dbg.StepOut(id)
		case "pause":
			return map[string]any{}, a.dbg.Pause(id)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", req.Command, err)
		}
		// The engine sent "continued" before the thread ran on.
		if req.Command == "continue" {
			return map[string]any{"allThreadsContinued": false}, nil
		}
		return map[string]any{}, nil
	case "stackTrace":
		return a.stackTrace(req)
	case "scopes":
		var x struct {
			FrameID *int `json:"frameId"`
		}
		if err := args(req, &x); err != nil {
			return nil, err
		}
		if x.FrameID == nil {
			return nil, fmt.Errorf("scopes: no frameId")
		}
		scs, err := a.dbg.Scopes(*x.FrameID)
		if err != nil {
			return nil, err
		}
		out := make([]map[string]any, len(scs))
		for i, s := range scs {
			out[i] = map[string]any{"name": s.Name, "variablesReference": s.Ref, "namedVariables": s.N, "expensive": false}
		}
		return map[string]any{"scopes": out}, nil
	case "variables":
		var x struct {
			Ref   *int `json:"variablesReference"`
			Start int  `json:"start"`
			Count int  `json:"count"`
		}
		if err := args(req, &x); err != nil {
			return nil, err
		}
		if x.Ref == nil {
			return nil, fmt.Errorf("variables: no variablesReference")
		}
		vs, err := a.dbg.Variables(*x.Ref, x.Start, x.Count)
		if err != nil {
			return nil, err
		}
		return map[string]any{"variables": dapVariables(vs)}, nil
	case "evaluate":
		var x struct {
			Expression *string `json:"expression"`
			FrameID    int     `json:"frameId"`
		}
		if err := args(req, &x); err != nil {
			return nil, err
		}
		if x.Expression == nil {
			return nil, fmt.Errorf("evaluate: no expression")
		}
		v, err := a.dbg.Evaluate(x.FrameID, *x.Expression)
		if err != nil {
			return nil, err
		}
		return map[string]any{"result": v.Value, "type": v.Type, "variablesReference": v.Ref,
			"indexedVariables": v.Indexed, "namedVariables": v.Named}, nil
	case "inspectVariables":
		vs, _ := a.dbg.Inspect()
		return map[string]any{"variables": dapVariables(vs)}, nil
	case "richInspectVariables":
		return a.richInspect(req)
	case "modules":
		return map[string]any{"modules": []any{}, "totalModules": 0}, nil
	}
	return nil, fmt.Errorf("unknown debug command %q", req.Command)
}

func (a *Adapter) debugInfo() map[string]any {
	a.mu.Lock()
	started := a.started
	a.mu.Unlock()
	var bps []map[string]any
	all := a.dbg.Breakpoints()
	paths := make([]string, 0, len(all))
	for p := range all {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		var lines []map[string]any
		for _, l := range all[p] {
			lines = append(lines, map[string]any{"line": l})
		}
		bps = append(bps, map[string]any{"source": p, "breakpoints": lines})
	}
	if bps == nil {
		bps = []map[string]any{}
	}
	stopped := a.dbg.Stopped()
	if stopped == nil {
		stopped = []int{}
	}
	return map[string]any{
		"isStarted":      started,
		"hashMethod":     "Murmur2",
		"hashSeed":       HashSeed,
		"tmpFilePrefix":  a.prefix,
		"tmpFileSuffix":  Suffix,
		"breakpoints":    bps,
		"stoppedThreads": stopped,
		"richRendering":  true,
		"exceptionPaths": []string{},
	}
}

func (a *Adapter) setBreakpoints(req request) (any, error) {
	var x struct {
		Source      sourceArg `json:"source"`
		Breakpoints []struct {
			Line int `json:"line"`
		} `json:"breakpoints"`
		Lines []int `json:"lines"`
	}
	if err := args(req, &x); err != nil {
		return nil, err
	}
	if x.Source.Path == "" {
		return nil, fmt.Errorf("setBreakpoints: no source path")
	}
	lines := x.Lines
	if x.Breakpoints != nil {
		lines = lines[:0:0]
		for _, b := range x.Breakpoints {
			lines = append(lines, b.Line)
		}
	}
	a.mu.Lock()
	code, ok := a.sources[x.Source.Path]
	a.mu.Unlock()
	if !ok && filepath.Dir(x.Source.Path)+string(filepath.Separator) == a.prefix {
		// Dumped by this kernel before its worker was replaced.
		if b, err := os.ReadFile(x.Source.Path); err == nil {
			code = string(b)
		}
	}
	res := a.dbg.SetBreakpoints(x.Source.Path, code, lines)
	out := make([]map[string]any, len(res))
	for i, r := range res {
		b := map[string]any{"verified": r.Verified, "line": r.Line, "source": map[string]any{"path": x.Source.Path}}
		if r.Verified {
			b["id"] = i + 1
		}
		if r.Message != "" {
			b["message"] = r.Message
		}
		out[i] = b
	}
	return map[string]any{"breakpoints": out}, nil
}

func (a *Adapter) stackTrace(req request) (any, error) {
	var x struct {
		threadArgs
		StartFrame int `json:"startFrame"`
		Levels     int `json:"levels"`
	}
	if err := args(req, &x); err != nil {
		return nil, err
	}
	id, err := x.id("stackTrace")
	if err != nil {
		return nil, err
	}
	fs, err := a.dbg.StackTrace(id)
	if err != nil {
		return nil, err
	}
	total := len(fs)
	if x.StartFrame > 0 {
		fs = fs[min(x.StartFrame, len(fs)):]
	}
	if x.Levels > 0 && x.Levels < len(fs) {
		fs = fs[:x.Levels]
	}
	out := make([]map[string]any, len(fs))
	for i, f := range fs {
		sf := map[string]any{"id": f.ID, "name": f.Name, "line": f.Line, "column": f.Col}
		if f.Source != "" {
			sf["source"] = map[string]any{"path": f.Source, "name": filepath.Base(f.Source)}
		}
		out[i] = sf
	}
	return map[string]any{"stackFrames": out, "totalFrames": total}, nil
}

func (a *Adapter) richInspect(req request) (any, error) {
	var x struct {
		Name    string `json:"variableName"`
		FrameID int    `json:"frameId"`
	}
	if err := args(req, &x); err != nil {
		return nil, err
	}
	if x.Name == "" {
		return nil, fmt.Errorf("richInspectVariables: no variableName")
	}
	v, err := a.dbg.Value(x.FrameID, x.Name)
	if err != nil {
		return nil, err
	}
	b, ok := display.Auto(v)
	if !ok || b.Data == nil {
		vs, err := a.dbg.Evaluate(x.FrameID, x.Name)
		if err != nil {
			return nil, err
		}
		return map[string]any{"data": map[string]any{"text/plain": vs.Value}, "metadata": map[string]any{}}, nil
	}
	md := map[string]any{}
	for k, v := range b.Metadata {
		if _, ok := b.Data[k]; ok {
			md[k] = v
		}
	}
	return map[string]any{"data": b.Data, "metadata": md}, nil
}

// dapVariables are DAP variables. JupyterLab's variables tree shows, for
// a variable, its value when its type is one of Python's int, float, bool
// or str, and otherwise its type: so a scalar (number, string, boolean)
// carries its type only where the Go name is one of those (int, bool),
// and shows its value; the others show their type (their values expand).
func dapVariables(vs []engine.DebugVar) []map[string]any {
	out := make([]map[string]any, len(vs))
	for i, v := range vs {
		m := map[string]any{"name": v.Name, "value": v.Value, "variablesReference": v.Ref, "evaluateName": v.Name}
		if !v.Scalar || v.Type == "int" || v.Type == "bool" {
			m["type"] = v.Type
		}
		if v.Indexed > 0 {
			m["indexedVariables"] = v.Indexed
		}
		if v.Named > 0 {
			m["namedVariables"] = v.Named
		}
		out[i] = m
	}
	return out
}

// onEvent turns the engine's debugger events into DAP events.
func (a *Adapter) onEvent(ev engine.DebugEvent) {
	switch ev.Kind {
	case "stopped":
		body := map[string]any{"reason": ev.Reason, "threadId": ev.Thread, "allThreadsStopped": false, "preserveFocusHint": false}
		if ev.Description != "" {
			body["description"] = ev.Description
		}
		a.send("stopped", body)
	case "continued":
		a.send("continued", map[string]any{"threadId": ev.Thread, "allThreadsContinued": false})
	case "thread":
		a.send("thread", map[string]any{"reason": ev.Reason, "threadId": ev.Thread})
	}
}
