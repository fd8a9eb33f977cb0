//go:build !unix

package magic

import (
	"os"
	"os/exec"
)

// Without process groups an interrupt kills the command itself.
var (
	interruptSignal = os.Kill
	killSignal      = os.Kill
)

func setGroup(cmd *exec.Cmd) {}

func signalGroup(cmd *exec.Cmd, sig os.Signal) {
	if cmd.Process != nil {
		_ = cmd.Process.Signal(sig)
	}
}
