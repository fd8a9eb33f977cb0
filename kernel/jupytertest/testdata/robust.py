"""Robustness checks against the gophernote kernel through jupyter_client.

Prints JSON lines the Go test reads: {"check": ..., ...}.
"""

import json
import os
import signal
import sys

from jupyter_client.session import Session

import kernelutil as ku


def report(**kw):
    print(json.dumps(kw), flush=True)


def reconnects(km, cycles):
    for _ in range(cycles):
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=30)
        kc.stop_channels()
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=30)
    content, outputs = ku.execute(kc, 'fmt.Println("still streaming")')
    text = "".join(m["content"]["text"] for m in outputs if m["msg_type"] == "stream")
    report(check="reconnect", cycles=cycles, status=content["status"], stdout=text)
    return kc


def bad_signature(kc):
    ku.execute(kc, "guard := 7")
    content, _ = ku.execute(kc, "guard")
    before = content["execution_count"]
    forger = Session(key=b"not-the-kernel-key", signature_scheme="hmac-sha256")
    forger.send(kc.shell_channel.socket, "execute_request",
                content={"code": "guard = 666", "silent": False, "store_history": True,
                         "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
    # Shell requests are handled in order: had the forged one been
    # accepted, its reply and its iopub messages would come before those
    # of the next request. So nothing is waited for; every message up to
    # the next request's idle must be that request's.
    msg_id = kc.execute("guard")
    shell = iopub = False
    outputs = []
    while True:
        m = kc.get_iopub_msg(timeout=60)
        if m["parent_header"].get("msg_id") != msg_id:
            iopub = True
            continue
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            break
        outputs.append(m)
    reply = kc.get_shell_msg(timeout=60)
    shell = reply["parent_header"].get("msg_id") != msg_id
    value = [m["content"]["data"]["text/plain"] for m in outputs if m["msg_type"] == "execute_result"]
    report(check="bad_signature", shell_reply=shell, iopub=iopub,
           count_before=before, count_after=reply["content"]["execution_count"], value=value)


def many_cells(km, kc, n):
    pid = ku.pid(km)
    ku.execute(kc, "i := 0")
    rss0 = ku.rss_bytes(pid)
    bad = 0
    for _ in range(n):
        content, _ = ku.execute(kc, "i++")
        if content["status"] != "ok":
            bad += 1
    rss1 = ku.rss_bytes(pid)
    content, outputs = ku.execute(kc, "i")
    value = [m["content"]["data"]["text/plain"] for m in outputs if m["msg_type"] == "execute_result"]
    report(check="many_cells", cells=n, failed=bad, value=value, rss_before=rss0, rss_after=rss1)


def interrupts(km, kc):
    """Interrupt a running loop by message (interrupt_mode "message") and
    by SIGINT; each time the cell fails with Interrupted and the kernel
    keeps its state."""
    ku.execute(kc, "survivor := 41")
    results = {}
    for how in ("message", "sigint"):
        msg_id = kc.execute('fmt.Println("looping")\nfor {\n}')
        while True:
            m = kc.get_iopub_msg(timeout=30)
            if m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "stream":
                break
        if how == "message":
            km.interrupt_kernel()
        else:
            os.kill(ku.pid(km), signal.SIGINT)
        while True:
            reply = kc.get_shell_msg(timeout=30)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        results[how] = reply["content"].get("ename", reply["content"]["status"])
    content, outputs = ku.execute(kc, "survivor + 1")
    value = [m["content"]["data"]["text/plain"] for m in outputs if m["msg_type"] == "execute_result"]
    report(check="interrupt", message=results["message"], sigint=results["sigint"], value=value,
           after=content)


def stdin(kc):
    msg_id = kc.execute('var who string\nfmt.Scanln(&who)\nfmt.Println("hello", who)', allow_stdin=True)
    req = kc.get_stdin_msg(timeout=30)
    kc.input("Ada")
    text = ""
    while True:
        m = kc.get_iopub_msg(timeout=30)
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        if m["msg_type"] == "stream":
            text += m["content"]["text"]
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            break
    report(check="stdin", request=req["msg_type"], parent_ok=req["parent_header"].get("msg_id") == msg_id,
           stdout=text)


def shutdown(km, kc):
    """shutdown_request on control: reply, the final idle on iopub, and the
    process exits 0 by itself."""
    msg_id = kc.shutdown()
    reply = kc.get_control_msg(timeout=30)
    idle = False
    try:
        while not idle:
            m = kc.get_iopub_msg(timeout=5)
            idle = (m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "status"
                    and m["content"]["execution_state"] == "idle")
    except Exception:
        pass
    code = km.provisioner.process.wait(timeout=30)
    report(check="shutdown", reply=reply["msg_type"], status=reply["content"]["status"],
           idle=idle, exit_code=code)


def main():
    cycles, cells = int(sys.argv[1]), int(sys.argv[2])
    km, kc, _ = ku.start("gophernote")
    try:
        kc.stop_channels()
        kc = reconnects(km, cycles)
        bad_signature(kc)
        many_cells(km, kc, cells)
        interrupts(km, kc)
        stdin(kc)
        shutdown(km, kc)
    finally:
        kc.stop_channels()
        if km.has_kernel:
            km.shutdown_kernel(now=True)
        km.cleanup_resources()


if __name__ == "__main__":
    main()
