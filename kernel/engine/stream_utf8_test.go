package engine

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// checkValidChunks fails when a delivered stdout chunk is not valid UTF-8
// (it would reach the front end as U+FFFD per byte).
func checkValidChunks(t *testing.T, s *fakeSink) {
	t.Helper()
	for i, c := range s.chunks {
		if !utf8.ValidString(c) {
			t.Errorf("stdout chunk %d is not valid UTF-8: %.40q... (%d bytes)", i, c, len(c))
		}
	}
}

// A rune whose bytes come in two writes with a delivery between them
// arrives whole: the first write's incomplete sequence waits for the rest.
// The deliveries here are forced (a display flushes pending text; 32 KB
// pending flushes it), so nothing depends on the 20 ms timer.
func TestStreamKeepsRunesWhole(t *testing.T) {
	e := newEngine(t)
	run(t, e, `import (
	"os"
	"github.com/gophernote/gophernote/kernel/display"
)`)
	s, _ := run(t, e, `os.Stdout.Write([]byte{'a', 0xe2, 0x82})
display.Markdown("between")
os.Stdout.Write([]byte{0xac, '\n'})`)
	checkValidChunks(t, s)
	if got := s.out(); got != "a€\n" {
		t.Errorf("stdout = %q, want %q", got, "a€\n")
	}
	if s.outAtDisplay != "a" {
		t.Errorf("stdout before the display = %q, want %q (the cut rune waits)", s.outAtDisplay, "a")
	}

	// A cut at the 32 KB flush of a long write, in a 4-byte rune.
	s, _ = run(t, e, `b := append([]byte(strings.Repeat("x", 32767)), 0xf0, 0x9f)
os.Stdout.Write(b)
os.Stdout.Write([]byte{0x98, 0x80})`)
	checkValidChunks(t, s)
	if want := strings.Repeat("x", 32767) + "😀"; s.out() != want {
		t.Errorf("stdout has %d bytes ending %q, want %d ending with 😀", len(s.out()), s.out()[max(0, len(s.out())-8):], len(want))
	}

	// The cell ends with the rune unfinished: its bytes go out as they are
	// (as Go's os.Stdout would write them), once.
	s, _ = run(t, e, `os.Stdout.Write([]byte{'z', 0xe2, 0x82})`)
	if got := s.out(); got != "z\xe2\x82" {
		t.Errorf("unfinished rune at the end of a cell: stdout = %q", got)
	}
	s, _ = run(t, e, `os.Stdout.Write([]byte{0xac})`)
	if got := s.out(); got != "\xac" {
		t.Errorf("the next cell got %q, want only its own byte", got)
	}
}

func TestIncompleteTail(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"", 0}, {"abc", 0}, {"€", 0}, {"a\xe2", 1}, {"a\xe2\x82", 2}, {"\xf0\x9f\x98", 3}, {"😀", 0},
		{"\xff", 0}, {"a\x82", 0}, {"\xe2\x82\xac\xe2", 1},
	} {
		if got := incompleteTail(c.s); got != c.want {
			t.Errorf("incompleteTail(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}
