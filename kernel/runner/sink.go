package runner

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gophernote/gophernote/kernel/display"
)

// collector is the cell.Sink of `gophernote run`: it echoes streams as
// they happen, turns the cell's outputs into nbformat output objects, and
// writes images (notebooks) or every rich representation (scripts) into
// the output directory.
type collector struct {
	mu     sync.Mutex
	stdout io.Writer
	stderr io.Writer
	dir    string // output directory
	stem   string // file name prefix: notebook or script name

	files   bool // script mode: write every rich MIME and print text/plain
	noFiles bool // write no files at all (run --in-place)

	cell      int              // 1-based index of the running cell
	outputs   []map[string]any // outputs of the running cell
	seq       int              // files written for the running cell
	byID      map[string][]*shown
	clearWait bool
	err       error // first file-writing error

	echoed    map[string]time.Time // script mode: when each display was last printed
	held      map[string]string    // script mode: latest unprinted update per display
	heldOrder []string             // ids in held, each once, in order of first hold
	now       func() time.Time     // clock of the echo throttle (tests inject one)
}

// shown is one output carrying a display_id, kept so that updates can
// replace it and rewrite its files.
type shown struct {
	out   map[string]any
	stems map[string]string // MIME -> file path written for it
}

func newCollector(stdout, stderr io.Writer, dir, stem string) *collector {
	return &collector{stdout: stdout, stderr: stderr, dir: dir, stem: stem, byID: map[string][]*shown{},
		echoed: map[string]time.Time{}, held: map[string]string{}, now: time.Now}
}

// begin starts collecting the outputs of cell (1-based).
func (c *collector) begin(cell int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cell, c.outputs, c.seq, c.clearWait = cell, nil, 0, false
}

// end returns the outputs collected for the running cell.
func (c *collector) end() []map[string]any {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.outputs
	if out == nil {
		out = []map[string]any{}
	}
	c.outputs = nil
	return out
}

// flushClear applies a clear_output(wait=true) before new output arrives.
func (c *collector) flushClear() {
	if c.clearWait {
		c.outputs, c.clearWait = nil, false
	}
}

// Stream implements cell.Sink.
func (c *collector) Stream(name, text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	w := c.stdout
	if name == "stderr" {
		w = c.stderr
	}
	if c.files {
		c.flushHeld()
	}
	io.WriteString(w, text)
	c.flushClear()
	if n := len(c.outputs); n > 0 {
		last := c.outputs[n-1]
		if last["output_type"] == "stream" && last["name"] == name {
			last["text"] = last["text"].(string) + text
			return
		}
	}
	c.outputs = append(c.outputs, map[string]any{"output_type": "stream", "name": name, "text": text})
}

// Display implements cell.Sink: display_data, or with update=true the
// replacement of every earlier output with b.ID.
func (c *collector) Display(b display.Bundle, update bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if update {
		olds := c.byID[b.ID]
		for _, s := range olds {
			s.out["data"], s.out["metadata"] = mimeData(b.Data), metadata(b.Metadata)
			c.writeFiles(b, s.stems, true)
		}
		if len(olds) > 0 || b.ID == "" {
			return
		}
		// An update for an id never shown: Jupyter ignores it; show it
		// instead so that no output is lost in the file.
	}
	c.flushClear()
	out := map[string]any{"output_type": "display_data", "data": mimeData(b.Data), "metadata": metadata(b.Metadata)}
	c.outputs = append(c.outputs, out)
	s := &shown{out: out, stems: map[string]string{}}
	c.writeFiles(b, s.stems, false)
	if b.ID != "" {
		c.byID[b.ID] = append(c.byID[b.ID], s)
	}
}

// result records the cell's execute_result.
func (c *collector) result(b display.Bundle, count int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flushClear()
	c.outputs = append(c.outputs, map[string]any{
		"output_type": "execute_result", "execution_count": count,
		"data": mimeData(b.Data), "metadata": metadata(b.Metadata),
	})
	c.writeFiles(b, map[string]string{}, false)
}

// failure records an error output.
func (c *collector) failure(name, value string, traceback []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flushClear()
	if traceback == nil {
		traceback = []string{}
	}
	c.outputs = append(c.outputs, map[string]any{
		"output_type": "error", "ename": name, "evalue": value, "traceback": traceback,
	})
}

// Clear implements cell.Sink (clear_output).
func (c *collector) Clear(wait bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if wait {
		c.clearWait = true
		return
	}
	c.outputs = nil
}

// Input implements cell.Sink: there is no one to ask.
func (c *collector) Input(prompt string, password bool) (string, error) {
	return "", errors.New("stdin is not available in `gophernote run`")
}

// fileExt maps the MIME types written as files to their extension; in
// notebook mode only images are written.
var fileExt = []struct {
	mime, ext string
	image     bool
}{
	{"image/png", ".png", true},
	{"image/jpeg", ".jpg", true},
	{"image/svg+xml", ".svg", true},
	{"text/html", ".html", false},
	{"text/markdown", ".md", false},
	{"text/latex", ".tex", false},
	{"application/json", ".json", false},
}

