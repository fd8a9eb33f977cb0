package jupytertest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// TestProtocolUnderLoad drives the kernel with jupyter_client while every
// core is kept busy (testdata/protocol.py):
//
//   - stop_on_error: three cells sent back to back, the first failing, in
//     20 rounds: a queued cell is aborted exactly when the client created
//     it before the error message (by their header dates: the outcome is
//     fixed by the messages, whatever the load; under load jupyter_client
//     sometimes creates the third cell after a fast error, and that cell
//     runs); a cell created before a failing one but sent after its error
//     reply is aborted; the next cell runs;
//   - user_expressions: good and bad expressions after a cell, each a
//     display bundle or an error entry, with the shape ipykernel gives the
//     Python equivalent; none after a failing cell;
//   - a rune written in two parts 0.4 s apart arrives as one "€";
//   - one iopub subscriber stalls while a cell prints 3,000 lines of 10 KB:
//     the healthy client gets all of them in order, and the kernel log
//     counts what was dropped for the stalled one.
func TestProtocolUnderLoad(t *testing.T) {
	requirePython(t, "jupyter_client", "zmq", "ipykernel")
	var stop atomic.Bool
	defer stop.Store(true)
	for range runtime.NumCPU() {
		go func() {
			for x := 0; !stop.Load(); x++ {
				_ = x * x
			}
		}()
	}
	kernelLog := filepath.Join(tmpRoot, "protocol-kernel.log")
	const rounds = 20
	out := runPython(t, "protocol.py", kernelLog, strconv.Itoa(rounds))
	stop.Store(true)
	checks := map[string]map[string]any{}
	var ue []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("protocol.py output %q: %v", line, err)
		}
		if v["check"] == "user_expressions" {
			ue = append(ue, v)
		}
		checks[v["check"].(string)] = v
	}

	if r := checks["stop_on_error"]; r == nil {
		t.Error("no stop_on_error result")
	} else {
		want := r["want"].([]any)
		allQueued := 0
		for i, round := range r["rounds"].([]any) {
			got, w := strs(round), strs(want[i])
			if !slices.Equal(got, w) {
				t.Errorf("stop_on_error round %d: %v, want %v (aborted exactly when created before the error message)", i, got, w)
			}
			if slices.Equal(w, []string{"error", "aborted", "aborted"}) {
				allQueued++
			}
		}
		t.Logf("stop_on_error: in %d of %d rounds under load the client created both later cells before the error", allQueued, rounds)
		if got := strs(r["late"]); !slices.Equal(got, []string{"error", "aborted", "ok"}) {
			t.Errorf("request created before the error, sent after it, then a new one: %v, want [error aborted ok]", got)
		}
	}

	if len(ue) != 2 {
		t.Fatalf("user_expressions results: %d, want gophernote's and ipykernel's", len(ue))
	}
	goUE, pyUE := ue[0], ue[1]
	if goUE["kernel"] != "go" || pyUE["kernel"] != "python" {
		t.Fatalf("user_expressions results out of order: %v / %v", goUE["kernel"], pyUE["kernel"])
	}
	entries := goUE["entries"].(map[string]any)
	entry := func(k string) map[string]any { e, _ := entries[k].(map[string]any); return e }
	for k, text := range map[string]string{"n": "3", "xs": "[1 2 3]", "twice": "6"} {
		if e := entry(k); e == nil || e["status"] != "ok" || e["text"] != text {
			t.Errorf("user expression %s = %v, want ok %q", k, e, text)
		}
	}
	for k, ename := range map[string]string{"missing": "CompileError", "index": "Panic", "stmt": "CompileError"} {
		if e := entry(k); e == nil || e["status"] != "error" || e["ename"] != ename || e["evalue"] == "" {
			t.Errorf("user expression %s = %v, want an error entry %s", k, e, ename)
		}
	}
	if ev, _ := entry("index")["evalue"].(string); !strings.Contains(ev, "index out of range [5] with length 3") {
		t.Errorf("xs[5]: evalue %q", ev)
	}
	if after := goUE["after"].([]any); after[0] != "ok" || !slices.Equal(strs(after[1]), []string{"3"}) {
		t.Errorf("after the user expressions (xs = nil was refused): %v, want len(xs) = 3", after)
	}
	if ae, ok := goUE["after_error"].(map[string]any); !ok || len(ae) != 0 {
		t.Errorf("user_expressions after a failing cell: %v, want {}", goUE["after_error"])
	}
	// The same shape as ipykernel's: keys, statuses and entry fields.
	pyEntries := pyUE["entries"].(map[string]any)
	if len(pyEntries) != len(entries) {
		t.Errorf("gophernote gives %d entries, ipykernel %d", len(entries), len(pyEntries))
	}
	for k, pv := range pyEntries {
		p, g := pv.(map[string]any), entry(k)
		if g == nil || g["status"] != p["status"] || !slices.Equal(strs(g["keys"]), strs(p["keys"])) {
			t.Errorf("entry %s: gophernote %v, ipykernel %v (status and fields should match)", k, g, p)
		}
	}

	if r := checks["split_rune"]; r == nil || strings.Join(strs(r["texts"]), "") != "€\n" {
		t.Errorf("rune written in two parts: stream texts %v, want \"€\\n\"", r)
	}

	r := checks["stalled_subscriber"]
	if r == nil || r["status"] != "ok" || r["lines"] != 3000.0 || r["in_order"] != true {
		t.Errorf("healthy client beside a stalled subscriber: %v, want all 3000 lines in order", r)
	}
	logText, err := os.ReadFile(kernelLog)
	if err != nil {
		t.Fatal(err)
	}
	dropped := regexp.MustCompile(`iopub: subscriber \S+ (?:caught up|disconnected): (\d+) messages`).FindAllStringSubmatch(string(logText), -1)
	total := 0
	for _, m := range dropped {
		n, _ := strconv.Atoi(m[1])
		total += n
	}
	if !strings.Contains(string(logText), "is not reading") || total == 0 {
		t.Errorf("the kernel log does not count the messages dropped for the stalled subscriber:\n%s", logText)
	}
	t.Logf("kernel log (iopub lines):\n%s", grepLines(string(logText), "iopub:"))
}

func strs(v any) []string {
	var out []string
	l, _ := v.([]any)
	for _, x := range l {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
