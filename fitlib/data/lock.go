package data

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// lockFile is the file Fetch locks so that fetches into one folder, from
// goroutines or processes, take turns.
const lockFile = ".lock"

// lockDir waits (polling, so that ctx can cancel the wait) for the
// exclusive lock of dir and returns its release. Where the platform has no
// file locks (see lock_other.go) it returns at once; the atomic renames
// still keep every file whole.
func lockDir(ctx context.Context, dir string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("data: lock: %w", err)
	}
	waiting := false
	for {
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("data: lock %s: %w", f.Name(), err)
		}
		if ok {
			return func() { funlock(f); f.Close() }, nil
		}
		if !waiting {
			waiting = true
			lockLog.mu.Lock()
			w := lockLog.w
			lockLog.mu.Unlock()
			if w != nil {
				fmt.Fprintf(w, "data: waiting for another fetch into %s to finish\n", dir)
			}
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("data: waiting for the lock of %s: %w", dir, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// lockLog receives one line when a fetch waits for another (SetLockWaitLog).
var lockLog struct {
	mu sync.Mutex
	w  io.Writer
}

// SetLockWaitLog sets where a fetch writes one line when it waits for
// another one into the same folder (nil, the default: nowhere).
func SetLockWaitLog(w io.Writer) {
	lockLog.mu.Lock()
	lockLog.w = w
	lockLog.mu.Unlock()
}
