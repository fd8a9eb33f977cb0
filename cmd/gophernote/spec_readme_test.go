package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The README's table of what Go gophernote runs and what it refuses
// (section "What Go runs") is written from a full TestGoSpec run by
// GOPHERNOTE_SPEC_WRITE_README=1 (make conformance-update), between the
// markers readmeTableStart and readmeTableEnd. TestSpecReadmeTable checks
// it against the committed lists without running the suite.

const (
	readmeTableStart = "<!-- go-spec table: written by `make conformance-update` from a full TestGoSpec run; do not edit -->\n"
	readmeTableEnd   = "<!-- end of go-spec table -->\n"
)

// specClasses are the rows of the README's first table: the construct
// classes of Go's test suite, by folder.
var specClasses = []struct {
	name    string
	folders []string
}{
	{"the language: expressions, statements, types, methods, interfaces, goroutines and channels (top level, `ken/`, `chan/`, `interface/`)", []string{".", "ken", "chan", "interface"}},
	{"generics (`typeparam/`)", []string{"typeparam", "typeparam/mdempsky"}},
	{"regression programs of fixed compiler bugs (`fixedbugs/`)", []string{"fixedbugs"}},
}

// refusalClassRe cuts an error down to the engine's words: the name and
// cell of the error, a position, the position the engine appends.
var (
	refusalPrefixRe = regexp.MustCompile(`^(cell \d+: )?(CompileError|Panic): (cell \d+, )?(\d+:\d+: )?`)
	refusalSuffixRe = regexp.MustCompile(` \[(at|in) [^\]]*\]$`)
)

// refusalClass is the construct a refusal names: the engine's message up
// to its explanation (the first ": " or "; "), numbers as N.
func refusalClass(err string) string {
	s := refusalPrefixRe.ReplaceAllString(err, "")
	s = refusalSuffixRe.ReplaceAllString(s, "")
	if i := indexOutside(s, ": "); i > 0 {
		s = s[:i]
	}
	if i := indexOutside(s, "; "); i > 0 {
		s = s[:i]
	}
	s = groupNumRe.ReplaceAllString(s, "N")
	s = strings.ReplaceAll(s, "|", `\|`)
	if len(s) > 140 {
		s = s[:140] + "…"
	}
	return s
}

// indexOutside is strings.Index(s, sep) for a sep outside brackets: a
// type the message names (struct{deep; *bytes.Buffer}) stays whole.
func indexOutside(s, sep string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth > 0 {
				depth--
			}
		}
		if depth == 0 && strings.HasPrefix(s[i:], sep) {
			return i
		}
	}
	return -1
}

