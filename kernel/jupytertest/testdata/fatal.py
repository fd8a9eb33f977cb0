"""Calls that end a Go program, sent to the gophernote kernel through
jupyter_client: each must stop only its cell. Prints one JSON object per
cell, then {"check": "alive", ...}.
"""

import json

import kernelutil as ku

CELLS = [
    ("log.Fatal", 'defer fmt.Println("deferred")\nlog.SetFlags(0)\nlog.Fatal("boom")'),
    ("logger.Fatalf", 'l := log.New(os.Stderr, "app: ", 0)\nl.Fatalf("code %d", 7)'),
    ("os.Exit", 'fmt.Println("before")\nos.Exit(3)'),
    ("syscall.Exec", 'syscall.Exec("/bin/true", []string{"true"}, nil)'),
    ("kill self", "syscall.Kill(os.Getpid(), 9)"),
    ("println", 'println("to stderr", 1.5)'),
    ("os.Args", "fmt.Println(os.Args)\nflag.Parse()\nfmt.Println(flag.NArg())"),
]


def main():
    km, kc, _ = ku.start("gophernote")
    try:
        for name, code in CELLS:
            content, outputs = ku.execute(kc, code)
            streams = {}
            for m in outputs:
                if m["msg_type"] == "stream":
                    c = m["content"]
                    streams[c["name"]] = streams.get(c["name"], "") + c["text"]
            print(json.dumps({"check": name, "status": content["status"], "ename": content.get("ename"),
                              "evalue": content.get("evalue"), "stdout": streams.get("stdout", ""),
                              "stderr": streams.get("stderr", ""), "alive": km.is_alive()}), flush=True)
        content, outputs = ku.execute(kc, "40 + 2")
        value = [m["content"]["data"]["text/plain"] for m in outputs if m["msg_type"] == "execute_result"]
        print(json.dumps({"check": "alive", "alive": km.is_alive(), "status": content["status"], "value": value}), flush=True)
    finally:
        ku.stop(km, kc)


if __name__ == "__main__":
    main()
