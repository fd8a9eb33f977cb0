package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkaroundTable keeps the package documentation's table of
// workarounds in step with the code: every row names an existing file and
// canaries that exist, every canary has a row, and every fix_*.go file is
// in the table (or named as a guard without canary).
func TestWorkaroundTable(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	canaryNames := map[string]bool{}
	for _, c := range canaries {
		if canaryNames[c.name] {
			t.Errorf("canary %q defined twice", c.name)
		}
		canaryNames[c.name] = true
	}
	inTable := map[string]bool{}
	files := map[string]bool{}
	rows := 0
	for _, line := range strings.Split(doc, "\n") {
		row, ok := strings.CutPrefix(line, "//\t")
		if !ok || strings.Count(row, " | ") != 3 {
			continue
		}
		rows++
		cols := strings.Split(row, " | ")
		gap, file, names, upstream := cols[0], cols[1], cols[2], cols[3]
		if gap == "" || upstream == "" {
			t.Errorf("row %q: empty gap or upstream column", row)
		}
		if _, err := os.Stat(file); err != nil {
			t.Errorf("row %q: file %s: %v", row, file, err)
		}
		files[file] = true
		for _, n := range strings.Split(names, ", ") {
			if !canaryNames[n] {
				t.Errorf("row %q: no canary %q in canary_test.go", row, n)
			}
			inTable[n] = true
		}
	}
	if rows == 0 {
		t.Fatal("no workaround rows found in doc.go")
	}
	for n := range canaryNames {
		if !inTable[n] {
			t.Errorf("canary %q has no row in the package documentation", n)
		}
	}
	fixes, _ := filepath.Glob("fix_*.go")
	for _, f := range fixes {
		if strings.HasSuffix(f, "_test.go") || files[f] {
			continue
		}
		if !strings.Contains(doc, "("+f+";") {
			t.Errorf("%s is neither in the workaround table nor named as a guard", f)
		}
	}
}

// TestPassOrderIsChecked shows that a pass needing a fact provided later
// is refused.
func TestPassOrderIsChecked(t *testing.T) {
	if err := checkPasses(passes); err != nil {
		t.Fatalf("the engine's passes: %v", err)
	}
	bad := []pass{
		{name: "indexdefine", needs: []fact{factStashes}},
		{name: "stash", provides: []fact{factStashes}},
	}
	if err := checkPasses(bad); err == nil || !strings.Contains(err.Error(), `"indexdefine" needs "stashes"`) {
		t.Errorf("out-of-order passes: got %v", err)
	}
	if err := checkPasses([]pass{{name: "x", needs: []fact{"nothing"}}}); err == nil {
		t.Error("a need nothing provides was accepted")
	}
}

// TestUndeclaredFactPanics shows that a pass reading a fact it did not
// declare is caught when it runs.
func TestUndeclaredFactPanics(t *testing.T) {
	p := &prep{cur: &pass{name: "sloppy"}}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `"sloppy" uses fact "stashes"`) {
			t.Errorf("recovered %v", r)
		}
	}()
	p.stashed(nil)
}
