package engine

import (
	"go/ast"
	"go/types"
	"strings"
	"sync"

	yaegistd "github.com/traefik/yaegi/stdlib"
)

// Refusal: the runtime's views of the program that the interpreter
// changes.
//
// Some functions answer questions about how the Go runtime runs the
// program — its frames, when its values die, what it allocates — and
// under the interpreter the program is yaegi's: its answers are never
// compiled Go's, and a program that checks them fails silently (Go's test
// suite has a dozen: deferfin.go, tinyfin.go, stackobj.go, issue4618.go,
// issue15277.go, issue22083.go...). The pass "introspect" refuses, at its
// line:col, every use (a call, a function or method value) of these:
//
//   - frames: an interpreted function has no frame of its own in the Go
//     runtime, its code runs inside yaegi's (reflect.Value.call,
//     interp.(*frame)...). runtime.Caller(0) reports reflect/value.go:586,
//     Callers and CallersFrames list yaegi's functions, FuncForPC names
//     them, runtime.Stack, debug.Stack and debug.PrintStack print them, and
//     the profiles (runtime's MemProfile, BlockProfile, MutexProfile,
//     GoroutineProfile, ThreadCreateProfile; runtime/pprof's) record them.
//     debug.SetMaxStack limits the Go stack, which an interpreted call uses
//     many times more of than a compiled one (and the engine stops deep
//     recursion itself: fix_recursion.go).
//   - finalizers and cleanups (runtime.SetFinalizer, runtime.AddCleanup;
//     package weak is refused at its import, fix_imports.go): yaegi's
//     frames and closures hold values longer than compiled Go keeps them
//     alive, so a finalizer runs late or never (the canary: 0 of 10 run
//     where Go runs 10).
//   - allocation counts and heap statistics (testing.AllocsPerRun,
//     testing.BenchmarkResult's AllocsPerOp, AllocedBytesPerOp, MemString,
//     MemAllocs and MemBytes, runtime.ReadMemStats, debug.ReadGCStats,
//     debug.WriteHeapDump, runtime/metrics.Read): the interpreter allocates
//     for the cell's operations (the canary: AllocsPerRun of an empty
//     function is 5, Go's 0) and holds values Go has freed, so the counts,
//     the heap and the collections are the interpreter's. ReadMemStats is
//     refused too although a notebook may want to watch its memory: no
//     field is what compiled Go reports for the code (Mallocs and
//     TotalAlloc count the interpreter's allocations, Alloc and HeapAlloc
//     after runtime.GC include what its frames keep, NumGC its
//     collections), and a program that checks them would fail silently.
//     The refusal says where the kernel's memory can be read instead.
//
// runtime.GC, KeepAlive, debug.SetGCPercent, FreeOSMemory and
// runtime.MemProfileRate stay: they control the runtime; only their
// effects are out of the cell's view. NumGoroutine stays too, counting
// the program's goroutines rather than the process's
// (fix_numgoroutine.go).

// introspectWhy are the reasons of a refusal.
const (
	whyFrames     = "interpreted functions have no frames of their own in the Go runtime, so it would describe the interpreter's frames, not the cell's"
	whyMaxStack   = "an interpreted call takes many times the Go stack a compiled one does, so the limit would not mean what it means for the cell's code"
	whyFinalizers = "the interpreter keeps values alive longer than compiled Go, so finalizers and cleanups do not run when Go runs them"
	whyAllocs     = "the interpreter allocates for the cell's own operations, so it would count the interpreter's allocations, not those of compiled Go"
	whyHeap       = "the heap is the interpreter's (it allocates for the cell's operations and keeps values alive longer than compiled Go), so its numbers are not what compiled Go reports; the kernel process's memory is in /proc/self/status (VmRSS)"
)

// introspected are the refused functions, by package path and name.
var introspected = map[string]map[string]string{
	"runtime": {
		"Caller": whyFrames, "Callers": whyFrames, "CallersFrames": whyFrames, "FuncForPC": whyFrames,
		"Stack": whyFrames, "MemProfile": whyFrames, "BlockProfile": whyFrames, "MutexProfile": whyFrames,
		"GoroutineProfile": whyFrames, "ThreadCreateProfile": whyFrames,
		"SetFinalizer": whyFinalizers, "AddCleanup": whyFinalizers,
		"ReadMemStats": whyHeap,
	},
	"runtime/debug": {
		"Stack": whyFrames, "PrintStack": whyFrames, "SetMaxStack": whyMaxStack,
		"ReadGCStats": whyHeap, "WriteHeapDump": whyHeap,
	},
	"runtime/pprof": {
		"Lookup": whyFrames, "Profiles": whyFrames, "StartCPUProfile": whyFrames, "WriteHeapProfile": whyFrames,
	},
	"runtime/metrics": {"Read": whyHeap},
	"testing":         {"AllocsPerRun": whyAllocs},
}

// introspectedMembers are the refused methods and fields, by package
// path, type name and member name.
var introspectedMembers = map[string]map[string]map[string]string{
	"testing": {"BenchmarkResult": {
		"AllocsPerOp": whyAllocs, "AllocedBytesPerOp": whyAllocs, "MemString": whyAllocs,
		"MemAllocs": whyAllocs, "MemBytes": whyAllocs,
	}},
}

