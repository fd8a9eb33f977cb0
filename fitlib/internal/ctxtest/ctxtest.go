// Package ctxtest holds the test helpers the fitlib packages share for
// checking cancellation: a context that turns cancelled after a fixed
// number of polls, and the check that an error reports it.
package ctxtest

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
)

// ErrAfter is a context whose Err turns to context.Canceled after k
// calls: a deterministic "cancelled mid-run" for code that polls Err.
type ErrAfter struct {
	context.Context
	k atomic.Int64
}

// NewErrAfter returns a context that reports cancellation from the
// (k+1)th call of Err on.
func NewErrAfter(k int64) *ErrAfter {
	c := &ErrAfter{Context: context.Background()}
	c.k.Store(k)
	return c
}

// Err implements context.Context.
func (c *ErrAfter) Err() error {
	if c.k.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// WantCancelled fails t unless err wraps context.Canceled, says
// "cancelled" and contains frag (e.g. "0 of 400 resamples").
func WantCancelled(t *testing.T, what string, err error, frag string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error after the cancellation", what)
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("%s: error %q does not wrap context.Canceled", what, err)
	}
	if !strings.Contains(err.Error(), "cancelled") || !strings.Contains(err.Error(), frag) {
		t.Errorf("%s: error %q, want it to say cancelled and %q", what, err, frag)
	}
}
