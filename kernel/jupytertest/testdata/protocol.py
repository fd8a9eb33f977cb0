"""Protocol checks through jupyter_client: stop_on_error with queued cells,
user_expressions, a rune split across writes, and iopub with one stalled
subscriber. Run against the gophernote kernel, and (user_expressions
only, for the shape of the reply) against ipykernel doing the Python
equivalent.

Usage: protocol.py KERNEL_LOG ROUNDS
Prints JSON lines the Go test reads: {"check": ..., ...}.
"""

import json
import sys
import time
from datetime import datetime

import zmq
from jupyter_client.manager import KernelManager


def report(**kw):
    print(json.dumps(kw), flush=True)


def start(name, stderr=None):
    km = KernelManager(kernel_name=name)
    km.start_kernel(stderr=stderr)
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=120)
    return km, kc


def stop(km, kc):
    kc.stop_channels()
    km.shutdown_kernel(now=False)
    km.cleanup_resources()


def replies(kc, ids, timeout=120):
    """Shell replies for msg ids, in the order of ids."""
    got = {}
    deadline = time.monotonic() + timeout
    while len(got) < len(ids):
        m = kc.get_shell_msg(timeout=max(0.01, deadline - time.monotonic()))
        pid = m["parent_header"].get("msg_id")
        if pid in ids:
            got[pid] = m["content"]
    return [got[i] for i in ids]


def until_idle(kc, msg_id, timeout=120):
    """iopub messages of msg_id up to its idle (others skipped)."""
    out = []
    deadline = time.monotonic() + timeout
    while True:
        m = kc.get_iopub_msg(timeout=max(0.01, deadline - time.monotonic()))
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        out.append(m)
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            return out


def msg_date(m):
    d = m["header"]["date"]
    return d if isinstance(d, datetime) else datetime.fromisoformat(str(d).replace("Z", "+00:00"))


def stop_on_error(kc, rounds):
    """Three cells sent back to back, the first failing. A queued cell the
    client created before the error message (its header date is earlier)
    is aborted; one it created after runs. Under load jupyter_client may
    create the later cells after a fast error: each round reports the
    statuses and what the dates say they must be. A cell created before
    the failing one but sent after its error reply is aborted too; the
    next cell runs."""
    seen, want = [], []
    for i in range(rounds):
        msgs = []
        for code in (f"undefinedName{i}", "1 + 1", "2 + 2"):
            m = kc.session.msg("execute_request", {"code": code, "silent": False, "store_history": True,
                                                   "user_expressions": {}, "allow_stdin": False,
                                                   "stop_on_error": True})
            kc.shell_channel.send(m)
            msgs.append(m)
        ids = [m["header"]["msg_id"] for m in msgs]
        seen.append([c["status"] for c in replies(kc, ids)])
        err = [m for m in until_idle(kc, ids[0]) if m["msg_type"] == "error"][0]
        want.append(["error"] + ["aborted" if msg_date(m) < msg_date(err) else "ok" for m in msgs[1:]])
        for mid in ids[1:]:
            until_idle(kc, mid)
    # Created before the failing cell, sent once its error reply is in.
    late = kc.session.msg("execute_request", {"code": "3 + 3", "silent": False, "store_history": True,
                                              "user_expressions": {}, "allow_stdin": False,
                                              "stop_on_error": True})
    first = kc.execute("undefinedLate")
    r_first = replies(kc, [first])[0]["status"]
    kc.shell_channel.send(late)
    after = kc.execute("40 + 2")
    r_late, r_after = [c["status"] for c in replies(kc, [late["header"]["msg_id"], after])]
    report(check="stop_on_error", rounds=seen, want=want, late=[r_first, r_late, r_after])


