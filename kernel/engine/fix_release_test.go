package engine

import (
	"runtime"
	"testing"
)

func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestReleaseTemporaries: what a cell's top level computed and the old
// values of redefined globals are released (fix_release.go), and code
// that may still read an old slot reads what it read before.
func TestReleaseTemporaries(t *testing.T) {
	e := newEngine(t)
	if !e.globalFrame().IsValid() || e.frameLen() < 0 {
		t.Fatal("yaegi's global frame is not where fix_release.go looks for it: the release is off")
	}
	run(t, e, "x := 1")
	h0 := liveHeap()
	for i := 0; i < 100; i++ {
		run(t, e, "buf := make([]byte, 1<<20)")
	}
	for i := 0; i < 50; i++ {
		run(t, e, "var vbuf = make([]byte, 1<<20)")
	}
	for i := 0; i < 50; i++ {
		run(t, e, "func() { b := make([]byte, 1<<20); _ = b }()\nlen(make([]byte, 1<<20))")
	}
	// Two buffers are live (buf and vbuf); 200 were made.
	if grown := int64(liveHeap()) - int64(h0); grown > 16<<20 {
		t.Errorf("200 cells making 1 MiB each keep %.1f MiB after a collection, want < 16", float64(grown)/(1<<20))
	}
	if _, r := run(t, e, "len(buf) + len(vbuf)"); text(r) != "2097152" {
		t.Errorf("the current buffers: %q", text(r))
	}
	// Code compiled against an old slot keeps reading what it read.
	run(t, e, "y := []int{1, 2, 3}")
	run(t, e, "func f() int { return len(y) }")
	run(t, e, "g := func() int { return len(y) }\np := &y")
	run(t, e, "y := []int{7}")
	if _, r := run(t, e, "[]int{f(), g(), len(*p), len(y)}"); text(r) != "[3 3 3 1]" {
		t.Errorf("readers of the old y: %q", text(r))
	}
	// Values of cell types with methods keep their slots: a method value
	// or interface reads its receiver there when the method is called.
	run(t, e, "type Vec []float64\nfunc (v Vec) String() string { return fmt.Sprint(\"Vec\", len(v)) }\ntype M map[string]int\nfunc (m M) Len() int { return len(m) }")
	run(t, e, "vl := Vec{1, 2, 3}.String\nml := M{\"a\": 1}.Len")
	if s, _ := run(t, e, "fmt.Println(vl(), ml())"); s.out() != "Vec3 1\n" {
		t.Errorf("receivers of methods: %q", s.out())
	}
	// A final value computed at the top level is shown after the release.
	if _, r := run(t, e, "make([]int, 3)"); text(r) != "[0 0 0]" {
		t.Errorf("final value: %q", text(r))
	}
}
