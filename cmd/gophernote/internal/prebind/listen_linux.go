package prebind

import (
	"os"
	"strconv"
	"syscall"
)

// listen opens a TCP socket listening on addr:port the way package net
// does on Linux (SO_REUSEADDR, close-on-exec, non-blocking), or returns
// nil.
func listen(addr [4]byte, port int) *os.File {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC|syscall.SOCK_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	if syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_REUSEADDR, 1) != nil ||
		syscall.Bind(fd, &syscall.SockaddrInet4{Port: port, Addr: addr}) != nil ||
		syscall.Listen(fd, syscall.SOMAXCONN) != nil {
		syscall.Close(fd)
		return nil
	}
	return os.NewFile(uintptr(fd), "prebound-tcp-"+strconv.Itoa(port))
}
