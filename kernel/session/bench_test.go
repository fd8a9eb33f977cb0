package session

import (
	"testing"
	"time"
)

// BenchmarkExecuteRoundTrip measures one trivial cell through the protocol
// (fake engine, Go zmq4 client on 127.0.0.1): execute_request sent to
// execute_reply and the idle status received.
func BenchmarkExecuteRoundTrip(b *testing.B) {
	ci := testConn(b)
	s, err := Start(Config{Conn: ci, NewEngine: func() (Engine, error) { return newFake(), nil }})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	c := dial(b, ci)
	defer c.close()
	b.ResetTimer()
	for range b.N {
		req := execute(c, "value 1", nil)
		c.recv("shell", 5*time.Second)
		c.iopubUntilIdle(req)
	}
}
