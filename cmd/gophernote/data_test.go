package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/kernel/runner"
)

// sharedSources returns ../shared/data/_sources beside the repository root,
// the original files the downloader tests serve.
func sharedSources(t *testing.T) string {
	t.Helper()
	p := filepath.Join(testDir, "..", "..", "..", "shared", "data", "_sources")
	if _, err := os.Stat(p); err != nil {
		t.Skip("no ../shared/data/_sources beside the repository: these tests serve its files")
	}
	return p
}

// testDir is the package folder, where the tests start.
var testDir, _ = os.Getwd()

// sourceServer serves the original files under the raw-URL layout and
// counts requests.
func sourceServer(t *testing.T) (*httptest.Server, func() int) {
	h := data.SourcesHandler(sharedSources(t))
	var mu sync.Mutex
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, func() int { mu.Lock(); defer mu.Unlock(); return n }
}

// cleanEnv is the environment without the data settings, with HOME and
// the cache at home.
func cleanEnv(home string, extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "HOME", "XDG_CACHE_HOME", data.EnvVar, data.EnvBaseURL, data.EnvOffline:
			continue
		}
		env = append(env, kv)
	}
	return append(append(env, "HOME="+home), extra...)
}

// runIn runs the binary in dir with exactly env.
func runIn(t *testing.T, dir string, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir, cmd.Env = dir, env
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

// TestDataCommand drives `gophernote data` as a user would, from a local
// mirror (--base-url): fetch --all rebuilds the 21 tables byte for byte
// (their sha256 equal to the catalog's, which are those of
// ../shared/data), list shows them cached with licences and citations,
// verify passes and then names a corrupted table, path finds them.
func TestDataCommand(t *testing.T) {
	srv, _ := sourceServer(t)
	root := t.TempDir()
	home, work := filepath.Join(root, "home"), filepath.Join(root, "work")
	os.MkdirAll(work, 0o755)
	env := cleanEnv(home)
	cache := filepath.Join(home, ".cache", "gophernote", "data")

	out, errOut, code := runIn(t, work, env, "data", "path")
	if code != 0 || strings.TrimSpace(out) != cache {
		t.Fatalf("data path = %q (exit %d, %s), want %s", out, code, errOut, cache)
	}
	out, errOut, code = runIn(t, work, env, "data", "fetch", "--all", "--base-url", srv.URL)
	if code != 0 || !strings.Contains(out, "21 tables in "+cache+": 21 fetched, 0 already present, 0 failed") {
		t.Fatalf("fetch --all: exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "fetching 21 tables (18 files) from 127.0.0.1") || !strings.Contains(errOut, "8.4 MiB") {
		t.Errorf("no progress line on stderr: %q", errOut)
	}
	for _, d := range data.Datasets() {
		b, err := os.ReadFile(filepath.Join(cache, d.Name))
		if err != nil {
			t.Fatal(err)
		}
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != d.SHA256 {
			t.Errorf("%s: sha256 differs from the canonical table", d.Name)
		}
	}
	out, _, code = runIn(t, work, env, "data", "list")
	if !regexp.MustCompile(`\nllmonkeys/pythia_math_pass_at_k_per_problem\.csv +90496 +3\.7 MiB +cache +none \[\d\] +RylanSchaeffer/`).MatchString(out) {
		t.Errorf("list row of the pass@k table:\n%s", out)
	}
	for _, want := range []string{"21 of 21 tables found; cache: " + cache,
		"Apache-2.0 [", "none [", "Licence: none granted", "Cite: Caballero, Gupta, Rish and Krueger (2023)", "arXiv:2502.17578",
		"RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power @ cd078ae"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("list lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "  cache  ") != 21 {
		t.Errorf("list does not show all 21 tables cached:\n%s", out)
	}
	out, _, code = runIn(t, work, env, "data", "verify")
	if code != 0 || !strings.Contains(out, "21 of 21 tables intact, 0 problems") {
		t.Errorf("verify: exit %d\n%s", code, out)
	}
	out, _, code = runIn(t, work, env, "data", "path", "bnsl")
	if code != 0 || strings.TrimSpace(out) != filepath.Join(cache, "bnsl", "bnsl_4digit_addition.csv") {
		t.Errorf("path bnsl = %q (exit %d)", out, code)
	}
	// Corrupt one table: verify fails naming it; fetch repairs it.
	p := filepath.Join(cache, "epoch_benchmarks", "GPQA_diamond.csv")
	b, _ := os.ReadFile(p)
	os.WriteFile(p, append(b, '\n'), 0o644)
	out, _, code = runIn(t, work, env, "data", "verify")
	if code != 1 || !strings.Contains(out, "PROBLEM  epoch_benchmarks/GPQA_diamond.csv: corrupt") {
		t.Errorf("verify of a corrupt cache: exit %d\n%s", code, out)
	}
	out, _, code = runIn(t, work, env, "data", "fetch", "epoch_benchmarks", "--base-url="+srv.URL)
	if code != 0 || !strings.Contains(out, "fetched  epoch_benchmarks/GPQA_diamond.csv") || !strings.Contains(out, "1 fetched, 4 already present") {
		t.Errorf("repair: exit %d\n%s", code, out)
	}
}

// TestDataCommandMirrorEnvAndErrors: $GOPHERNOTE_DATA and
// $GOPHERNOTE_DATA_URL select the folder and the mirror; --missing skips
// what a data folder already holds; bad input gets one clear message.
func TestDataCommandMirrorEnvAndErrors(t *testing.T) {
	srv, requests := sourceServer(t)
	root := t.TempDir()
	dir := filepath.Join(root, "d")
	env := cleanEnv(filepath.Join(root, "home"), data.EnvVar+"="+dir, data.EnvBaseURL+"="+srv.URL)
	out, errOut, code := runIn(t, root, env, "data", "fetch", "chinchilla/svg_extracted_data", "bnsl")
	if code != 0 || !strings.Contains(out, "2 tables in "+dir+": 2 fetched") {
		t.Fatalf("fetch via env: exit %d\n%s\n%s", code, out, errOut)
	}
	if requests() != 1 {
		t.Errorf("%d requests, want 1 (the BNSL points are built in)", requests())
	}
	out, _, code = runIn(t, root, env, "data", "fetch", "--missing", "chinchilla")
	if code != 0 || !strings.Contains(out, "1 tables in "+dir+": 1 fetched, 0 already present") || strings.Contains(out, "svg_extracted") {
		t.Errorf("--missing: exit %d\n%s", code, out)
	}
	out, _, code = runIn(t, root, env, "data", "fetch", "--missing", "chinchilla")
	if code != 0 || !strings.Contains(out, "all 2 tables are already in a data folder") {
		t.Errorf("--missing with nothing missing: exit %d\n%s", code, out)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"data", "fetch"}, 2, "name the tables to fetch, or --all"},
		{[]string{"data", "fetch", "--everything"}, 2, "unknown flag --everything"},
		{[]string{"data", "fetch", "monkeys"}, 1, `unknown dataset "monkeys"`},
		{[]string{"data", "fetch", "bnsl", "--base-url"}, 2, "flag --base-url needs a value"},
		{[]string{"data", "frob"}, 2, `unknown subcommand "frob"`},
		{[]string{"data", "path", "llmonkeys/pythia_math_avg_pass_at_k.csv"}, 1, "not found (gophernote data fetch llmonkeys/pythia_math_avg_pass_at_k.csv)"},
	} {
		_, errOut, code := runIn(t, root, env, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, want %d and %q:\n%s", c.args, code, c.code, c.want, errOut)
		}
	}
	// A mirror serving nothing: the error names the table and the 404.
	dead := httptest.NewServer(http.NotFoundHandler())
	defer dead.Close()
	_, errOut, code = runIn(t, root, env, "data", "fetch", "leaderboard/obsscaling_base_llm_leaderboard_v2_eval", "--base-url", dead.URL)
	if code != 1 || !strings.Contains(errOut, "leaderboard/obsscaling_base_llm_leaderboard_v2_eval.csv: ryoungj/ObsScaling/eval_results/base_llm_leaderboard_v2_eval.csv: GET "+dead.URL) || !strings.Contains(errOut, "404 Not Found") {
		t.Errorf("dead mirror: exit %d\n%s", code, errOut)
	}
}

// TestNotebook01FreshClone is the fresh-clone path end to end: notebook 01
// in a folder with no ../shared/data beside it, HOME a new empty folder,
// no data settings but the mirror (the local server standing in for
// GitHub). The first loader call fetches the tables into
// ~/.cache/gophernote/data with a progress bar in the cell; the notebook's
// summary equals the one committed with the notebook.
func TestNotebook01FreshClone(t *testing.T) {
	srv, requests := sourceServer(t)
	root := t.TempDir()
	clone, home := filepath.Join(root, "clone"), filepath.Join(root, "home")
	nbDir := filepath.Join(clone, "notebooks")
	os.MkdirAll(nbDir, 0o755)
	committed, err := os.ReadFile(filepath.Join(testDir, "..", "..", "notebooks", "01_passk.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(nbDir, "01_passk.ipynb"), committed, 0o644)
	env := cleanEnv(home, data.EnvBaseURL+"="+srv.URL)
	out, errOut, code := runIn(t, nbDir, env, "run", "01_passk.ipynb", "--out", filepath.Join(root, "out"), "--timeout", "5m")
	if code != 0 {
		t.Fatalf("gophernote run: exit %d\n%s\n%s", code, out, errOut)
	}
	cache := filepath.Join(home, ".cache", "gophernote", "data")
	m, err := data.ReadManifest(cache)
	if err != nil || len(m.Tables) == 0 {
		t.Fatalf("nothing fetched into %s (%v): is a shared/data folder reachable from %s?", cache, err, nbDir)
	}
	for _, n := range []string{"llmonkeys/pythia_math_per_problem_counts.csv", "llmonkeys/pythia_math_pass_at_k_per_problem.csv"} {
		if e, ok := m.Tables[n]; !ok || !strings.HasPrefix(e.Sources[0].URL, srv.URL+"/RylanSchaeffer/") {
			t.Errorf("manifest lacks %s: %+v", n, m.Tables)
		}
	}
	if requests() != 1 {
		t.Errorf("%d requests; both tables come from one parquet file", requests())
	}
	ran, err := os.ReadFile(filepath.Join(root, "out", "01_passk.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	fresh, bar := nbSummary(t, ran)
	want, _ := nbSummary(t, committed)
	if want == "" {
		t.Fatal("notebooks/01_passk.ipynb carries no summary output: commit it executed (make notebooks)")
	}
	if runner.MaskTimes(fresh) != runner.MaskTimes(want) {
		t.Errorf("summary from the fresh clone\n%s\ndiffers from the committed one\n%s", fresh, want)
	}
	if !strings.Contains(bar, "fetching 3 tables (1 file) from 127.0.0.1") || !strings.Contains(bar, "881/881 (100%)") || !strings.Contains(bar, "done") {
		t.Errorf("no finished progress bar in the cell that fetched: %q", bar)
	}
}

// nbSummary returns a notebook's last application/json output (as
// canonical JSON) and the text of its first progress output.
func nbSummary(t *testing.T, raw []byte) (summary, progress string) {
	t.Helper()
	var nb struct {
		Cells []struct {
			Outputs []struct {
				Data map[string]any `json:"data"`
			} `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(raw, &nb); err != nil {
		t.Fatal(err)
	}
	for _, c := range nb.Cells {
		for _, o := range c.Outputs {
			if js, ok := o.Data["application/json"]; ok {
				b, _ := json.Marshal(js)
				summary = string(b)
			}
			if txt := fmt.Sprint(o.Data["text/plain"]); progress == "" && strings.Contains(txt, "fetching") {
				progress = txt
			}
		}
	}
	return summary, progress
}
