//go:build !linux

package prebind

import "os"

// listen is not implemented off Linux: the session binds normally.
func listen(addr [4]byte, port int) *os.File { return nil }
