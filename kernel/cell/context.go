package cell

import "context"

// Layers between a front end and the engine (the magics of kernel/magic)
// pass these on the context of an engine's Execute. An engine that does not
// read them still runs the cell correctly; timings and cell numbers are then
// only coarser.

type runHookKey struct{}

type continueKey struct{}

// WithRunHook returns a context that makes the engine call hook(true) right
// before the prepared cell starts running and hook(false) right after it
// (its top-level deferred calls included) has ended, however it ended;
// rendering the cell's value comes after. What lies before the first call is
// preparation: parsing, type-checking and rewriting the cell (the
// interpreter's own compilation of each part happens after, as the part
// runs). When preparation fails the hook is not called. %time and %timeit
// measure between the two calls.
func WithRunHook(ctx context.Context, hook func(running bool)) context.Context {
	return context.WithValue(ctx, runHookKey{}, hook)
}

// RunHook returns the hook WithRunHook put on ctx, or nil.
func RunHook(ctx context.Context) func(running bool) {
	h, _ := ctx.Value(runHookKey{}).(func(bool))
	return h
}

// ContinueCell returns a context telling the engine that this Execute runs
// another part of the cell the previous Execute ran (a cell split around
// its magic lines): the engine keeps that cell's number, so positions in
// the earlier parts read as this cell's ("3:5", not "cell 8, 3:5"), and the
// numbers of later cells stay those the front end shows.
func ContinueCell(ctx context.Context) context.Context {
	return context.WithValue(ctx, continueKey{}, true)
}

// ContinuesCell reports whether ctx carries ContinueCell.
func ContinuesCell(ctx context.Context) bool {
	b, _ := ctx.Value(continueKey{}).(bool)
	return b
}

type goOnlyKey struct{}

// GoOnly returns a context telling a layer in front of the engine that the
// code is Go only, never magics: the session's user_expressions, each one
// Go expression (!ok is Go's negation there, not a shell command).
func GoOnly(ctx context.Context) context.Context {
	return context.WithValue(ctx, goOnlyKey{}, true)
}

// IsGoOnly reports whether ctx carries GoOnly.
func IsGoOnly(ctx context.Context) bool {
	b, _ := ctx.Value(goOnlyKey{}).(bool)
	return b
}

// Variable describes one variable or constant of a session, as %who, %whos
// and a debugger's variables view show it.
type Variable struct {
	// Name is the Go identifier.
	Name string
	// Kind is "var" or "const".
	Kind string
	// Type is the Go type: the one a cell declared when the engine knows
	// it, else the value's dynamic type.
	Type string
	// Value is a one-line summary of the value, at most a few dozen
	// characters: a long slice, map or string is cut ("[1 2 3 …]") and
	// never formatted whole.
	Value string
	// Len is the length of a slice, array, map, string or channel, else -1.
	Len int
}