// refuseIntrospection is the pass "introspect".
func refuseIntrospection(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	refuse := func(n ast.Node, name, why string) {
		p.fail(n.Pos(), name+" is not supported by the gophernote interpreter: "+why)
	}
	// //go:nointerface (GOEXPERIMENT=fieldtrack) keeps a method out of
	// its type's method set for interfaces; go/types and yaegi do not
	// know the directive, so an assertion would find the method.
	// (The cell's parsed pieces carry no comments: the raw text is read.)
	for off := 0; off < len(p.pc.src); {
		line := p.pc.src[off:]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		if strings.HasPrefix(line, "//go:nointerface") && p.scope.err == nil {
			cell, l, c := p.pc.where(off)
			p.scope.err = &cellError{line: l, col: c, cell: cell, msg: "the //go:nointerface directive is not supported by the gophernote interpreter: it needs GOEXPERIMENT=fieldtrack, and the interpreter would count the method in its type's method set"}
			return
		}
		off += len(line) + 1
	}
	// The packages imported with a dot, which go/types does not see
	// (gotypes.go): their names are unresolved identifiers.
	var dot []string
	for _, m := range []map[string]string{p.scope.imports, p.e.importNames} {
		if path, ok := m["."]; ok {
			dot = append(dot, path)
		}
	}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			// pkg.F: by name, for the functions the symbol tables lack
			// too (runtime.AddCleanup is newer than yaegi's tables).
			if id, ok := n.X.(*ast.Ident); ok {
				if pn, ok := ct.info.Uses[id].(*types.PkgName); ok {
					if why, ok := introspected[pn.Imported().Path()][n.Sel.Name]; ok {
						refuse(n, pn.Imported().Name()+"."+n.Sel.Name, why)
					}
					return false
				}
			}
			// x.M, T.M of a refused method or field.
			if s, ok := ct.info.Selections[n]; ok {
				if tn := namedOf(s.Recv()); tn != nil && tn.Pkg() != nil {
					if why, ok := introspectedMembers[tn.Pkg().Path()][tn.Name()][n.Sel.Name]; ok {
						refuse(n, tn.Pkg().Name()+"."+tn.Name()+"."+n.Sel.Name, why)
						return false
					}
				}
			}
			ast.Inspect(n.X, visit) // not n.Sel: a field or method name
			return false
		case *ast.Ident:
			if len(dot) == 0 || ct.info.Uses[n] != nil || ct.info.Defs[n] != nil {
				return true
			}
			for _, path := range dot {
				if why, ok := introspected[path][n.Name]; ok {
					refuse(n, path[strings.LastIndexByte(path, '/')+1:]+"."+n.Name, why)
					return false
				}
			}
		}
		return true
	}
	p.pc.inspect(visit)
}

// namedOf is the type name of t or of what it points to.
func namedOf(t types.Type) *types.TypeName {
	if pt, ok := t.(*types.Pointer); ok {
		t = pt.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj()
	}
	return nil
}

// Refusal: a name a package's symbol table lacks.
//
// The engine's standard library is yaegi v0.16.1's symbol tables
// (extracted from Go 1.22), and of package syscall only the process calls
// the engine guards (process.go: Exit, Exec, Kill, the raw Syscall
// entries...): yaegi keeps syscall's table out of its standard symbols,
// and the rest of the package (memory mapping, raw descriptors, the
// constants) acts on the kernel's own process. A name a table lacks
// (syscall.Mmap, strings.Lines of Go 1.24) made yaegi fail with its own
// words ("undefined selector syscall.Mmap", "package strings has no
// symbol Lines"); the pass "symbols" says which table lacks it, and why,
// at its line:col. A name go/types resolves (a generic stub's, slices'
// interpreted source) is not checked.

// refuseMissingSymbols is the pass "symbols".
func refuseMissingSymbols(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		pn, ok := ct.info.Uses[id].(*types.PkgName)
		if !ok {
			return true
		}
		path := pn.Imported().Path()
		syms, ok := p.e.syms[path]
		if !ok || ct.info.Uses[sel.Sel] != nil || interpretedStd[path] || isModulePath(path) {
			return true
		}
		if _, ok := syms[sel.Sel.Name]; ok {
			return true
		}
		name := pn.Imported().Name() + "." + sel.Sel.Name
		var msg string
		switch {
		case path == "syscall":
			msg = name + " is not available in gophernote: its table of package syscall holds only the process calls the engine guards (Exec, Exit, ForkExec, Kill, StartProcess, Syscall, the Ptrace calls...); the rest of syscall (memory mapping, raw descriptors, the constants) acts on the kernel's own process and is not loaded (use os, os/exec or os/signal)"
		case stdPaths()[path]:
			msg = name + " is not available in gophernote: its symbol table of package " + path + " (yaegi v0.16.1's, extracted from Go 1.22) lacks it"
		default:
			return true // a typo in a package of gophernote's own: yaegi says so
		}
		p.fail(sel.Sel.Pos(), msg)
		return false
	})
}

// stdPaths are the standard packages of yaegi's symbol tables.
var stdPaths = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for k := range yaegistd.Symbols {
		m[dir(k)] = true
	}
	return m
})
