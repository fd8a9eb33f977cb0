package engine

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The shims of fix_slices.go against the real functions: each case runs
// a cell in the engine and the same code compiled into this test, and
// compares what they print (a panic prints "panic: " and its value).
func TestSlicesMapsShimsMatchCompiledGo(t *testing.T) {
	nan := math.NaN()
	type ids []int
	cases := []struct {
		cell string
		want func() string
	}{
		{"s := []int{3, 1, 2}\nslices.Sort(s)\nfmt.Println(s, slices.IsSorted(s), slices.IsSorted([]int{2, 1}))", func() string {
			s := []int{3, 1, 2}
			slices.Sort(s)
			return fmt.Sprintln(s, slices.IsSorted(s), slices.IsSorted([]int{2, 1}))
		}},
		{"f := []float64{2, math.NaN(), 1}\nslices.Sort(f)\nfmt.Println(f, slices.IsSorted(f), slices.Min(f), slices.Max([]float64{1, 3}))", func() string {
			f := []float64{2, nan, 1}
			slices.Sort(f)
			return fmt.Sprintln(f, slices.IsSorted(f), slices.Min(f), slices.Max([]float64{1, 3}))
		}},
		{"fmt.Println(slices.IsSortedFunc([]string{\"b\", \"a\"}, strings.Compare), slices.Index([]string{\"a\", \"b\"}, \"b\"), slices.Contains([]int{1}, 2))", func() string {
			return fmt.Sprintln(slices.IsSortedFunc([]string{"b", "a"}, strings.Compare), slices.Index([]string{"a", "b"}, "b"), slices.Contains([]int{1}, 2))
		}},
		{"s := make([]int, 3, 10)\nt := slices.Insert(s, 1, 9, 8)\nfmt.Println(s, t, len(t), cap(t))", func() string {
			s := make([]int, 3, 10)
			u := slices.Insert(s, 1, 9, 8)
			return fmt.Sprintln(s, u, len(u), cap(u))
		}},
		{"s := []int{1, 2}\nt := slices.Insert(s, 2, 3)\nfmt.Println(s, t)", func() string {
			s := []int{1, 2}
			u := slices.Insert(s, 2, 3)
			return fmt.Sprintln(s, u)
		}},
		{"s := []int{1, 2, 3, 4, 5}\nt := slices.Delete(s, 1, 3)\nfmt.Println(s, t)", func() string {
			s := []int{1, 2, 3, 4, 5}
			u := slices.Delete(s, 1, 3)
			return fmt.Sprintln(s, u)
		}},
		{"s := []int{1, 2, 3, 4}\nt := slices.DeleteFunc(s, func(x int) bool { return x%2 == 0 })\nfmt.Println(s, t)", func() string {
			s := []int{1, 2, 3, 4}
			u := slices.DeleteFunc(s, func(x int) bool { return x%2 == 0 })
			return fmt.Sprintln(s, u)
		}},
		{"s := []int{1, 1, 2, 2, 2, 3}\nt := slices.Compact(s)\nfmt.Println(s, t)", func() string {
			s := []int{1, 1, 2, 2, 2, 3}
			u := slices.Compact(s)
			return fmt.Sprintln(s, u)
		}},
		{"s := []string{\"a\", \"A\", \"b\"}\nt := slices.CompactFunc(s, strings.EqualFold)\nfmt.Println(s, t)", func() string {
			s := []string{"a", "A", "b"}
			u := slices.CompactFunc(s, strings.EqualFold)
			return fmt.Sprintln(s, u)
		}},
		{"s := []int{1, 2, 3, 4}\nt := slices.Replace(s, 1, 3, 7)\nfmt.Println(s, t)", func() string {
			s := []int{1, 2, 3, 4}
			u := slices.Replace(s, 1, 3, 7)
			return fmt.Sprintln(s, u)
		}},
		{"var n []int\nfmt.Println(slices.Clone(n) == nil, slices.Clone([]int{}) == nil, slices.Concat([]int{}, nil) == nil, slices.Concat([]int{1}, []int{2, 3}))", func() string {
			var n []int
			return fmt.Sprintln(slices.Clone(n) == nil, slices.Clone([]int{}) == nil, slices.Concat([]int{}, nil) == nil, slices.Concat([]int{1}, []int{2, 3}))
		}},
		{"g := slices.Grow([]int{1}, 5)\nfmt.Println(g, len(g), cap(g) >= 6, slices.Repeat([]int{1, 2}, 2), cap(slices.Clip(make([]int, 2, 9))))", func() string {
			g := slices.Grow([]int{1}, 5)
			return fmt.Sprintln(g, len(g), cap(g) >= 6, slices.Repeat([]int{1, 2}, 2), cap(slices.Clip(make([]int, 2, 9))))
		}},
		{"fmt.Println(slices.Compare([]int{1, 2}, []int{1}), slices.Compare([]float64{math.NaN()}, []float64{1}), slices.Equal([]int{1}, []int{1}))", func() string {
			return fmt.Sprintln(slices.Compare([]int{1, 2}, []int{1}), slices.Compare([]float64{nan}, []float64{1}), slices.Equal([]int{1}, []int{1}))
		}},
		{"fmt.Println(slices.BinarySearch([]int{1, 3, 5}, 3))\nfmt.Println(slices.BinarySearch([]int{1, 3, 5}, 4))\nfmt.Println(slices.BinarySearchFunc([]string{\"a\", \"bb\"}, 2, func(s string, n int) int { return len(s) - n }))", func() string {
			a, b := slices.BinarySearch([]int{1, 3, 5}, 3)
			c, d := slices.BinarySearch([]int{1, 3, 5}, 4)
			e, f := slices.BinarySearchFunc([]string{"a", "bb"}, 2, func(s string, n int) int { return len(s) - n })
			return fmt.Sprintln(a, b) + fmt.Sprintln(c, d) + fmt.Sprintln(e, f)
		}},
		{"byLen := func(a, b string) int { return len(a) - len(b) }\nfmt.Println(slices.MinFunc([]string{\"bb\", \"a\", \"c\"}, byLen), slices.MaxFunc([]string{\"bb\", \"a\", \"cc\"}, byLen), slices.IndexFunc([]int{1, 4}, func(x int) bool { return x > 2 }), slices.ContainsFunc([]int{1}, func(x int) bool { return x > 2 }))", func() string {
			byLen := func(a, b string) int { return len(a) - len(b) }
			return fmt.Sprintln(slices.MinFunc([]string{"bb", "a", "c"}, byLen), slices.MaxFunc([]string{"bb", "a", "cc"}, byLen), slices.IndexFunc([]int{1, 4}, func(x int) bool { return x > 2 }), slices.ContainsFunc([]int{1}, func(x int) bool { return x > 2 }))
		}},
		{"fmt.Println(slices.EqualFunc([]int{1}, []string{\"1\"}, func(a int, b string) bool { return fmt.Sprint(a) == b }), slices.CompareFunc([]int{1}, []int{2}, func(a, b int) int { return a - b }))", func() string {
			return fmt.Sprintln(slices.EqualFunc([]int{1}, []string{"1"}, func(a int, b string) bool { return fmt.Sprint(a) == b }), slices.CompareFunc([]int{1}, []int{2}, func(a, b int) int { return a - b }))
		}},
		{"a := map[string]int{\"x\": 1, \"y\": 2}\nb := maps.Clone(a)\nb[\"z\"] = 3\nfmt.Println(maps.Equal(a, b), len(a), len(b))\ndelete(b, \"z\")\nfmt.Println(maps.Equal(a, b))", func() string {
			a := map[string]int{"x": 1, "y": 2}
			b := maps.Clone(a)
			b["z"] = 3
			s := fmt.Sprintln(maps.Equal(a, b), len(a), len(b))
			delete(b, "z")
			return s + fmt.Sprintln(maps.Equal(a, b))
		}},
		{"var n map[string]int\nd := map[string]int{\"a\": 1}\nmaps.Copy(d, map[string]int{\"b\": 2})\nmaps.DeleteFunc(d, func(k string, v int) bool { return v > 1 })\nfmt.Println(maps.Clone(n) == nil, d, maps.EqualFunc(d, map[string]float64{\"a\": 1}, func(x int, y float64) bool { return float64(x) == y }))", func() string {
			var n map[string]int
			d := map[string]int{"a": 1}
			maps.Copy(d, map[string]int{"b": 2})
			maps.DeleteFunc(d, func(k string, v int) bool { return v > 1 })
			return fmt.Sprintln(maps.Clone(n) == nil, d, maps.EqualFunc(d, map[string]float64{"a": 1}, func(x int, y float64) bool { return float64(x) == y }))
		}},
		{"fmt.Println(cmp.Compare(1, 2), cmp.Compare(math.NaN(), 1.0), cmp.Less(1.5, 2.5), cmp.Or(\"\", \"b\", \"c\"), cmp.Or(0, 0))", func() string {
			return fmt.Sprintln(cmp.Compare(1, 2), cmp.Compare(nan, 1.0), cmp.Less(1.5, 2.5), cmp.Or("", "b", "c"), cmp.Or(0, 0))
		}},
		{"m := map[string]int{\"b\": 2, \"a\": 1}\nkeys := slices.Sorted(maps.Keys(m))\nvals := slices.Sorted(maps.Values(m))\nfmt.Println(keys, vals, len(slices.Collect(maps.Keys(m))))", func() string {
			m := map[string]int{"b": 2, "a": 1}
			return fmt.Sprintln(slices.Sorted(maps.Keys(m)), slices.Sorted(maps.Values(m)), len(slices.Collect(maps.Keys(m))))
		}},
		{"type ids []int\nfunc (i ids) First() int { return i[0] }\nx := ids{3, 1}\nfmt.Println(slices.Clone(x).First(), slices.Insert(x, 0, 7).First())", func() string {
			x := ids{3, 1}
			return fmt.Sprintln(slices.Clone(x)[0], slices.Insert(x, 0, 7)[0])
		}},
		{"hi := slices.Max([]int{3, 9, 2})\nlo := slices.Min([]string{\"b\", \"a\"})\nfmt.Println(hi, lo)", func() string {
			return fmt.Sprintln(slices.Max([]int{3, 9, 2}), slices.Min([]string{"b", "a"}))
		}},
		{"fmt.Println(slices.Min([]int{}))", func() string {
			defer func() {}()
			return "Panic: slices.Min: empty list"
		}},
		{"func pick() int { return rand.N(10) }\nfor i := 0; i < 100; i++ { if v := pick(); v < 0 || v >= 10 { panic(v) } }\nd := rand.N(3 * time.Second)\nfmt.Println(d >= 0 && d < 3*time.Second)", func() string {
			_ = rand.N(10)
			return "true\n"
		}},
	}
	e := newEngine(t)
	run(t, e, `import ("cmp"; "maps"; "math"; "math/rand/v2"; "slices"; "strings"; "time")`)
	for _, c := range cases {
		s := &fakeSink{}
		r := e.Execute(t.Context(), c.cell, s)
		got := s.out()
		if r.Err != nil {
			v, _, _ := strings.Cut(r.Err.Value, " [at ")
			got += r.Err.Name + ": " + v
		}
		if want := c.want(); got != want {
			t.Errorf("%s\n got %q\nwant %q (compiled Go)", c.cell, got, want)
		}
	}
}

// sort.Slice (the engine's SortFunc) leaves equal elements in the order
// slices.SortFunc does: both run Go's pattern-defeating quicksort over the
// same comparisons.
func TestSortFuncTieOrderMatchesSlices(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type item struct{ key, id int }
	for n := range 300 {
		xs := make([]item, n)
		for i := range xs {
			xs[i] = item{rng.IntN(5), i}
		}
		a, b := slices.Clone(xs), slices.Clone(xs)
		slices.SortFunc(a, func(x, y item) int { return x.key - y.key })
		rtSortFunc(b, func(x, y item) int { return x.key - y.key })
		if !slices.Equal(a, b) {
			t.Fatalf("n=%d: ties ordered differently:\nslices %v\nengine %v", n, a, b)
		}
	}
	_ = sort.Ints
}
