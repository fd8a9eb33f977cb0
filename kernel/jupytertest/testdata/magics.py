"""Every magic through jupyter_client: execute each, and complete, inspect
and is_complete on magic lines; a shell command's output streaming while
it runs (the command waits for the client to have seen its first line);
interrupts of a shell command (its process group must be gone) and of a
%timeit loop. Prints one JSON object for magics_test.go."""

import json
import os
import sys
import time

import kernelutil

work = sys.argv[1]
out = {}


def texts(outputs):
    r = {"stdout": "", "stderr": "", "result": None, "displays": 0}
    for m in outputs:
        t, c = m["msg_type"], m["content"]
        if t == "stream":
            r[c["name"]] += c["text"]
        elif t == "execute_result":
            r["result"] = c["data"].get("text/plain")
        elif t == "display_data":
            r["displays"] += 1
    return r


def run(code, timeout=120):
    reply, outputs = kernelutil.execute(kc, code, timeout)
    r = texts(outputs)
    r["status"] = reply["status"]
    r["ename"] = reply.get("ename")
    r["evalue"] = reply.get("evalue")
    r["traceback"] = reply.get("traceback")
    return r


def until(msg_id, want, timeout=60):
    """Read iopub for msg_id until want(stdout so far) is true; return the
    stdout and the messages read."""
    got, msgs = "", []
    deadline = time.monotonic() + timeout
    while not want(got):
        m = kc.get_iopub_msg(timeout=max(0.01, deadline - time.monotonic()))
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        msgs.append(m)
        if m["msg_type"] == "stream" and m["content"]["name"] == "stdout":
            got += m["content"]["text"]
    return got, msgs


def finish(msg_id, msgs, timeout=60):
    """Read the rest of msg_id's iopub up to idle, then its reply."""
    deadline = time.monotonic() + timeout
    while not any(m["msg_type"] == "status" and m["content"]["execution_state"] == "idle" for m in msgs):
        m = kc.get_iopub_msg(timeout=max(0.01, deadline - time.monotonic()))
        if m["parent_header"].get("msg_id") == msg_id:
            msgs.append(m)
    while True:
        reply = kc.get_shell_msg(timeout=max(0.01, deadline - time.monotonic()))
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply["content"], [m for m in msgs if m["msg_type"] not in ("status", "execute_input")]


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            s = f.read()
    except OSError:
        return False
    return s[s.rindex(")") + 2] != "Z"


