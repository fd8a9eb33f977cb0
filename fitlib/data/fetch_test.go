package data

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// sharedData returns ../shared/data (beside the repository root), which
// holds the canonical tables and, in _sources/, the original files. Tests
// of the downloader need both; without them they cannot run.
func sharedData(t testing.TB) string {
	t.Helper()
	if startDir == "" {
		t.Fatal("no working directory")
	}
	for dir := startDir; ; dir = filepath.Dir(dir) {
		p := filepath.Join(dir, "..", "shared", "data")
		if st, err := os.Stat(filepath.Join(p, "_sources")); err == nil && st.IsDir() {
			return p
		}
		if filepath.Dir(dir) == dir {
			t.Skip("no ../shared/data/_sources beside the repository: the downloader tests serve those files")
		}
	}
}

// startDir is the package folder, where tests start (some change the
// working directory).
var startDir, _ = os.Getwd()

// sourceServer serves _sources under the raw-URL layout and counts the
// requests per path.
type sourceServer struct {
	*httptest.Server
	mu    sync.Mutex
	count map[string]int
}

func newSourceServer(t testing.TB, wrap func(http.Handler) http.Handler) *sourceServer {
	t.Helper()
	h := SourcesHandler(filepath.Join(sharedData(t), "_sources"))
	if wrap != nil {
		h = wrap(h)
	}
	s := &sourceServer{count: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.count[r.URL.Path]++
		s.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *sourceServer) requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.count {
		n += c
	}
	return n
}

// isolate points the lookup at a fresh empty cache and working directory
// and clears the mirror and offline settings.
func isolate(t *testing.T) string {
	t.Helper()
	cache := filepath.Join(t.TempDir(), "cache")
	t.Setenv(EnvVar, cache)
	t.Setenv(EnvBaseURL, "")
	t.Setenv(EnvOffline, "")
	t.Chdir(t.TempDir())
	return cache
}

// files lists the regular files under dir (slash paths), sorted.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			r, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(r))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

var fixedNow = func() time.Time { return time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC) }

