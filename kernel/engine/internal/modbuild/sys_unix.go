//go:build unix

package modbuild

import (
	"os/exec"
	"syscall"
)

// sysProcAttr puts the go command in a process group of its own, so that
// an interrupt ends it with the compilers and linkers it started.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
