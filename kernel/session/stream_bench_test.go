package session

import (
	"testing"
	"time"
)

// BenchmarkStream200kReal is the kernel's share of BENCH stream-200k-lines
// with a Go client: the real engine prints 200,000 lines, the session
// publishes them on iopub and the client receives every message until
// idle. Profile it to see the split between interpreter, router, session
// encoding and zmq4 writes.
func BenchmarkStream200kReal(b *testing.B) {
	ci := testConn(b)
	s, err := Start(Config{Conn: ci, NewEngine: realEngine})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	c := dial(b, ci)
	defer c.close()
	req := execute(c, "x := 1", nil)
	c.recv("shell", 30*time.Second)
	c.iopubUntilIdle(req)
	var msgs int
	for b.Loop() {
		req := execute(c, "for i := range 200000 { fmt.Println(i) }", nil)
		c.recv("shell", 60*time.Second)
		msgs += len(c.iopubUntilIdle(req))
	}
	b.ReportMetric(float64(msgs)/float64(b.N), "iopub-msgs/op")
}
