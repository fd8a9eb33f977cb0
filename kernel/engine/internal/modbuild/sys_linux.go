package modbuild

import "syscall"

// sysProcAttr puts the go command in a process group of its own, so that
// an interrupt ends it with the compilers and linkers it started; it dies
// with the engine's process (Pdeathsig), as a cell's processes do.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
