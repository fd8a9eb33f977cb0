package data

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is a Progress that remembers what it was told.
type recorder struct {
	mu     sync.Mutex
	total  int
	label  string
	n      int
	done   int
	starts int
}

func (r *recorder) start(total int, label string) Progress {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.total, r.label = total, label
	r.starts++
	return r
}
func (r *recorder) Add(n int) { r.mu.Lock(); r.n += n; r.mu.Unlock() }
func (r *recorder) Done()     { r.mu.Lock(); r.done++; r.mu.Unlock() }

// TestReadCSVFetchesOnFirstUse: a loader reading a catalogued table that no
// folder holds downloads it (and the tables built from the same file) into
// the cache with a progress display, then reads it; a second read makes no
// request.
func TestReadCSVFetchesOnFirstUse(t *testing.T) {
	srv := newSourceServer(t, nil)
	cache := isolate(t)
	t.Setenv(EnvBaseURL, srv.URL)
	rec := &recorder{}
	SetAutoProgress(rec.start)
	defer SetAutoProgress(nil)
	if p, ok := find("llmonkeys/pythia_math_per_problem_counts.csv"); ok {
		t.Fatalf("the table is already reachable at %s: the test needs a machine where it is not", p)
	}

	tb, err := ReadCSV("llmonkeys/pythia_math_per_problem_counts.csv")
	if err != nil {
		t.Fatal(err)
	}
	if tb.Len() != 896 {
		t.Errorf("%d rows, want 896", tb.Len())
	}
	for _, n := range []string{"pythia_math_per_problem_counts.csv", "pythia_math_pass_at_k_per_problem.csv", "pythia_math_avg_pass_at_k.csv"} {
		if _, err := os.Stat(filepath.Join(cache, "llmonkeys", n)); err != nil {
			t.Errorf("sibling table not fetched: %v", err)
		}
	}
	if rec.starts != 1 || rec.done != 1 || rec.total != (901757+1023)/1024 || rec.n != rec.total || !strings.Contains(rec.label, "3 tables") {
		t.Errorf("progress: %+v", rec)
	}
	if _, err := Path("llmonkeys/pythia_math_avg_pass_at_k.csv"); err != nil || srv.requests() != 1 {
		t.Errorf("second table: %v after %d requests", err, srv.requests())
	}
}

// TestMissingTableOneMessage: offline (or when the download fails) a
// loader fails with one message naming the command to run and the place
// to put the file by hand.
func TestMissingTableOneMessage(t *testing.T) {
	cache := isolate(t)
	t.Setenv(EnvOffline, "1")
	_, err := ReadCSV("pythia_checkpoints/gsm8k_per_problem_counts.csv")
	want := []string{
		"pythia_checkpoints/gsm8k_per_problem_counts.csv is not on this machine",
		"$GOPHERNOTE_DATA_OFFLINE is set",
		"`gophernote data fetch pythia_checkpoints/gsm8k_per_problem_counts.csv`",
		"`gophernote data fetch --all`",
		filepath.Join(cache, "pythia_checkpoints", "gsm8k_per_problem_counts.csv"),
		"https://raw.githubusercontent.com/RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power/cd078aef2a13e4310fab204860b99c4c39c25d40/data/raw_data/large_language_monkeys/gsm8k_pass_at_k.parquet",
	}
	for _, w := range want {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("offline error lacks %q:\n%v", w, err)
		}
	}
	if err != nil && strings.Contains(err.Error(), "\n") {
		t.Errorf("the message must be one line:\n%v", err)
	}
	if err != nil && strings.Contains(err.Error(), "nor a dataset") {
		t.Errorf("a catalogued table is a dataset; the message must not say otherwise:\n%v", err)
	}

	// Online but the server fails: the same message with the cause.
	t.Setenv(EnvOffline, "")
	srv := newSourceServer(t, func(http.Handler) http.Handler { return http.NotFoundHandler() })
	t.Setenv(EnvBaseURL, srv.URL)
	SetAutoProgress(func(int, string) Progress { return multiProgress{} })
	defer SetAutoProgress(nil)
	_, err = Path("chinchilla/svg_extracted_data.csv")
	if err == nil || !strings.Contains(err.Error(), "404 Not Found") || !strings.Contains(err.Error(), "`gophernote data fetch chinchilla/svg_extracted_data.csv`") || strings.Contains(err.Error(), "\n") {
		t.Errorf("failed download: %v", err)
	}
	if got := files(t, cache); fmt.Sprint(got) != "[.lock]" {
		t.Errorf("files left in the cache: %v", got)
	}
}