// TestFetchAllByteIdentical: fetch --all from a local server reproduces
// every one of the 21 tables of ../shared/data byte for byte, records each
// in the manifest, keeps ObsScaling's licence, and a second fetch
// downloads nothing.
func TestFetchAllByteIdentical(t *testing.T) {
	shared := sharedData(t)
	srv := newSourceServer(t, nil)
	dir := t.TempDir()
	res, err := Fetch([]string{"all"}, FetchOptions{Dir: dir, BaseURL: srv.URL, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Fetched) != 21 || len(catalog) != 21 {
		t.Fatalf("fetched %d tables, catalog has %d; want 21", len(res.Fetched), len(catalog))
	}
	for _, d := range catalog {
		got, err := os.ReadFile(filepath.Join(dir, d.Name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(shared, d.Name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes differ from ../shared/data's %d", d.Name, len(got), len(want))
		}
	}
	// The 17 source data files of PROVENANCE.md plus ObsScaling's
	// LICENSE, each requested once.
	if len(srv.count) != 18 {
		t.Errorf("%d distinct files requested, want 18: %v", len(srv.count), srv.count)
	}
	for p, n := range srv.count {
		if n != 1 {
			t.Errorf("%s requested %d times", p, n)
		}
	}
	lic, err := os.ReadFile(filepath.Join(dir, ObsScalingLicence))
	if err != nil || !bytes.Contains(lic, []byte("Apache License")) {
		t.Errorf("ObsScaling licence not kept beside its tables: %v", err)
	}
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	e, ok := m.Tables["pythia_checkpoints/gsm8k_per_problem_counts.csv"]
	if !ok || e.FetchedAt != "2026-12-01T12:00:00Z" || e.Transform != "T7" || len(e.Sources) != 2 ||
		e.Sources[0].URL != srv.URL+"/RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power/cd078aef2a13e4310fab204860b99c4c39c25d40/data/raw_data/large_language_monkeys/gsm8k_pass_at_k.parquet" ||
		e.Sources[0].SHA256 != "48a79ead300b0ac41db1b8091861ed6d4e3093d100514e6677482ca31e8f5e3d" || e.SHA256 != "0fe061bc68f828645e5b737178978d8b5f18a8168b6379b4049fa516e318c0c5" {
		t.Errorf("manifest entry: %+v", e)
	}
	if b := m.Tables["bnsl/bnsl_4digit_addition.csv"]; len(b.Sources) != 0 || !strings.Contains(b.Note, "arXiv:2210.14891") {
		t.Errorf("BNSL manifest entry must cite the paper: %+v", b)
	}
	if len(m.Tables) != 21 {
		t.Errorf("manifest has %d entries", len(m.Tables))
	}
	ok2, probs, err := Verify(dir)
	if err != nil || len(probs) != 0 || len(ok2) != 21 {
		t.Errorf("verify: %d ok, problems %v, %v", len(ok2), probs, err)
	}

	before := srv.requests()
	res, err = Fetch([]string{"all"}, FetchOptions{Dir: dir, BaseURL: srv.URL})
	if err != nil || len(res.Present) != 21 || len(res.Fetched) != 0 || srv.requests() != before {
		t.Errorf("second fetch: %+v, %v, %d new requests", res, err, srv.requests()-before)
	}
}

// TestFetchHashMismatch: a source whose bytes differ (same size, one byte
// changed) is rejected with its name and both hashes; nothing is written.
func TestFetchHashMismatch(t *testing.T) {
	orig := filepath.Join(sharedData(t), "_sources", "analyzing-chinchilla", "data", "svg_extracted_data.csv")
	good, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Clone(good)
	bad[100] ^= 1
	sum := sha256.Sum256(bad)
	srv := newSourceServer(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/data/svg_extracted_data.csv") {
				w.Write(bad)
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	dir := t.TempDir()
	res, err := Fetch([]string{"chinchilla"}, FetchOptions{Dir: dir, BaseURL: srv.URL})
	if err == nil {
		t.Fatal("a corrupted source was accepted")
	}
	for _, want := range []string{"chinchilla/svg_extracted_data.csv", "data/svg_extracted_data.csv", "sha256 mismatch",
		"expected " + srcSVG.SHA256, "got " + hex.EncodeToString(sum[:])} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	if fmt.Sprint(res.Failed) != "[chinchilla/svg_extracted_data.csv]" || fmt.Sprint(res.Fetched) != "[chinchilla/chinchilla_model_parameters.csv]" {
		t.Errorf("result %+v", res)
	}
	if got := files(t, dir); fmt.Sprint(got) != "[.lock chinchilla/chinchilla_model_parameters.csv manifest.json]" {
		t.Errorf("files left: %v", got)
	}
	if srv.count["/epoch-research/analyzing-chinchilla/92258837425e1b5f2851d624287f0120583a3d0e/data/svg_extracted_data.csv"] != 1 {
		t.Errorf("a hash mismatch must not be retried: %v", srv.count)
	}
}

// TestFetchSizeMismatch: a truncated source is rejected naming the file,
// both sizes and both hashes; nothing is written.
func TestFetchSizeMismatch(t *testing.T) {
	srv := newSourceServer(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/models_pythia.csv") {
				w.Write([]byte("Model Family,Model Nickname\n"))
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	dir := t.TempDir()
	_, err := Fetch([]string{"pythia_checkpoints/models_pythia.csv"}, FetchOptions{Dir: dir, BaseURL: srv.URL})
	sum := sha256.Sum256([]byte("Model Family,Model Nickname\n"))
	for _, want := range []string{"pythia_checkpoints/models_pythia.csv", "size mismatch", "expected 8909 bytes", srcModels.SHA256, "got 28 bytes", hex.EncodeToString(sum[:])} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
	if got := files(t, dir); fmt.Sprint(got) != "[.lock]" {
		t.Errorf("files left: %v", got)
	}
}

// TestFetchFailedDownloads: a 404, a connection reset mid-body and a
// stalled body each fail with a message naming the cause and leave no
// file, partial or whole; transient failures are retried, a 404 is not.
func TestFetchFailedDownloads(t *testing.T) {
	const target = "/data/chinchilla_model_parameters.csv"
	cases := []struct {
		name, want string
		tries      int
		serve      func(w http.ResponseWriter, r *http.Request)
	}{
		{"404", "404 Not Found", 1, http.NotFound},
		{"reset", "GET ", 2, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "7727")
			w.Write(make([]byte, 3000))
			w.(http.Flusher).Flush()
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		}},
		{"stall", "stalled download abandoned", 2, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "7727")
			w.Write(make([]byte, 3000))
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		}},
		{"500", "500 Internal Server Error", 2, func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "boom", http.StatusInternalServerError)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := newSourceServer(t, func(h http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if strings.HasSuffix(r.URL.Path, target) {
						c.serve(w, r)
						return
					}
					h.ServeHTTP(w, r)
				})
			})
			dir := t.TempDir()
			_, err := Fetch([]string{"chinchilla/chinchilla_model_parameters.csv"},
				FetchOptions{Dir: dir, BaseURL: srv.URL, StallTimeout: 200 * time.Millisecond, Retries: 1})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "chinchilla/chinchilla_model_parameters.csv") {
				t.Fatalf("want an error naming the table and %q, got %v", c.want, err)
			}
			if got := files(t, dir); fmt.Sprint(got) != "[.lock]" {
				t.Errorf("files left: %v", got)
			}
			if n := srv.requests(); n != c.tries {
				t.Errorf("%d requests, want %d", n, c.tries)
			}
		})
	}
}

