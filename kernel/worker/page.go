package worker

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"

	"github.com/gophernote/gophernote/kernel/engine"
)

// The position page: one page of memory that the worker's engine records
// the running statement in (engine.Track) and that the client maps too,
// so that after a crash — when the worker can no longer be asked — the
// kernel still knows which top-level statement of the cell was running.
// It is a deleted temporary file, mapped shared by both processes; the
// worker gets it as file descriptor 4.

const pageSize = 4096

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
	if err := f.Truncate(pageSize); err != nil {
		f.Close()
		return nil, fmt.Errorf("position page: %v", err)
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, pageSize, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
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
func mapPage(fd int) (*engine.Track, error) {
	mem, err := syscall.Mmap(fd, 0, pageSize, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	return trackOf(mem), nil
}
