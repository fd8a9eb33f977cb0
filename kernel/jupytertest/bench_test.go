package jupytertest

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"
)

// TestKernelBench measures gophernote against Debian's ipykernel in one
// invocation through jupyter_client and prints BENCH lines. It is a
// benchmark, not a pass/fail test: run it with
//
//	GOPHERNOTE_BENCH=1 go test -count=1 -run '^TestKernelBench$' -v ./kernel/jupytertest
func TestKernelBench(t *testing.T) {
	if os.Getenv("GOPHERNOTE_BENCH") != "1" {
		t.Skip("kernel latency benchmark: set GOPHERNOTE_BENCH=1 to run it")
	}
	requirePython(t, "jupyter_client", "ipykernel")
	out := runPython(t, "bench.py", "5", "400", "1000", binary)
	type kernelRes struct {
		Start     []float64 `json:"start"`
		Execute   []float64 `json:"execute"`
		RSSBefore float64   `json:"rss_before"`
		RSSAfter  float64   `json:"rss_after"`
		RSSCells  float64   `json:"rss_cells"`
		Memory    struct {
			Kernel float64 `json:"kernel"`
			Worker float64 `json:"worker"`
		} `json:"memory"`
	}
	var res struct {
		Gophernote kernelRes `json:"gophernote"`
		IPykernel  kernelRes `json:"ipykernel"`
		Listen     []float64 `json:"listen"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("bench.py output %q: %v", out, err)
	}
	g, i := res.Gophernote, res.IPykernel
	line := func(name string, gv, iv float64) {
		fmt.Printf("BENCH %s gophernote=%.4f ipykernel=%.4f ratio=%.3f\n", name, gv, iv, gv/iv)
	}
	line("kernel-start", quantile(g.Start, 0.5), quantile(i.Start, 0.5))
	line("execute-p50", quantile(g.Execute, 0.5), quantile(i.Execute, 0.5))
	line("execute-p95", quantile(g.Execute, 0.95), quantile(i.Execute, 0.95))
	fmt.Printf("BENCH rss-growth-per-cell gophernote=%.0f\n", (g.RSSAfter-g.RSSBefore)/g.RSSCells)
	// Resident memory once idle after the timed cells, in MiB: the
	// worker process (which holds the engine), and the kernel process
	// and worker together against ipykernel's one process.
	mib := func(b float64) float64 { return b / (1 << 20) }
	fmt.Printf("BENCH kernel-rss worker=%.1f kernel=%.1f gophernote=%.1f ipykernel=%.1f ratio=%.3f\n",
		mib(g.Memory.Worker), mib(g.Memory.Kernel), mib(g.Memory.Kernel+g.Memory.Worker), mib(i.Memory.Kernel+i.Memory.Worker),
		(g.Memory.Kernel+g.Memory.Worker)/(i.Memory.Kernel+i.Memory.Worker))
	// Where kernel-start goes: the kernel's own time to listen, versus
	// libzmq's 100-200 ms reconnect delay when the client connects first.
	t.Logf("gophernote launch-to-listen median %.4f s (%v); start samples %v", quantile(res.Listen, 0.5), res.Listen, g.Start)
}

// quantile returns the q-quantile of xs by the nearest-rank method.
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	k := int(q*float64(len(s))+0.999999) - 1
	return s[max(0, min(k, len(s)-1))]
}