// TestFetchTempFilesOfKilledFetchRemoved: temporary files a killed process
// left behind are removed by the next fetch (which holds the lock).
func TestFetchTempFilesOfKilledFetchRemoved(t *testing.T) {
	srv := newSourceServer(t, nil)
	dir := t.TempDir()
	stale := filepath.Join(dir, "bnsl", ".bnsl_4digit_addition.csv.123"+tempSuffix)
	os.MkdirAll(filepath.Dir(stale), 0o755)
	os.WriteFile(stale, []byte("partial"), 0o644)
	if _, err := Fetch([]string{"bnsl"}, FetchOptions{Dir: dir, BaseURL: srv.URL}); err != nil {
		t.Fatal(err)
	}
	if got := files(t, dir); fmt.Sprint(got) != "[.lock bnsl/bnsl_4digit_addition.csv manifest.json]" {
		t.Errorf("files: %v", got)
	}
	if srv.requests() != 0 {
		t.Errorf("the BNSL points are built in, yet %d requests were made", srv.requests())
	}
}

// TestFetchMirror: $GOPHERNOTE_DATA_URL (and FetchOptions.BaseURL, which
// wins) point the download at a mirror under any path prefix.
func TestFetchMirror(t *testing.T) {
	srv := newSourceServer(t, func(h http.Handler) http.Handler {
		return http.StripPrefix("/mirror/raw", h)
	})
	t.Setenv(EnvBaseURL, srv.URL+"/mirror/raw/")
	dir := t.TempDir()
	if _, err := Fetch([]string{"epoch_benchmarks/GPQA_diamond.csv"}, FetchOptions{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	want := "/mirror/raw/hlzhang109/prescriptive-scaling/5bdca776562c9b9cf716ec0179e284e93e622ce4/outputs_epoch_ai_benchmarks_runs/sigmoid/no_split/points/GPQA_diamond.csv"
	if srv.count[want] != 1 {
		t.Errorf("requests %v, want %s", srv.count, want)
	}
	m, _ := ReadManifest(dir)
	if u := m.Tables["epoch_benchmarks/GPQA_diamond.csv"].Sources[0].URL; u != srv.URL+want {
		t.Errorf("manifest URL %s", u)
	}
	// The option overrides the variable: a dead mirror in the variable is
	// not used.
	t.Setenv(EnvBaseURL, "http://127.0.0.1:1/nothing")
	dir2 := t.TempDir()
	if _, err := Fetch([]string{"epoch_benchmarks/GPQA_diamond.csv"}, FetchOptions{Dir: dir2, BaseURL: srv.URL + "/mirror/raw"}); err != nil {
		t.Fatal(err)
	}
}

// TestFetchConcurrentGoroutines: two fetches of the same tables at once
// into one folder both succeed, and each file is downloaded once.
func TestFetchConcurrentGoroutines(t *testing.T) {
	srv := newSourceServer(t, nil)
	dir := t.TempDir()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = Fetch([]string{"leaderboard"}, FetchOptions{Dir: dir, BaseURL: srv.URL})
		}()
	}
	wg.Wait()
	if errors.Join(errs...) != nil {
		t.Fatal(errs)
	}
	for p, n := range srv.count {
		if n != 1 {
			t.Errorf("%s downloaded %d times", p, n)
		}
	}
	if got := files(t, dir); len(got) != 7 { // 4 tables, licence, manifest, lock
		t.Errorf("files: %v", got)
	}
}

