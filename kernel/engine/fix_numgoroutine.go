package engine

import (
	"reflect"
	"strings"
	"sync"
)

// Workaround: runtime.NumGoroutine counts the program's goroutines.
//
// Go's runtime.NumGoroutine counts the goroutines of the program: main
// and those it started. In the kernel the process also runs the
// engine's and the kernel's own goroutines (the stop watcher, the output
// pumps, the wire, a test's), and some come and go while a cell runs, so
// the runtime's count is not the program's and a program comparing two
// counts (goprint.go waits until the count falls back to its first
// value) ended too early under load. The engine replaces the function
// for cells: it counts, from the runtime's goroutine list, the goroutines
// of the program — those the interpreter started (the cell's evaluation,
// which is the program's main, and every go statement of a cell), those
// a program's goroutine started in compiled code (a net/http server's
// connections), and those compiled code started from a goroutine that
// has ended, unless they run the kernel's code (a net/http client's
// connection loops, started while dialing). Not counted: the goroutines
// alive when the first engine was made, those the kernel's packages or
// the wire (zmq4) started and their descendants, those parked for good
// after os.Exit or a deadlock, and timer callbacks (time.goFunc) except
// a cell's own function (time.AfterFunc(d, f)).

// enginePackages prefixes the functions of the kernel's own packages.
const enginePackages = "github.com/gophernote/gophernote/"

// numGoroutineSymbols replaces runtime.NumGoroutine for cells.
func (e *Engine) numGoroutineSymbols() map[string]reflect.Value {
	return map[string]reflect.Value{"NumGoroutine": reflect.ValueOf(e.programGoroutines)}
}

// programGoroutines counts the goroutines of the cells' program: its
// main, the go statements of its cells still running (counted by this
// engine: another engine of the process runs another program) and the
// goroutines compiled code started for them.
func (e *Engine) programGoroutines() int {
	return 1 + int(e.panicPos.live.Load()) + compiledProgramGoroutines(goroutineStacks(), processGoroutines())
}

// processGoroutines are the ids of the goroutines alive when the first
// engine was made: the process's, never the program's.
var processGoroutines = sync.OnceValue(goroutineIDs)

// compiledProgramGoroutines counts, among goroutine traces (runtime.Stack
// with all set), those compiled code started for the cells' program (the
// interpreter's own are counted by the engine); before are goroutines
// that are not the program's, whatever their traces say.
func compiledProgramGoroutines(traces []string, before map[string]bool) int {
	type gor struct {
		trace, created, parent string
	}
	all := map[string]gor{}
	for _, g := range traces {
		id := goroutineID(g)
		if id == "" {
			continue
		}
		created := ""
		if i := strings.LastIndex(g, "\ncreated by "); i >= 0 {
			created = g[i+len("\ncreated by "):]
			if j := strings.IndexByte(created, '\n'); j >= 0 {
				created = created[:j]
			}
		}
		created, parent, _ := strings.Cut(created, " in goroutine ")
		all[id] = gor{g, created, parent}
	}
	verdict := map[string]bool{}
	var program func(id string, depth int) bool
	program = func(id string, depth int) bool {
		if v, ok := verdict[id]; ok {
			return v
		}
		g := all[id]
		v := false
		switch {
		case strings.Contains(g.trace, parkFrame) || before[id]:
			// Parked for good after os.Exit or a deadlock; the process's.
		case strings.HasPrefix(g.created, interpFrame):
			v = true // the cell's evaluation (the program's main) and its go statements
		case g.created == "" || strings.HasPrefix(g.created, enginePackages) || strings.HasPrefix(g.created, "github.com/go-zeromq/"):
			// The process's main, the kernel's and the wire's.
		case strings.HasPrefix(g.created, "time.goFunc"):
			v = strings.Contains(g.trace, interpFrame) // time.AfterFunc(d, f) of a cell's f
		case all[g.parent].trace != "" && depth < len(all):
			v = program(g.parent, depth+1) // started by a goroutine that still runs
		default:
			// Compiled code's, started by a goroutine that has ended (a
			// net/http connection's loops): the program's unless it runs the
			// kernel's code.
			v = !strings.Contains(g.trace, enginePackages)
		}
		verdict[id] = v
		return v
	}
	n := 0
	for id, g := range all {
		if !strings.HasPrefix(g.created, interpFrame) && program(id, 0) {
			n++
		}
	}
	return n
}

// runtimeSymbols are the engine's replacements in package runtime.
func runtimeSymbols(e *Engine) map[string]reflect.Value {
	processGoroutines() // before any cell runs
	m := e.goexitSymbols()
	for k, v := range e.numGoroutineSymbols() {
		m[k] = v
	}
	return m
}
