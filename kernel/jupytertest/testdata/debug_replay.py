"""Replay a JupyterLab debugger session against gophernote through
jupyter_client, and check every reply.

The session (debug_session.json) is the sequence of messages JupyterLab 4's
debugger sends: debug_request contents on control, execute_request on
shell, and the points where it waits for a debug_event. Ids the kernel
hands out (threadId, frame ids, variablesReference) are taken from the live
replies: a request's "$name" strings are replaced by values saved from
earlier replies ("save" paths). Each reply is checked: the DAP response
answers the request (type, command, request_seq), success is as expected,
"expect" paths hold the values given, and every debug_request has an iopub
busy/idle pair parented to it (JupyterLab waits for them).

Prints one JSON line per step and a final summary line.
"""

import os
import json
import sys
import time

import kernelutil
# ipykernel's own Murmur2 (the same function JupyterLab's hash.ts computes):
# the kernel's source paths are checked against it.
from ipykernel.compiler import murmur2_x86


def path_get(obj, path):
    """Follow a path like body.stackFrames[0].name or
    body.variables[name=beta].value."""
    cur = obj
    for part in path.replace("]", "").split("."):
        for i, piece in enumerate(part.split("[")):
            if i == 0:
                if piece:
                    cur = cur[piece]
                continue
            if "=" in piece:
                k, v = piece.split("=", 1)
                matches = [x for x in cur if str(x.get(k)) == v]
                if not matches:
                    raise KeyError(f"no element with {k}={v} in {[x.get(k) for x in cur]}")
                cur = matches[0]
            else:
                cur = cur[int(piece)]
    return cur


def substitute(x, saved):
    if isinstance(x, str) and x.startswith("$"):
        return saved[x[1:]]
    if isinstance(x, dict):
        return {k: substitute(v, saved) for k, v in x.items()}
    if isinstance(x, list):
        return [substitute(v, saved) for v in x]
    return x


