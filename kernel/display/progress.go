package display

import (
	"fmt"
	"html"
	"strings"
	"sync"
	"time"
)

// ProgressInterval is the minimum time between two progress updates; the
// final update (Done, or reaching the total) is always sent.
const ProgressInterval = 100 * time.Millisecond

// Progress is a progress bar for long loops, shown as one output that is
// updated in place (update_display_data):
//
//	p := display.NewProgress(len(runs), "fitting")
//	for _, r := range runs { fit(r); p.Add(1) }
//	p.Done()
//
// Updates are throttled to one per ProgressInterval, so calling Add on every
// iteration never floods the front end. A Progress is safe for concurrent
// use (e.g. from parallel workers).
type Progress struct {
	h     *Handle
	label string
	total int
	now   func() time.Time // injectable clock for tests

	mu    sync.Mutex
	n     int
	start time.Time
	last  time.Time // when the latest update was sent
	done  bool
}

// NewProgress shows a progress bar for total steps labelled label. A
// total <= 0 means unknown: the bar shows the count only.
func NewProgress(total int, label string) *Progress {
	return newProgress(total, label, time.Now)
}

func newProgress(total int, label string, now func() time.Time) *Progress {
	p := &Progress{h: NewID(), label: label, total: total, now: now}
	p.start = now()
	p.last = p.start
	_ = p.h.Show(p.bundle())
	return p
}

// Handle returns the handle of the progress bar's output.
func (p *Progress) Handle() *Handle { return p.h }

// Add advances the bar by n steps.
func (p *Progress) Add(n int) {
	p.mu.Lock()
	p.n += n
	p.maybeSend()
}

// Set moves the bar to step i.
func (p *Progress) Set(i int) {
	p.mu.Lock()
	p.n = i
	p.maybeSend()
}

// Update moves the bar to step done of total (total > 0 replaces the
// bar's total): its signature is fitlib's Options.Progress, so
//
//	bar := display.NewProgress(0, "bootstrap")
//	boot, err := fit.Bootstrap(pb, fit.BootstrapOptions{Progress: bar.Update})
//
// shows the resamples as they finish.
func (p *Progress) Update(done, total int) {
	p.mu.Lock()
	if total > 0 {
		p.total = total
	}
	p.n = done
	p.maybeSend()
}

// Done shows the final state (always sent, never throttled). Later calls
// to Add, Set and Done do nothing.
func (p *Progress) Done() {
	p.mu.Lock()
	if p.done {
		p.mu.Unlock()
		return
	}
	p.done = true
	b := p.bundle()
	p.mu.Unlock()
	_ = p.h.Update(b)
}

// maybeSend sends an update when the throttle interval has passed or the
// total was reached; it is called with p.mu held and releases it.
func (p *Progress) maybeSend() {
	if p.done {
		p.mu.Unlock()
		return
	}
	if p.total > 0 && p.n >= p.total {
		p.mu.Unlock()
		p.Done()
		return
	}
	t := p.now()
	if t.Sub(p.last) < ProgressInterval {
		p.mu.Unlock()
		return
	}
	p.last = t
	b := p.bundle()
	p.mu.Unlock()
	_ = p.h.Update(b)
}

// bundle renders the current state; called with p.mu held (or before p
// is shared).
func (p *Progress) bundle() Bundle {
	elapsed := p.now().Sub(p.start).Round(100 * time.Millisecond)
	label := p.label
	if label == "" {
		label = "progress"
	}
	status := ""
	if p.done {
		status = " done"
	}
	if p.total <= 0 {
		txt := fmt.Sprintf("%s: %d (%v)%s", label, p.n, elapsed, status)
		return Bundle{Data: MIME{"text/plain": txt,
			"text/html": "<div><code>" + html.EscapeString(txt) + "</code></div>"}}
	}
	frac := float64(p.n) / float64(p.total)
	frac = min(max(frac, 0), 1)
	const width = 30
	filled := int(frac*width + 0.5)
	txt := fmt.Sprintf("%s [%s%s] %d/%d (%.0f%%) %v%s", label, strings.Repeat("#", filled),
		strings.Repeat(".", width-filled), p.n, p.total, frac*100, elapsed, status)
	htm := fmt.Sprintf(`<div><span>%s</span> <progress value="%d" max="%d" style="width:20em"></progress> `+
		`<span>%d/%d (%.0f%%) %v%s</span></div>`,
		html.EscapeString(label), p.n, p.total, p.n, p.total, frac*100, elapsed, status)
	return Bundle{Data: MIME{"text/plain": txt, "text/html": htm}}
}
