package engine

import (
	"context"
	"testing"
	"time"
)

func FuzzExecuteLocal(f *testing.F) {
	for _, s := range []string{
		"x := 1\nfunc f() int { return x }\nf()",
		"for i := range 10 { go func() { println(i) }() }",
		"import \"fmt\"\nfmt.Println(min(1, 2.5))",
		"type T struct{}\nfunc (T) M() {}\n",
		"a, b := 1, 2\nif a < b { c, d := strconv.Atoi(\"3\"); _ = c; _ = d }",
		"m := map[string]int{\"a\": 1}\nslices.Sorted(maps.Keys(m))",
		"defer fmt.Println(1)\npanic(2)",
		"s := []int{3, 1}\nslices.Sort(s)\nclear(s)\ns",
		"ch := make(chan int, 1)\nch <- 1\n<-ch",
		"var p *int\n*p = 1",
	} {
		f.Add(s)
	}
	e, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		r := e.Execute(ctx, src, &fakeSink{})
		if r.Err != nil && r.Err.Name == "InternalError" {
			t.Fatalf("%q: %v", src, r.Err)
		}
	})
}