class Replay:
    def __init__(self, kc):
        self.kc = kc
        self.events = []  # debug_event contents, in order
        self.status = {}  # msg_id -> list of execution states
        self.execs = {}  # name -> msg_id of an execute_request
        self.replies = []  # (name, content) of execute replies, in arrival order
        self.seq = 0

    def pump(self, timeout):
        """Read iopub until nothing arrives within timeout."""
        try:
            msg = self.kc.get_iopub_msg(timeout=timeout)
        except Exception:
            return False
        t = msg["msg_type"]
        parent = msg["parent_header"].get("msg_id")
        if t == "debug_event":
            self.events.append(msg["content"])
        elif t == "status":
            self.status.setdefault(parent, []).append(msg["content"]["execution_state"])
        return True

    def debug(self, request, timeout=30):
        self.seq += 1
        request = dict(request, seq=self.seq, type="request")
        msg = self.kc.session.msg("debug_request", request)
        self.kc.control_channel.send(msg)
        msg_id = msg["header"]["msg_id"]
        deadline = time.monotonic() + timeout
        reply = None
        while reply is None:
            r = self.kc.get_control_msg(timeout=max(0.01, deadline - time.monotonic()))
            if r["parent_header"].get("msg_id") == msg_id:
                reply = r
        # The busy/idle pair parented to the request.
        while self.status.get(msg_id, []) != ["busy", "idle"] and time.monotonic() < deadline:
            self.pump(0.5)
        return reply, self.status.get(msg_id, [])

    def wait_event(self, name, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for i, ev in enumerate(self.events):
                if ev.get("event") == name:
                    return self.events.pop(i)
            self.pump(0.5)
        raise TimeoutError(f"no debug_event {name!r} within {timeout}s; execute replies: {self.exec_replies()}")

    def exec_replies(self):
        """The execute replies that have arrived, without waiting (for an
        error message: a cell that failed explains a stop that never came)."""
        ids = {v: k for k, v in self.execs.items()}
        while True:
            try:
                r = self.kc.get_shell_msg(timeout=0.2)
            except Exception:
                break
            n = ids.get(r["parent_header"].get("msg_id"))
            if n is not None:
                self.replies.append((n, r["content"]))
        return [(n, c.get("status"), c.get("ename"), c.get("evalue")) for n, c in self.replies]

    def wait_exec(self, name, timeout=120):
        """The reply to execute name; the replies to executes sent before it
        must have come first (shell requests are served in order)."""
        deadline = time.monotonic() + timeout
        ids = {v: k for k, v in self.execs.items()}
        while True:
            for i, (n, content) in enumerate(self.replies):
                if n == name:
                    early = [m for m, _ in self.replies[:i]]
                    del self.replies[: i + 1]
                    return content, early
            r = self.kc.get_shell_msg(timeout=max(0.01, deadline - time.monotonic()))
            n = ids.get(r["parent_header"].get("msg_id"))
            if n is not None:
                self.replies.append((n, r["content"]))


def main():
    session = json.load(open(sys.argv[1]))
    km, kc, _ = kernelutil.start("gophernote")
    failed = 0
    saved = {}
    for name, code in session["cells"].items():
        saved["code:" + name] = code
        saved["hash:" + name] = str(murmur2_x86(code, 0xC70F6907))
    rp = Replay(kc)
    try:
        for n, step in enumerate(session["steps"]):
            out = {"step": n}
            problems = []
            if "execute" in step:
                code = session["cells"][step["execute"]]
                rp.execs[step["as"]] = kc.execute(code)
                out["execute"] = step["execute"]
            elif "event" in step:
                ev = rp.wait_event(step["event"])
                out["event"] = step["event"]
                for p, v in step.get("save", {}).items():
                    saved[v] = path_get(ev, p)
                for p, want in step.get("expect", {}).items():
                    got = path_get(ev, p)
                    if got != want:
                        problems.append(f"{p} = {got!r}, want {want!r}")
            elif "reply" in step:
                content, early = rp.wait_exec(step["reply"])
                out["reply"] = content.get("status")
                if early:
                    problems.append(f"replies before it: {early}")
                for p, want in step.get("expect", {}).items():
                    got = path_get(content, p)
                    if got != want:
                        problems.append(f"{p} = {got!r}, want {want!r}")
            elif "interrupt" in step:
                kc.session.send(kc.control_channel.socket, "interrupt_request", {})
                out["interrupt"] = True
            else:
                req = substitute(step["debug"], saved)
                if "raw" in step:
                    # A malformed request: sent as is.
                    req = step["raw"]
                    msg = kc.session.msg("debug_request", req)
                    kc.control_channel.send(msg)
                    deadline = time.monotonic() + 30
                    while True:
                        r = kc.get_control_msg(timeout=max(0.01, deadline - time.monotonic()))
                        if r["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
                            reply = r["content"]
                            break
                    states = ["busy", "idle"]
                else:
                    r, states = rp.debug(req)
                    reply = r["content"]
                out["command"] = req.get("command") if isinstance(req, dict) else None
                if states != ["busy", "idle"]:
                    problems.append(f"iopub status parented to the request: {states}")
                if reply.get("type") != "response":
                    problems.append(f"type {reply.get('type')!r}")
                if isinstance(req, dict) and isinstance(req.get("command"), str) and reply.get("command") != req["command"]:
                    problems.append(f"command {reply.get('command')!r}")
                if "raw" not in step and reply.get("request_seq") != rp.seq:
                    problems.append(f"request_seq {reply.get('request_seq')} != {rp.seq}")
                want_ok = step.get("success", True)
                if reply.get("success") != want_ok:
                    problems.append(f"success {reply.get('success')}, want {want_ok}: {reply.get('message')}")
                for p, v in step.get("save", {}).items():
                    try:
                        saved[v] = path_get(reply, p)
                    except (KeyError, IndexError, TypeError) as e:
                        problems.append(f"save {p}: {e!r}")
                for p, want in step.get("expect", {}).items():
                    try:
                        got = path_get(reply, p)
                    except (KeyError, IndexError, TypeError) as e:
                        problems.append(f"{p}: {e!r}")
                        continue
                    if isinstance(want, str) and want.startswith("$hashpath:"):
                        name = want[len("$hashpath:"):]
                        want = saved["prefix"] + str(murmur2_x86(session["cells"][name], saved["seed"])) + ".go"
                    if isinstance(want, str) and want.startswith("~"):
                        if want[1:] not in str(got):
                            problems.append(f"{p} = {got!r}, want it to contain {want[1:]!r}")
                    elif isinstance(want, str) and want.startswith("$"):
                        if got != saved[want[1:]]:
                            problems.append(f"{p} = {got!r}, want {saved[want[1:]]!r}")
                    elif got != want:
                        problems.append(f"{p} = {got!r}, want {want!r}")
            if problems:
                failed += 1
                out["problems"] = problems
            print(json.dumps(out), flush=True)
        # The kernel still answers.
        content, outputs = kernelutil.execute(kc, "1 + 1")
        alive = content["status"] == "ok" and any(
            m["content"].get("data", {}).get("text/plain") == "2" for m in outputs)
        print(json.dumps({"summary": True, "steps": len(session["steps"]), "failed": failed, "alive": alive}))
    finally:
        kernelutil.stop(km, kc)




# Replaying a recording of JupyterLab's own traffic (recorded by the browser
# test kernel/browsertest/lab, checks/debugger.js): the same debug_request
# contents and execute_request codes in the same order, each request sent
# once the debug events recorded before it have arrived. Every reply is
# compared with the recorded one after mapping the ids the kernel hands out
# (threads, frames, variables references) and the kernel's file prefix.

ID_KEYS = {"threadId", "frameId", "variablesReference"}

# The data folder of the recording (kernel/jupytertest/testdata/
# debug_lab_recording.json was recorded with ../shared/data at
# /work/shared/data) and the live one.
RECORDED_DATA = "/work/shared/data"
LIVE_DATA = os.environ.get("GOPHERNOTE_DATA", "").rstrip("/")


def same_cut(a, b):
    """Two short values cut with "…" at a width: where a mapped path
    changed the length, they agree up to the first cut."""
    if not (isinstance(a, str) and isinstance(b, str)) or "…" not in a or "…" not in b:
        return False
    head = min(a.split("…", 1)[0], b.split("…", 1)[0], key=len)
    return a.startswith(head) and b.startswith(head) and len(head) > 0


class IdMap:
    def __init__(self):
        self.ids = {}
        self.prefix = None  # (recorded, live)

    def live_str(self, s):
        if self.prefix and isinstance(s, str):
            s = s.replace(self.prefix[0], self.prefix[1])
        if isinstance(s, str) and RECORDED_DATA and LIVE_DATA:
            # The recording names the data folder of the machine it was
            # made on; the live kernel reads $GOPHERNOTE_DATA.
            s = s.replace(RECORDED_DATA, LIVE_DATA)
        return s

    def request(self, x, key=None):
        """The recorded request x with live ids and paths."""
        if isinstance(x, dict):
            return {k: self.request(v, k) for k, v in x.items()}
        if isinstance(x, list):
            return [self.request(v, key) for v in x]
        if key in ID_KEYS and isinstance(x, int) and x != 0:
            return self.ids.get((key, x), x)
        return self.live_str(x)

    def compare(self, rec, live, path, problems, frames=False):
        """Compare a recorded reply with the live one; learn the ids."""
        if isinstance(rec, dict) and isinstance(live, dict):
            for k in rec:
                if k in ("seq", "request_seq"):
                    continue
                if k not in live:
                    problems.append(f"{path}.{k} missing")
                    continue
                kp = f"{path}.{k}"
                if k in ID_KEYS or (frames and k == "id"):
                    key = "frameId" if k == "id" else k
                    if isinstance(rec[k], int) and rec[k] != 0:
                        want = self.ids.setdefault((key, rec[k]), live[k])
                        if live[k] != want:
                            problems.append(f"{kp} = {live[k]}, want {want} (recorded {rec[k]})")
                        continue
                self.compare(rec[k], live[k], kp, problems, frames or k == "stackFrames")
            for k in live:
                if k not in rec and k not in ("seq", "request_seq"):
                    problems.append(f"{path}.{k} not in the recording")
            return
        if isinstance(rec, list) and isinstance(live, list):
            if len(rec) != len(live):
                problems.append(f"{path}: {len(live)} items, recorded {len(rec)}")
                return
            for i, (a, b) in enumerate(zip(rec, live)):
                self.compare(a, b, f"{path}[{i}]", problems, frames)
            return
        if self.live_str(rec) != live and not same_cut(self.live_str(rec), live):
            problems.append(f"{path} = {live!r}, recorded {rec!r}")


def replay_recording(path):
    recording = json.load(open(path))
    km, kc, _ = kernelutil.start("gophernote")
    rp = Replay(kc)
    ids = IdMap()
    failed = 0
    running = 0  # cells sent whose stop or reply has not been seen
    execs = []
    try:
        for n, entry in enumerate(recording):
            out = {"step": n}
            problems = []
            if "execute" in entry:
                name = f"cell{n}"
                rp.execs[name] = kc.execute(entry["execute"])
                execs.append(name)
                running += 1
                out["execute"] = name
            elif "event" in entry:
                want = entry["event"]
                ev = rp.wait_event(want["event"])
                out["event"] = want["event"]
                ids.compare(want, ev, "event", problems)
                if want["event"] == "stopped":
                    running = 0
                elif want["event"] == "continued":
                    running = 1
            else:
                req = ids.request(entry["debug"])
                req.pop("seq", None)
                r, states = rp.debug(req)
                reply = r["content"]
                out["command"] = req.get("command")
                if states != ["busy", "idle"]:
                    problems.append(f"iopub status parented to the request: {states}")
                if reply.get("request_seq") != rp.seq or reply.get("type") != "response" or reply.get("command") != req.get("command"):
                    problems.append(f"not the response to the request: {reply.get('type')} {reply.get('command')} {reply.get('request_seq')}")
                rec = entry.get("reply")
                if req.get("command") == "debugInfo" and rec:
                    ids.prefix = (rec["body"]["tmpFilePrefix"], reply["body"]["tmpFilePrefix"])
                if rec is None:
                    # JupyterLab dropped this request's future (a probe):
                    # the kernel answers it all the same.
                    if not reply.get("success"):
                        problems.append(f"failed: {reply.get('message')}")
                elif running and req.get("command") in ("inspectVariables", "debugInfo"):
                    # Asked while a cell ran: what it lists depends on how
                    # far the cell got.
                    if reply.get("success") != rec.get("success"):
                        problems.append(f"success {reply.get('success')}, recorded {rec.get('success')}")
                else:
                    ids.compare(rec, reply, "reply", problems)
            if problems:
                failed += 1
                out["problems"] = problems
            print(json.dumps(out), flush=True)
        for name in execs:
            content, early = rp.wait_exec(name)
            if content.get("status") != "ok" or early:
                failed += 1
                print(json.dumps({"reply": name, "problems": [f"status {content.get('status')} {content.get('evalue')}", f"early {early}"]}))
        print(json.dumps({"summary": True, "steps": len(recording), "failed": failed, "alive": True}))
    finally:
        kernelutil.stop(km, kc)


if __name__ == "__main__":
    if sys.argv[1] == "--recording":
        replay_recording(sys.argv[2])
    else:
        main()