// writeFiles writes b's file representations. paths holds the files of an
// earlier output with the same display_id, which updates overwrite; new
// files are named <stem>_cell<N>_<k><ext> (scripts: <stem>_<k><ext>).
func (c *collector) writeFiles(b display.Bundle, paths map[string]string, update bool) {
	if c.noFiles {
		return
	}
	var wrote []string
	var stem string
	for _, f := range fileExt {
		v, ok := b.Data[f.mime]
		if !ok || (!f.image && !c.files) {
			continue
		}
		data, err := fileBytes(f.mime, v)
		if err != nil {
			c.fail(fmt.Errorf("output %s: %v", f.mime, err))
			continue
		}
		path := paths[f.mime]
		if path == "" {
			if stem == "" {
				c.seq++
				if c.files {
					stem = fmt.Sprintf("%s_%d", c.stem, c.seq)
				} else {
					stem = fmt.Sprintf("%s_cell%d_%d", c.stem, c.cell, c.seq)
				}
			}
			path = filepath.Join(c.dir, stem+f.ext)
			paths[f.mime] = path
		}
		if err := writeAtomic(path, data); err != nil {
			c.fail(err)
			continue
		}
		wrote = append(wrote, path)
	}
	if c.files {
		if txt, ok := b.Data["text/plain"].(string); ok && !strings.HasPrefix(txt, "<") {
			c.echo(b.ID, txt, update)
		}
	}
	if len(wrote) > 0 && !update {
		fmt.Fprintln(c.stdout, "wrote", strings.Join(wrote, " "))
	}
}

// echoInterval is how often script mode prints updates of one display.
const echoInterval = time.Second

// echo prints a display's text in script mode. Updates of one display_id
// (progress bars) print at most once per echoInterval; the latest one held
// back is printed by flushEchoes, so the final state always shows — once:
// an update printed at once drops any older held text of its id, which
// would otherwise print after it (a progress bar's final line twice).
func (c *collector) echo(id, txt string, update bool) {
	if !update || id == "" {
		c.flushHeld()
		fmt.Fprintln(c.stdout, txt)
		c.echoed[id] = c.now()
		return
	}
	if c.now().Sub(c.echoed[id]) < echoInterval {
		if _, held := c.held[id]; !held {
			c.heldOrder = append(c.heldOrder, id)
		}
		c.held[id] = txt
		return
	}
	c.unhold(id)
	fmt.Fprintln(c.stdout, txt)
	c.echoed[id] = c.now()
}

// unhold forgets the held text of id.
func (c *collector) unhold(id string) {
	if _, ok := c.held[id]; !ok {
		return
	}
	delete(c.held, id)
	for i, h := range c.heldOrder {
		if h == id {
			c.heldOrder = append(c.heldOrder[:i], c.heldOrder[i+1:]...)
			break
		}
	}
}

// flushEchoes prints the updates echo held back.
func (c *collector) flushEchoes() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flushHeld()
}

// flushHeld prints held-back updates, each id's latest text once; called
// with c.mu held before other output so that the printed order follows
// the script.
func (c *collector) flushHeld() {
	for _, id := range c.heldOrder {
		if txt, ok := c.held[id]; ok {
			fmt.Fprintln(c.stdout, txt)
			c.echoed[id] = c.now()
		}
	}
	c.held, c.heldOrder = map[string]string{}, nil
}

func (c *collector) fail(err error) {
	if c.err == nil {
		c.err = err
	}
	fmt.Fprintln(c.stderr, "gophernote run:", err)
}

// fileBytes decodes a bundle value into file content.
func fileBytes(mime string, v any) ([]byte, error) {
	s, isStr := v.(string)
	switch {
	case mime == "image/png" || mime == "image/jpeg":
		if !isStr {
			return nil, fmt.Errorf("%T, want base64 text", v)
		}
		return base64.StdEncoding.DecodeString(s)
	case isStr:
		return []byte(s), nil
	case mime == "application/json":
		return jsonBytes(v)
	}
	return nil, fmt.Errorf("%T, want text", v)
}

// mimeData converts a bundle's data to nbformat form: text split into
// lines (base64 images and JSON values kept whole).
func mimeData(m display.MIME) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		s, ok := v.(string)
		if ok && (strings.HasPrefix(k, "text/") || k == "image/svg+xml") {
			out[k] = lines(s)
		} else {
			out[k] = v
		}
	}
	return out
}

func metadata(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// idleSink receives output of goroutines that outlive their cell.
type idleSink struct{ c *collector }

// Stream implements cell.Sink: echo only (no cell to record into).
func (s idleSink) Stream(name, text string) {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	w := s.c.stdout
	if name == "stderr" {
		w = s.c.stderr
	}
	io.WriteString(w, text)
}

// Display implements cell.Sink.
func (s idleSink) Display(b display.Bundle, update bool) { s.c.Display(b, update) }

// Clear implements cell.Sink: nothing to clear between cells.
func (s idleSink) Clear(bool) {}

// Input implements cell.Sink.
func (s idleSink) Input(string, bool) (string, error) {
	return "", errors.New("stdin is not available in `gophernote run`")
}

func jsonBytes(v any) ([]byte, error) { return json.MarshalIndent(v, "", "  ") }
