"""Helpers shared by the robustness and benchmark scripts."""

import os
import time

from jupyter_client.manager import KernelManager


def start(kernel_name):
    """Start a kernel; return (km, kc, seconds from launch to kernel_info_reply)."""
    t0 = time.perf_counter()
    km = KernelManager(kernel_name=kernel_name)
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    msg_id = kc.kernel_info()
    while True:
        reply = kc.get_shell_msg(timeout=60)
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    elapsed = time.perf_counter() - t0
    # Make sure iopub is connected before anything that depends on it.
    kc.wait_for_ready(timeout=60)
    return km, kc, elapsed


def stop(km, kc):
    kc.stop_channels()
    km.shutdown_kernel(now=False)


def pid(km):
    return km.provisioner.process.pid


def rss_bytes(p):
    with open(f"/proc/{p}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for pid {p}")


def execute(kc, code, timeout=60):
    """Run code; return (reply content, list of iopub output messages)."""
    msg_id = kc.execute(code)
    outputs = []
    deadline = time.monotonic() + timeout
    idle = False
    while not idle:
        msg = kc.get_iopub_msg(timeout=max(0.01, deadline - time.monotonic()))
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        t = msg["msg_type"]
        if t == "status":
            idle = msg["content"]["execution_state"] == "idle"
        elif t != "execute_input":
            outputs.append(msg)
    while True:
        reply = kc.get_shell_msg(timeout=max(0.01, deadline - time.monotonic()))
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply["content"], outputs



def children(p):
    """The pids whose parent is p (from /proc/*/stat)."""
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == p:
            out.append(int(d))
    return out


def descendants(p):
    out = []
    todo = [p]
    while todo:
        for c in children(todo.pop()):
            out.append(c)
            todo.append(c)
    return out


def tree_rss(p):
    """RSS in bytes of p and every process below it (the kernel and its
    worker process)."""
    total = 0
    for q in [p] + descendants(p):
        try:
            total += rss_bytes(q)
        except (OSError, RuntimeError):
            pass
    return total


def alive(p):
    """Whether process p exists and is not a zombie."""
    try:
        with open(f"/proc/{p}/stat") as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def streams(outputs):
    out = {}
    for m in outputs:
        if m["msg_type"] == "stream":
            c = m["content"]
            out[c["name"]] = out.get(c["name"], "") + c["text"]
    return out


def value(outputs):
    return [m["content"]["data"]["text/plain"] for m in outputs if m["msg_type"] == "execute_result"]
