package frontier

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/fitlib/data"
)

// TestLoadRealFiles: row counts stated in the data README (5,679 rows, of
// which 1,346 carry v2 scores; 123 dated rows) and compute conversions.
func TestLoadRealFiles(t *testing.T) {
	p, err := LoadLeaderboard("BBH")
	if err != nil {
		t.Fatal(err)
	}
	if p.Len() != 1346 || p.Len()+p.Dropped != 5679 {
		t.Fatalf("BBH: %d points, %d dropped", p.Len(), p.Dropped)
	}
	lo, hi := zRange(p.Z)
	if math.Abs(lo-21.0890) > 1e-3 || math.Abs(hi-24.5488) > 1e-3 {
		t.Fatalf("z range %v..%v", lo, hi)
	}
	d, err := LoadDated("MMLU-PRO")
	if err != nil {
		t.Fatal(err)
	}
	if d.Len()+d.Dropped != 123 || d.Len() != 89 {
		t.Fatalf("MMLU-PRO dated: %d + %d dropped", d.Len(), d.Dropped)
	}
	// allenai/digital-socrates-13b: 2.0 T tokens, 13 B params -> 6ND = 1.56e23.
	if d.Names[0] != "allenai/digital-socrates-13b" || math.Abs(d.FLOPs[0]-1.56e23) > 1e9 || d.Dates[0].Format("2006-01-02") != "2024-09-02" {
		t.Fatalf("first dated row: %s %v %v", d.Names[0], d.FLOPs[0], d.Dates[0])
	}
	if _, err := LoadLeaderboard("MMLU-PRO"); err == nil || !strings.Contains(err.Error(), "tasks: IFEval, BBH, MATH Lvl 5, GPQA, MUSR") {
		t.Fatalf("MMLU-PRO is not in the big file: %v", err)
	}
	e, err := LoadEpoch("epoch_benchmarks/GPQA_diamond.csv")
	if err != nil {
		t.Fatal(err)
	}
	if e.Task != "GPQA_diamond" || e.Len() < 20 || math.Abs(e.Z[0]-23.6055205234) > 1e-9 {
		t.Fatalf("epoch: %s %d %v", e.Task, e.Len(), e.Z[0])
	}
}

// TestLoaderErrorsNameFileLine: a bad score or compute on a scored row is
// an error naming the task and file:line.
func TestLoaderErrorsNameFileLine(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "leaderboard"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(body string) {
		hdr := "model_id,leaderboard_bbh_acc_norm_none,pretrain_compute_zflops\n"
		if err := os.WriteFile(filepath.Join(dir, LeaderboardFile), []byte(hdr+body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(data.EnvVar, dir)
	write("a,0.5,10\nb,1.4,10\n")
	if _, err := LoadLeaderboard("BBH"); err == nil || !strings.Contains(err.Error(), "task BBH") || !strings.Contains(err.Error(), ".csv:3: score 1.4 outside [0,1]") {
		t.Fatalf("bad score: %v", err)
	}
	write("a,0.5,10\nb,0.4,0\n")
	if _, err := LoadLeaderboard("BBH"); err == nil || !strings.Contains(err.Error(), ".csv:3: compute 0 FLOPs must be positive") {
		t.Fatalf("zero compute: %v", err)
	}
	write("a,,10\nb,,10\n")
	if _, err := LoadLeaderboard("BBH"); err == nil || !strings.Contains(err.Error(), "no scored rows") {
		t.Fatalf("no scores: %v", err)
	}
}

// TestBudgetCurveFullBudget: with the whole budget every design selects
// every model, so the refitted frontier is the full-data one.
func TestBudgetCurveFullBudget(t *testing.T) {
	z, y, _ := synthetic(61, 300, wide, 0.1)
	p := &Points{Task: "synthetic", Z: z, Y: y}
	cost := make([]float64, len(z))
	for i := range z {
		p.FLOPs = append(p.FLOPs, math.Pow(10, z[i]))
		p.Names = append(p.Names, "m")
		p.Lines = append(p.Lines, i+2)
		cost[i] = 1 + float64(i%7)
	}
	full, err := Fit(z, y, Options{})
	if err != nil {
		t.Fatal(err)
	}
	bc, err := AnalyzeBudgetPoints(p, cost, full.Params, BudgetOptions{Fractions: []float64{1}, Repeats: 2, Design: DesignOptions{Balance: 0.1}})
	if err != nil {
		t.Fatal(err)
	}
	b := bc[0]
	if b.NSelected != 300 || b.NBalanced != 300 || b.RandomN != 300 {
		t.Fatalf("%+v", b)
	}
	if b.Gap > 1e-6 || b.BalancedGap > 1e-6 || b.RandomGap > 1e-6 {
		t.Fatalf("full-budget gaps %+v", b)
	}
	if _, err := AnalyzeBudgetPoints(p, cost[:5], full.Params, BudgetOptions{}); err == nil {
		t.Fatal("cost length mismatch accepted")
	}
}
