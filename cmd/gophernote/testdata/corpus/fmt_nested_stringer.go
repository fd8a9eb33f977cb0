// fmt calls the String method of the elements of a slice it prints; the
// interpreter's fmt would print [{Bob 31}] (the engine prints the slice
// element by element).
package main

import "fmt"

type Person struct {
	Name string
	Age  int
}

func (p Person) String() string { return fmt.Sprintf("%s: %d", p.Name, p.Age) }

func main() {
	people := []Person{{"Bob", 31}, {"John", 42}}
	fmt.Println(people[0])
	fmt.Println(people)
}
