package catalog

import (
	"math"
	"testing"
)

// TestSummary checks every number of the notebook 07 summary against the
// published value it reproduces.
func TestSummary(t *testing.T) {
	refs, err := References()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Summary()
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != len(refs) || len(s) < 8 {
		t.Fatalf("summary has %d laws, references %d", len(s), len(refs))
	}
	seen := map[string]any{}
	for _, r := range refs {
		if _, err := Lookup(r.Entry); err != nil {
			t.Errorf("reference names unknown law %s", r.Entry)
		}
		key := summaryKey(r, seen)
		seen[key] = true
		if v := s[key].(float64); math.Abs(v-r.Published) > r.Tolerance*math.Abs(r.Published) {
			t.Errorf("%s: %s = %.16g, published %g", r.Entry, r.Quantity, v, r.Published)
		}
	}
	if v := s["muennighoff-data-constrained"].(float64); math.Abs(v-2.2256440889984477) > 1e-12*2.2256440889984477 {
		t.Errorf("Muennighoff %.17g", v)
	}
}
