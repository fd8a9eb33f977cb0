package modbuild

import (
	"bytes"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"path/filepath"
	"strings"
)

// Limits that keep a package's doc table small: inspection shows a
// signature and the start of the doc comment (as stdlib/gen's tables).
const (
	maxSig = 1200
	maxDoc = 2000
)

// readDocs reads the doc comments of the package in dir (the files the
// default build context selects, tests excluded): every exported const,
// var, func, type and method ("Type.Method"), and the package itself
// (""). It also returns the exported generic functions and types.
func readDocs(dir, importPath string) (map[string]DocEntry, []string) {
	entries := map[string]DocEntry{}
	bp, err := build.ImportDir(dir, 0)
	if err != nil {
		return entries, nil
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range append(append([]string{}, bp.GoFiles...), bp.CgoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return entries, nil
		}
		files = append(files, f)
	}
	return docsOf(fset, files, importPath)
}

// docsOf is readDocs over parsed files.
func docsOf(fset *token.FileSet, files []*ast.File, importPath string) (map[string]DocEntry, []string) {
	entries := map[string]DocEntry{}
	var generic []string
	d, err := doc.NewFromFiles(fset, files, importPath)
	if err != nil {
		return entries, nil
	}
	entries[""] = DocEntry{Sig: "package " + d.Name, Doc: clip(d.Doc, maxDoc)}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, spec := range v.Decl.Specs {
				vs := spec.(*ast.ValueSpec)
				text := v.Doc
				if vs.Doc != nil {
					text = vs.Doc.Text()
				}
				one := *vs
				one.Doc, one.Comment, one.Values = nil, nil, nil
				if one.Type == nil {
					one.Values = vs.Values
				}
				decl := &ast.GenDecl{Tok: v.Decl.Tok, Specs: []ast.Spec{&one}}
				for _, n := range vs.Names {
					if n.IsExported() {
						entries[n.Name] = DocEntry{Sig: node(fset, decl), Doc: clip(text, maxDoc)}
					}
				}
			}
		}
	}
	funcs := func(fs []*doc.Func, prefix string) {
		for _, f := range fs {
			if !ast.IsExported(f.Name) {
				continue
			}
			decl := *f.Decl
			decl.Body, decl.Doc = nil, nil
			entries[prefix+f.Name] = DocEntry{Sig: node(fset, &decl), Doc: clip(f.Doc, maxDoc)}
			if prefix == "" && f.Decl.Type.TypeParams != nil {
				generic = append(generic, f.Name)
			}
		}
	}
	values(d.Consts)
	values(d.Vars)
	funcs(d.Funcs, "")
	for _, t := range d.Types {
		spec := *t.Decl.Specs[0].(*ast.TypeSpec)
		spec.Doc, spec.Comment = nil, nil
		if ast.IsExported(t.Name) {
			entries[t.Name] = DocEntry{Sig: node(fset, &ast.GenDecl{Tok: token.TYPE, Specs: []ast.Spec{&spec}}), Doc: clip(t.Doc, maxDoc)}
			if spec.TypeParams != nil {
				generic = append(generic, t.Name)
			}
		}
		values(t.Consts)
		values(t.Vars)
		funcs(t.Funcs, "")
		funcs(t.Methods, t.Name+".")
	}
	return entries, generic
}

func node(fset *token.FileSet, n any) string {
	var b bytes.Buffer
	if err := (&printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}).Fprint(&b, fset, n); err != nil {
		return ""
	}
	return clip(b.String(), maxSig)
}

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexAny(s[:n], " \n")
	if cut < n/2 {
		cut = n
	}
	return s[:cut] + " ..."
}
