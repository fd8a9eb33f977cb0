// Package engine runs notebook cells on a yaegi interpreter: it splits a
// cell into imports, declarations and statements, rewrites the Go that
// yaegi v0.16 gets wrong, evaluates the parts in an order that works,
// streams output to a Sink while the cell runs, and maps every error to
// the cell's line:col.
//
// # Cell rules
//
// What users can rely on; each rule is tested in this package.
//
// Layout. A cell is a Go scratch file: imports, declarations (func, type,
// var, const) and statements in any order. Imports run first (an import
// made by an earlier cell is skipped; a package used by name without an
// import is imported, with math/rand for rand and text/template for
// template). Then all declarations, then the statements in order — unless
// a declaration uses a variable that a statement of the same cell defines,
// in which case declarations and statements run in source order.
// Variables defined by top-level := statements stay visible to later cells.
// A top-level var whose value reads a variable of an earlier cell or of a
// statement runs as an assignment (var y T; y = E, or y := E without a
// type), after the vars it reads. A top-level := (or var) from an index of
// a compiled value (s[i], m[k], s[i].F of a compiled package's slice, map
// or array) gets its type from the engine, which must be able to name it:
// else the error says so.
//
// Value. When the last top-level item is an expression with exactly one
// value, it is the cell's result: display.Auto's bundle for rich values
// (plots, images, Displayer, MIMEr, and cell types with a Display or MIME
// method when the engine can see the type from the code), else text/plain
// "%v". Calls without results or with several (fmt.Println) show nothing.
//
// Errors. Syntax and compile errors are CompileError "line:col: message"
// at the cell position ("cell N, line:col" for code from an earlier cell).
// Each cell is type-checked with go/types against the earlier cells and
// the compiled packages; a function that can end without a return and a
// value whose method set lacks a pointer-receiver method an interface
// needs are refused with Go's message (yaegi would run them). An import
// of a package gophernote does not have is refused at its line:col, and
// the other imports of its block stay usable. A panic is Panic "value
// [at line:col]" with interpreted frames in the traceback; runtime panics
// use Go's words ("runtime error: index out of range [15] with length
// 10", "invalid memory address or nil pointer dereference"), in the error
// and in recover()'s value; recover() in a top-level deferred function
// recovers a later panic of the cell, which then ends without error. Inside a
// function, [at line:col] is the statement that panicked when the engine
// is sure of it, else the error names the function instead ("[in
// main.f]"; fix_panicpos.go lists when). A panic in a goroutine, in Go's
// words, fails the cell that ran its go statement while that cell still
// runs ("MSG [in the goroutine started at L:C]"); after it, the panic is
// printed on stderr; the goroutine alone ends (fix_goroutine.go).
// runtime.Goexit in the cell's own statements ends the cell with a Goexit
// error at its statement (fix_goexit.go; in a program gophernote run runs,
// its other goroutines run on as in Go, until one calls os.Exit or none
// can run); runtime.NumGoroutine counts the
// program's goroutines, not the kernel's (fix_numgoroutine.go). The
// runtime's views that the
// interpreter changes are refused at their line:col (fix_introspect.go):
// frames (runtime.Caller, Stack, debug.Stack, PrintStack, SetMaxStack,
// the profiles), finalizers and cleanups (SetFinalizer, AddCleanup,
// package weak), allocation counts (testing.AllocsPerRun) and heap
// statistics (runtime.ReadMemStats, debug.ReadGCStats); so is a name a
// standard package's symbol table lacks (syscall.Mmap: syscall has only
// the guarded process calls). Cancelling the context gives Interrupted;
// what ran before stays defined. A long call into compiled code cannot be
// stopped: it finishes in the background and its interpreted caller stops
// when it returns.
//
// Modern Go, rewritten before yaegi sees it: range over int, min, max,
// clear, per-iteration loop variables for closures (a three-clause loop
// whose body assigns the variable runs on a copy each iteration hands on
// to the next), range loops written with = and range loops whose body
// assigns an iteration variable (Go assigns each iteration's values
// afresh), the functions of
// slices, maps and cmp users reach for (Sort, SortFunc, Insert, Delete,
// Clone, Compact, IsSorted, BinarySearch, maps.Equal, Clone, Copy...),
// rand.N, slices.Collect/Sorted of maps.Keys/Values, and comma-ok defines at top level
// (v, ok := m[k]; n, ok := x.(T); v, ok := <-ch). Range over func (Go
// 1.23 iterators, with break, continue, return, labels, defer in the body
// and Go's run-time checks), package iter (Seq, Seq2, Pull, Pull2) and the
// iterator functions of slices, maps, strings and bytes are lowered into
// calls with function literals (fix_rangefunc.go). Top-level compound statements run inside a function
// literal (yaegi's global scope breaks block scoping there); a defer in one
// runs when that statement ends. The body of a func main pasted into a cell
// works as there: a bare return ends the cell (later statements do not run,
// top-level defers do), goto/break/continue may name top-level labels (the
// statements they join run in one function literal, so their := variables
// stay local), and a := that redefines a session variable read earlier in
// the cell does not change what the earlier statements read.
//
// Assignments. Several values are assigned as Go assigns them: the
// operands of index expressions and indirections on the left and the
// values on the right are evaluated first, then assigned left to right
// (swaps, a, b = b, f(a), i, x[i] = 1, 2, k, m[k] = 1, 2, return b, a of
// named results); as compiled Go does, the calls and receives of an
// assignment run before the operands they could change are read.
//
// A defer statement evaluates its call's function, receiver and arguments
// when it executes, as Go does (also in loops, where each deferred
// literal keeps its own iteration's variables); a deferred call of a
// local variable assigned a function literal in the loop around the
// defer is refused (the interpreter deadlocks running it). A panic raised
// by a deferred call leaves the deferred calls registered before it to
// run, and a recover in one of them stops it.
//
// Numbers. Every constant expression has the value and the type compiled
// Go gives it: go/types computes it exactly and the engine writes it as a
// literal of its type (3 / 2 in a float64 context is 1, 1 << 100 >> 98
// is 4, an untyped shift operand takes the shift's type, -0.0 is 0, const
// specs with iota and repetition get each name's value).
//
// Generics. Generic functions, types (with their methods) and
// constraints work as in Go, across cells too (a generic of cell 1
// instantiated in cell 3): the engine specializes them for each list of
// type arguments a cell uses (inferred ones included) and the interpreter
// runs only the specialized copies (fix_mono.go). Errors and panics
// inside generic code are reported at the generic's cell line:col, and
// instances print with Go's names (%T of a Pair[int,string] is
// main.Pair[int,string]). A type declared inside a function and used as a
// type argument is moved to the top level. Redefining a generic function
// updates its instances and their callers; a generic type, like any type,
// cannot be redefined. Refused with an error at the instantiation: a
// type argument declared inside a generic function or not nameable at the
// top level (a type of a package the session did not import), and a
// generic instantiating itself with ever larger type arguments (Go's
// instantiation cycle).
//
// Printing. A cell's error types reach fmt, log and errors with their
// methods (%v, %w, errors.As, errors.Is). %T, %+v and %#v of cell struct
// types in a printf-like call with a constant format, and encoding/json
// and encoding/xml, see the types' Go names and unexported fields as
// compiled Go does (fix_fmt.go lists the limits). fmt and log calls print
// a cell type's String, Error or Format method as Go does for the value
// itself (also a call's result and a nil *T; not for a T whose method
// needs *T) and inside slices, arrays and maps of it, nested too (in
// generic code too, for each type argument), with the verb, flags and width of a constant format; where they cannot (struct
// fields, map keys of other than basic kinds, %#v, byte verbs on uint8
// kinds, a format built at run time, a call's several results) the call
// is refused at its line:col (fix_fmtmethods.go lists the cases).
// go/ast.Print prints to the cell's stdout.
// reflect's Field, FieldByName and FieldByIndex (of Value and Type) see a
// cell struct's unexported fields by their Go names, read-only.
// encoding/gob of a value holding an interface is refused. A cell value
// whose type has methods, held in an interface inside a slice, map or
// struct ([]any{q}) or in an interface variable, prints and encodes to
// JSON as Go does — or, where the interpreter lost the String, Error,
// Format, GoString (fmt) or MarshalJSON, MarshalText (json) method Go
// would call (var a any = P{}), the call panics naming the type. A value
// of a non-struct cell type with such a method (type C float64) that a
// cell converts to an interface, returns as one or (slices, maps) assigns
// to one loses its type in the interpreter: once a cell did so, a bare
// value of the same underlying type held in an interface and printed or
// encoded panics naming the type it may be (fix_ifacevalues.go).
//
// Modules and compiled cells (modules.go, compile.go, README "Packages and
// compiled cells"). An import of a package whose path starts with a domain
// and that the engine has no table for is resolved by the machine's go
// command and built as a plugin against the kernel's own dependency
// versions (internal/modbuild), then loaded with interp.Use: it runs
// compiled. Where plugins cannot work its source is interpreted, and the
// cell says so once. `%go get MODULE@VERSION` lines pin versions; a cell
// whose first line is `%%compile NAME` is a Go file compiled into package
// NAME, which later cells import as "NAME". Build and resolution errors
// are ImportError or CompileError at the import's (or the compiled
// cell's) line:col; an interrupt stops the toolchain. EngineMagics lists
// these magics for a magics layer in front of the engine.
//
// Redefinition. Redefining a function re-evaluates the earlier functions
// that call it (transitively). A redefined variable's old value is
// released for the garbage collector unless code compiled earlier may
// still read it (a function, a function literal, a pointer to it), and so
// is every value a cell's top level computed but did not keep
// (fix_release.go). Types and methods cannot be redefined by
// yaegi: a different definition is rejected with advice (rename or
// restart); re-running the identical cell is fine.
//
// Safety. os.Exit(N), syscall.Exit and log.Fatal* (also the Fatal methods
// of loggers from log.New and log.Default) stop the cell with an Exit
// error "exit status N", not the kernel; like Go, they run no deferred
// calls. syscall.Exec, syscall.Reboot, signals and raw exit/exec/kill
// system calls aimed at the kernel's own process, and signal.Reset or
// Ignore of SIGINT/SIGTERM panic with a message naming the call. A cell's
// os.Args is Options.Args (a program name, no arguments, by default), and
// flag.Parse parses it, never the kernel's command line. print and println
// write to stderr. With Options.DetectDeadlocks (gophernote run), a cell
// whose goroutines are all blocked ends with a Deadlock error naming the
// line of the last blocking operation. A top-level defer runs
// once when the cell ends (also after a panic). A cell's func main runs
// once, after the cell's declarations. time.Sleep ends early when the cell
// is interrupted. Recursion deeper than 50,000 calls (direct, mutual, or a
// closure calling the variable it is assigned to) stops with a Panic
// instead of Go's fatal stack overflow. Not protected: Go runtime fatal
// errors such as concurrent map writes or running out of memory end the
// process (kernel/worker runs the engine in a process of its own and
// reports them).
//
// # How a cell is prepared
//
// splitCell parses the cell in two views (declarations as a file,
// statements as a function body) that keep the cell's line:col; the
// types pass checks both with go/types (gotypes.go: packages built from
// the symbol tables, the objects of earlier cells), and the passes after
// it read the types where syntax cannot tell. The passes in passes.go
// run in a fixed order over one prep; each declares
// the facts it needs and provides, which init checks. A rewrite registers
// edits on the cell's text; the last pass, units, renders them (with line
// directives, so yaegi's positions stay the cell's) into the interpreter
// calls of the plan. The golden tests (testdata/golden, go test -update)
// show each pass's rewritten source.
//
// # Workarounds
//
// Each yaegi gap the engine works around lives in its own file (a pass
// when it rewrites source), and has a canary in canary_test.go that runs
// the raw construct on plain yaegi and fails once a yaegi release handles
// it — then delete the file, its pass and its row. Rows: gap | file |
// canary | upstream (traefik/yaegi issue or pull request; "none found"
// when a search of the tracker found none). Add a row with its canary.
//
//	top-level blocks do not scope; := in a nested block fails | fix_compound.go | compound, compound/define | none found
//	top-level defer re-runs after every later cell | fix_defer.go | defer | none found
//	func main re-runs after every declaration cell | fix_main.go | main | none found
//	generic call (of a min, max or slices helper) in a top-level := crashes (nil type) | fix_stash.go | stash | #1636 (related)
//	top-level := from an index of a compiled value: definition loop | fix_indexdef.go | indexdefine | #1536 (related)
//	var initialiser reading an earlier cell's variable: definition loop | fix_varinit.go | varinit | none found
//	cell types lose their methods in compiled code (Display, String) | fix_finalshow.go | finalshow | #654 (related)
//	range over int (Go 1.22) | fix_rangeint.go | rangeint | #1644, #1645 (unreleased)
//	loop variables shared across iterations (pre-1.22) | fix_loopvar.go | loopvar | #1594, #1713, #1645
//	x++ and x-- on a uintptr end the function silently | fix_incdec.go | incdec | none found
//	len, cap and counting ranges of an array through a nil pointer dereference it | fix_arraylen.go | arraylen | none found
//	a && or || argument to an unnamed parameter inside an expression writes another frame slot | fix_unnamedparams.go | unnamedparams | none found
//	-x, ^x, !x, %, << and >> results (and comparisons) returned as, assigned to or declared as an interface: the function silently ends or reflect panics; a comma-ok ok assigned to an interface panics; x[i], _ = <-c stores the value as the ok (reflect panics) | fix_opconv.go | opconv, opconv/unary, opconv/commaok, opconv/recvblank | none found
//	a range loop with = assigns nothing; a body assigning an iteration variable changes the iteration | fix_rangevars.go | rangevars, rangevars/assigned | none found
//	several values: a call or receive is assigned before the later values are read, a composite literal zeroes the others, a left map index is read late; return of named results; t = T{2} gives t new storage; left operands read before the calls (compiled Go calls first) | fix_assignorder.go | assignorder, assignorder/complit, assignorder/return, assignorder/mapindex, assignorder/literal, assignorder/callsfirst | none found
//	m[k], err = f() and m[k], ok = x.(T) store nothing; x[i] = <-c, *p = <-c and s.f = <-c store nothing; return make(T), make(T) gives one value twice; a multi-value assignment or return assigns the values before one that panics | fix_assignorder.go | assignorder/tuplemap, assignorder/recvelem, assignorder/returnmake, assignorder/panicvalues | none found
//	defer reads its arguments and receiver when the call runs, deferred literals in a loop see the last iteration, a deferred call of a closure of the same function deadlocks (refused in a loop); go reads its receiver late | fix_deferargs.go | deferargs, deferargs/receiver, deferargs/loop | none found
//	a panic out of a deferred call ends the function's deferred calls: those registered before it never run, their recover does not stop it | fix_deferpanic.go | deferargs/panic | none found
//	builtins min, max, clear (Go 1.21) | fix_builtins.go | builtins, builtins/clear | #1674, #1721
//	a variadic generic function called in a var declaration (var d int = gm(x, 5)) returns the zero value | fix_builtins.go | builtins/vardecl | none found
//	generic functions of slices, maps, cmp, math/rand/v2 missing or failing | fix_slices.go | slices, slices/Max, slices/mapsEqual, slices/IsSorted, slices/randN | #1610 (related)
//	interpreted value into a compiled variadic interface parameter | fix_variadic.go | variadic | none found
//	panic in a goroutine kills the process | fix_goroutine.go | goroutine | #1560 (related)
//	runtime.Goexit in a cell's statements ends the evaluation without an error | fix_goexit.go | goexit | none found
//	top-level values and redefined globals stay referenced by the global frame | fix_release.go | release | #1678 (related)
//	interrupted time.Sleep keeps running | fix_sleep.go | sleep | none found
//	callers keep a redefined function's old body; types and methods cannot be redefined | fix_redefine.go | redefine, redefine/type | #1673
//	generic code: wrong inferred type arguments, crashes over compiled values, type switches on type parameters never match, variadic type parameters, nested instantiation (yaegi runs monomorphized code instead) | fix_mono.go | mono/inferred, mono/compiled, mono/typeswitch, mono/variadic, mono/nested | #1610
//	method expressions (T.M, (*T).M, I.m) run as method values: calls panic in reflect | fix_methodexpr.go | methodexpr | none found
//	a switch on an interface value (switch i { case 3: }) panics converting; a case value after the first that needs computing (case 1, g():) is never evaluated | fix_switchiface.go | switchiface, switchiface/computed | none found
//	a switch on a slice, map or func never takes case nil; one on a channel never matches a case channel of another direction | fix_switchiface.go | switchiface/nil, switchiface/chandir | none found
//	new of a value (Go 1.26: new(123), new(x)) gives a wrong value | fix_newexpr.go | newexpr | none found
//	a promoted field or method that a deeper one shadows: the deeper one is selected (embedded fields searched depth first); in an interface the method set keeps the deeper one (refused with an error); a method promoted from an embedded interface panics (invalid interface value) | fix_promoted.go | promoted, promoted/iface, promoted/ifaceconv | none found
//	a function used as a value in its own body is an *interp.node, no func | fix_selfref.go | selfref | none found
//	struct types referring to each other get a wrong field type when yaegi builds them from another type of the set than the one its walk needs (Element.next a *List; a struct of the wrong size when one holds another by value) | fix_structcycles.go | structcycles | none found
//	two assignments to _ of different types among a cell's top-level statements panic in reflect.Set (one slot for _, typed by the first) | fix_blankassign.go | blankassign | none found
//	a select case receiving into existing variables (case v, ok = <-ch) panics in reflect.Select; one receiving from a channel read through a pointer (dat[0] of a *[2]chan T, *pc) crashes compiling | fix_selectrecv.go | selectrecv, selectrecv/paren, selectrecv/ptrchan | none found
//	named results share the storage of the variable a call is assigned to (n = g() starts g's r at n's value) | fix_namedresults.go | namedresults | none found
//	range over func (Go 1.23 iterators) is refused; package iter is missing; the compiled generic iterator functions (slices.All, maps.Keys...) cannot run | fix_rangefunc.go | rangefunc, rangefunc/iter | none found
//	a failed import poisons its block's other packages; errors speak of GOPATH | fix_imports.go | imports | none found
//	runtime panics worded by reflect (nil method call, index out of range); recover() gets them too; recover() gives the reflect.Value of the panic's value | fix_panics.go | panics, panics/recovervalue | none found
//	index out of range without the index and length | fix_indexcheck.go | panics/index | none found
//	xml.Marshal of a cell struct fails (unsupported type: its reflect type has no name) | fix_xmlnames.go | xmlnames | none found
//	a multiple assignment computes every place before it assigns: an earlier place is not assigned when a later one panics; an untyped nil among the values crashes (reflect: New(nil)) | fix_assignsplit.go | assignsplit, assignsplit/nil | none found
//	an interface holding a pointer to a cell type with methods is not == to the pointer, nor to another interface holding it; an interface holding a value of a non-struct cell type with methods is not == to the value | fix_ifaceeq.go | ifaceeq | none found
//	package-level variables initialized in an order other than Go's (references through functions and methods not followed) | fix_initorder.go | initorder | none found
//	a shift by a negative signed count does not panic (1 << -1 is 0) | fix_shiftcount.go | shiftcount | none found
//	make([]T, n) with a size too big panics "allocation size out of range", not naming len or cap | fix_makeslice.go | makeslice | none found
//	a method value through a nil pointer or an embedded nil pointer, and _ = *p or m[k] = *p of a nil p, do not panic | fix_methodvalue.go | methodvalue, methodvalue/deref | none found
//	slice bounds out of range without the bounds and the capacity or length | fix_slicecheck.go | slicecheck | none found
//	_, _ = m[k] with an unhashable key in an interface-keyed map does not panic | fix_unhashable.go | unhashable | none found
//	a panic in a function is reported at its first statement, not the one that panicked | fix_panicpos.go | panicpos | #1266
//	top-level comma-ok define (map index, type assertion, receive) crashes | fix_commaok.go | commaok, commaok/assert | #1574 (related)
//	missing return, pointer-receiver method sets, c := two() and two()+1 of a two-result func accepted (Go refuses them) | fix_checks.go | checks, checks/ptrrecv, checks/results | none found
//	cell structs: %T prints struct { ... }, unexported fields renamed X... (%+v, json) | fix_fmt.go | fmt, fmt/unexported, fmt/localtypes, fmt/unnamed | #654
//	(x) as the left operand of a comparison under && or || panics | fix_parens.go | parens | none found
//	cell error types lose Error in fmt (%v, %w) and errors.As panics | fix_errors.go | errors, errors/As | #1345
//	a value converted to error loses Is and Unwrap (errors.Is, errors.Unwrap); errors.As of a struct value whose Error has a value receiver answers false (refused: the wrapper holds its last field) | fix_errors.go | errors/ismethod, errors/ivalue | none found
//	print and println write to stdout in fmt's format (Go: stderr, runtime format) | fix_println.go | println | none found
//	a receive that waits, as an operand of !, && or ||, reads false | fix_recvbool.go | recvbool | none found
//	log.Lshortfile prints reflect's value.go:586 for a call from a cell | fix_logpos.go | logpos | none found
//	a global from an untyped rune constant ('r', 'a'+1) is an int, not a rune | fix_runeconst.go | runeconst | none found
//	a bare return at the top level (func main's body in a cell) crashes compiling | fix_return.go | return | none found
//	nil != x is always false (nil as the left operand) | fix_nilleft.go | nilleft | none found
//	switch with an init statement and a non-variable tag takes the default case | fix_switchinit.go | switchinit | none found
//	a break in a select case leaves the loop around it; a continue, break L or continue L out of a select is lost or never leaves | fix_selectjumps.go | selectjumps/break, selectjumps/continue | none found
//	a type switch on an any misses the case of a cell interface the value implements (a value from a call) | fix_switchany.go | switchany | none found
//	a type switch on an interface value with methods misses a case interface{ m() } a cell struct value implements; case any of a switch binding a variable crashes on a nil operand | fix_switchany.go | switchany/iface, switchany/caseany | none found
//	a fallthrough into or out of a default clause that is not the last goes where it would if the default came last (the bodies it runs into are copied in) | fix_fallthrough.go | fallthrough | none found
//	a case of several expressions in a switch without a tag evaluates only the first | fix_switchcases.go | switchcases | none found
//	append reads the values it adds after writing over them (append(x[:0], x[2], x[1], x[0])) | fix_appendargs.go | appendargs | none found
//	a declared function returned as a value (return sq, f := sq; return f, return T.M) stays the interpreter's node: a reflect.Set panic | fix_funcreturn.go | funcreturn | none found
//	select reads a sent variable when it sends, after later cases' operands ran; a receive case's variable is one for all runs | fix_selectorder.go | selectorder, selectorder/casevar | none found
//	compiled packages never call a cell type's MarshalJSON, LogValue... (refused with an error) | fix_protocols.go | protocols | #654 (related)
//	embedded fields of cell structs are plain fields to json, xml, gob (encoding refused) | fix_embedencode.go | embedencode | none found
//	const groups with several-name specs: iota counts names, repetition is a definition loop (groups the consts pass leaves) | fix_constrepeat.go | constrepeat | none found
//	constant expressions: untyped ones take their context's type before they are computed (var r float64 = 3 / 2 is 1.5), a shift's untyped left operand the wrong type (reflect panics), beyond int64 they crash, tiny negatives are -0, string(iota + 'a') loops, 1e16 cases match 1e16+1 | fix_consts.go | consts, consts/shift, consts/big, consts/negzero, consts/iota, consts/floatcase | #1653, #1694, #1475 (related)
//	compiled functions print to the process's stdout (go/ast.Print) | fix_stdstreams.go | stdstreams | none found
//	a range loop over a slice, array or map of channels with a value variable runs as a receive loop and panics | fix_rangechans.go | rangechans | none found
//	a method value with a value receiver (f := v.M) reads the receiver when called, not when evaluated | fix_methodcopy.go | methodcopy | none found
//	the index of a range loop over a string is the rune's ordinal (index only) or counts a byte of invalid UTF-8 as three | fix_rangestrings.go | rangestrings | none found
//	map keys of a cell interface type with methods are compared by the identity of yaegi's wrapper (refused with an error) | fix_ifacekeys.go | ifacekeys | none found
//	encoding/gob of values holding interfaces fails or loses methods (refused with an error) | fix_gobiface.go | gobiface | #1308 (related)
//	fmt calls no String or Error method of cell values inside slices, maps, structs, or of a call's result; calls *T's on a T (slices, arrays, maps printed by the engine, the rest refused) | fix_fmtmethods.go | fmtmethods, fmtmethods/call, fmtmethods/ptrmethod | #435 (related)
//	cell values with methods in interfaces inside []any, maps, structs reach fmt and json as yaegi's wrapper | fix_ifacevalues.go | ifacevalues, ifacevalues/basic | #1308 (related)
//	a type switch binding no variable never takes a case naming a cell struct type | fix_typeswitch.go | typeswitch | none found
//	a type switch on a cell interface value misses the case of a value converted to the interface (I(S{}), a parameter) and case nil; one on an error misses case *T (a case or assertion of a struct type T on an error is refused: the value is lost) | fix_typeswitch.go | typeswitch/celliface, errors/ivalue | none found
//	a value of a non-struct cell type (type Kind int), or a pointer to one, in an interface is a bare value of its underlying type: assertions, type switches, ==, map keys take it for one; all empty struct types are one run-time type (both boxed in a struct type of their own at every conversion) | fix_boxnamed.go | boxnamed, boxnamed/empty | none found
//	a value of a non-struct or empty struct type declared inside a function in an interface is a bare value of its underlying type (declared at the top level under a name of its own, then boxed) | fix_hoisttypes.go | hoisttypes | none found
//	an assignment of several values into interfaces, one of a type with methods, loses another value or panics in reflect.Set (through a function's results) | fix_boxnamed.go | boxnamed/multiassign | none found
//	a key of a type with methods in a map literal of map[any], or an interface value read from a composite, is held in yaegi's wrapper and misses the same key used elsewhere | fix_boxnamed.go | boxnamed/mapkeys | none found
//	assertions to an interface that only a pointer to a non-struct cell type implements cannot tell it from a pointer to its underlying type (refused with an error) | fix_namedassert.go | namedassert | none found
//	all empty struct types (E struct{}, F struct{}, local, generic instances, struct{}) are one run-time type: for the ones left unboxed (local types the engine cannot hoist), assertions, type switch cases, interface ==, interface map and context keys naming one are refused while the session defines two (refused with an error) | fix_emptystructs.go | emptystructs | #654 (related)
//	the runtime's views of the program are the interpreter's: runtime.Caller, Callers, FuncForPC, Stack, debug.Stack and the profiles describe its frames, finalizers and cleanups run late or never, allocation counts (testing.AllocsPerRun) and heap statistics (ReadMemStats) count its allocations (refused with an error); the symbol tables lack syscall's non-process names and Go 1.23+ names (refused naming the table) | fix_introspect.go | callers, finalizers, allocs | none found
//	a compiled package's variable of a basic type is a constant to assignments (runtime.MemProfileRate = 0 refused) and multiple assignments' right sides | fix_pkgvars.go | pkgvars | none found
//	a struct with several blank fields crashes compiling (duplicate field X_); its blank fields are compared (unsafe conversions to it refused) | fix_blankfields.go | blankfields | none found
//	unsafe.Offsetof of a promoted field, or through a nil pointer, crashes | fix_offsetof.go | offsetof | none found
//	unsafe.Slice, SliceData, String and StringData are missing | fix_unsafebuiltins.go | unsafebuiltins | none found
//	a concrete value passed to a cell interface parameter of a call spreading its variadic argument (f(new(S), xs...)) panics in reflect.Set | fix_spreadargs.go | spreadargs | none found
//	a failed comma-ok assertion or map read leaves the value as it was (stale in a loop; Go: the zero value) | fix_commaokzero.go | commaokzero | none found
//	make of a send-only or receive-only channel type panics (reflect.MakeChan: unidirectional channel type) | fix_makechan.go | makechan | none found
//	a top-level const or var named like a predeclared identifier crashes compiling or reads the universe's (var nil = 1 is nil) | fix_predeclared.go | predeclared, predeclared/const | none found
//	a builtin called with a multi-value call (append(g()) drops values; complex, min, max crash; copy, delete panic) | fix_tuplebuiltin.go | tuplebuiltin, tuplebuiltin/complex | none found
//	type _ T at the top level is refused ("cannot use _ as value") | fix_blanktypes.go | blanktypes | none found
//	a defined type containing itself with no struct or interface between (type N *N, type F func() F) crashes compiling (run as a struct of one field; into an interface, local or defined from one: refused with an error) | fix_recursivetypes.go | recursivetypes | none found
//	reflect sees no methods of cell types (NumMethod 0, Method panics; refused with an error) | fix_reflectmethods.go | reflectmethods | none found
//	x.(I) to a cell interface of a value lacking a method of I does not panic (a nil I) | fix_assertiface.go | assertiface | none found
//	x.(error), x.(fmt.Stringer) or x.(interface{...}) of a nil interface crashes (a nil dereference) where comma-ok answers false | fix_assertiface.go | assert/nilcompiled, assert/nilliteral | none found
//	reflect misses unexported fields of cell structs (FieldByName invalid, Field names X...) | fix_reflectfields.go | reflectfields | none found
//	&p[i] through a pointer to an array refused (cannot take address) | fix_addrindex.go | addrindex | none found
//	== of a named type and its unnamed type, of *any and *interface{}, of a channel and a directional one: mismatched types | fix_cmpconv.go | cmpconv, cmpconv/any, cmpconv/chan | none found
//	unsafe.Add/Slice/String length of an integer type other than int refused | fix_unsafelen.go | unsafelen | none found
//	var _ T in a function refused (cannot use _ as value) | fix_blankvars.go | blankvars | none found
//	a local type shadowing an outer name resolves to the outer one; local aliases undefined (their uses spelled out; an alias of an alias refused), local generic types not implemented (refused) | fix_localtypes.go | localtypes, localtypes/alias, localtypes/generic | none found
//	a field hiding a promoted method: ambiguous selector (refused) | fix_hiddenmethods.go | hiddenmethods | none found
//	a value of a type with methods put into an interface is not copied: the interface follows the variable, field or element, and a loop's call results or &T{} share one place | fix_ifacecopy.go | ifacecopy | none found
//	the same for a struct or array value put into an interface with methods the cell declares (Shape); error and compiled interfaces still alias | fix_ifacecopy.go | ifacecopy/celliface | none found
//	a receive defining, assigning or returned (x := <-c, return <-c) leaves an unaddressable value in the slot: the next write, &x or the caller's store panics in reflect | fix_recvslot.go | recvslot, recvslot/return | none found
//	a method call or method value on a conversion to an interface (I(x).M()) panics (invalid interface value, NumField on int) | fix_convsel.go | convsel | none found
//	a cell value assigned by = to a field, element or indirection of an interface type with methods, or a cell struct value put into an error variable (var e error = E{}, error(E{})), panics in reflect | fix_ifaceplace.go | ifaceplace, ifaceplace/error | none found
//	a case value of an interface type in a switch without a tag panics (reflect.Value.Bool on interface Value) | fix_switchiface.go | switchiface/tagless | none found
//	a top-level var v, ok T = x.(U) (or m[k], <-c) of a declared type crashes compiling (nil type) | fix_commaok.go | commaok/typed | #1574 (related)
//
// Guards that are not yaegi gaps have no canary: runaway recursion
// (fix_recursion.go; Go's own stack overflow is fatal), deadlocks
// (fix_deadlock.go; Go's runtime detects them only when it sees no other
// goroutine, never inside the kernel), and the process-wide calls of
// process.go (os.Exit, log.Fatal, flag, syscall: a cell must not end or
// take over the kernel's process). recover() in a top-level deferred
// function recovers the cell's panic (fix_panics.go): needed because of
// the engine's own top-level defer rewrite. A var declaration written after
// a cell's statements that reads what they wrote runs in source order
// (fix_varorder.go; needed because the engine runs a cell's declarations
// before its statements). An iterator function left after the lowering
// of range over func (a function value such as f := slices.All) is
// refused (fix_iterators.go; the safety net of fix_rangefunc.go).
// runtime.NumGoroutine counts the program's goroutines
// (fix_numgoroutine.go; the kernel's process runs goroutines of its own
// that a compiled program does not have).
package engine