// TestResolveNames: tables with or without .csv, folders, all, and an
// unknown name listing the folders.
func TestResolveNames(t *testing.T) {
	got, err := Resolve("bnsl", "llmonkeys/pythia_math_avg_pass_at_k", "chinchilla/svg_extracted_data.csv")
	if err != nil || fmt.Sprint(got) != "[bnsl/bnsl_4digit_addition.csv chinchilla/svg_extracted_data.csv llmonkeys/pythia_math_avg_pass_at_k.csv]" {
		t.Errorf("Resolve = %v, %v", got, err)
	}
	all, _ := Resolve("all")
	if len(all) != 21 {
		t.Errorf("all = %d tables", len(all))
	}
	_, err = Resolve("llmonkey")
	if err == nil || !strings.Contains(err.Error(), `"llmonkey"`) || !strings.Contains(err.Error(), "bnsl, chinchilla, epoch_benchmarks, leaderboard, llmonkeys, pythia_checkpoints") {
		t.Errorf("unknown name: %v", err)
	}
	if s := fmt.Sprint(siblings(byName["llmonkeys/pythia_math_per_problem_counts.csv"])); s != "[llmonkeys/pythia_math_per_problem_counts.csv llmonkeys/pythia_math_avg_pass_at_k.csv llmonkeys/pythia_math_pass_at_k_per_problem.csv]" {
		t.Errorf("siblings: %s", s)
	}
	if s := fmt.Sprint(siblings(byName["pythia_checkpoints/gsm8k_per_problem_counts.csv"])); s != "[pythia_checkpoints/gsm8k_per_problem_counts.csv pythia_checkpoints/models_pythia.csv]" {
		t.Errorf("siblings: %s", s)
	}
}

// TestFloatFormats pins F17 and PYR on PROVENANCE.md's examples and on
// Python's repr rules (checked against CPython: repr(1.0) == '1.0',
// repr(1e-05) == '1e-05', repr(0.0001) == '0.0001', repr(1e16) ==
// '1e+16', repr(123456789012345.6) == '123456789012345.6').
func TestFloatFormats(t *testing.T) {
	for v, want := range map[float64]string{0.012199999999999545: "0.012199999999999545", 9.9999999999988987e-05: "9.9999999999988987e-05", 0: "0", 2.52e+21: "2.52e+21", 52.030306503853353: "52.030306503853353"} {
		if got := f17(v); got != want {
			t.Errorf("f17(%v) = %s, want %s", v, got, want)
		}
	}
	for v, want := range map[float64]string{1: "1.0", 1e-5: "1e-05", 0.0001: "0.0001", 1e16: "1e+16", 123456789012345.6: "123456789012345.6", 0.0006468749999999825: "0.0006468749999999825", 0.1: "0.1", 1.5e-7: "1.5e-07"} {
		if got := pyr(v); got != want {
			t.Errorf("pyr(%v) = %s, want %s", v, got, want)
		}
	}
}

// TestFetchProgressAndContext: FetchOptions.Progress hears the KiB
// downloaded, in order, at most about 100 times, ending at the total; a
// cancelled FetchOptions.Context stops the fetch with its error; a
// negative Retries is an error.
func TestFetchProgressAndContext(t *testing.T) {
	srv := newSourceServer(t, nil)
	var got []int
	total := 0
	_, err := Fetch([]string{"chinchilla"}, FetchOptions{Dir: t.TempDir(), BaseURL: srv.URL, Progress: func(done, tot int) {
		got = append(got, done)
		total = tot
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || len(got) > 101 || got[len(got)-1] != total || total < 20 {
		t.Fatalf("progress %v of %d KiB", got, total)
	}
	for i := 1; i < len(got); i++ {
		if got[i] < got[i-1] {
			t.Fatalf("progress out of order: %v", got)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Fetch([]string{"chinchilla"}, FetchOptions{Dir: t.TempDir(), BaseURL: srv.URL, Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled fetch: %v", err)
	}
	if _, err := Fetch([]string{"chinchilla"}, FetchOptions{Dir: t.TempDir(), BaseURL: srv.URL, Retries: -1}); err == nil || !strings.Contains(err.Error(), "Retries = -1") {
		t.Errorf("negative Retries: %v", err)
	}
}
