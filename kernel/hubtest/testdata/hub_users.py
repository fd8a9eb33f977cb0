"""The users of kernel/hubtest: N users at once, each through the hub's
proxy as a browser would (the REST API and the kernel websocket), each
running notebook 04 and notebook 08 at the same time in two kernels, then
moving notebook 08's sliders.

Usage: hub_users.py HUB_URL TOKEN USERS NOTEBOOK_DIR KERNEL_BINARY

Prints one JSON line per user and a summary line {"summary": ...}.
Checked per user: every cell replies ok; notebook 04's outputs equal the
committed notebook's (stream text, text/markdown/html/plain, JSON; image
outputs present as PNG); notebook 08's summary cell equals the committed
one; each slider move shows the headline with alpha = beta*gamma/(beta+gamma)
computed here for the new beta.
"""

import asyncio
import json
import os
import statistics
import struct
import sys
import time
import uuid

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

HUB, TOKEN, NUSERS, NBDIR, KBIN = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
AUTH = {"Authorization": f"token {TOKEN}"}
http = None


async def api(method, path, body=None, ok=(200, 201, 202, 204)):
    req = HTTPRequest(HUB + path, method=method, headers={**AUTH, "Content-Type": "application/json"},
                      body=None if body is None else json.dumps(body), request_timeout=600,
                      allow_nonstandard_methods=True)
    r = await http.fetch(req, raise_error=False)
    if r.code not in ok:
        raise RuntimeError(f"{method} {path}: HTTP {r.code}: {r.body[:300]!r}")
    return json.loads(r.body) if r.body else None


def decode_ws(frame):
    """A kernel websocket message: JSON text, or the binary form with
    buffers (notebook's serialize_binary_message)."""
    if isinstance(frame, str):
        return json.loads(frame)
    n = struct.unpack("!I", frame[:4])[0]
    offsets = list(struct.unpack(f"!{n}I", frame[4:4 * (n + 1)]))
    offsets.append(len(frame))
    msg = json.loads(frame[offsets[0]:offsets[1]].decode())
    msg["buffers"] = [frame[offsets[i]:offsets[i + 1]] for i in range(1, n)]
    return msg


class Kernel:
    """One kernel of a user's server over its websocket channels."""

    def __init__(self, user, kid, ws, session):
        self.user, self.id, self.ws = user, kid, ws
        self.session = session
        self.waiting = {}  # msg_id -> list of messages until idle and reply
        self.comms = {}    # comm_id -> state
        self.reader = asyncio.ensure_future(self.read())

    @classmethod
    async def start(cls, user):
        k = await api("POST", f"/user/{user}/api/kernels", {"name": "gophernote"})
        session = uuid.uuid4().hex
        url = HUB.replace("http", "ws", 1) + f"/user/{user}/api/kernels/{k['id']}/channels?session_id={session}"
        ws = await websocket_connect(HTTPRequest(url, headers=AUTH, request_timeout=600),
                                     max_message_size=256 << 20)
        return cls(user, k["id"], ws, session)

    async def read(self):
        while True:
            frame = await self.ws.read_message()
            if frame is None:
                return
            m = decode_ws(frame)
            if m["msg_type"] == "comm_open":
                self.comms[m["content"]["comm_id"]] = m["content"]["data"].get("state", {})
            elif m["msg_type"] == "comm_msg":
                st = self.comms.setdefault(m["content"]["comm_id"], {})
                st.update(m["content"]["data"].get("state", {}))
            pid = m.get("parent_header", {}).get("msg_id")
            if pid in self.waiting:
                self.waiting[pid]["msgs"].append(m)
                w = self.waiting[pid]
                if m["channel"] == "shell":
                    w["reply"] = m
                if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                    w["idle"] = True
                if w.get("reply") is not None and w.get("idle"):
                    w["done"].set()

    async def request(self, channel, msg_type, content, need_reply=True, timeout=600):
        mid = uuid.uuid4().hex
        msg = {"header": {"msg_id": mid, "msg_type": msg_type, "session": self.session, "username": self.user,
                          "date": time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime()), "version": "5.3"},
               "parent_header": {}, "metadata": {}, "content": content, "channel": channel, "buffers": []}
        w = {"msgs": [], "done": asyncio.Event(), "reply": None if need_reply else {}, "idle": False}
        self.waiting[mid] = w
        await self.ws.write_message(json.dumps(msg))
        await asyncio.wait_for(w["done"].wait(), timeout)
        del self.waiting[mid]
        return w["reply"], w["msgs"]

    async def ready(self):
        # kernel_info until a reply and its idle come back (iopub joined).
        for _ in range(120):
            try:
                await self.request("shell", "kernel_info_request", {}, timeout=5)
                return
            except asyncio.TimeoutError:
                continue
        raise RuntimeError(f"{self.user}: kernel {self.id} never answered kernel_info")

    async def execute(self, code):
        reply, msgs = await self.request("shell", "execute_request", {
            "code": code, "silent": False, "store_history": True, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True})
        return reply["content"], [m for m in msgs if m["channel"] == "iopub"]

    async def close(self):
        self.ws.close()
        await api("DELETE", f"/user/{self.user}/api/kernels/{self.id}")


