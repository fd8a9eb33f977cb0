// A tree whose nodes point to the tree and to each other: struct types
// both self- and mutually recursive through pointers. yaegi v0.16 builds
// them with a stand-in pointer type that resolves to the wrong struct when
// it starts from Tree, and the first composite literal panicked in
// reflect.Set; the engine's pass structcycles now makes Node the type
// yaegi builds first (fix_structcycles.go).
package main

import "fmt"

type Tree struct {
	root *Node
	size int
}

type Node struct {
	tree  *Tree
	left  *Node
	value int
}

func main() {
	t := &Tree{}
	n := &Node{tree: t, value: 3}
	t.root = n
	n.left = &Node{tree: t, value: 1}
	t.size = 2
	fmt.Println(t.root.value, t.root.left.value, t.root.tree.size, n.left.tree == t)
}
