package session

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
)

// fakeEngine runs a tiny line language so the protocol can be tested
// without an interpreter:
//
//	print X / eprint X   stdout / stderr
//	value X              execute_result text/plain X
//	error X              fail with ename "FakeError"
//	display ID X         display_data (ID "-" for none)
//	update ID X          update_display_data
//	clear                clear_output
//	input P              ask for input with prompt P, print "got " + reply
//	sleep D              sleep D (a Go duration) or until interrupted
//	gate                 wait until the test closes gate
//	lines N SIZE         N lines on stdout, each SIZE bytes: "%06d " + padding
//	value(X) / fail(X)   a Go expression (user_expressions): as value / error
type fakeEngine struct {
	closed chan struct{}
	gate   chan struct{}
}

func newFake() *fakeEngine {
	return &fakeEngine{closed: make(chan struct{}), gate: make(chan struct{})}
}

func (f *fakeEngine) Execute(ctx context.Context, code string, sink cell.Sink) cell.Result {
	var res cell.Result
	for _, line := range strings.Split(code, "\n") {
		cmd, arg, _ := strings.Cut(line, " ")
		if c, a, ok := strings.Cut(line, "("); ok && strings.HasSuffix(a, ")") {
			cmd, arg = map[string]string{"value": "value", "fail": "error"}[c], strings.TrimSuffix(a, ")")
		}
		switch cmd {
		case "print":
			sink.Stream("stdout", arg+"\n")
		case "eprint":
			sink.Stream("stderr", arg+"\n")
		case "value":
			res.Value = &display.Bundle{Data: display.MIME{"text/plain": arg}}
		case "error":
			return cell.Result{Err: &cell.Error{Name: "FakeError", Value: arg, Traceback: []string{"FakeError: " + arg}}}
		case "display", "update":
			id, text, _ := strings.Cut(arg, " ")
			if id == "-" {
				id = ""
			}
			sink.Display(display.Bundle{Data: display.MIME{"text/html": "<b>" + text + "</b>", "text/plain": text}, ID: id}, cmd == "update")
		case "lines":
			var n, size int
			fmt.Sscan(arg, &n, &size)
			pad := strings.Repeat("x", max(size-8, 0))
			for i := range n {
				sink.Stream("stdout", fmt.Sprintf("%06d %s\n", i, pad))
			}
		case "clear":
			sink.Clear(false)
		case "input":
			v, err := sink.Input(arg, false)
			if err != nil {
				return cell.Result{Err: &cell.Error{Name: "InputError", Value: err.Error()}}
			}
			sink.Stream("stdout", "got "+v+"\n")
		case "gate":
			select {
			case <-f.gate:
			case <-ctx.Done():
				return cell.Result{Err: &cell.Error{Name: "Interrupted", Value: "cell interrupted"}}
			}
		case "sleep":
			d, _ := time.ParseDuration(arg)
			if d == 0 {
				d = time.Hour
			}
			select {
			case <-time.After(d):
			case <-ctx.Done():
				return cell.Result{Err: &cell.Error{Name: "Interrupted", Value: "cell interrupted"}}
			}
		}
	}
	return res
}

func (f *fakeEngine) Complete(code string, cursor int) ([]string, int, int) {
	if code == "panic" {
		panic("fake completion bug")
	}
	r := []rune(code)[:cursor]
	start := cursor
	for start > 0 && r[start-1] != ' ' {
		start--
	}
	var out []string
	for _, w := range []string{"fmt.Println", "fmt.Printf", "math.Pi"} {
		if strings.HasPrefix(w, string(r[start:])) {
			out = append(out, w)
		}
	}
	return out, start, cursor
}

func (f *fakeEngine) Inspect(code string, cursor, detail int) (display.MIME, bool) {
	if strings.Contains(code, "fmt.Println") {
		return display.MIME{"text/plain": "func fmt.Println(a ...any) (n int, err error)"}, true
	}
	return nil, false
}

func (f *fakeEngine) IsComplete(code string) (string, string) {
	if strings.HasSuffix(code, "{") {
		return "incomplete", "\t"
	}
	return "complete", ""
}

func (f *fakeEngine) Close() { close(f.closed) }
