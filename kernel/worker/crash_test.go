package worker

import (
	"strings"
	"testing"
)

// TestFindReport reads the Go runtime's reports as the worker prints
// them: the message, the runtime's line before it, the crashing goroutine
// and who created it.
func TestFindReport(t *testing.T) {
	cases := []struct {
		text, name, value, createdBy string
	}{
		{"noise\nfatal error: concurrent map writes\n\ngoroutine 18 [running]:\ninternal/runtime/maps.fatal({0x1?, 0x2?})\n\t/x/panic.go:1181 +0x18\ncreated by github.com/traefik/yaegi/interp.call.func9 in goroutine 29\n\t/y/run.go:1322 +0xf0f\n\ngoroutine 1 [IO wait]:\nmain.main()\n",
			"fatal error", "concurrent map writes", "github.com/traefik/yaegi/interp.call.func9 in goroutine 29"},
		{"runtime: goroutine stack exceeds 1000000000-byte limit\nruntime: sp=0x13cad2560580 stack=[0x1, 0x2]\nfatal error: stack overflow\n\nruntime stack:\nruntime.throw({0x167de76?, 0x4469da?})\n\t/p.go:1 +0x48\n\ngoroutine 15 gp=0x13cab2280b40 m=8 mp=0x13cab2234008 [running]:\nreflect.callReflect(0x1)\n\t/v.go:697 +0xeae\n...1560574 frames elided...\ncreated by github.com/traefik/yaegi/interp.(*Interpreter).EvalWithContext in goroutine 13\n\t/i.go:578 +0x1\n",
			"fatal error", "stack overflow (runtime: goroutine stack exceeds 1000000000-byte limit)", "github.com/traefik/yaegi/interp.(*Interpreter).EvalWithContext in goroutine 13"},
		{"runtime: out of memory: cannot allocate 8796093022208-byte block (7766016 in use)\nfatal error: out of memory\n\ngoroutine 7 [running]:\nruntime.throw()\n",
			"fatal error", "out of memory (runtime: out of memory: cannot allocate 8796093022208-byte block (7766016 in use))", ""},
		{"panic: boom [recovered]\n\tpanic: second\n\ngoroutine 1 [running]:\nmain.main()\n", "panic", "second", ""},
		{"panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4]\n\ngoroutine 1 [running]:\n",
			"panic", "runtime error: invalid memory address or nil pointer dereference", ""},
	}
	for _, c := range cases {
		r := findReport(c.text)
		if r == nil {
			t.Errorf("%q: no report found", c.text)
			continue
		}
		if r.name != c.name || r.value != c.value || r.createdBy() != c.createdBy {
			t.Errorf("%q:\n got %q %q created by %q\nwant %q %q created by %q", c.text, r.name, r.value, r.createdBy(), c.name, c.value, c.createdBy)
		}
		if strings.Contains(strings.Join(r.lines, "\n"), "runtime stack:") || strings.Contains(strings.Join(r.lines, "\n"), "noise") {
			t.Errorf("%q: shown lines %q", c.text, r.lines)
		}
	}
	if findReport("just a warning on stderr\n") != nil {
		t.Error("a report found in plain stderr")
	}
}
