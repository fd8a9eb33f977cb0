package data

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Progress receives the progress of a download in steps of one KiB. A
// cell's *display.Progress (kernel/display) has exactly these methods.
type Progress interface {
	Add(n int)
	Done()
}

// ProgressFunc starts the progress display of one fetch: total KiB to
// download and a label naming what is fetched.
type ProgressFunc func(totalKiB int, label string) Progress

// auto holds how downloads that loaders start on first use are shown and
// stopped (SetAutoProgress, SetAutoContext).
var auto struct {
	mu       sync.Mutex
	progress ProgressFunc
	context  func() context.Context
}

// SetAutoProgress sets the progress display of the downloads that loaders
// start on first use (ReadCSV or Path of a catalogued table that no data
// folder holds). gophernote's kernel and `gophernote run` set it so that
// the bar shows in the running cell; nil (the default) means
// TerminalProgress(os.Stderr).
func SetAutoProgress(f ProgressFunc) {
	auto.mu.Lock()
	auto.progress = f
	auto.mu.Unlock()
}

// SetAutoContext sets the function giving the context of the downloads
// loaders start on first use: gophernote gives the running cell's context,
// so that interrupting the cell stops the download (nothing partial is
// written). nil (the default) lets such downloads run until they finish or
// fail.
func SetAutoContext(f func() context.Context) {
	auto.mu.Lock()
	auto.context = f
	auto.mu.Unlock()
}

// TerminalProgress returns a ProgressFunc drawing on w: a one-line bar
// redrawn in place (at most ten times a second) when w is a terminal,
// else one line when the download starts and one when it ends.
func TerminalProgress(w io.Writer) ProgressFunc {
	return func(total int, label string) Progress {
		t := &termBar{w: w, total: total, label: label, tty: isTerminal(w), start: time.Now()}
		if t.tty {
			t.draw()
		} else {
			fmt.Fprintf(w, "%s: %s ...\n", label, kib(total))
		}
		return t
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// kib formats a KiB count.
func kib(n int) string {
	if n >= 1024 {
		return fmt.Sprintf("%.1f MiB", float64(n)/1024)
	}
	return fmt.Sprintf("%d KiB", n)
}

type termBar struct {
	mu    sync.Mutex
	w     io.Writer
	total int
	n     int
	label string
	tty   bool
	start time.Time
	last  time.Time
	done  bool
}

func (t *termBar) Add(n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.n += n
	if t.tty && !t.done && time.Since(t.last) >= 100*time.Millisecond {
		t.draw()
	}
}

func (t *termBar) Done() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done {
		return
	}
	t.done = true
	if t.tty {
		t.draw()
		fmt.Fprintln(t.w)
		return
	}
	fmt.Fprintf(t.w, "%s: %s in %v\n", t.label, kib(t.n), time.Since(t.start).Round(time.Millisecond))
}

// draw rewrites the bar's line; called with t.mu held.
func (t *termBar) draw() {
	t.last = time.Now()
	frac := 1.0
	if t.total > 0 {
		frac = min(max(float64(t.n)/float64(t.total), 0), 1)
	}
	const width = 30
	fill := int(frac*width + 0.5)
	fmt.Fprintf(t.w, "\r%s [%s%s] %s/%s %3.0f%%\x1b[K", t.label, strings.Repeat("#", fill), strings.Repeat(".", width-fill),
		strings.TrimSuffix(kib(t.n), " MiB"), kib(t.total), frac*100)
}

// byteProgress turns byte counts into the KiB steps of a Progress; it is
// safe for concurrent downloads.
type byteProgress struct {
	mu       sync.Mutex
	p        Progress              // a display (Display), or nil
	report   func(done, total int) // FetchOptions.Progress, or nil
	total    int                   // KiB, rounded up
	bytes    int64
	sent     int
	reported int // percent last reported
}

func (b *byteProgress) add(n int64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.bytes += n
	k := int(b.bytes / 1024)
	d := k - b.sent
	b.sent = k
	if b.report != nil && b.total > 0 && k < b.total {
		if pct := 100 * k / b.total; pct > b.reported {
			b.reported = pct
			b.report(k, b.total) // under the lock: calls never overlap
		}
	}
	b.mu.Unlock()
	if d > 0 && b.p != nil {
		b.p.Add(d)
	}
}

// done completes the bar (the last partial KiB included) and closes it.
func (b *byteProgress) done() {
	if b == nil {
		return
	}
	b.mu.Lock()
	d := 0
	if b.bytes > 0 && b.sent < b.total {
		d = b.total - b.sent
		b.sent = b.total
	}
	if b.report != nil && b.bytes > 0 {
		b.report(b.total, b.total)
	}
	b.mu.Unlock()
	if b.p == nil {
		return
	}
	if d > 0 {
		b.p.Add(d)
	}
	b.p.Done()
}

// multiProgress shows one download on several displays.
type multiProgress []Progress

func (m multiProgress) Add(n int) {
	for _, p := range m {
		p.Add(n)
	}
}

func (m multiProgress) Done() {
	for _, p := range m {
		p.Done()
	}
}

// Both returns a ProgressFunc showing every download on each of fs (nil
// entries are skipped), e.g. a cell's bar and the terminal's.
func Both(fs ...ProgressFunc) ProgressFunc {
	return func(total int, label string) Progress {
		var m multiProgress
		for _, f := range fs {
			if f != nil {
				m = append(m, f(total, label))
			}
		}
		return m
	}
}
