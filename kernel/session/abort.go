package session

import (
	"time"

	"github.com/gophernote/gophernote/kernel/wire"
)

// stop_on_error. When a cell fails and its request asked for stop_on_error
// (the default), the execute_requests the client had already sent are
// answered "aborted" without running; the first one it sends after the
// error runs, and so does everything after it. Which requests the client
// sent before the error is decided from the requests themselves, not from
// when they happen to reach the worker (under load a request queued
// behind the failing cell may reach the kernel after the error reply went
// out): a request is aborted when
//
//   - it had reached the kernel when the error was published, or
//   - its header date (when the client created it, by its clock), brought
//     to the kernel's clock, is earlier than the date of the error message
//     on iopub, the first the client can know of the error.
//
// So the outcome is fixed by what the client did and can be checked from
// the messages alone: for a client on the kernel's clock, a queued request
// is aborted exactly when its date precedes the error's. ipykernel instead
// aborts what is in its queue when it looks, optionally waiting
// stop_on_error_timeout for stragglers: a race it documents. No kernel can
// know whether a client that creates a request after the error had read
// it; a client that does (a loaded jupyter_client creating the third of
// three cells 16 ms after a fast error) has that request run, as one sent
// in answer to the error must (jupyter_kernel_test sends its next request
// at once).
//
// The client's clock may differ from the kernel's (a remote kernel); clientClocks
// measures the offset from the client's own messages, so a client whose
// clock is behind does not have its next cells aborted, and one whose clock
// is ahead does not escape the abort. Requests without a readable date fall
// back on the arrival rule. Other request types are never aborted.

// abortFrom records that a cell failed with stop_on_error and that its
// error message, dated t, has been published.
func (s *Session) abortFrom(t time.Time) {
	s.abortSeq.Store(s.arrived.Load())
	s.abortTime.Store(t.UnixNano())
}

// abortsQueued reports whether q, an execute_request, was sent before the
// client could see the last stop_on_error failure.
func (s *Session) abortsQueued(q queued) bool {
	t := s.abortTime.Load()
	if t == 0 {
		return false
	}
	if q.seq <= s.abortSeq.Load() {
		return true
	}
	return !q.created.IsZero() && q.created.UnixNano() < t
}

// clientClocks estimates each client's clock offset (client minus kernel)
// from the shell messages it sends. For one message, date - arrival =
// offset - latency, never more than the offset; the largest value among a
// client's recent messages is the tightest such bound (its fastest
// delivery), within the smallest one-way latency of the truth. An
// estimate within clockTolerance of zero is that latency, not an offset
// (a client on the kernel's machine, or one synchronised by NTP): its
// dates are used as they are, exactly. It is used by the shell reader
// only (no lock).
type clientClocks struct {
	by  map[string]*clockSamples
	now func() time.Time
}

const (
	clockSamplesKept = 16 // recent messages per client session
	clockSessions    = 64 // client sessions remembered
	clockTolerance   = 50 * time.Millisecond
)

type clockSamples struct {
	off  [clockSamplesKept]time.Duration
	n    int // samples taken
	seen time.Time
}

func newClientClocks() *clientClocks {
	return &clientClocks{by: map[string]*clockSamples{}, now: time.Now}
}

// created returns when m was created, on the kernel's clock, given that it
// arrived at arrival; zero when its header has no readable date.
func (c *clientClocks) created(m *wire.Message, arrival time.Time) time.Time {
	date, ok := wire.ParseDate(m.Header.Date)
	if !ok {
		return time.Time{}
	}
	cs := c.by[m.Header.Session]
	if cs == nil {
		if len(c.by) >= clockSessions {
			c.evictOldest()
		}
		cs = &clockSamples{}
		c.by[m.Header.Session] = cs
	}
	cs.off[cs.n%clockSamplesKept] = date.Sub(arrival)
	cs.n++
	cs.seen = arrival
	est := cs.off[0]
	for _, o := range cs.off[1:min(cs.n, clockSamplesKept)] {
		est = max(est, o)
	}
	if est > -clockTolerance && est < clockTolerance {
		return date
	}
	return date.Add(-est)
}

func (c *clientClocks) evictOldest() {
	var oldest string
	var t time.Time
	for k, v := range c.by {
		if oldest == "" || v.seen.Before(t) {
			oldest, t = k, v.seen
		}
	}
	delete(c.by, oldest)
}
