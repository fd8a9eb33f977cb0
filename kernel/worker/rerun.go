package worker

import (
	"context"
	"fmt"

	"github.com/gophernote/gophernote/kernel/cell"
)

// RerunMagic is the cell that brings back the state a worker's death
// took: it runs the cells that had run without error on the dead worker
// again, in the order they ran, on the fresh one, with their output in
// its own output, and stops at the first that fails (its error is the
// %rerun cell's, naming the cell). Their values are not shown again.
// Widget interactions (comm messages) are not replayed. After a %rerun
// there is nothing left to re-run until the next crash.
const RerunMagic = "%rerun"

func (c *Client) rerun(ctx context.Context, sink cell.Sink) cell.Result {
	c.mu.Lock()
	lost := c.lost
	c.lost = nil
	c.mu.Unlock()
	if lost == nil || len(lost.cells) == 0 {
		msg := RerunMagic + ": nothing to re-run: "
		if lost == nil {
			msg += "no worker process has died since the kernel started (or since the last " + RerunMagic + ")"
		} else {
			msg += "no cell had run without error before the worker process died"
		}
		sink.Stream("stdout", msg+"\n")
		return cell.Result{}
	}
	sink.Stream("stderr", fmt.Sprintf("Re-running %s, lost when the worker process died (%s).\n", cellList(lost.cells), lost.cause))
	for i, rc := range lost.cells {
		cctx := ctx
		if rc.counted {
			cctx = cell.WithExecutionCount(ctx, rc.count)
		}
		res := c.execute(cctx, rc.code, sink)
		if res.Err != nil {
			which := "the cell"
			if rc.counted && rc.count > 0 {
				which = fmt.Sprintf("cell [%d]", rc.count)
			}
			e := *res.Err
			e.Value = fmt.Sprintf("%s (re-running %s; %d of %d re-ran)", e.Value, which, i, len(lost.cells))
			e.Traceback = append([]string{fmt.Sprintf("%s failed while %s re-ran; the cells after it were not run.", which, RerunMagic)}, e.Traceback...)
			return cell.Result{Err: &e}
		}
	}
	sink.Stream("stderr", fmt.Sprintf("Re-ran %s.\n", plural(len(lost.cells), "cell", "cells")))
	return cell.Result{}
}
