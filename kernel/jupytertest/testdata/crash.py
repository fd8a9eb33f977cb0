"""Cells that end a Go program with a fatal error, sent to the gophernote
kernel through jupyter_client: each must fail its cell with Go's words,
the kernel must stay, a fresh worker process must take over, and %rerun
must bring the state back. Prints JSON lines {"check": ..., ...}.
"""

import json
import os
import signal
import sys
import tempfile
import time

import kernelutil as ku


def report(**kw):
    print(json.dumps(kw), flush=True)


def worker_pid(km):
    kids = ku.children(ku.pid(km))
    return kids[0] if kids else None


def wait_worker(km, old, timeout=60):
    """The pid of a worker process other than old, once it runs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        p = worker_pid(km)
        if p and p != old:
            return p
        time.sleep(0.05)
    return None


def run(kc, code, timeout=120):
    msg_id = kc.execute(code)
    outputs, deadline, idle = [], time.monotonic() + timeout, False
    while not idle:
        m = kc.get_iopub_msg(timeout=max(0.01, deadline - time.monotonic()))
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        if m["msg_type"] == "status":
            idle = m["content"]["execution_state"] == "idle"
        elif m["msg_type"] != "execute_input":
            outputs.append(m)
    while True:
        r = kc.get_shell_msg(timeout=max(0.01, deadline - time.monotonic()))
        if r["parent_header"].get("msg_id") == msg_id:
            return r["content"], outputs


def crash_report(name, km, kc, code, before_pid, timeout=120):
    t0 = time.monotonic()
    content, outputs = run(kc, code, timeout)
    errs = [m["content"] for m in outputs if m["msg_type"] == "error"]
    st = ku.streams(outputs)
    new_pid = wait_worker(km, before_pid)
    report(check=name, status=content["status"], ename=content.get("ename"), evalue=content.get("evalue"),
           traceback="\n".join(content.get("traceback", [])),
           iopub_error=errs[0] if errs else None, stdout=st.get("stdout", ""), stderr=st.get("stderr", ""),
           count=content.get("execution_count"), alive=km.is_alive(), old_worker=before_pid,
           new_worker=new_pid, seconds=time.monotonic() - t0)
    return new_pid


def main():
    km, kc, _ = ku.start("gophernote")
    try:
        pid = wait_worker(km, None)
        # State for %rerun: cells [1]..[4]; [3] fails and is not re-run.
        path = os.path.join(tempfile.mkdtemp(), "input.txt")
        with open(path, "w") as f:
            f.write("hello")
        setup = [
            "base := 7",
            "func twice(n int) int { return 2 * n }",
            "undefinedThing + 1",
            'fmt.Println("side effect")',
            f'data, err := os.ReadFile({json.dumps(path)})\nif err != nil {{\n\tpanic(err)\n}}',
            'fmt.Println("after the read")',
        ]
        for code in setup:
            run(kc, code)

        pid = crash_report("concurrent map writes", km, kc, """m := map[int]int{}
fmt.Println("before the crash")
var wg sync.WaitGroup
for g := 0; g < 4; g++ {
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 1000000; i++ {
			m[i] = i
		}
	}()
}
wg.Wait()""", pid)

        content, outputs = run(kc, "base")
        report(check="state gone", status=content["status"], ename=content.get("ename"), evalue=content.get("evalue"))

        os.remove(path)  # cell [5] fails when re-run: %rerun stops there
        content, outputs = run(kc, "%rerun")
        st = ku.streams(outputs)
        report(check="rerun", status=content["status"], ename=content.get("ename"), evalue=content.get("evalue"),
               stdout=st.get("stdout", ""), stderr=st.get("stderr", ""))
        content, outputs = run(kc, "twice(base)")
        report(check="after rerun", status=content["status"], value=ku.value(outputs))

        pid = crash_report("out of memory", km, kc, "x := make([]float64, 1<<40)\nx[0] = 1", pid)
        pid = crash_report("unlock of unlocked mutex", km, kc, 'fmt.Println("one")\nvar mu sync.Mutex\nmu.Unlock()', pid)
        pid = crash_report("stack overflow", km, kc,
                           "fs := []func(int) int{nil}\nfs[0] = func(n int) int { return fs[0](n+1) + 1 }\nfs[0](0)", pid, 300)

        # The OOM killer's SIGKILL, sent by hand to the worker.
        msg_id = kc.execute('fmt.Println("spinning")\nfor {\n}')
        while True:
            m = kc.get_iopub_msg(timeout=60)
            if m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "stream":
                break
        os.kill(pid, signal.SIGKILL)
        while True:
            r = kc.get_shell_msg(timeout=60)
            if r["parent_header"].get("msg_id") == msg_id:
                break
        new_pid = wait_worker(km, pid)
        report(check="killed", status=r["content"]["status"], ename=r["content"].get("ename"),
               evalue=r["content"].get("evalue"), alive=km.is_alive(), old_worker=pid, new_worker=new_pid)
        pid = new_pid

        # A crash while no cell runs: a goroutine of a finished cell.
        msg_id = kc.execute("go func() {\n\ttime.Sleep(200 * time.Millisecond)\n\tvar mu sync.Mutex\n\tmu.Unlock()\n}()")
        said, deadline = "", time.monotonic() + 60
        while time.monotonic() < deadline and "died while no cell was running" not in said:
            try:
                m = kc.get_iopub_msg(timeout=1)
            except Exception:
                continue
            if m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "stream":
                said += m["content"]["text"]
        new_pid = wait_worker(km, pid)
        content, outputs = run(kc, "1 + 1")
        report(check="idle crash", said=said, value=ku.value(outputs), old_worker=pid, new_worker=new_pid)
        pid = new_pid

        content, outputs = run(kc, """type T struct{ X []int }
var p *T
var wg sync.WaitGroup
wg.Add(1)
go func() {
	defer wg.Done()
	fmt.Println(len(p.X))
}()
wg.Wait()""")
        report(check="goroutine nil dereference", status=content["status"], ename=content.get("ename"),
               evalue=content.get("evalue"), worker=worker_pid(km), old_worker=pid)

        content, outputs = run(kc, 'fmt.Println("one")\nruntime.Goexit()\nfmt.Println("two")')
        report(check="Goexit", status=content["status"], ename=content.get("ename"), evalue=content.get("evalue"),
               stdout=ku.streams(outputs).get("stdout", ""))
        content, outputs = run(kc, "40 + 2")
        report(check="alive", status=content["status"], value=ku.value(outputs), alive=km.is_alive())
    finally:
        ku.stop(km, kc)


if __name__ == "__main__":
    main()
