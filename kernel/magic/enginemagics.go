package magic

import (
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/engine"
)

// The engine's own magics (engine.EngineMagics: %go get, %%compile) must
// run where the engine runs, since the plugins they build load into its
// process (the worker's, when it has one). The layer lists them like its
// own, and passes their lines to the interpreter at their cell lines
// (blank lines before them), where the engine recognises and runs them.
func init() {
	for _, m := range engine.EngineMagics() {
		register(&magicDef{name: m.Name, cell: m.Cell, usage: m.Usage, summary: m.Summary, help: m.Help, run: toEngine, engine: true})
	}
}

// toEngine runs an engine magic: a line magic's lines, or a cell magic's
// first line and body, at their places in the cell.
func toEngine(r *runner, c *call) cell.Result {
	lead := strings.Repeat("\n", max(c.seg.first-1, 0))
	if c.p.cellMagic != nil {
		// The first line (the segment spans the cell), then the body.
		return r.exec(c.ctx, lead+c.p.lines[c.seg.first-c.p.base]+"\n"+c.body)
	}
	return r.exec(c.ctx, lead+strings.Join(c.p.span(c.seg), "\n"))
}
