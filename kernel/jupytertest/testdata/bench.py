"""Kernel latency, side by side: gophernote and Debian's ipykernel.

Prints one JSON object: per kernel, start times (launch to
kernel_info_reply), per-cell execute round trips (execute_request sent to
idle status received) and, for gophernote, RSS over many trivial cells.
"""

import json
import os
import socket
import subprocess
import sys
import time

from jupyter_client.connect import write_connection_file

import kernelutil as ku

TRIVIAL = {"gophernote": "x := 1", "python3": "x = 1"}


def measure(name, starts, runs, rss_cells):
    start_times = []
    for _ in range(starts):
        km, kc, elapsed = ku.start(name)
        start_times.append(elapsed)
        ku.stop(km, kc)
    km, kc, _ = ku.start(name)
    try:
        code = TRIVIAL[name]
        for _ in range(10):
            ku.execute(kc, code)
        lat = []
        for _ in range(runs):
            t0 = time.perf_counter()
            content, _ = ku.execute(kc, code)
            lat.append(time.perf_counter() - t0)
            if content["status"] != "ok":
                raise RuntimeError(f"{name}: {code!r} failed: {content}")
        out = {"start": start_times, "execute": lat}
        if rss_cells:
            pid = ku.pid(km)
            rss0 = ku.rss_bytes(pid)
            for _ in range(rss_cells):
                ku.execute(kc, code)
            out["rss_before"] = rss0
            out["rss_after"] = ku.rss_bytes(pid)
            out["rss_cells"] = rss_cells
        return out
    finally:
        ku.stop(km, kc)


def listen_times(binary, n):
    """Seconds from launching `gophernote kernel` to its shell port
    accepting TCP connections (no Jupyter client involved)."""
    out = []
    for _ in range(n):
        fname, info = write_connection_file(ip="127.0.0.1")
        try:
            t0 = time.perf_counter()
            p = subprocess.Popen([binary, "kernel", fname], stderr=subprocess.DEVNULL)
            while True:
                s = socket.socket()
                try:
                    s.connect(("127.0.0.1", info["shell_port"]))
                    break
                except OSError:
                    time.sleep(0.0005)
                finally:
                    s.close()
            out.append(time.perf_counter() - t0)
            p.terminate()
            p.wait()
        finally:
            os.remove(fname)
    return out


def main():
    starts, runs, rss_cells = (int(a) for a in sys.argv[1:4])
    binary = sys.argv[4]
    res = {
        "gophernote": measure("gophernote", starts, runs, rss_cells),
        "ipykernel": measure("python3", starts, runs, 0),
        "listen": listen_times(binary, starts),
    }
    print(json.dumps(res))


if __name__ == "__main__":
    main()
