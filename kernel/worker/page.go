package worker

import (
	"encoding/binary"
	"fmt"
	"os"
	"sync/atomic"
	"syscall"
	"unsafe"

	"github.com/gophernote/gophernote/kernel/engine"
)

// The shared page: memory the worker's engine writes and the client maps
// too, so that after a crash — when the worker can no longer be asked —
// the kernel still knows
//
//   - which top-level statement of the cell was running: the engine
//     records it in an engine.Track at the start of the page;
//   - the output the cell wrote that was not delivered yet: the engine
//     coalesces output for up to 20 ms, and keeps it (engine.OutputLog)
//     in a ring after the first page as records [stream byte 'o'|'e',
//     uint32 length, text]; the header holds how many bytes were written
//     (offset offWritten) and how many of them the client has been sent
//     (offDelivered). What the kernel was sent is in the socket, which it
//     reads to the end; the rest it takes from the ring.
//
// It is a deleted temporary file, mapped shared by both processes; the
// worker gets it as file descriptor 4.

const (
	pageSize     = 4096
	ringSize     = 256 << 10
	mapSize      = pageSize + ringSize
	offWritten   = 64
	offDelivered = 72
)

// page is the client's mapping.
type page struct {
	file *os.File
	mem  []byte
}

func newPage() (*page, error) {
	f, err := os.CreateTemp("", "gophernote-worker-*")
	if err != nil {
		return nil, fmt.Errorf("position page: %v", err)
	}
	os.Remove(f.Name())
	if err := f.Truncate(mapSize); err != nil {
		f.Close()
		return nil, fmt.Errorf("position page: %v", err)
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, mapSize, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("position page: %v", err)
	}
	return &page{file: f, mem: mem}, nil
}

// read returns what the engine recorded last.
func (p *page) read() engine.Track {
	return *trackOf(p.mem)
}

// close unmaps the page.
func (p *page) close() {
	if p.mem != nil {
		syscall.Munmap(p.mem)
		p.mem = nil
	}
	p.file.Close()
}

// trackOf is the engine.Track at the start of a mapped page (memory the
// Go heap does not own, so the garbage collector leaves it alone).
func trackOf(mem []byte) *engine.Track {
	return (*engine.Track)(unsafe.Pointer(&mem[0]))
}

// mapPage maps the page the worker was given as fd.
func mapPage(fd int) (*engine.Track, *ringLog, error) {
	mem, err := syscall.Mmap(fd, 0, mapSize, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return trackOf(mem), &ringLog{mem: mem}, nil
}

func counter(mem []byte, off int) *uint64 { return (*uint64)(unsafe.Pointer(&mem[off])) }

// ringLog is the worker's engine.OutputLog in the shared page. Its
// methods are called under the engine's output lock, one at a time.
type ringLog struct {
	mem []byte
	w   uint64 // bytes written, as stored at offWritten
}

func (l *ringLog) put(b []byte) {
	for len(b) > 0 {
		at := int(l.w % ringSize)
		n := copy(l.mem[pageSize+at:], b)
		b, l.w = b[n:], l.w+uint64(n)
	}
}

func (l *ringLog) Wrote(stream, text string) {
	var h [5]byte
	h[0] = 'o'
	if stream == "stderr" {
		h[0] = 'e'
	}
	binary.LittleEndian.PutUint32(h[1:], uint32(len(text)))
	l.put(h[:])
	l.put(unsafe.Slice(unsafe.StringData(text), len(text)))
	atomic.StoreUint64(counter(l.mem, offWritten), l.w)
}

func (l *ringLog) Mark() int64 { return int64(l.w) }

func (l *ringLog) Delivered(mark int64) {
	atomic.StoreUint64(counter(l.mem, offDelivered), uint64(mark))
}

// unsent returns the output the dead worker's engine had not delivered:
// (stream, text) pairs in order; lost counts the bytes the ring could not
// hold.
func (p *page) unsent() (chunks [][2]string, lost int64) {
	w, d := atomic.LoadUint64(counter(p.mem, offWritten)), atomic.LoadUint64(counter(p.mem, offDelivered))
	if w <= d {
		return nil, 0
	}
	if w-d > ringSize {
		return nil, int64(w - d)
	}
	get := func(at uint64, n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = p.mem[pageSize+int((at+uint64(i))%ringSize)]
		}
		return b
	}
	for at := d; at+5 <= w; {
		h := get(at, 5)
		n := binary.LittleEndian.Uint32(h[1:])
		if at+5+uint64(n) > w {
			return chunks, int64(w - at)
		}
		name := "stdout"
		if h[0] == 'e' {
			name = "stderr"
		}
		chunks = append(chunks, [2]string{name, string(get(at+5, int(n)))})
		at += 5 + uint64(n)
	}
	return chunks, 0
}
