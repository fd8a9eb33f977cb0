"""Kernel latency, side by side: gophernote and Debian's ipykernel.

Prints one JSON object: per kernel, start times (launch to
kernel_info_reply), per-cell execute round trips (execute_request sent to
idle status and execute_reply received; the two kernels measured in
alternation) and, for gophernote, RSS over many trivial cells.
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


def start_times(name, starts):
    out = []
    for _ in range(starts):
        km, kc, elapsed = ku.start(name)
        out.append(elapsed)
        ku.stop(km, kc)
    return out


def interleaved_executes(runs, rss_cells):
    """Per-cell round trips of both kernels, measured in alternation (one
    gophernote execute, one ipykernel execute, the order swapped every
    round) so that both see the same machine load: sequential blocks
    moved the ratio by +-40% between runs on a shared machine."""
    names = ("gophernote", "python3")
    started = {}
    try:
        for name in names:
            km, kc, _ = ku.start(name)
            started[name] = (km, kc)
        for name in names:
            for _ in range(10):
                ku.execute(started[name][1], TRIVIAL[name])
        lat = {name: [] for name in names}
        for r in range(runs):
            for name in (names if r % 2 == 0 else names[::-1]):
                kc = started[name][1]
                t0 = time.perf_counter()
                content, _ = ku.execute(kc, TRIVIAL[name])
                lat[name].append(time.perf_counter() - t0)
                if content["status"] != "ok":
                    raise RuntimeError(f"{name}: {TRIVIAL[name]!r} failed: {content}")
        rss = {}
        # Resident memory after the warm-up and the timed cells, once idle:
        # the kernel process and its worker process (gophernote), the
        # kernel process (ipykernel).
        time.sleep(1.0)
        for name in names:
            km = started[name][0]
            p = ku.pid(km)
            kids = ku.descendants(p)
            rss[name] = {"kernel": ku.rss_bytes(p), "worker": sum(ku.rss_bytes(q) for q in kids)}
        if rss_cells:
            km, kc = started["gophernote"]
            pid = ku.pid(km)
            rss["rss_before"] = ku.tree_rss(pid)
            for _ in range(rss_cells):
                ku.execute(kc, TRIVIAL["gophernote"])
            rss["rss_after"] = ku.tree_rss(pid)
            rss["rss_cells"] = rss_cells
        return lat, rss
    finally:
        for km, kc in started.values():
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
    lat, rss = interleaved_executes(runs, rss_cells)
    mem = {"gophernote": rss.pop("gophernote"), "python3": rss.pop("python3")}
    res = {
        "gophernote": {"start": start_times("gophernote", starts), "execute": lat["gophernote"], "memory": mem["gophernote"], **rss},
        "ipykernel": {"start": start_times("python3", starts), "execute": lat["python3"], "memory": mem["python3"]},
        "listen": listen_times(binary, starts),
    }
    print(json.dumps(res))


if __name__ == "__main__":
    main()