def gone(pids, timeout=20):
    deadline = time.monotonic() + timeout
    while any(alive(p) for p in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


km, kc, _ = kernelutil.start("gophernote")
try:
    out["lsmagic"] = run("%lsmagic")
    out["time"] = run("%time x := 6 * 7\nx")
    out["time_cell"] = run("%%time\ny := x + 1\n!echo in the body\ny")
    out["timeit"] = run("%timeit -n 10 -r 2 x * 2")
    out["timeit_auto"] = run("%timeit -r 2 x * 2")
    out["timeit_cell"] = run("%%timeit -n 5 -r 2 xs := make([]int, 100)\nfor i := range xs {\n\txs[i] = i * x\n}")
    out["shell"] = run("!echo hello $x {x + 1}")
    out["shell_fail"] = run("!echo before; exit 3\n!echo after")
    out["bash"] = run("%%bash\necho out\necho err >&2\nexit 2")
    out["sh"] = run("%%sh --no-raise-error\necho sh here; exit 1")
    out["env_set"] = run("%env GN_JT=jt value")
    out["env_get"] = run("%env GN_JT")
    out["env_shell"] = run('!echo "$GN_JT"')
    out["env_go"] = run('import "os"\nos.Getenv("GN_JT")')
    out["cd"] = run("%cd " + work)
    out["pwd"] = run("%pwd")
    out["writefile"] = run("%%writefile note.txt\nhello from a cell")
    with open(os.path.join(work, "note.txt")) as f:
        out["writefile_content"] = f.read()
    out["writefile_append"] = run("%%writefile -a note.txt\nsecond")
    with open(os.path.join(work, "note.txt")) as f:
        out["writefile_content2"] = f.read()
    out["who"] = run("%who")
    out["whos"] = run("%whos")
    out["help"] = run("%help timeit")
    out["help_q"] = run("%timeit?")
    out["help_all"] = run("%help")
    out["unknown"] = run("a := 1\n%nosuch")
    out["mixed_error"] = run("b := 1\n!echo b\n\nc := nope")
    out["ambiguous"] = run("ok := true\n!ok")
    # user_expressions are Go only: !ok is Go's negation, !echo no command.
    mid = kc.execute("flag := true", user_expressions={"neg": "!flag", "cmd": "!echo"})
    while True:
        rep = kc.get_shell_msg(timeout=60)
        if rep["parent_header"].get("msg_id") == mid:
            break
    ue = rep["content"]["user_expressions"]
    out["user_expressions"] = {k: {"status": v["status"], "text": v.get("data", {}).get("text/plain"), "ename": v.get("ename")} for k, v in ue.items()}

    def complete(code, cursor=None):
        r = kc.complete(code, len(code) if cursor is None else cursor, reply=True, timeout=30)["content"]
        return {"matches": r["matches"], "start": r["cursor_start"], "end": r["cursor_end"],
                "types": [t.get("type") for t in r["metadata"].get("_jupyter_types_experimental", [])]}

    out["complete"] = {c: complete(c) for c in ["%ti", "%%wr", "x := 1\n%%wr", "%time strings.Spl", "!ls no"]}

    def inspect(code, cursor):
        r = kc.inspect(code, cursor, 0, reply=True, timeout=30)["content"]
        return {"found": r["found"], "text": r["data"].get("text/plain", "")}

    out["inspect"] = {"%timeit": inspect("%timeit f()", 3), "%%bash": inspect("%%bash\nls", 3),
                      "strings.Split(": inspect("strings.Split(", 14)}

    def is_complete(code):
        msg_id = kc.is_complete(code)
        while True:
            r = kc.get_shell_msg(timeout=30)
            if r["parent_header"].get("msg_id") == msg_id:
                return r["content"]["status"]

    out["is_complete"] = {c: is_complete(c) for c in ["%%bash\nls", "%%bash\nls\n", "!ls \\", "%time f(", "x := 1\n!ls"]}

    # Streaming: the command waits for a file the client writes only once
    # it has seen the command's first line.
    gate = os.path.join(work, "gate")
    msg_id = kc.execute(f"!echo first; while [ ! -e {gate} ]; do sleep 0.01; done; echo second")
    seen, msgs = until(msg_id, lambda s: "first" in s)
    out["stream_first"] = seen
    open(gate, "w").close()
    reply, rest = finish(msg_id, msgs)
    out["stream"] = {"status": reply["status"], **texts(rest)}

    # Interrupt a shell command with a child and a grandchild.
    msg_id = kc.execute("!sleep 1000 & echo $!; sh -c 'sleep 1000 & echo $!; wait' & wait")
    seen, msgs = until(msg_id, lambda s: len(s.split()) >= 2)
    pids = [int(p) for p in seen.split()]
    km.interrupt_kernel()
    reply, rest = finish(msg_id, msgs)
    out["interrupt_shell"] = {"ename": reply.get("ename"), "gone": gone(pids), "pids": len(pids)}

    # Interrupt a %timeit loop (its first op never ends).
    run('import "fmt"\nstarted := false')
    msg_id = kc.execute('%timeit if !started { started = true; fmt.Println("looping") }; for {}')
    until(msg_id, lambda s: "looping" in s)
    km.interrupt_kernel()
    reply, rest = finish(msg_id, msgs=[])
    out["interrupt_timeit"] = {"ename": reply.get("ename")}
    out["after_interrupt"] = run("x + 1")
finally:
    kernelutil.stop(km, kc)
json.dump(out, sys.stdout)
