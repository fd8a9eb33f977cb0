"""Memory through the real kernel: RSS (from /proc) of the kernel process
and its worker, before and after cells that allocate and drop 2 GB,
redefine a 1 MiB global 200 times, and print 50 MB. Prints JSON lines
{"check": ..., ...} with the deltas in bytes.
"""

import json
import sys
import time

import kernelutil as ku


def report(**kw):
    print(json.dumps(kw), flush=True)


def settle(km, base, within, timeout):
    """Poll the kernel's RSS until it is within `within` bytes of base,
    at most timeout seconds; return (delta, seconds waited)."""
    t0 = time.monotonic()
    while True:
        d = ku.tree_rss(ku.pid(km)) - base
        if d <= within or time.monotonic() - t0 > timeout:
            return d, time.monotonic() - t0
        time.sleep(0.25)


def baseline(km, kc):
    ku.execute(kc, "runtime.GC()\ndebug.FreeOSMemory()")
    time.sleep(1.0)
    return ku.tree_rss(ku.pid(km))


def main():
    km, kc, _ = ku.start("gophernote")
    try:
        for _ in range(5):
            ku.execute(kc, "x := 1")

        # 2 GB allocated in a function and dropped when it returns.
        b0 = baseline(km, kc)
        content, _ = ku.execute(kc, "func() {\n\tb := make([]byte, 2<<30)\n\tfor i := 0; i < len(b); i += 4096 {\n\t\tb[i] = 1\n\t}\n}()", timeout=300)
        peak = ku.tree_rss(ku.pid(km)) - b0
        delta, waited = settle(km, b0, 256 << 20, 15)
        report(check="2GB dropped", status=content["status"], peak=peak, delta=delta, seconds=waited)

        # 2 GB held by a global, then dropped by the next cell.
        b0 = baseline(km, kc)
        content, _ = ku.execute(kc, "big := make([]byte, 2<<30)\nfor i := 0; i < len(big); i += 4096 {\n\tbig[i] = 1\n}", timeout=300)
        held = ku.tree_rss(ku.pid(km)) - b0
        ku.execute(kc, "big = nil")
        delta, waited = settle(km, b0, 256 << 20, 15)
        report(check="2GB global dropped", status=content["status"], peak=held, delta=delta, seconds=waited)

        # 200 redefinitions of a 1 MiB buffer (bytes.Repeat writes it all).
        b0 = baseline(km, kc)
        failed = 0
        for _ in range(200):
            content, _ = ku.execute(kc, 'buf := bytes.Repeat([]byte("x"), 1<<20)')
            failed += content["status"] != "ok"
        ku.execute(kc, "runtime.GC()\ndebug.FreeOSMemory()")
        delta, waited = settle(km, b0, 16 << 20, 15)
        report(check="200 redefinitions", failed=failed, delta=delta, seconds=waited)

        # 50 MB printed.
        b0 = baseline(km, kc)
        content, outputs = ku.execute(kc, 'line := strings.Repeat("x", 99)\nfor i := 0; i < 500000; i++ {\n\tfmt.Println(line)\n}', timeout=600)
        got = sum(len(m["content"]["text"]) for m in outputs if m["msg_type"] == "stream")
        del outputs
        delta, waited = settle(km, b0, 64 << 20, 15)
        report(check="50MB printed", status=content["status"], received=got, delta=delta, seconds=waited)
    finally:
        ku.stop(km, kc)


if __name__ == "__main__":
    main()
