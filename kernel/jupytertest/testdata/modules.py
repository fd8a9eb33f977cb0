"""A module from a local proxy and a compiled cell, through jupyter_client:
prints one JSON object per check. The proxy and the plugin cache come from
the environment the Go test sets (GOPROXY, GOPHERNOTE_PLUGIN_CACHE...).
"""

import json
import os
import sys
import time

import kernelutil as ku

DOMAIN = sys.argv[1]
ARRIVED = sys.argv[2]  # the Go test creates this file when the go command's request reaches the slow proxy


def summary(content, outputs):
    streams, displays, values = {}, [], []
    for m in outputs:
        t, c = m["msg_type"], m["content"]
        if t == "stream":
            streams[c["name"]] = streams.get(c["name"], "") + c["text"]
        elif t in ("display_data", "update_display_data"):
            displays.append(c["data"].get("text/plain", ""))
        elif t == "execute_result":
            values.append(c["data"].get("text/plain", ""))
    return {"status": content["status"], "ename": content.get("ename"), "evalue": content.get("evalue"),
            "stdout": streams.get("stdout", ""), "stderr": streams.get("stderr", ""),
            "displays": displays, "values": values}


def reply(kc, msg_id):
    while True:
        r = kc.get_shell_msg(timeout=60)
        if r["parent_header"].get("msg_id") == msg_id:
            return r["content"]


def main():
    km, kc, _ = ku.start("gophernote")
    try:
        def cell(check, code, timeout=900):
            content, outputs = ku.execute(kc, code, timeout=timeout)
            out = summary(content, outputs)
            out["check"] = check
            print(json.dumps(out), flush=True)

        cell("import", f'import "{DOMAIN}/greet"\ng := greet.Greeter{{Word: "hi"}}\nfmt.Println(g.Greet("Bo"))\ngreet.Hello("Ada")')
        c = reply(kc, kc.complete("greet.He", 8))
        print(json.dumps({"check": "complete", "matches": c["matches"]}), flush=True)
        c = reply(kc, kc.inspect("greet.Hello", 11))
        print(json.dumps({"check": "inspect", "found": c["found"], "text": c["data"].get("text/plain", "")}), flush=True)
        cell("compile", "%%compile acc\n\n// Loop adds 0.5 n times.\nfunc Loop(n int) float64 {\n\ts := 0.0\n\tfor i := 0; i < n; i++ {\n\t\ts += 0.5\n\t}\n\treturn s\n}")
        cell("use", 'import "acc"\nacc.Loop(3_000_000)')
        cell("compile error", "%%compile bad\n\nfunc F() int {\n\treturn \"x\"\n}")
        cell("after error", "1 + 1")
        cell("go get", f'%go get {DOMAIN}/ver@v1.0.0\nimport "{DOMAIN}/ver"\nver.Version')
        cell("lsmagic", "%lsmagic")
        # Interrupt an import while go get waits on the proxy (which holds
        # DOMAIN/slow until the go command goes away).
        msg_id = kc.execute(f'import "{DOMAIN}/slow"')
        while True:
            msg = kc.get_iopub_msg(timeout=900)
            if (msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] in ("display_data", "update_display_data")
                    and f"go get {DOMAIN}/slow" in msg["content"]["data"].get("text/plain", "")):
                break
        # The display comes before the go command starts: interrupt once
        # its request is at the proxy, or the interrupt may stop it first.
        deadline = time.monotonic() + 300
        while not os.path.exists(ARRIVED) and time.monotonic() < deadline:
            time.sleep(0.05)
        km.interrupt_kernel()
        r = reply(kc, msg_id)
        print(json.dumps({"check": "interrupt", "status": r["status"], "ename": r.get("ename")}), flush=True)
        cell("after interrupt", "1 + 2")
        km.restart_kernel(now=False)
        kc.wait_for_ready(timeout=60)
        cell("after restart", f'import "{DOMAIN}/greet"\ngreet.Hello("Cy")')
    finally:
        ku.stop(km, kc)


main()
