//go:build unix && !linux

package worker

import "syscall"

// procAttr puts the worker in a process group of its own, which it leads.
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

func oomKills() int64 { return -1 }

func cgroupDir() string { return "" }

func cgroupV1Dir() string { return "" }
