package main

import "github.com/gophernote/gophernote/kernel/nbtest"

// The written notebooks' readers (kernel/nbtest, shared with kernel/runner).
var (
	readNB    = nbtest.Read
	cellN     = nbtest.Cell
	outputsOf = nbtest.Outputs
	joined    = nbtest.Joined
)
