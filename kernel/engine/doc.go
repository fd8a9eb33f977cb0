package engine

// Cell rules (what users can rely on; each is tested in this package).
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
// type), after the vars it reads; see varinit.go.
// A top-level := (or var) from an index of a compiled value (s[i], m[k],
// s[i].F of a compiled package's slice, map or array) gets its type from
// the engine, which must be able to name it: else the error says so.
//
// Value. When the last top-level item is an expression with exactly one
// value, it is the cell's result: display.Auto's bundle for rich values
// (plots, images, Displayer, MIMEr, and cell types with a Display or MIME
// method when the engine can see the type from the code), else text/plain
// "%v". Calls without results or with several (fmt.Println) show nothing.
//
// Errors. Syntax and compile errors are CompileError "line:col: message"
// at the cell position ("cell N, line:col" for code from an earlier cell).
// A panic is Panic "value [at line:col]" with interpreted frames in the
// traceback. A panic in a goroutine the cell started is printed on stderr
// and the process keeps running. Cancelling the context gives Interrupted;
// what ran before stays defined. A long call into compiled code cannot be
// stopped: it finishes in the background and its interpreted caller stops
// when it returns.
//
// Modern Go, rewritten before yaegi sees it: range over int, min, max,
// clear, per-iteration loop variables for closures (skipped for a
// three-clause loop whose body assigns the variable), slices.Sort,
// SortFunc, SortStableFunc, Reverse, Min, Max, Index, Contains, Equal,
// BinarySearch, slices.Collect/Sorted of maps.Keys/Values. Range over func,
// package iter and other iterator functions are rejected with an error
// naming the construct. Top-level compound statements run inside a function
// literal (yaegi's global scope breaks block scoping there); a defer in one
// runs when that statement ends.
//
// Redefinition. Redefining a function re-evaluates the earlier functions
// that call it (transitively). Types and methods cannot be redefined by
// yaegi: a different definition is rejected with advice (rename or
// restart); re-running the identical cell is fine.
//
// Safety. os.Exit stops the cell, not the kernel. A top-level defer runs
// once when the cell ends (also after a panic). A cell's func main runs
// once, after the cell's declarations. time.Sleep ends early when the cell
// is interrupted. Recursion deeper than 50,000 calls (direct, mutual, or a
// closure calling the variable it is assigned to) stops with a Panic
// instead of Go's fatal stack overflow. Not protected: Go runtime fatal
// errors such as concurrent map writes or running out of memory.
