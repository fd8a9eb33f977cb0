package display

import (
	"context"
	"sync"
)

var (
	ctxMu   sync.Mutex
	cellCtx context.Context
)

// Context returns the running cell's context. It is cancelled when the
// cell is interrupted (a Jupyter interrupt, Ctrl-C in `gophernote run`, a
// `gophernote run --timeout`) and when the cell ends. Outside any cell it
// returns context.Background(); it never returns nil. It is safe to call
// from any goroutine.
//
// An interrupt stops the interpreted code of a cell, but compiled library
// code cannot be stopped from outside: pass the context to long-running
// fitlib calls so that they stop too instead of burning the cores in the
// background while the next cell runs:
//
//	opt := fit.Options{Context: display.Context()}
//	res, err := fit.Fit(problem, opt)
//	boot, err := chinchilla.Bootstrap(runs, chinchilla.BootstrapOptions{Context: display.Context()})
//
// Context reads the current cell at the time of the call: a goroutine
// that outlives its cell and calls it later gets whatever runs then (the
// next cell's context, or Background between cells). Take the context in
// the cell (ctx := display.Context()) and hand it to the goroutine, so its
// work stops with the cell that started it.
func Context() context.Context {
	ctxMu.Lock()
	c := cellCtx
	ctxMu.Unlock()
	if c == nil {
		return context.Background()
	}
	return c
}

// SetContext installs ctx as the context that Context returns and returns
// a function that restores the previous one. The engine calls it around
// each cell (with a context it cancels when the cell ends); cells never
// need to. A nil ctx means context.Background().
func SetContext(ctx context.Context) (restore func()) {
	ctxMu.Lock()
	old := cellCtx
	cellCtx = ctx
	ctxMu.Unlock()
	return func() {
		ctxMu.Lock()
		cellCtx = old
		ctxMu.Unlock()
	}
}
