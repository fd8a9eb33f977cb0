// reflect sees a cell struct's unexported fields by their Go names, read
// only (yaegi stores them as exported X+name fields).
package main

import (
	"fmt"
	"reflect"
)

type user struct {
	firstName string
	Last      string `json:"last"`
}

func main() {
	u := user{firstName: "John", Last: "Doe"}
	v := reflect.ValueOf(u)
	fmt.Println("Name:", v.FieldByName("firstName"), v.FieldByName("Last"))
	fmt.Println(v.FieldByName("XfirstName").IsValid(), v.Field(0).CanInterface(), v.Field(1).CanInterface())
	t := reflect.TypeOf(u)
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fmt.Printf("%d %s %q exported=%v tag=%q\n", i, f.Name, f.PkgPath, f.IsExported(), f.Tag)
	}
	f, ok := t.FieldByName("firstName")
	fmt.Println(f.Name, ok, f.Index)
	p := reflect.ValueOf(&u).Elem()
	fmt.Println(p.FieldByIndex([]int{0}).String(), p.Field(0).CanSet(), p.Field(1).CanSet())
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(p.Field(0).Interface())
}
