// Package prebind opens the kernel's TCP listening sockets as early as the
// process allows, so a Jupyter client that connects right after launching
// the kernel finds them open.
//
// Why: jupyter_client connects within a few milliseconds of starting the
// kernel. If nothing listens yet, libzmq waits its reconnect interval
// (100-200 ms with jitter) before trying again, which dominated kernel
// start time. Go runs package initializers in dependency order, choosing
// among ready packages by import path. This package avoids package net
// (which sorts late, after gonum's and yaegi's heavy initializers) and
// depends only on os, syscall and encoding/json, so its init runs a few
// milliseconds into the process. A listening socket accepts connections
// into its backlog at once; the ZeroMQ handshake follows when the session
// starts serving.
//
// Only `gophernote kernel CONNECTION_FILE` with the tcp transport and a
// dotted-quad IPv4 address is affected (on Linux). Any problem
// (unreadable file, port in use) is left for the normal start-up path to
// report.
package prebind

import (
	"encoding/json"
	"os"
	"os/signal"
	"sync"
)

var (
	mu    sync.Mutex
	files = map[int]*os.File{} // listening sockets by port
)

func init() {
	if len(os.Args) != 3 || os.Args[1] != "kernel" {
		return
	}
	b, err := os.ReadFile(os.Args[2])
	if err != nil {
		return
	}
	var ci struct {
		Transport   string `json:"transport"`
		IP          string `json:"ip"`
		ShellPort   int    `json:"shell_port"`
		ControlPort int    `json:"control_port"`
		StdinPort   int    `json:"stdin_port"`
		IOPubPort   int    `json:"iopub_port"`
		HBPort      int    `json:"hb_port"`
	}
	if json.Unmarshal(b, &ci) != nil || (ci.Transport != "" && ci.Transport != "tcp") {
		return
	}
	// A front end may interrupt as soon as the sockets accept, before
	// main catches SIGINT (kernelCmd's signal.Notify, which undoes
	// this): the interrupt must not kill the kernel.
	signal.Ignore(os.Interrupt)
	Open(ci.IP, ci.ShellPort, ci.ControlPort, ci.StdinPort, ci.IOPubPort, ci.HBPort)
}

// Open listens on ip at each port, skipping ports it cannot bind, and keeps
// the sockets for Take.
func Open(ip string, ports ...int) {
	addr, ok := parseIPv4(ip)
	if !ok {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range ports {
		if p <= 0 || p > 65535 || files[p] != nil {
			continue
		}
		if f := listen(addr, p); f != nil {
			files[p] = f
		}
	}
}

// Take returns the listening socket opened for port and forgets it, or
// nil. The caller turns it into a net.Listener (net.FileListener) and
// closes the file.
func Take(port int) *os.File {
	mu.Lock()
	defer mu.Unlock()
	f := files[port]
	delete(files, port)
	return f
}

// CloseAll closes the sockets nobody took.
func CloseAll() {
	mu.Lock()
	defer mu.Unlock()
	for p, f := range files {
		f.Close()
		delete(files, p)
	}
}

// parseIPv4 parses a dotted-quad address.
func parseIPv4(s string) (ip [4]byte, ok bool) {
	part, n, digits := 0, 0, 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if digits == 0 || n > 3 {
				return ip, false
			}
			ip[n] = byte(part)
			n, part, digits = n+1, 0, 0
			continue
		}
		c := s[i]
		if c < '0' || c > '9' || digits == 3 {
			return ip, false
		}
		part = part*10 + int(c-'0')
		digits++
		if part > 255 {
			return ip, false
		}
	}
	return ip, n == 4
}