def code_cells(path):
    nb = json.load(open(path))
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def src(cell):
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def text(v):
    return "".join(v) if isinstance(v, list) else v


def normalize(outputs):
    """Outputs as comparable records: streams joined per run of one name,
    display data by MIME type (images only as present)."""
    out = []
    for o in outputs:
        t = o.get("output_type") or o.get("msg_type")
        c = o.get("content", o)
        if t == "stream":
            if out and out[-1][0] == "stream" and out[-1][1] == c["name"]:
                out[-1] = ("stream", c["name"], out[-1][2] + text(c["text"]))
            else:
                out.append(("stream", c["name"], text(c["text"])))
        elif t in ("display_data", "execute_result"):
            d = c["data"]
            rec = {}
            for k, v in sorted(d.items()):
                if k.startswith("image/"):
                    # The kernel sends PNG beside SVG; a notebook saved by
                    # gophernote run keeps the PNG: an image is an image.
                    rec["image"] = "<present>"
                elif k == "application/json":
                    rec[k] = json.dumps(v, sort_keys=True)
                elif k == "text/plain" and any(x.startswith("image/") for x in d):
                    rec[k] = "<image text>"
                else:
                    rec[k] = text(v)
            out.append(("display", json.dumps(rec, sort_keys=True)))
        elif t == "error":
            out.append(("error", c["ename"], c["evalue"]))
    return out


def alpha(beta, gamma):
    return beta * gamma / (beta + gamma)


async def run_notebook(k, path):
    """Runs every code cell; returns (statuses, per-cell iopub outputs)."""
    statuses, outputs = [], []
    for cell in code_cells(path):
        content, msgs = await k.execute(src(cell))
        statuses.append(content["status"])
        outputs.append([m for m in msgs if m["msg_type"] in ("stream", "display_data", "execute_result", "error")])
    return statuses, outputs


def output_texts(state):
    parts = []
    for o in state.get("outputs", []):
        if o.get("output_type") == "stream":
            parts.append(o.get("text", ""))
        for v in o.get("data", {}).values():
            if isinstance(v, str):
                parts.append(v)
    return "\n".join(parts)


