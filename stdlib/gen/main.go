// Command gen writes the yaegi symbol tables and documentation tables of
// package stdlib: one <pkg>.go file per package (yaegi extract) and one
// <pkg>_docs.go file (go/doc over the package sources) for every package
// imported by stdlib/deps.go and every exported package under fitlib/
// (internal/, main and test-only packages are skipped).
//
// Run it with `go generate ./stdlib`, or from the module root:
//
//	go run ./stdlib/gen          # regenerate stdlib/
//	go run ./stdlib/gen -check   # fail, listing files, when stdlib/ is stale
//
// Generated files that no longer correspond to a package are removed.
// yaegi extract type-checks each package from source, which takes about a
// minute for all of gonum; its output is a pure function of the package's
// sources, its dependencies and the generator, so it is cached under the
// user cache directory keyed by a hash of those (see inputsKey).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

func main() {
	dir := flag.String("dir", "", "stdlib directory (default: stdlib/ of the module in the working directory)")
	check := flag.Bool("check", false, "write nothing; exit 1 listing the generated files that are stale, missing or extra")
	flag.Parse()
	if err := run(*dir, *check); err != nil {
		fmt.Fprintln(os.Stderr, "stdlib/gen:", err)
		os.Exit(1)
	}
}

func run(dir string, check bool) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	if dir == "" {
		dir = filepath.Join(root, "stdlib")
	}
	w, err := loadWorld(root, dir)
	if err != nil {
		return err
	}
	files, failed, genErr := w.generateAll()
	if check && genErr != nil {
		return genErr
	}
	stale, err := compare(dir, files)
	if err != nil {
		return err
	}
	if check {
		if len(stale) > 0 {
			return fmt.Errorf("generated tables in %s are stale; run `go generate ./stdlib` and commit:\n  %s",
				dir, strings.Join(stale, "\n  "))
		}
		return nil
	}
	// Write what succeeded; keep the old files of packages that failed.
	for _, name := range stale {
		if failed[strings.TrimSuffix(strings.TrimSuffix(name, ".go"), "_docs")] {
			continue
		}
		path := filepath.Join(dir, name)
		content, ok := files[name]
		if !ok {
			if err := os.Remove(path); err != nil {
				return err
			}
			fmt.Fprintln(os.Stderr, "removed", path)
			continue
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
		fmt.Fprintln(os.Stderr, "wrote", path)
	}
	return genErr
}

// generateAll returns file name -> content for every package that could be
// generated, extracting on GOMAXPROCS workers, and the set of file stems
// (baseName) of the packages that failed, with an error describing them.
func (w *world) generateAll() (map[string][]byte, map[string]bool, error) {
	var (
		mu     sync.Mutex
		files  = map[string][]byte{}
		failed = map[string]bool{}
		errs   []string
		wg     sync.WaitGroup
		sem    = make(chan struct{}, runtime.GOMAXPROCS(0))
	)
	for _, p := range w.targets {
		wg.Add(1)
		go func(p *listed) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out, err := w.generate(p)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, fmt.Sprintf("%s: %v", p.ImportPath, err))
				failed[baseName(p.ImportPath)] = true
				return
			}
			for name, content := range out {
				files[name] = content
			}
		}(p)
	}
	wg.Wait()
	if len(errs) > 0 {
		sort.Strings(errs)
		return files, failed, fmt.Errorf("%d packages failed:\n  %s", len(errs), strings.Join(errs, "\n  "))
	}
	return files, failed, nil
}

// generate returns the symbol and doc files of p.
func (w *world) generate(p *listed) (map[string][]byte, error) {
	sym, err := w.symbols(p)
	if err != nil {
		return nil, err
	}
	docs, err := docFile(p)
	if err != nil {
		return nil, err
	}
	base := baseName(p.ImportPath)
	return map[string][]byte{base + ".go": sym, base + "_docs.go": docs}, nil
}

// baseName is the file name stem yaegi extract uses for an import path.
func baseName(importPath string) string {
	return strings.NewReplacer("/", "-", ".", "_", "~", "_").Replace(importPath)
}

// compare returns the sorted names of files that differ between dir and
// want: changed or missing ones, and generated files in dir not in want.
func compare(dir string, want map[string][]byte) ([]string, error) {
	var stale []string
	for name, content := range want {
		if old, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(old, content) {
			stale = append(stale, name)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name := e.Name()
		if _, ok := want[name]; !ok && strings.HasSuffix(name, ".go") && isGenerated(filepath.Join(dir, name)) {
			stale = append(stale, name)
		}
	}
	sort.Strings(stale)
	return stale, nil
}

// isGenerated reports whether the file at path was written by this
// generator (its first line is a yaegi extract or doc table header).
func isGenerated(path string) bool {
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	return bytes.HasPrefix(b, []byte("// Code generated by 'yaegi extract")) || bytes.HasPrefix(b, []byte(docHeader))
}