// TestUnreachableServerOneMessage: when no request reaches the server (a
// refused dial here; a name that does not resolve on a machine without
// network), fetch says so once — host, cause, and the three ways out —
// instead of the same network error once per table, and still unwraps to
// each table's error. A loader's message carries the short form.
func TestUnreachableServerOneMessage(t *testing.T) {
	isolate(t)
	t.Setenv(EnvOffline, "")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	host := l.Addr().String()
	l.Close() // nothing listens there now: every dial is refused
	base := "http://" + host
	dir := t.TempDir()
	_, err = Fetch([]string{"all"}, FetchOptions{Dir: dir, BaseURL: base, NoRetry: true})
	if err == nil {
		t.Fatal("fetch from a closed port succeeded")
	}
	msg := err.Error()
	for _, w := range []string{"cannot reach " + host, "connection refused", "20 of 21 tables were not fetched", "--base-url URL", "$" + EnvBaseURL, dir} {
		if !strings.Contains(msg, w) {
			t.Errorf("error lacks %q:\n%s", w, msg)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("the message must be one line:\n%s", msg)
	}
	var op *net.OpError
	if !errors.As(err, &op) || op.Op != "dial" {
		t.Errorf("the error does not unwrap to the dial error: %#v", err)
	}

	t.Setenv(EnvBaseURL, base)
	SetAutoProgress(func(int, string) Progress { return multiProgress{} })
	defer SetAutoProgress(nil)
	_, err = ReadCSV("chinchilla/svg_extracted_data.csv")
	if err == nil || !strings.Contains(err.Error(), "(cannot reach "+host+" (") ||
		!strings.Contains(err.Error(), "`gophernote data fetch chinchilla/svg_extracted_data.csv`") || strings.Contains(err.Error(), "nor a dataset") {
		t.Errorf("loader: %v", err)
	}
}

// TestVerifyFindsCorruption: verify re-hashes the cache and names a table
// whose bytes changed, with both hashes, and one copied in by hand.
func TestVerifyFindsCorruption(t *testing.T) {
	srv := newSourceServer(t, nil)
	dir := t.TempDir()
	if _, err := Fetch([]string{"epoch_benchmarks"}, FetchOptions{Dir: dir, BaseURL: srv.URL}); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "epoch_benchmarks", "MATH_level_5.csv")
	b, _ := os.ReadFile(p)
	b[50] ^= 2
	os.WriteFile(p, b, 0o644)
	bnsl := filepath.Join(dir, "bnsl", "bnsl_4digit_addition.csv")
	os.MkdirAll(filepath.Dir(bnsl), 0o755)
	pts, _ := buildT9(nil)
	os.WriteFile(bnsl, pts, 0o644)
	ok, probs, err := Verify(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ok) != 4 || len(probs) != 2 {
		t.Fatalf("ok %v, problems %v", ok, probs)
	}
	all := fmt.Sprint(probs)
	for _, w := range []string{"epoch_benchmarks/MATH_level_5.csv: corrupt", "expected c0c7bf5e81272bc97f4d590ee3bceb27127a987a3670e97979559fe48ba50bdd", "bnsl/bnsl_4digit_addition.csv: intact but not in manifest.json"} {
		if !strings.Contains(all, w) {
			t.Errorf("verify lacks %q: %s", w, all)
		}
	}
	// A fetch replaces the corrupt copy.
	res, err := Fetch([]string{"epoch_benchmarks"}, FetchOptions{Dir: dir, BaseURL: srv.URL})
	if err != nil || fmt.Sprint(res.Fetched) != "[epoch_benchmarks/MATH_level_5.csv]" {
		t.Errorf("refetch: %+v %v", res, err)
	}
}

