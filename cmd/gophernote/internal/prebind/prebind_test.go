package prebind

import (
	"net"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"
)

func TestParseIPv4(t *testing.T) {
	good := map[string][4]byte{"127.0.0.1": {127, 0, 0, 1}, "0.0.0.0": {}, "10.20.30.255": {10, 20, 30, 255}}
	for s, want := range good {
		if got, ok := parseIPv4(s); !ok || got != want {
			t.Errorf("parseIPv4(%q) = %v, %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "1.2.3", "1.2.3.4.5", "256.0.0.1", "1..2.3", "::1", "localhost", "1.2.3.4 ", "0001.2.3.4"} {
		if _, ok := parseIPv4(s); ok {
			t.Errorf("parseIPv4(%q) accepted", s)
		}
	}
}

func TestOpenTake(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("prebinding is implemented on Linux only; elsewhere the session binds normally")
	}
	busyL, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busyL.Close()
	busy := busyL.Addr().(*net.TCPAddr).Port
	free, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := free.Addr().(*net.TCPAddr).Port
	free.Close()

	Open("127.0.0.1", port, busy, 0, 70000)
	defer CloseAll()
	if Take(busy) != nil {
		t.Error("got a socket for a port in use")
	}
	f := Take(port)
	if f == nil {
		t.Fatalf("no socket for free port %d", port)
	}
	l, err := net.FileListener(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// It listens before anyone accepts: the connection waits in the backlog.
	c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		t.Fatalf("connect to prebound port: %v", err)
	}
	defer c.Close()
	a, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	if Take(port) != nil {
		t.Error("Take returned the same socket twice")
	}
}

// TestCatchSignals: once CatchSignals has run, a SIGINT to the process
// arrives on its channel instead of killing the process (the kernel's
// init calls it before the ports listen; TestKernelSIGTERM in the command
// exercises that path end to end).
func TestCatchSignals(t *testing.T) {
	ch := CatchSignals()
	if again := CatchSignals(); again != ch {
		t.Fatal("CatchSignals returned a second channel")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-ch:
		if s != os.Interrupt {
			t.Errorf("got %v, want interrupt", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("SIGINT never arrived on the channel")
	}
}
