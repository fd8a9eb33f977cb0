package worker

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// procAttr puts the worker in a process group of its own, which it
// leads (so that it and the processes its cells start are ended
// together), and has Linux send it SIGTERM when the kernel's process
// dies (the worker then ends its group).
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}

// oomKills is the oom_kill count of this process's cgroup (cgroup v2
// memory.events, v1 memory.oom_control; the worker is in the same
// cgroup), or -1 when it cannot be read.
func oomKills() int64 {
	var data []byte
	var err error
	if dir := cgroupDir(); dir != "" {
		data, err = os.ReadFile(dir + "/memory.events")
	}
	if len(data) == 0 {
		if dir := cgroupV1Dir(); dir != "" {
			data, err = os.ReadFile(dir + "/memory.oom_control")
		}
	}
	if err != nil || len(data) == 0 {
		return -1
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "oom_kill "); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err == nil {
				return n
			}
		}
	}
	return -1
}

// cgroupDir is this process's cgroup v2 directory, or "".
func cgroupDir() string {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if p, ok := strings.CutPrefix(line, "0::"); ok {
			return "/sys/fs/cgroup" + strings.TrimRight(p, "/")
		}
	}
	return ""
}

// cgroupV1Dir is this process's cgroup v1 memory controller directory,
// or "".
func cgroupV1Dir() string {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.SplitN(line, ":", 3)
		if len(f) == 3 && f[0] != "0" {
			for _, c := range strings.Split(f[1], ",") {
				if c == "memory" {
					return "/sys/fs/cgroup/memory" + strings.TrimRight(f[2], "/")
				}
			}
		}
	}
	return ""
}
