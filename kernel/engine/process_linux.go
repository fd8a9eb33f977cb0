package engine

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"syscall"
)

// refusedTraps are the Linux system calls a cell may not make directly:
// they would end, replace, signal or reboot the kernel's process. pidArg:
// refused only when the first argument reaches this process (kill).
var refusedTraps = []struct {
	nr     uintptr
	name   string
	pidArg bool
}{
	{syscall.SYS_EXIT, "SYS_EXIT", false},
	{syscall.SYS_EXIT_GROUP, "SYS_EXIT_GROUP", false},
	{syscall.SYS_EXECVE, "SYS_EXECVE", false},
	{sysExecveat, "SYS_EXECVEAT", false},
	{syscall.SYS_REBOOT, "SYS_REBOOT", false},
	{syscall.SYS_KILL, "SYS_KILL", true},
	{syscall.SYS_TKILL, "SYS_TKILL", false},
	{syscall.SYS_TGKILL, "SYS_TGKILL", true},
}

// sysExecveat is execveat(2), which package syscall does not name.
var sysExecveat uintptr = map[string]uintptr{"amd64": 322, "arm64": 281, "386": 358, "riscv64": 281, "loong64": 281}[runtime.GOARCH]

// ownPid reports whether a kill(2) pid argument reaches this process: its
// pid, its process group (0, -pgid) or every process (-1).
func ownPid(pid int) bool {
	return pid == os.Getpid() || pid == 0 || pid == -1 || pid == -syscall.Getpgrp()
}

// trapName names a refused raw system call, or "".
func trapName(trap, a1 uintptr) string {
	for _, t := range refusedTraps {
		if t.nr == trap && t.nr != 0 && (!t.pidArg || ownPid(int(a1))) {
			return t.name
		}
	}
	return ""
}

// addSyscalls adds the guarded syscall.Kill and raw system calls.
func addSyscalls(syms map[string]reflect.Value) {
	syms["Kill"] = reflect.ValueOf(func(pid int, sig syscall.Signal) error {
		if ownPid(pid) {
			refuse(fmt.Sprintf("syscall.Kill(%d, %v)", pid, sig), "it would signal the kernel's own process")
		}
		return syscall.Kill(pid, sig)
	})
	check := func(call string, trap, a1 uintptr) {
		if name := trapName(trap, a1); name != "" {
			refuse(fmt.Sprintf("%s(%s)", call, name), "it would exit, replace or signal the kernel's process")
		}
	}
	syms["Syscall"] = reflect.ValueOf(func(trap, a1, a2, a3 uintptr) (r1, r2 uintptr, err syscall.Errno) {
		check("syscall.Syscall", trap, a1)
		return syscall.Syscall(trap, a1, a2, a3)
	})
	syms["Syscall6"] = reflect.ValueOf(func(trap, a1, a2, a3, a4, a5, a6 uintptr) (r1, r2 uintptr, err syscall.Errno) {
		check("syscall.Syscall6", trap, a1)
		return syscall.Syscall6(trap, a1, a2, a3, a4, a5, a6)
	})
	syms["RawSyscall"] = reflect.ValueOf(func(trap, a1, a2, a3 uintptr) (r1, r2 uintptr, err syscall.Errno) {
		check("syscall.RawSyscall", trap, a1)
		return syscall.RawSyscall(trap, a1, a2, a3)
	})
	syms["RawSyscall6"] = reflect.ValueOf(func(trap, a1, a2, a3, a4, a5, a6 uintptr) (r1, r2 uintptr, err syscall.Errno) {
		check("syscall.RawSyscall6", trap, a1)
		return syscall.RawSyscall6(trap, a1, a2, a3, a4, a5, a6)
	})
	syms["AllThreadsSyscall"] = reflect.ValueOf(func(trap, a1, a2, a3 uintptr) (r1, r2 uintptr, err syscall.Errno) {
		check("syscall.AllThreadsSyscall", trap, a1)
		return syscall.AllThreadsSyscall(trap, a1, a2, a3)
	})
	syms["AllThreadsSyscall6"] = reflect.ValueOf(func(trap, a1, a2, a3, a4, a5, a6 uintptr) (r1, r2 uintptr, err syscall.Errno) {
		check("syscall.AllThreadsSyscall6", trap, a1)
		return syscall.AllThreadsSyscall6(trap, a1, a2, a3, a4, a5, a6)
	})
}
