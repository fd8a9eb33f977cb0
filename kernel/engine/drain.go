package engine

import (
	"bytes"
	"runtime"
	"time"
)

// yaegi's EvalWithContext returns as soon as the context is cancelled,
// while its goroutine is still unwinding the interpreted code (or is stuck
// in a compiled call). Starting the next cell at once would run two
// evaluations on one interpreter. After an interrupt the engine therefore
// waits, for a bounded time, until no EvalWithContext goroutine is left.

// evalFrame identifies the goroutine yaegi runs each evaluation on;
// execFrame the one it runs a unit on under the debugger (debug.go).
var (
	evalFrame = []byte("yaegi/interp.(*Interpreter).EvalWithContext.func")
	execFrame = []byte("yaegi/interp.(*Interpreter).ExecuteWithContext.func")
)

// runningEvals counts live yaegi evaluation goroutines, leaving out those
// parked for good by os.Exit (process.go) or left blocked by a deadlock.
func runningEvals() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			count := 0
			for _, g := range bytes.Split(buf[:n], []byte("\n\n")) {
				if _, dead := abandoned.Load(goroutineID(string(g))); dead {
					continue // left blocked by a deadlock (fix_deadlock.go)
				}
				if (bytes.Contains(g, evalFrame) || bytes.Contains(g, execFrame)) && !bytes.Contains(g, []byte(parkFrame)) {
					count++
				}
			}
			return count
		}
		buf = make([]byte, 2*len(buf))
	}
}

// drain waits up to limit for interrupted evaluations to end, and reports
// whether they did. A compiled call (a long fit) cannot be stopped: its
// goroutine ends when the call returns. (time.Sleep in cells is rewritten
// to a sleep that interrupts end.)
func drain(limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for wait := time.Millisecond; ; wait = min(2*wait, 50*time.Millisecond) {
		if runningEvals() == 0 {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(wait)
	}
}
