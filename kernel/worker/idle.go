package worker

import (
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// idler returns freed memory to the operating system once the process has
// been idle for idleDelay after a cell or comm message, and while idle
// when goroutines of earlier cells have freed memory (see memory.go). The
// worker has one for what cells free; the client another, for the
// kernel process's own buffers (a cell's output passes through it).
type idler struct {
	mu      sync.Mutex
	running int
	kick    chan struct{}
	after   uint64 // heap objects' bytes after the last return
	stop    chan struct{}
	once    sync.Once
}

func newIdler() *idler { return &idler{kick: make(chan struct{}, 1), stop: make(chan struct{})} }

// close ends run.
func (i *idler) close() { i.once.Do(func() { close(i.stop) }) }

func (i *idler) busy() {
	i.mu.Lock()
	i.running++
	i.mu.Unlock()
}

func (i *idler) done() {
	i.mu.Lock()
	i.running--
	i.mu.Unlock()
	select {
	case i.kick <- struct{}{}:
	default:
	}
}

// idleDelay is how long the worker waits after a request before it
// returns memory: a burst of cells pays for it once.
const idleDelay = 250 * time.Millisecond

// idleSweep is the period of the check while idle.
const idleSweep = 5 * time.Second

// sweepMin is how much memory must be waiting (heap grown since the last
// return, or free but not yet released) for an idle check to return it.
const sweepMin = 32 << 20

func (i *idler) run() {
	t := time.NewTimer(idleSweep)
	kicked := false
	for {
		select {
		case <-i.kick:
			kicked = true
			t.Reset(idleDelay)
			continue
		case <-t.C:
		case <-i.stop:
			t.Stop()
			return
		}
		i.mu.Lock()
		idle := i.running == 0
		i.mu.Unlock()
		if idle && (kicked || i.worthIt()) {
			debug.FreeOSMemory()
			i.after = heapObjects()
		}
		kicked = false
		t.Reset(idleSweep)
	}
}

// worthIt reports whether an idle check has memory to return: the heap
// grew by sweepMin since the last return (garbage a collection would
// free), or that much is free and not yet released.
func (i *idler) worthIt() bool {
	s := []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
	}
	metrics.Read(s)
	objects, free := s[0].Value.Uint64(), s[1].Value.Uint64()
	return objects > i.after+sweepMin || free > sweepMin
}

func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
