package engine

// Range over func (Go 1.23 iterators) lowered by fix_rangefunc.go; the
// iterator functions of slices, maps, strings and bytes, and iter.Pull.
// Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "range over func: slices/maps iterators, break, continue, return, labels, fresh variables, Pull",
			prog: `package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func Pairs() iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		_ = yield("a", 1) && yield("b", 2) && yield("c", 3)
	}
}

func find(n, target int) (int, bool) {
	for i := range Count(n) {
		if i == target {
			return i * 10, true
		}
	}
	return -1, false
}

func labels() {
outer:
	for i := range Count(4) {
		for j := range Count(4) {
			if j == 2 {
				continue outer
			}
			if i == 3 {
				break outer
			}
			fmt.Println("ij", i, j)
		}
	}
	var fs []func() int
	for i := range Count(3) {
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}

func main() {
	for i, v := range slices.All([]string{"x", "y", "z"}) {
		if i == 1 {
			continue
		}
		fmt.Println(i, v)
	}
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	fmt.Println(slices.Sorted(maps.Keys(m)))
	for k, v := range Pairs() {
		fmt.Println(k, v)
		if k == "b" {
			break
		}
	}
	fmt.Println(find(10, 4))
	fmt.Println(find(3, 4))
	labels()
	for l := range strings.Lines("a\nb\nc") {
		fmt.Printf("%q\n", l)
	}
	for range Count(2) {
		fmt.Println("tick")
	}
	next, stop := iter.Pull(Count(3))
	for {
		v, ok := next()
		if !ok {
			break
		}
		fmt.Println("pull", v)
	}
	stop()
	fmt.Println(slices.Collect(slices.Values([]int{3, 1, 2})))
	for i, v := range slices.Backward([]int{1, 2, 3}) {
		fmt.Println("back", i, v)
	}
}
`,
			out:   "0 x\n2 z\n[a b c]\na 1\nb 2\n40 true\n-1 false\nij 0 0\nij 0 1\nij 1 0\nij 1 1\nij 2 0\nij 2 1\n0 1 2 \n\"a\\n\"\n\"b\\n\"\n\"c\"\ntick\ntick\npull 0\npull 1\npull 2\n[3 1 2]\nback 2 3\nback 1 2\nback 0 1\n",
			panic: "",
		},
		parityCase{
			name: "range over func: defer in the body runs when the enclosing function returns",
			prog: `package main

import "fmt"

func yield4(yield func(int) bool) {
	for i := 1; i <= 4; i++ {
		if !yield(i) {
			return
		}
	}
}

func save(i int) { fmt.Println("save", i) }

func f8() {
	defer save(-1)
	for i := range yield4 {
		for j := range yield4 {
			defer save(i*10 + j)
			if j == 2 {
				break
			}
		}
		defer fmt.Println("p", i, "x")
	}
	defer save(-2)
}

func g() (r int) {
	defer func() { fmt.Println("g recovered", recover()) }()
	for i := range yield4 {
		defer func() { fmt.Println("deferred", i) }()
		if i == 3 {
			panic("boom")
		}
	}
	return 1
}

func main() {
	f8()
	fmt.Println(g())
}
`,
			out:   "save -2\np 4 x\nsave 42\nsave 41\np 3 x\nsave 32\nsave 31\np 2 x\nsave 22\nsave 21\np 1 x\nsave 12\nsave 11\nsave -1\ndeferred 3\ndeferred 2\ndeferred 1\ng recovered boom\n0\n",
			panic: "",
		},
		parityCase{
			name: "range over func: methods and generics returning iter.Seq, strings/bytes iterators, Chunk, Collect, Pull2, goto, assign form, exhausted yield",
			prog: `package main

import (
	"bytes"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

type List[T any] struct{ xs []T }

func (l *List[T]) All() iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range l.xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

func Filter[T any](seq iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func firstPair(m map[string]int) (string, int) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		for kk, v := range maps.All(m) {
			if kk == k {
				return kk, v
			}
		}
	}
	return "", 0
}

func gotoOut() int {
	n := 0
	for i := range slices.Values([]int{1, 2, 3, 4}) {
		n += i
		if i == 3 {
			goto done
		}
	}
	n = -1
done:
	return n
}

func main() {
	l := &List[string]{xs: []string{"a", "b", "c"}}
	for i, s := range l.All() {
		fmt.Print(i, s, " ")
	}
	fmt.Println()
	even := Filter(slices.Values([]int{1, 2, 3, 4, 5, 6}), func(x int) bool { return x%2 == 0 })
	fmt.Println(slices.Collect(even))
	fmt.Println(firstPair(map[string]int{"z": 26, "b": 2, "m": 13}))
	fmt.Println(gotoOut())
	for p := range strings.SplitSeq("a,b,,c", ",") {
		fmt.Printf("%q ", p)
	}
	for p := range strings.SplitAfterSeq("a,b", ",") {
		fmt.Printf("%q ", p)
	}
	for p := range strings.FieldsSeq("  x  y\tz ") {
		fmt.Printf("%q ", p)
	}
	for p := range strings.FieldsFuncSeq("a1b22c", func(r rune) bool { return r >= '0' && r <= '9' }) {
		fmt.Printf("%q ", p)
	}
	fmt.Println()
	for line := range bytes.Lines([]byte("one\ntwo")) {
		fmt.Printf("%q %d ", line, cap(line))
	}
	fmt.Println()
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Print(c, len(c), cap(c), " ")
	}
	fmt.Println()
	fmt.Println(slices.AppendSeq([]int{0}, slices.Values([]int{7, 8})))
	m := maps.Collect(slices.All([]string{"p", "q"}))
	maps.Insert(m, maps.All(map[int]string{5: "r"}))
	fmt.Println(m)
	fmt.Println(slices.Sorted(maps.Values(map[string]int{"a": 3, "b": 1, "c": 2})))
	fmt.Println(slices.SortedFunc(slices.Values([]int{1, 3, 2}), func(a, b int) int { return b - a }))
	next, stop := iter.Pull2(maps.All(map[string]int{"only": 1}))
	k, v, ok := next()
	fmt.Println(k, v, ok)
	k, v, ok = next()
	fmt.Println(k, v, ok)
	stop()
	next1, stop1 := iter.Pull(slices.Values([]string{"a", "b", "c"}))
	s, ok1 := next1()
	fmt.Println(s, ok1)
	stop1()
	s, ok1 = next1()
	fmt.Printf("%q %v\n", s, ok1)
	total := 0
outer:
	for i := 0; i < 3; i++ {
		for j := range slices.Values([]int{10, 20, 30}) {
			if j == 20 {
				continue outer
			}
			total += i + j
		}
	}
	fmt.Println(total)
	var seq iter.Seq[int] = func(yield func(int) bool) { yield(42) }
	for x := range seq {
		fmt.Println(x)
	}
	var key, val int
	for key, val = range slices.All([]int{5, 6}) {
	}
	fmt.Println(key, val)
	defer func() {
		r := recover()
		err, isErr := r.(error)
		fmt.Println(isErr, err)
	}()
	var again func(int) bool
	for x := range func(yield func(int) bool) { again = yield; yield(1) } {
		fmt.Println("got", x)
	}
	again(2)
}
`,
			out:   "0a 1b 2c \n[2 4 6]\nb 2\n6\n\"a\" \"b\" \"\" \"c\" \"a,\" \"b\" \"x\" \"y\" \"z\" \"a\" \"b\" \"c\" \n\"one\\n\" 4 \"two\" 3 \n[1 2] 2 2 [3 4] 2 2 [5] 1 1 \n[0 7 8]\nmap[0:p 1:q 5:r]\n[1 2 3]\n[3 2 1]\nonly 1 true\n 0 false\na true\n\"\" false\n33\n42\n1 6\ngot 1\ntrue runtime error: range function continued iteration after whole loop exit\n",
			panic: "",
		},
		parityCase{
			name: "range over func: yield after the body returned false panics",
			prog: `package main

import "fmt"

func bad(yield func(int) bool) {
	for i := 0; i < 3; i++ {
		yield(i) // ignores false
	}
}

func main() {
	for x := range bad {
		fmt.Println(x)
		if x == 1 {
			break
		}
	}
	fmt.Println("not reached")
}
`,
			out:   "0\n1\n",
			panic: "runtime error: range function continued iteration after function for loop body returned false",
		},
		parityCase{
			name: "range over func: an iterator recovering the body's panic panics",
			prog: `package main

import "fmt"

func swallow(yield func(int) bool) {
	defer func() { fmt.Println("iterator recovered", recover()) }()
	yield(1)
}

func main() {
	for x := range swallow {
		fmt.Println("body", x)
		panic("in body")
	}
	fmt.Println("not reached")
}
`,
			out:   "body 1\niterator recovered in body\n",
			panic: "runtime error: range function recovered a loop body panic and did not resume panicking",
		},
		parityCase{
			name: "range over func: iter.Pull in generic code, nil interface values, a panic in the sequence",
			prog: `package main

import (
	"fmt"
	"iter"
)

func Zip[A, B any](a iter.Seq[A], b iter.Seq[B]) iter.Seq2[A, B] {
	return func(yield func(A, B) bool) {
		na, sa := iter.Pull(a)
		defer sa()
		nb, sb := iter.Pull(b)
		defer sb()
		for {
			x, ok1 := na()
			y, ok2 := nb()
			if !ok1 || !ok2 {
				return
			}
			if !yield(x, y) {
				return
			}
		}
	}
}

func nums(yield func(int) bool) {
	for i := 0; yield(i); i++ {
	}
}

func words(yield func(string) bool) {
	_ = yield("a") && yield("b")
}

func main() {
	for n, w := range Zip(nums, words) {
		fmt.Println(n, w)
	}
	var e error
	next, stop := iter.Pull(func(yield func(error) bool) { yield(nil); yield(fmt.Errorf("x")) })
	e, ok := next()
	fmt.Println(e, ok)
	e, ok = next()
	fmt.Println(e, ok)
	stop()
	defer func() { fmt.Println("recovered", recover()) }()
	n2, _ := iter.Pull(func(yield func(int) bool) { panic("in seq") })
	n2()
}
`,
			out: "0 a\n1 b\n<nil> true\nx true\nrecovered in seq\n",
		},
	)
}
