package engine

// Type aliases declared inside functions (fix_localtypes.go's
// localAliases): their uses get the type they stand for, an embedded
// field of one keeps the alias's name. Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "type aliases declared inside functions",
		prog: `package main

import "fmt"

type T struct{ v int }

func main() {
	type C = int32
	type F = func(int) int
	type (
		P = *T
		M = map[string]int32
	)
	var x any = struct{ C }{}
	var y any = struct{ C }{}
	f := F(func(i int) int { return i * 2 })
	var p P = &T{3}
	m := M{"a": C(5)}
	fmt.Println(x == y, f(4), p.v, m, C(7))
	fmt.Printf("%T %+v\n", m, x)
	{
		type C = uint32
		y = struct{ C }{}
	}
	fmt.Println(x == y)
}
`,
		out: "true 8 3 map[a:5] 7\nmap[string]int32 {C:0}\nfalse\n",
	})
}
