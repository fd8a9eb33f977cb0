"""What JupyterLab asks the kernel for, through jupyter_client: the
kernelspec, kernel_info's language_info, complete_request (with kinds in
metadata._jupyter_types_experimental) and inspect_request with the cursor
inside a call's brackets (Lab's Shift-Tab). Prints one JSON object."""

import json
import sys

from jupyter_client.kernelspec import KernelSpecManager

import kernelutil

out = {}
spec = KernelSpecManager().get_kernel_spec("gophernote")
out["spec"] = {"language": spec.language, "display_name": spec.display_name,
               "interrupt_mode": spec.interrupt_mode, "argv_tail": spec.argv[1:]}

km, kc, _ = kernelutil.start("gophernote")
try:
    info = kc.kernel_info(reply=True, timeout=60)["content"]
    out["language_info"] = info["language_info"]

    reply, _ = kernelutil.execute(kc, """import "github.com/gophernote/gophernote/fitlib/fit"
type point struct{ X, Y int }
func (p point) norm() int { return p.X*p.X + p.Y*p.Y }
pts := []point{{1, 2}}
width := 3.5""")
    out["setup"] = reply["status"]

    def complete(code, cursor=None):
        r = kc.complete(code, len(code) if cursor is None else cursor, reply=True, timeout=30)["content"]
        return {"matches": r["matches"], "start": r["cursor_start"], "end": r["cursor_end"],
                "types": r["metadata"].get("_jupyter_types_experimental")}

    def inspect(code, cursor=None):
        r = kc.inspect(code, len(code) if cursor is None else cursor, 0, reply=True, timeout=30)["content"]
        return {"status": r["status"], "found": r["found"], "text": r["data"].get("text/plain", "")}

    out["complete"] = {c: complete(c) for c in ["fit.Boot", "pts[0].", "wid", "q := point{", "fm"]}
    out["inspect"] = {c: inspect(c) for c in ["fit.Bootstrap(", "fit.Bootstrap(pb, ", "fmt.Println(", "strings.Split(", "pts[0].norm("]}
finally:
    kernelutil.stop(km, kc)
json.dump(out, sys.stdout)
