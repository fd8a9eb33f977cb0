//go:build !linux

package engine

import "reflect"

// addSyscalls: outside Linux only syscall.Exit and syscall.Exec are
// replaced (process.go); the raw system calls are left as they are.
func addSyscalls(map[string]reflect.Value) {}
