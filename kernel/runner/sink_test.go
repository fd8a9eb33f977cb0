package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/display"
)

func TestCollectorClear(t *testing.T) {
	var out bytes.Buffer
	c := newCollector(&out, &out, t.TempDir(), "nb")
	c.begin(1)
	c.Stream("stdout", "one\n")
	c.Clear(false)
	c.Stream("stdout", "two\n")
	c.Clear(true) // deferred until the next output
	if got := c.outputs; len(got) != 1 || got[0]["text"] != "two\n" {
		t.Fatalf("after Clear(true) = %v, want the old output kept until new output", got)
	}
	c.Display(display.Bundle{Data: display.MIME{"text/plain": "three"}}, false)
	outs := c.end()
	if len(outs) != 1 || outs[0]["output_type"] != "display_data" {
		t.Fatalf("outputs %v, want only the display after the deferred clear", outs)
	}
	if out.String() != "one\ntwo\n" {
		t.Errorf("echoed %q", out.String())
	}
}

func TestCollectorUpdateAcrossCells(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	c := newCollector(&out, &out, dir, "nb")
	svg := func(w string) display.Bundle {
		return display.Bundle{ID: "fig", Data: display.MIME{
			"image/svg+xml": `<svg xmlns="http://www.w3.org/2000/svg" width="` + w + `"></svg>`, "text/plain": "fig"}}
	}
	c.begin(2)
	c.Display(svg("1"), false)
	first := c.end()
	c.begin(3)
	c.Display(svg("2"), true) // updates the output of cell 2
	if later := c.end(); len(later) != 0 {
		t.Errorf("update added outputs to cell 3: %v", later)
	}
	if got := strings.Join(first[0]["data"].(map[string]any)["image/svg+xml"].([]string), ""); !strings.Contains(got, `width="2"`) {
		t.Errorf("cell 2 output not replaced: %s", got)
	}
	file, err := os.ReadFile(filepath.Join(dir, "nb_cell2_1.svg"))
	if err != nil || !strings.Contains(string(file), `width="2"`) {
		t.Errorf("image file not rewritten by the update: %q, %v", file, err)
	}
	c.begin(4)
	c.Display(display.Bundle{ID: "never-shown", Data: display.MIME{"text/plain": "x"}}, true)
	if outs := c.end(); len(outs) != 1 {
		t.Errorf("update of an unknown id: %v, want it shown", outs)
	}
}

// TestCollectorEchoEachStateOnce replays, with a fake clock, the timing
// under which `gophernote run FILE.go` printed a progress bar's final line
// twice (TestRunScriptProgress, under load): an update held back, a later
// update printed at once when the echo interval had passed, then the final
// state held back. The old code left the id twice in the held order, so the
// flush printed the final line twice.
func TestCollectorEchoEachStateOnce(t *testing.T) {
	var out bytes.Buffer
	c := newCollector(&out, &out, t.TempDir(), "s")
	c.files = true
	now := time.Unix(0, 0)
	c.now = func() time.Time { return now }
	c.begin(1)
	show := func(txt string, update bool) {
		c.Display(display.Bundle{ID: "bar", Data: display.MIME{"text/plain": txt}}, update)
	}
	show("0/30", false)
	now = now.Add(500 * time.Millisecond)
	show("10/30", true) // within the interval: held
	now = now.Add(600 * time.Millisecond)
	show("20/30", true) // interval passed: printed at once
	now = now.Add(100 * time.Millisecond)
	show("30/30 done", true) // held again
	c.flushEchoes()
	c.flushEchoes()
	if got, want := out.String(), "0/30\n20/30\n30/30 done\n"; got != want {
		t.Errorf("echoed %q, want %q", got, want)
	}

	// Held updates of two displays flush in the order they were first held,
	// before the text that follows them.
	out.Reset()
	c.Display(display.Bundle{ID: "a", Data: display.MIME{"text/plain": "a0"}}, false)
	c.Display(display.Bundle{ID: "b", Data: display.MIME{"text/plain": "b0"}}, false)
	c.Display(display.Bundle{ID: "a", Data: display.MIME{"text/plain": "a1"}}, true)
	c.Display(display.Bundle{ID: "b", Data: display.MIME{"text/plain": "b1"}}, true)
	c.Display(display.Bundle{ID: "a", Data: display.MIME{"text/plain": "a2"}}, true)
	c.Display(display.Bundle{Data: display.MIME{"text/plain": "text"}}, false)
	if got, want := out.String(), "a0\nb0\na2\nb1\ntext\n"; got != want {
		t.Errorf("echoed %q, want %q", got, want)
	}
}
