package engine

// Parity case for encoding/xml element names (fix_xmlnames.go), run by
// TestGoParity.

func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "encoding/xml names a cell struct's element by its type",
			prog: `package main

import (
	"encoding/xml"
	"fmt"
	"os"
)

type B struct {
	Name string ` + "`xml:\"name\"`" + `
	Data int    ` + "`xml:\"data,attr\"`" + `
}

type A[T, U any] struct {
	Name T
	Data U
}

type N struct {
	XMLName xml.Name ` + "`xml:\"node\"`" + `
	V       int
}

func main() {
	data, err := xml.Marshal(&B{Name: "n", Data: 1})
	fmt.Println(string(data), err)
	var b B
	err = xml.Unmarshal(data, &b)
	fmt.Println(b, err)
	data, _ = xml.MarshalIndent(A[string, int]{"x", 2}, "", " ")
	fmt.Println(string(data))
	data, _ = xml.Marshal([]B{{"a", 1}, {"b", 2}})
	fmt.Println(string(data))
	data, _ = xml.Marshal(N{V: 3})
	fmt.Println(string(data))
	enc := xml.NewEncoder(os.Stdout)
	fmt.Println(enc.Encode(B{"e", 5}))
}
`,
			out: "<B data=\"1\"><name>n</name></B> <nil>\n{n 1} <nil>\n<A>\n <Name>x</Name>\n <Data>2</Data>\n</A>\n<B data=\"1\"><name>a</name></B><B data=\"2\"><name>b</name></B>\n<node><V>3</V></node>\n<B data=\"5\"><name>e</name></B><nil>\n",
		},
	)
}
