// go/ast.Print writes to os.Stdout from compiled code: a cell's output
// must still show it (it went to the kernel's own stdout).
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
)

func main() {
	fset := token.NewFileSet()
	x, err := parser.ParseExprFrom(fset, "expr.go", "a + 2*b", 0)
	if err != nil {
		panic(err)
	}
	fmt.Println("before")
	ast.Print(fset, x)
	fmt.Println("after")
}