async def user(name, result):
    t0 = time.monotonic()
    await api("POST", f"/hub/api/users/{name}/server")
    while True:
        u = await api("GET", f"/hub/api/users/{name}")
        srv = u.get("servers", {}).get("")
        if srv and srv.get("ready"):
            break
        await asyncio.sleep(0.5)  # polling the hub's state (its API has no wait)
    result["spawn_s"] = time.monotonic() - t0
    k04, k08 = await asyncio.gather(Kernel.start(name), Kernel.start(name))
    await asyncio.gather(k04.ready(), k08.ready())
    result["start_s"] = time.monotonic() - t0
    (st04, out04), (st08, out08) = await asyncio.gather(
        run_notebook(k04, os.path.join(NBDIR, "04_envelope.ipynb")),
        run_notebook(k08, os.path.join(NBDIR, "08_envelope_interactive.ipynb")))
    result["status_04"], result["status_08"] = st04, st08
    want04 = [normalize(c["outputs"]) for c in code_cells(os.path.join(NBDIR, "04_envelope.ipynb"))]
    got04 = [normalize(o) for o in out04]
    result["diff_04"] = [i for i, (g, w) in enumerate(zip(got04, want04)) if g != w] + \
        ([] if len(got04) == len(want04) else ["cell count"])
    if result["diff_04"]:
        i = result["diff_04"][0]
        if isinstance(i, int):
            result["diff_04_first"] = {"got": got04[i], "want": want04[i]}
    cells08 = code_cells(os.path.join(NBDIR, "08_envelope_interactive.ipynb"))
    result["summary_08_equal"] = normalize(out08[-1]) == normalize(cells08[-1]["outputs"])

    # The sliders: find beta and gamma and the Output widget of the Interact.
    beta = next(cid for cid, st in k08.comms.items()
                if st.get("_model_name") == "FloatSliderModel" and st.get("description") == "β")
    gamma = next(st for st in k08.comms.values()
                 if st.get("_model_name") == "FloatSliderModel" and st.get("description") == "γ")["value"]
    lat, wrong = [], []
    for v in (0.3, 0.45, 0.5, 0.62, 0.8):
        t1 = time.monotonic()
        _, msgs = await k08.request("shell", "comm_msg", {
            "comm_id": beta, "data": {"method": "update", "state": {"value": v}, "buffer_paths": []}},
            need_reply=False)
        lat.append(time.monotonic() - t1)
        want = f"α = βγ/(β+γ) = {alpha(v, gamma):.7g}"
        shown = "\n".join(output_texts(m["content"]["data"].get("state", {}))
                          for m in msgs if m["msg_type"] == "comm_msg")
        if want not in shown:
            wrong.append({"beta": v, "want": want, "shown": shown[:300]})
    result["widget_s"] = lat
    result["widget_wrong"] = wrong
    await asyncio.gather(k04.close(), k08.close())


def rss_of_kernels():
    """pid -> RSS (bytes) of every running process of the kernel binary."""
    out = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
            if cmd[0].decode() != KBIN or cmd[1:2] != [b"kernel"]:
                continue
            for line in open(f"/proc/{pid}/status"):
                if line.startswith("VmRSS:"):
                    out[pid] = int(line.split()[1]) * 1024
        except (OSError, IndexError, UnicodeDecodeError):
            continue
    return out


async def main():
    global http
    AsyncHTTPClient.configure(None, max_clients=200)
    http = AsyncHTTPClient()
    names = [f"u{i:02d}" for i in range(NUSERS)]
    for n in names:
        await api("POST", f"/hub/api/users/{n}", ok=(201, 409))
    results = {n: {"user": n} for n in names}
    peak_rss, most = {}, 0  # pid -> the largest RSS seen; most kernels at once

    async def sample():
        nonlocal most
        while True:
            r = rss_of_kernels()
            most = max(most, len(r))
            for pid, v in r.items():
                peak_rss[pid] = max(peak_rss.get(pid, 0), v)
            await asyncio.sleep(1)  # a sampler, not synchronisation

    sampler = asyncio.ensure_future(sample())

    async def one(n):
        try:
            await user(n, results[n])
        except Exception as e:  # reported per user; the Go test fails on it
            results[n]["error"] = f"{type(e).__name__}: {e}"

    await asyncio.gather(*(one(n) for n in names))
    sampler.cancel()
    for n in names:
        print(json.dumps(results[n]), flush=True)
        try:
            await api("DELETE", f"/hub/api/users/{n}/server")
        except Exception:
            pass
    peak = list(peak_rss.values())

    def p95(xs):
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))] if xs else None

    starts = [r["start_s"] for r in results.values() if "start_s" in r]
    widgets = [x for r in results.values() for x in r.get("widget_s", [])]
    print(json.dumps({"summary": {
        "users": NUSERS, "start_p95_s": p95(starts), "spawn_p95_s": p95([r["spawn_s"] for r in results.values() if "spawn_s" in r]),
        "widget_p95_s": p95(widgets), "widget_median_s": statistics.median(widgets) if widgets else None,
        "kernels_at_peak": most, "kernels_seen": len(peak), "rss_per_kernel_mean": statistics.mean(peak) if peak else None,
        "rss_per_kernel_max": max(peak) if peak else None}}), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