// specReadmeTable is the README's table from a full run's results over
// total programs, outside of them out of scope (some have no runs: they
// do not build or join).
func specReadmeTable(results []specResult, total, outside int) string {
	type tally struct {
		programs     map[string]bool
		n, pass      [2]int
		verdictRuns  map[string]int
		verdictProgs map[string]map[string]bool
	}
	newTally := func() *tally {
		return &tally{programs: map[string]bool{}, verdictRuns: map[string]int{}, verdictProgs: map[string]map[string]bool{}}
	}
	add := func(t *tally, r specResult) {
		m := 0
		if r.Mode == "notebook" {
			m = 1
		}
		t.programs[r.Program] = true
		t.n[m]++
		if r.Verdict == vPass {
			t.pass[m]++
			return
		}
		t.verdictRuns[r.Verdict]++
		if t.verdictProgs[r.Verdict] == nil {
			t.verdictProgs[r.Verdict] = map[string]bool{}
		}
		t.verdictProgs[r.Verdict][r.Program] = true
	}
	classes := make([]*tally, len(specClasses)+1) // the last: other folders
	for i := range classes {
		classes[i] = newTally()
	}
	in, out := newTally(), newTally()
	refusals := map[string]map[string]bool{} // class -> programs
	example := map[string]string{}
	for _, r := range results {
		if r.Scope != "in" {
			add(out, r)
			continue
		}
		add(in, r)
		c := len(specClasses)
		for i, sc := range specClasses {
			if slices.Contains(sc.folders, r.Folder) {
				c = i
			}
		}
		add(classes[c], r)
		if r.Verdict == vRefused {
			k := refusalClass(r.Error)
			if refusals[k] == nil {
				refusals[k] = map[string]bool{}
				example[k] = r.Program
			}
			refusals[k][r.Program] = true
		}
	}
	pct := func(a, b int) string {
		if b == 0 {
			return "–"
		}
		return fmt.Sprintf("%d/%d (%.1f%%)", a, b, 100*float64(a)/float64(b))
	}
	row := func(b *strings.Builder, name string, t *tally, programs int) {
		fmt.Fprintf(b, "| %s | %d | %s | %s | %d | %d | %d | %d |\n", name, programs, pct(t.pass[0], t.n[0]), pct(t.pass[1], t.n[1]),
			len(t.verdictProgs[vRefused]), len(t.verdictProgs[vCrash]), len(t.verdictProgs[vSilent]), len(t.verdictProgs[vSlow]))
	}
	var b strings.Builder
	b.WriteString(readmeTableStart)
	fmt.Fprintf(&b, "\nGo's own test suite (%s): %d programs, each run compiled, as `gophernote run FILE.go` and as two notebook cells.\n"+
		"A program counts under refused, crash, silent or slow when one of its two runs did; runs in scope: script %d, notebook %d.\n\n",
		runtime.Version(), total, in.n[0], in.n[1])
	b.WriteString("| construct class | programs | pass as a script | pass as notebook cells | refused | crash | silent | slow |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for i, sc := range specClasses {
		row(&b, sc.name, classes[i], len(classes[i].programs))
	}
	if other := classes[len(specClasses)]; len(other.programs) > 0 {
		row(&b, "other folders", other, len(other.programs))
	}
	row(&b, "**all in scope**", in, len(in.programs))
	row(&b, "out of scope: tests of the compiler, linker or runtime (`out-of-scope.tsv`)", out, outside)
	b.WriteString("\nRefused, by construct (in scope; the engine's message, before the construct runs):\n\n")
	b.WriteString("| the construct, in the error's words | programs | e.g. |\n|---|---:|---|\n")
	keys := slices.Collect(maps.Keys(refusals))
	slices.SortFunc(keys, func(a, c string) int {
		if d := len(refusals[c]) - len(refusals[a]); d != 0 {
			return d
		}
		return strings.Compare(a, c)
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "| %s | %d | `%s` |\n", k, len(refusals[k]), example[k])
	}
	b.WriteString("\n" + readmeTableEnd)
	return b.String()
}

// readmePath is the repository's README.
var readmePath = filepath.Join("..", "..", "README.md")

// readmeTable returns the README's generated table (markers included).
func readmeTable() (before, table, after string, err error) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		return "", "", "", err
	}
	s := string(data)
	i, j := strings.Index(s, readmeTableStart), strings.Index(s, readmeTableEnd)
	if i < 0 || j < i {
		return "", "", "", fmt.Errorf("README.md has no go-spec table (%q ... %q)", readmeTableStart, readmeTableEnd)
	}
	j += len(readmeTableEnd)
	return s[:i], s[i:j], s[j:], nil
}

