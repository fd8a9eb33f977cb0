package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
)

// BenchmarkWidgetNotebook08 times the kernel's part of a slider move in
// notebook 08: the β slider's update message through Engine.Comm (echo,
// Interact re-running the derivation and both plots, the new outputs
// sent), 20 moves per iteration. It is the kernel's share of BENCH
// widget-roundtrip (kernel/browsertest/lab) and prints
//
//	BENCH widget-move-kernel gophernote=<p50 ms> p90=<ms> moves=<n>
func BenchmarkWidgetNotebook08(b *testing.B) {
	raw, err := os.ReadFile("../../notebooks/08_envelope_interactive.ipynb")
	if err != nil {
		b.Fatal(err)
	}
	var nb struct {
		Cells []struct {
			CellType string   `json:"cell_type"`
			Source   []string `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(raw, &nb); err != nil {
		b.Fatal(err)
	}
	e, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	var sent []cell.Comm
	for _, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		s := &commSink{}
		if r := e.Execute(context.Background(), strings.Join(c.Source, ""), s); r.Err != nil {
			b.Fatal(r.Err)
		}
		sent = append(sent, s.sent()...)
	}
	var beta string
	for _, c := range sent {
		if st, _ := c.Data["state"].(map[string]any); c.Type == "comm_open" && st["description"] == "β" {
			beta = c.ID
		}
	}
	if beta == "" {
		b.Fatal("no β slider opened")
	}
	b.ResetTimer()
	v := 0.34
	var ms []float64
	for i := 0; i < b.N; i++ {
		for k := 0; k < 20; k++ {
			v += 0.01
			if v > 0.9 {
				v = 0.35
			}
			s := &commSink{}
			t0 := time.Now()
			err := e.Comm(context.Background(), cell.Comm{Type: "comm_msg", ID: beta, Data: map[string]any{"method": "update", "state": map[string]any{"value": v}}}, s)
			if err != nil {
				b.Fatal(err)
			}
			ms = append(ms, float64(time.Since(t0).Microseconds())/1000)
			if len(s.sent()) < 2 {
				b.Fatalf("sent %d messages", len(s.sent()))
			}
		}
	}
	b.StopTimer()
	sort.Float64s(ms)
	p50, p90 := ms[len(ms)/2], ms[len(ms)*9/10]
	b.ReportMetric(p50, "ms/move-p50")
	fmt.Printf("BENCH widget-move-kernel gophernote=%.1fms p90=%.1fms moves=%d\n", p50, p90, len(ms))
}
