package geneval

import (
	"strings"
	"testing"

	"github.com/gophernote/gophernote/fitlib/data"
)

// FuzzCounts feeds arbitrary CSV text through the counts reader and
// pass_B@k: user data must give an error or a result, never a panic, and
// pass_B@k must lie in [0, 1] or be NaN (too few samples).
func FuzzCounts(f *testing.F) {
	head := "model_nickname,params,tokens,problem_idx,num_samples,num_correct\n"
	f.Add(head+"a,1e6,2e9,0,10,3\na,1e6,2e9,1,10,0\nb,2e6,2e9,0,4,4\n", 3)
	f.Add(head+"a,1,1,0,1,2\n", 1)
	f.Add(head+"a,1,1,0,-5,0\n", 1)
	f.Add(head+"a,1e308,1e308,0,10,1\n", 2)
	f.Fuzz(func(t *testing.T, text string, k int) {
		tb, err := data.Parse("f.csv", strings.NewReader(text))
		if err != nil {
			return
		}
		b, err := BenchmarkFromTable(tb)
		if err != nil {
			return
		}
		p, err := b.PassAtK(k%1000 + 1)
		if err != nil {
			if k%1000+1 >= 1 {
				t.Fatalf("k=%d: %v", k%1000+1, err)
			}
			return
		}
		for i, v := range p {
			if !(v >= 0 && v <= 1) && v == v {
				t.Fatalf("checkpoint %d: pass@k %v", i, v)
			}
		}
	})
}
