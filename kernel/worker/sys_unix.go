//go:build unix

package worker

import (
	"os/exec"
	"runtime"
	"sync"
	"syscall"
)

// termProc asks the worker alone to end (SIGTERM: it ends its group).
func termProc(pid int) { syscall.Kill(pid, syscall.SIGTERM) }

// killGroup sends SIGKILL to the process group the worker leads: the
// worker and every process a cell started (which inherit the group
// unless they make their own).
func killGroup(pid int) {
	syscall.Kill(-pid, syscall.SIGKILL)
}

// The worker is started from one goroutine locked to its OS thread for
// the life of the process: Linux sends the parent-death signal
// (Pdeathsig) when the thread that started a child ends, not the
// process, and Go may end threads.
var (
	spawnOnce sync.Once
	spawnReqs chan spawnReq
)

type spawnReq struct {
	cmd  *exec.Cmd
	done chan error
}

func startCmd(cmd *exec.Cmd) error {
	spawnOnce.Do(func() {
		spawnReqs = make(chan spawnReq)
		go func() {
			runtime.LockOSThread() // never unlocked: the thread lives as long as the process
			for r := range spawnReqs {
				r.done <- r.cmd.Start()
			}
		}()
	})
	r := spawnReq{cmd: cmd, done: make(chan error, 1)}
	spawnReqs <- r
	return <-r.done
}
