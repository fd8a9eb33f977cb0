//go:build unix && !linux

package modbuild

import "syscall"

// sysProcAttr puts the go command in a process group of its own, so that
// an interrupt ends it with the compilers and linkers it started.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