def user_expressions(kc, lang):
    if lang == "go":
        setup = "xs := []int{1, 2, 3}"
        exprs = {"n": "len(xs)", "xs": "xs", "missing": "undefinedThing", "index": "xs[5]",
                 "stmt": "xs = nil", "twice": "len(xs) * 2"}
    else:
        setup = "xs = [1, 2, 3]"
        exprs = {"n": "len(xs)", "xs": "xs", "missing": "undefinedThing", "index": "xs[5]",
                 "stmt": "xs = None", "twice": "len(xs) * 2"}
    mid = kc.execute(setup, user_expressions=exprs)
    reply = replies(kc, [mid])[0]
    until_idle(kc, mid)
    after = kc.execute("len(xs)")
    ok_after = replies(kc, [after])[0]["status"]
    outs = until_idle(kc, after)
    value = [m["content"]["data"]["text/plain"] for m in outs if m["msg_type"] == "execute_result"]
    # After a failing cell nothing is evaluated.
    bad = kc.execute("undefinedCell", user_expressions={"n": "len(xs)"}, stop_on_error=False)
    bad_reply = replies(kc, [bad])[0]
    until_idle(kc, bad)
    ue = reply["user_expressions"]
    shape = {k: {"status": v.get("status"), "keys": sorted(v.keys()),
                 "text": v.get("data", {}).get("text/plain"), "ename": v.get("ename"),
                 "evalue": v.get("evalue")} for k, v in ue.items()}
    report(check="user_expressions", kernel=lang, status=reply["status"], entries=shape,
           after=[ok_after, value], after_error=bad_reply.get("user_expressions"))


def split_rune(kc):
    mid = kc.execute('import ("os"; "time")\n'
                     'os.Stdout.Write([]byte{0xe2, 0x82})\n'
                     'time.Sleep(400 * time.Millisecond)\n'
                     'os.Stdout.Write([]byte{0xac, \'\\n\'})')
    outs = until_idle(kc, mid)
    replies(kc, [mid])
    texts = [m["content"]["text"] for m in outs if m["msg_type"] == "stream"]
    report(check="split_rune", texts=texts)


def stalled_subscriber(kc, lines, size):
    """A second iopub subscriber (pyzmq SUB with a one-message queue and a
    small socket buffer) stops reading while a cell prints `lines` lines
    of `size` bytes; the healthy client must get every line, in order."""
    ctx = zmq.Context.instance()
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.RCVHWM, 1)
    sub.setsockopt(zmq.RCVBUF, 4096)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.connect(kc.iopub_channel.socket.getsockopt(zmq.LAST_ENDPOINT).decode())
    # Joined once it has seen a status of a request (then stop reading).
    joined = False
    give_up = time.monotonic() + 120
    while not joined:
        if time.monotonic() > give_up:
            raise RuntimeError("the second subscriber never received a message")
        mid = kc.kernel_info()
        replies(kc, [mid])
        until_idle(kc, mid)
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline and not joined:
            if sub.poll(50):
                frames = sub.recv_multipart()
                joined = mid.encode() in b"".join(frames[1:])  # its parent_header
    code = (f'pad := strings.Repeat("x", {size - 8})\n'
            f'for i := 0; i < {lines}; i++ {{\n\tfmt.Printf("%06d %s\\n", i, pad)\n}}')
    mid = kc.execute(code)
    text = []
    for m in until_idle(kc, mid, timeout=600):
        if m["msg_type"] == "stream":
            text.append(m["content"]["text"])
    status = replies(kc, [mid])[0]["status"]
    got = "".join(text).split("\n")[:-1]
    in_order = all(len(l) == size - 1 and l[:6] == f"{i:06d}" for i, l in enumerate(got))
    sub.close(linger=0)
    report(check="stalled_subscriber", status=status, lines=len(got), in_order=in_order)


def main():
    log, rounds = sys.argv[1], int(sys.argv[2])
    with open(log, "w") as errf:
        km, kc = start("gophernote", stderr=errf)
        try:
            stop_on_error(kc, rounds)
            user_expressions(kc, "go")
            split_rune(kc)
            stalled_subscriber(kc, 3000, 10000)
        finally:
            stop(km, kc)
    km, kc = start("python3")
    try:
        user_expressions(kc, "python")
    finally:
        stop(km, kc)


if __name__ == "__main__":
    main()