// TestFetchTwoProcesses: two processes fetching the same tables into one
// folder at the same time both succeed, the files are downloaded once and
// one copy of each is left. The server holds the first download until the
// second process reports that it waits for the first one's lock, so the
// two really overlap.
func TestFetchTwoProcesses(t *testing.T) {
	release := make(chan struct{})
	var once sync.Once
	arrived := make(chan struct{})
	srv := newSourceServer(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			once.Do(func() { close(arrived) })
			<-release
			h.ServeHTTP(w, r)
		})
	})
	dir := t.TempDir()
	start := func() (*exec.Cmd, *bufio.Scanner) {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "GOPHERNOTE_TEST_FETCH_CHILD="+dir, EnvBaseURL+"="+srv.URL)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = cmd.Stdout
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd, bufio.NewScanner(out)
	}
	a, aOut := start()
	select {
	case <-arrived:
	case <-time.After(60 * time.Second):
		t.Fatal("the first process made no request within 60 s")
	}
	b, bOut := start()
	waited := make(chan bool, 1)
	go func() {
		for bOut.Scan() {
			if strings.Contains(bOut.Text(), "waiting for another fetch") {
				waited <- true
			}
		}
		waited <- false
	}()
	select {
	case w := <-waited:
		if !w {
			t.Error("the second process never waited for the first")
		}
	case <-time.After(60 * time.Second):
		t.Error("the second process did not report waiting within 60 s")
	}
	close(release)
	var aText strings.Builder
	for aOut.Scan() {
		aText.WriteString(aOut.Text() + "\n")
	}
	if err := a.Wait(); err != nil {
		t.Errorf("first process: %v\n%s", err, aText.String())
	}
	if err := b.Wait(); err != nil {
		t.Errorf("second process: %v", err)
	}
	for p, n := range srv.count {
		if n != 1 {
			t.Errorf("%s downloaded %d times", p, n)
		}
	}
	got := files(t, dir)
	if fmt.Sprint(got) != "[.lock manifest.json pythia_checkpoints/gsm8k_per_problem_counts.csv pythia_checkpoints/models_pythia.csv]" {
		t.Errorf("files: %v", got)
	}
}

// TestMain runs the child processes of TestFetchTwoProcesses.
func TestMain(m *testing.M) {
	if dir := os.Getenv("GOPHERNOTE_TEST_FETCH_CHILD"); dir != "" {
		SetLockWaitLog(os.Stdout)
		res, err := Fetch([]string{"pythia_checkpoints/gsm8k_per_problem_counts.csv", "pythia_checkpoints/models_pythia.csv"}, FetchOptions{Dir: dir})
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		fmt.Printf("fetched %v present %v\n", res.Fetched, res.Present)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestFirstUseFetchStopsWithCell: a first-use download stops when the
// running cell's context (SetAutoContext) is cancelled, writes nothing, and
// the loader's message says so.
func TestFirstUseFetchStopsWithCell(t *testing.T) {
	started := make(chan struct{}, 1)
	srv := newSourceServer(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "23224")
			w.Write(make([]byte, 1000))
			w.(http.Flusher).Flush()
			started <- struct{}{}
			<-r.Context().Done()
		})
	})
	cache := isolate(t)
	t.Setenv(EnvBaseURL, srv.URL)
	ctx, cancel := context.WithCancel(context.Background())
	SetAutoContext(func() context.Context { return ctx })
	SetAutoProgress(func(int, string) Progress { return multiProgress{} })
	defer func() { SetAutoContext(nil); SetAutoProgress(nil) }()
	go func() { <-started; cancel() }()
	t0 := time.Now()
	_, err := Path("chinchilla/svg_extracted_data.csv")
	if err == nil || !strings.Contains(err.Error(), "context canceled") || !strings.Contains(err.Error(), "gophernote data fetch chinchilla/svg_extracted_data.csv") {
		t.Errorf("interrupted first-use fetch: %v", err)
	}
	if d := time.Since(t0); d > 10*time.Second {
		t.Errorf("the download did not stop with the cell (%v)", d)
	}
	if got := files(t, cache); fmt.Sprint(got) != "[.lock]" {
		t.Errorf("files left: %v", got)
	}
}
