//go:build unix

package magic

import (
	"os/exec"
	"syscall"
)

var (
	interruptSignal = syscall.SIGINT
	killSignal      = syscall.SIGKILL
)

// setGroup makes the command the leader of a process group of its own, so
// that an interrupt reaches everything it started.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// signalGroup sends sig to the command's process group (ESRCH, when the
// group is gone, is not an error).
func signalGroup(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, sig)
	}
}
