"""Stream throughput and interpreted-loop speed, side by side: gophernote and
Debian's ipykernel through jupyter_client.

argv: RUNS. Prints one JSON object {case: {kernel: [seconds, ...]}}.

Each sample is the round trip of one execute_request: from sending it until
the client has both the execute_reply and the iopub `idle` status, having
received every stream message in between (the printed lines are counted
and checked, so a kernel cannot win by dropping output). The two kernels run
in alternation, the order swapped every round, so that both see the same
machine load.
"""

import json
import sys
import time

import kernelutil as ku

LINES = 200_000
CASES = {
    "stream-200k-lines": {
        "gophernote": "for i := range %d { fmt.Println(i) }" % LINES,
        "python3": "for i in range(%d): print(i)" % LINES,
    },
    "interp-loop-3M": {
        "gophernote": "s := 0.0\nfor i := 0; i < 3000000; i++ { s += 1.5 }\ns",
        "python3": "s = 0.0\nfor i in range(3000000): s += 1.5\ns",
    },
}


def run_case(kc, code, case):
    t0 = time.perf_counter()
    content, outputs = ku.execute(kc, code, timeout=300)
    elapsed = time.perf_counter() - t0
    if content["status"] != "ok":
        raise RuntimeError(f"{code!r} failed: {content}")
    if case == "stream-200k-lines":
        text = "".join(m["content"]["text"] for m in outputs
                       if m["msg_type"] == "stream" and m["content"]["name"] == "stdout")
        want = "".join(f"{i}\n" for i in range(LINES))
        if text != want:
            raise RuntimeError(f"stream output differs: {len(text)} bytes, want {len(want)}")
        return elapsed, sum(1 for m in outputs if m["msg_type"] == "stream")
    results = [m for m in outputs if m["msg_type"] == "execute_result"]
    got = results[-1]["content"]["data"]["text/plain"] if results else None
    if got not in ("4.5e+06", "4500000.0"):
        raise RuntimeError(f"loop result {got!r}, want 4.5e+06")
    return elapsed, 0


def main():
    runs = int(sys.argv[1])
    names = ("gophernote", "python3")
    started = {}
    res = {case: {n: [] for n in names} for case in CASES}
    messages = {case: {n: [] for n in names} for case in CASES}
    try:
        for name in names:
            km, kc, _ = ku.start(name)
            started[name] = (km, kc)
            # Warm up: the first cell of a kernel pays one-off costs.
            ku.execute(kc, "x := 1" if name == "gophernote" else "x = 1")
        for r in range(runs):
            for case, codes in CASES.items():
                for name in (names if r % 2 == 0 else names[::-1]):
                    t, n = run_case(started[name][1], codes[name], case)
                    res[case][name].append(t)
                    messages[case][name].append(n)
    finally:
        for km, kc in started.values():
            ku.stop(km, kc)
    print(json.dumps({"seconds": res, "stream_messages": messages}))


if __name__ == "__main__":
    main()
