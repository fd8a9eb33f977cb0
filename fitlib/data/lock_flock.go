//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package data

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes flock(2)'s exclusive lock without blocking. The kernel
// releases it when the process dies, so a killed fetch never leaves a
// stale lock.
func tryLock(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

func funlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
