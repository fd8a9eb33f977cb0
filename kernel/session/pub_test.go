package session

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/gophernote/gophernote/kernel/wire"
)

// syncBuffer is a log destination safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// stalledSub is an iopub subscriber (zmq4's SUB) whose reader hands each
// message to got and waits until the test takes it: while the test does
// not read got, the subscriber stops reading its connection.
func stalledSub(t *testing.T, ci ConnectionInfo, signer *wire.Signer) (got <-chan *wire.Message) {
	ctx, cancel := context.WithCancel(context.Background())
	sub := zmq4.NewSub(ctx)
	t.Cleanup(func() { sub.Close(); cancel() })
	if err := sub.Dial(ci.Endpoint(ci.IOPubPort)); err != nil {
		t.Fatal(err)
	}
	if err := sub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	ch := make(chan *wire.Message)
	go func() {
		for {
			raw, err := sub.Recv()
			if err != nil {
				return
			}
			m, err := signer.Decode(raw.Frames)
			if err != nil {
				t.Errorf("stalled subscriber: undecodable message: %v", err)
				continue
			}
			select {
			case ch <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch
}

// joinSub sends kernel_info requests on c until sub has received the idle
// status of one of them (see client.waitIOPub).
func joinSub(t *testing.T, c *client, sub <-chan *wire.Message) {
	for wait := 100 * time.Millisecond; ; wait = min(2*wait, 2*time.Second) {
		req := c.send("shell", "kernel_info_request", map[string]any{})
		c.recv("shell", 30*time.Second)
		c.iopubUntilIdle(req)
		retry := time.After(wait)
		for again := false; !again; {
			select {
			case m := <-sub:
				if m.ParentMsgID() == req.Header.MsgID && m.Header.MsgType == "status" && content(t, m)["execution_state"] == "idle" {
					return
				}
			case <-retry:
				again = true
			}
		}
	}
}

var droppedRe = regexp.MustCompile(`iopub: subscriber (\S+) (?:caught up|disconnected): (\d+) messages`)

// TestStalledSubscriberCostsOthersNothing: one iopub subscriber stops
// reading while a cell prints 3,000 lines of 10 KB. The healthy one gets
// every message, in order; the stalled one loses messages, each of them
// counted in the kernel log, and gets the rest once it reads again:
// what it received plus what the log says it lost is everything.
func TestStalledSubscriberCostsOthersNothing(t *testing.T) {
	ci := testConn(t)
	var logBuf syncBuffer
	s, err := Start(Config{Conn: ci, NewEngine: func() (Engine, error) { return newFake(), nil },
		IOPubQueueBytes: 4 << 20, IOPubStallAfter: time.Second, Log: log.New(&logBuf, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := dial(t, ci)
	stalled := stalledSub(t, ci, c.signer)
	joinSub(t, c, stalled)

	const lines, size = 3000, 10000
	// iopub is read first: the reply comes after the cell's output, and a
	// client that waited for it first would be a stalled subscriber.
	req := execute(c, fmt.Sprintf("lines %d %d", lines, size), nil)
	published := 0
	next := 0
	for {
		m := c.recv("iopub", 60*time.Second)
		published++
		if m.ParentMsgID() != req.Header.MsgID {
			t.Fatalf("healthy subscriber: message %s of another request", m.Header.MsgType)
		}
		if m.Header.MsgType == "stream" {
			text := content(t, m)["text"].(string)
			n, err := strconv.Atoi(text[:6])
			if err != nil || n != next || len(text) != size {
				t.Fatalf("healthy subscriber: line %d is %.12q (%d bytes), want line %d", next, text, len(text), next)
			}
			next++
		}
		if m.Header.MsgType == "status" && content(t, m)["execution_state"] == "idle" {
			break
		}
	}
	if next != lines {
		t.Fatalf("healthy subscriber got %d of %d lines", next, lines)
	}
	if v := content(t, c.recv("shell", 60*time.Second)); v["status"] != "ok" {
		t.Fatalf("reply %v", v)
	}

	// The stalled subscriber reads again; requests go on until it gets
	// the idle of one of them.
	received := 0
	lastLine := -1
	var mu sync.Mutex
	seenIdle := map[string]bool{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m := range stalled {
			mu.Lock()
			received++
			if m.Header.MsgType == "stream" {
				n, _ := strconv.Atoi(content(t, m)["text"].(string)[:6])
				if n <= lastLine {
					t.Errorf("stalled subscriber: line %d after line %d", n, lastLine)
				}
				lastLine = n
			}
			if m.Header.MsgType == "status" && content(t, m)["execution_state"] == "idle" {
				seenIdle[m.ParentMsgID()] = true
			}
			mu.Unlock()
		}
	}()
	for {
		k := c.send("shell", "kernel_info_request", map[string]any{})
		c.recv("shell", 30*time.Second)
		published += len(c.iopubUntilIdle(k))
		mu.Lock()
		ok := seenIdle[k.Header.MsgID]
		mu.Unlock()
		if ok {
			break
		}
	}
	mu.Lock()
	got := received
	mu.Unlock()
	dropped, names := 0, map[string]bool{}
	for _, m := range droppedRe.FindAllStringSubmatch(logBuf.String(), -1) {
		n, _ := strconv.Atoi(m[2])
		dropped += n
		names[m[1]] = true
	}
	t.Logf("published %d; stalled subscriber received %d, dropped %d; log:\n%s", published, got, dropped, logBuf.String())
	if dropped == 0 || len(names) != 1 {
		t.Errorf("log names %d subscribers with %d dropped messages; want one, with drops", len(names), dropped)
	}
	if got+dropped != published {
		t.Errorf("stalled subscriber: received %d + dropped %d = %d, want the %d published", got, dropped, got+dropped, published)
	}
	if !strings.Contains(logBuf.String(), "is not reading") {
		t.Error("the log does not say when the drops started")
	}
}

// TestIPCTransport: with transport "ipc" the channels are Unix sockets
// (jupyter_client's ipc://IP-PORT); iopub, the kernel's own PUB, serves
// them too and removes its socket file on close.
func TestIPCTransport(t *testing.T) {
	ci := testConn(t)
	ci.Transport, ci.IP = "ipc", filepath.Join(t.TempDir(), "kernel")
	s, err := Start(Config{Conn: ci, NewEngine: func() (Engine, error) { return newFake(), nil }})
	if err != nil {
		t.Fatal(err)
	}
	c := dial(t, ci)
	req := execute(c, "print over ipc", nil)
	msgs := c.iopubUntilIdle(req)
	if got := types(msgs); !slices.Equal(got, []string{"status:busy", "execute_input", "stream", "status:idle"}) {
		t.Errorf("iopub over ipc = %v", got)
	}
	if v := content(t, c.recv("shell", 5*time.Second)); v["status"] != "ok" {
		t.Errorf("reply %v", v)
	}
	iopubFile := fmt.Sprintf("%s-%d", ci.IP, ci.IOPubPort)
	if _, err := os.Stat(iopubFile); err != nil {
		t.Errorf("iopub socket file: %v", err)
	}
	s.Close()
	if _, err := os.Stat(iopubFile); !os.IsNotExist(err) {
		t.Errorf("iopub socket file left after Close: %v", err)
	}
}
