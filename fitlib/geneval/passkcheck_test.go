package geneval

import (
	"encoding/csv"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/gophernote/gophernote/fitlib/data"
)

// TestCheckPassK checks the 01_passk summary: all 90,496 published rows
// (data README), an error at rounding level, and each model's mean pass@1
// against the published averages file at k = 1
// (llmonkeys/pythia_math_avg_pass_at_k.csv), read independently here.
func TestCheckPassK(t *testing.T) {
	r, err := CheckPassK(MonkeysCounts, MonkeysPassAt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows != 90496 {
		t.Errorf("rows %d, want 90496", r.Rows)
	}
	if r.MaxAbsError != 0 { // the data README: equal "exactly, on all 90,496 rows"
		t.Errorf("max abs error %g at line %d (%s, k=%d)", r.MaxAbsError, r.WorstLine, r.WorstModel, r.WorstK)
	}
	if len(r.Models) != 7 {
		t.Fatalf("models %v", r.Models)
	}
	p, err := data.Path("llmonkeys/pythia_math_avg_pass_at_k.csv")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	want := map[string]float64{}
	for _, row := range rows[1:] {
		if row[col["k"]] == "1" {
			v, _ := strconv.ParseFloat(row[col["mean_pass_at_k"]], 64)
			want[row[col["model"]]] = v
		}
	}
	sum := r.Summary()
	m := sum["mean_pass_at_1"].(map[string]float64)
	for name, w := range want {
		if math.Abs(m[name]-w) > 1e-12 {
			t.Errorf("%s: mean pass@1 %.15g, published %.15g", name, m[name], w)
		}
	}
	if len(want) != 7 || len(sum) != 3 {
		t.Errorf("published models %d, summary keys %d", len(want), len(sum))
	}
	// The reference table's own (n, c) rows, given as the counts file,
	// repeat each problem once per k: the check still names a mismatch
	// only if one exists, so this must pass too.
	if _, err := CheckPassK(MonkeysPassAt, MonkeysPassAt); err != nil {
		t.Errorf("reference against itself: %v", err)
	}
	if _, err := CheckPassK("llmonkeys/pythia_math_avg_pass_at_k.csv", MonkeysPassAt); err == nil {
		t.Error("a counts file without num_samples was accepted")
	}
}
