package engine

import (
	"strconv"
	"strings"
	"sync"

	"github.com/traefik/yaegi/stdlib/unrestricted"
)

// unrestrictedPaths are the packages only an engine without sandbox has.
var unrestrictedPaths = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for k := range unrestricted.Symbols {
		m[dir(k)] = true
	}
	return m
})

// Workaround: a failed import in an import block.
//
// yaegi imports the packages of one import declaration one after the
// other; when one fails (a package it has no symbols for), the ones before
// it stay registered in the interpreter's file scope, so importing them
// again in a later cell fails ("fmt/_.go redeclared in this block") until
// the kernel restarts; and its error speaks of GOPATH and
// Interpreter.Options, which a user cannot set. So the engine checks each
// path against the symbol tables before running anything (an unknown
// package is a CompileError at the import's line:col, and the cell does
// not run, as in Go), and imports each new package in an interpreter call
// of its own, recorded in the session only once it succeeded.

// interpretedStd are the standard packages yaegi provides as interpreted
// source (its generic slices, maps and cmp) rather than symbols.
var interpretedStd = map[string]bool{"slices": true, "maps": true, "cmp": true}

// importable reports whether cells can import path.
func (e *Engine) importable(path string) bool {
	_, ok := e.syms[path]
	return ok || interpretedStd[path] || path == "iter" || e.mod.srcPkgs[path] // iter: lowered away (fix_rangefunc.go)
}

// importAdvice suggests what to use instead of a package cells cannot
// import.
var importAdvice = map[string]string{
	"embed":                 "cells are not compiled from files, so //go:embed has nothing to embed: read the file with os.ReadFile",
	"golang.org/x/exp/rand": "use math/rand/v2",
	"unsafe":                "unsafe is not available to interpreted code",
	"C":                     "cgo is not available to interpreted code",
	"weak":                  "the interpreter keeps values alive longer than compiled Go, so weak pointers are not cleared when Go clears them",
}

// unavailableImport is the error for an import path without symbols.
func (e *Engine) unavailableImport(path string) string {
	if e.sandbox && unrestrictedPaths()[path] {
		return "package " + path + " is not available in the sandbox (the engine runs with Options.Sandbox)"
	}
	msg := "package " + path + " is not available in gophernote: cells can import Go's standard library and the packages compiled into gophernote (fitlib, gonum, gonum/plot)"
	if a, ok := importAdvice[path]; ok {
		msg = "package " + path + " is not available in gophernote: " + a
	} else if isModulePath(path) {
		msg = "package " + path + " is not available: it could not be resolved as a module's package"
	} else if !strings.Contains(path, ".") {
		msg += ", modules' packages (a path that starts with a domain, such as example.com/pkg) and compiled cells (%%compile NAME)"
	}
	return msg
}

// addImportUnits adds one unit per new import, recorded in the session
// once it succeeded.
func (u *unitBuilder) addImportUnits() {
	e := u.e
	for _, im := range u.newImports {
		if im.path == "iter" {
			// Only go/types knows package iter: the rangefunc pass
			// lowered every use of it.
			e.imported[im.name+" "+im.path] = true
			e.importNames[im.name] = im.path
			continue
		}
		src := "import "
		if im.off >= 0 {
			src += u.r.directive(im.off)
		}
		src += im.name + " " + strconv.Quote(im.path)
		im := im
		u.pl.units = append(u.pl.units, unit{kind: unitImports, src: src, after: func() {
			e.imported[im.name+" "+im.path] = true
			e.importNames[im.name] = im.path
		}})
	}
}
