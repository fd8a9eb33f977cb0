package jupytertest

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// TestStreamBench measures output throughput and interpreted-loop speed
// against Debian's ipykernel through jupyter_client, in one invocation,
// and prints
//
//	BENCH stream-200k-lines gophernote=S ipykernel=S ratio=R
//	BENCH interp-loop-3M gophernote=S ipykernel=S ratio=R
//
// (medians of the round trips; bench_stream.py checks that every printed
// line arrives). A benchmark, not a pass/fail test:
//
//	GOPHERNOTE_BENCH=1 go test -count=1 -run '^TestStreamBench$' -v ./kernel/jupytertest
func TestStreamBench(t *testing.T) {
	if os.Getenv("GOPHERNOTE_BENCH") != "1" {
		t.Skip("stream/loop benchmark: set GOPHERNOTE_BENCH=1 to run it")
	}
	requirePython(t, "jupyter_client", "ipykernel")
	out := runPython(t, "bench_stream.py", "5")
	var res struct {
		Seconds  map[string]map[string][]float64 `json:"seconds"`
		Messages map[string]map[string][]int     `json:"stream_messages"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("bench_stream.py output %q: %v", out, err)
	}
	for _, name := range []string{"stream-200k-lines", "interp-loop-3M"} {
		g, i := quantile(res.Seconds[name]["gophernote"], 0.5), quantile(res.Seconds[name]["python3"], 0.5)
		fmt.Printf("BENCH %s gophernote=%.4f ipykernel=%.4f ratio=%.3f\n", name, g, i, g/i)
		t.Logf("%s samples: gophernote %v ipykernel %v; stream messages %v / %v", name,
			res.Seconds[name]["gophernote"], res.Seconds[name]["python3"],
			res.Messages[name]["gophernote"], res.Messages[name]["python3"])
	}
}
