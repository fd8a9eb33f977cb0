// fmt calls the String (Error, Format) method of each element of a slice or
// array it prints, with the directive's verb, flags and width per element;
// a nil pointer element prints <nil> or its pointer method's text. The
// interpreter hands fmt a cell value with its methods only as an argument of
// its own: the engine prints such slices element by element.
package main

import (
	"fmt"
	"log"
	"os"
)

type Kind int

const (
	Small Kind = iota + 1
	Medium
	Large
)

func (k Kind) String() string { return [...]string{"?", "S", "M", "L"}[k] }

type Person struct {
	Name string
	Age  int
}

func (p Person) String() string { return fmt.Sprintf("%s: %d", p.Name, p.Age) }

type T struct{ N string }

func (t *T) String() string {
	if t == nil {
		return "nilT"
	}
	return "T" + t.N
}

type V struct{ N string }

func (v V) String() string { return "V" + v.N }

type E struct{ code int }

func (e E) Error() string { return fmt.Sprint("e", e.code) }

type Kinds []Kind

type F float64

func (f F) String() string { return fmt.Sprintf("F<%.1f>", float64(f)) }

func main() {
	fmt.Println(Small, Large, []Kind{Medium, Small})
	people := []Person{{"Bob", 31}, {"John", 42}}
	fmt.Println(people)
	fmt.Print(people, people, "x", []Kind{1}, 3, "\n")
	var arr [3]Kind
	arr[1] = Large
	fmt.Println(arr, [][]Kind{{1, 2}, {3}}, [2][]Kind{{1}, nil}, Kinds{3, 1})
	fmt.Printf("%v %s %d %q %x %5v %-4s|\n", []Kind{1, 2}, []Kind{1, 2}, []Kind{1, 2}, []Kind{1, 2}, []Kind{1, 2}, []Kind{1, 2}, []Kind{1, 2})
	fmt.Printf("%+v %X %08.3f %6.2v %*v|\n", []Kind{3}, []Kind{1}, []F{1, 2.5}, []F{3}, 4, []Kind{1, 2})
	fmt.Printf("%05s|%-05v|%.1s|\n", []Kind{1, 2}, []Kind{3}, []Person{{"A", 1}})
	ts := []*T{{"a"}, nil}
	vs := []*V{{"b"}, nil}
	fmt.Println(ts, vs)
	fmt.Printf("%s %q %5v %-6s|\n", ts, vs, vs, ts)
	s := fmt.Sprint([]E{{1}, {2}})
	fmt.Println(s, fmt.Sprintln([]E{{3}}) == "[e3]\n")
	err := fmt.Errorf("bad %v: %w", []E{{4}}, E{5})
	fmt.Println(err)
	fmt.Fprintln(os.Stdout, []Kind{2}, [][]Person{{{"C", 3}}, {}})
	fmt.Println(string(fmt.Appendln(nil, []Kind{3})))
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.Println([]Kind{1})
	log.Printf("%v|%3v", []Kind{2}, []V{{"z"}})
	l := log.New(os.Stdout, "L ", 0)
	l.Print([]Kind{1, 3})
	l.Printf("%s", [][]*T{{nil, {"q"}}})
	fmt.Printf("%v %d\n", []F{1.25}, []Kind{})
	fmt.Println(fmt.Sprintf("%v", [0]Kind{}), fmt.Sprintf("%x", []Person{{"x", 1}}))
}