// writeReadmeTable replaces the README's table.
func writeReadmeTable(t *testing.T, table string) {
	before, _, after, err := readmeTable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(readmePath, []byte(before+table+after), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("go-spec: wrote the table of %s", readmePath)
}

// TestSpecReadmeTable checks the README's table against the committed
// lists: the out-of-scope programs are those of out-of-scope.tsv, the
// silent programs those known-silent.tsv lists as silent, every refusal
// class is in the engine's words, and each row's counts add up.
// tableRefusalRe: refusals in the engine's words that name neither the
// interpreter nor gophernote (reflect's method views, fmt's printing).
var tableRefusalRe = regexp.MustCompile(`cannot see the methods of the cell's types|as Go would|\bhas method\b`)

func TestSpecReadmeTable(t *testing.T) {
	_, table, _, err := readmeTable()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table, "\n| ") {
		t.Skip("the README's go-spec table is not written yet: make conformance-update (a full run) writes it")
	}
	var rows [][]string
	for _, l := range strings.Split(table, "\n") {
		if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| construct class") && !strings.HasPrefix(l, "| the construct") {
			cells := strings.Split(strings.Trim(l, "| "), " | ")
			rows = append(rows, cells)
		}
	}
	num := func(s string) int {
		s, _, _ = strings.Cut(s, "/")
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			t.Fatalf("README go-spec table: %q is not a count", s)
		}
		return n
	}
	var inScope, outScope []string
	var classProgs, refusedRows int
	for _, r := range rows {
		switch {
		case len(r) == 8 && r[0] == "**all in scope**":
			inScope = r
		case len(r) == 8 && strings.HasPrefix(r[0], "out of scope"):
			outScope = r
		case len(r) == 8:
			classProgs += num(r[1])
		case len(r) == 3:
			refusedRows++
			// A row's text is the message cut at its first colon or at 140
			// characters ("…"): a cut one may have lost the words, and
			// the engine's own refusals of reflect's method views and of
			// fmt's printing name what Go would do instead.
			if !writtenRefusalRe.MatchString(r[0]) && !refusalRe.MatchString("Panic: "+r[0]+" 1:1") &&
				!strings.HasSuffix(r[0], "…") && !tableRefusalRe.MatchString(r[0]) {
				t.Errorf("README go-spec table: refusal %q is not in the engine's words (writtenRefusalRe, refusalRe)", r[0])
			}
		}
	}
	if inScope == nil || outScope == nil {
		t.Fatalf("README go-spec table lacks the in-scope or out-of-scope row:\n%s", table)
	}
	if n := num(inScope[1]); n != classProgs {
		t.Errorf("README go-spec table: the classes hold %d programs, the in-scope row %d", classProgs, n)
	}
	if num(inScope[4]) > 0 && refusedRows == 0 {
		t.Errorf("README go-spec table: %s programs refused but no refusal listed", inScope[4])
	}
	scope, err := os.ReadFile(filepath.Join("testdata", "spec", "out-of-scope.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	nScope := 0
	for _, l := range strings.Split(string(scope), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			nScope++
		}
	}
	if n := num(outScope[1]); n != nScope {
		t.Errorf("README go-spec table: %d programs out of scope, out-of-scope.tsv lists %d: make conformance-update", n, nScope)
	}
	known := readKnownSilent(t, filepath.Join("testdata", "spec", "known-silent.tsv"))
	silent, flaky := map[string]bool{}, map[string]bool{}
	outside := scopeListed(t)
	for key, k := range known {
		prog, _, _ := strings.Cut(key, "\t")
		switch {
		case slices.Contains(outside, prog):
		case k.verdict == vSilent:
			silent[prog] = true
		case k.verdict == "flaky":
			flaky[prog] = true
		}
	}
	// A flaky program may have been silent in the run that wrote the table.
	// A table written from make test's mode (notebooks sampled: fewer
	// notebook runs than script runs) counts only the sampled notebooks,
	// so the list may hold more silent programs than it counts.
	sampled := false
	if m := regexp.MustCompile(`runs in scope: script (\d+), notebook (\d+)`).FindStringSubmatch(table); m != nil {
		sn, _ := strconv.Atoi(m[1])
		nn, _ := strconv.Atoi(m[2])
		sampled = nn < sn
	}
	if n := num(inScope[6]); (n < len(silent) && !sampled) || n > len(silent)+len(flaky) {
		t.Errorf("README go-spec table: %d programs in scope silent, known-silent.tsv lists %d (and %d flaky): make conformance-update",
			n, len(silent), len(flaky))
	}
}

// scopeListed is the programs of out-of-scope.tsv.
func scopeListed(t *testing.T) []string {
	data, err := os.ReadFile(filepath.Join("testdata", "spec", "out-of-scope.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var progs []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			p, _, _ := strings.Cut(l, "\t")
			progs = append(progs, p)
		}
	}
	return progs
}

// TestSpecWriteReadme writes the README's table from the report of a full
// run (GOPHERNOTE_SPEC_README_FROM=conformance.jsonl) without running the
// suite again; skipped without it.
func TestSpecWriteReadme(t *testing.T) {
	file := os.Getenv("GOPHERNOTE_SPEC_README_FROM")
	if file == "" {
		t.Skip("GOPHERNOTE_SPEC_README_FROM=REPORT.jsonl writes the README's go-spec table from a full run's report")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var results []specResult
	programs := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r specResult
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		results = append(results, r)
		programs[r.Program] = true
	}
	outside := scopeListed(t)
	for _, p := range outside {
		programs[p] = true // one that does not build has no runs
	}
	writeReadmeTable(t, specReadmeTable(results, len(programs), len(outside)))
}
