"""Processes a cell starts (exec.Command) end with the kernel: after
km.restart_kernel(), km.shutdown_kernel() (a shutdown_request), a kill of
the kernel (shutdown_kernel(now=True)) and a crash of the worker process,
none is left running (reparented to PID 1). Prints JSON lines
{"check": ..., ...}.
"""

import json
import time

import kernelutil as ku


def report(**kw):
    print(json.dumps(kw), flush=True)


def start_sleep(kc):
    content, outputs = ku.execute(kc, 'cmd := exec.Command("sleep", "300")\nif err := cmd.Start(); err != nil {\n\tpanic(err)\n}\ncmd.Process.Pid')
    v = ku.value(outputs)
    if content["status"] != "ok" or not v:
        raise RuntimeError(f"starting sleep: {content}")
    return int(v[0])


def gone(p, timeout=30):
    """Whether process p has ended within timeout seconds (polled)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not ku.alive(p):
            return True
        time.sleep(0.05)
    return False


def client(km):
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=60)
    return kc


def main():
    km, kc, _ = ku.start("gophernote")
    try:
        child = start_sleep(kc)
        before = ku.alive(child)
        km.restart_kernel(now=False)
        report(check="restart", child=child, alive_before=before, gone=gone(child))

        kc.stop_channels()
        kc = client(km)
        child = start_sleep(kc)
        ku.execute(kc, "var mu sync.Mutex\nmu.Unlock()")
        report(check="crash", child=child, gone=gone(child))

        child = start_sleep(kc)
        kc.stop_channels()
        km.shutdown_kernel(now=False)
        report(check="shutdown", child=child, gone=gone(child))
    finally:
        kc.stop_channels()
        if km.has_kernel:
            km.shutdown_kernel(now=True)

    km, kc, _ = ku.start("gophernote")
    try:
        child = start_sleep(kc)
        kc.stop_channels()
        km.shutdown_kernel(now=True)
        report(check="kill", child=child, gone=gone(child))
    finally:
        kc.stop_channels()
        if km.has_kernel:
            km.shutdown_kernel(now=True)


if __name__ == "__main__":
    main()
