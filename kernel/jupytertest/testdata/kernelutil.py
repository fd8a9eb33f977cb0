"""Helpers shared by the robustness and benchmark scripts."""

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
