package data

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
)

// EnvBaseURL names the environment variable that points downloads at a
// mirror: a server laid out like raw.githubusercontent.com
// (BASE/OWNER/REPO/COMMIT/PATH). FetchOptions.BaseURL overrides it.
const EnvBaseURL = "GOPHERNOTE_DATA_URL"

// EnvOffline names the environment variable that, set to 1 (or true,
// yes), stops loaders from downloading a missing table on first use: they
// fail at once with the message that says how to get it.
const EnvOffline = "GOPHERNOTE_DATA_OFFLINE"

// FetchOptions configure Fetch. The zero value fetches into CacheDir from
// $GOPHERNOTE_DATA_URL or GitHub, without a progress display.
type FetchOptions struct {
	// Dir is the folder the tables are written to (default CacheDir()).
	Dir string
	// BaseURL is the server of the source files (default
	// $GOPHERNOTE_DATA_URL, else DefaultBaseURL).
	BaseURL string
	// Client makes the requests (default: one with 30 s connect, TLS and
	// response-header timeouts and no overall limit).
	Client *http.Client
	// Force downloads and rebuilds tables that Dir already holds intact.
	Force bool
	// Context, when set, stops the downloads once cancelled (nothing
	// partial is written); in a notebook cell pass display.Context().
	Context context.Context
	// Progress, when set, is called with the KiB downloaded and the
	// fetch's total, at most about 100 times and once at the end, never
	// concurrently.
	Progress func(done, total int)
	// Display, when set, starts a labelled progress display of the
	// download (a terminal bar, a cell's bar: see TerminalProgress).
	Display ProgressFunc
	// StallTimeout abandons a download that receives no byte for this long
	// (default 30 s); it is retried like a reset connection.
	StallTimeout time.Duration
	// Retries is the number of extra attempts after a network error, a
	// stall or an HTTP 5xx (default 2). A 4xx answer or a size or sha256
	// mismatch is never retried.
	Retries int
	// NoRetry makes every attempt the last (Retries is ignored).
	NoRetry bool
	// Now stamps the manifest (default time.Now).
	Now func() time.Time
}

// FetchResult reports what Fetch did.
type FetchResult struct {
	Dir string
	// Fetched are the tables downloaded and written, Present those Dir
	// already held intact (left alone), Failed those that could not be
	// built (see the error).
	Fetched, Present, Failed []string
	// Bytes is the number of source bytes downloaded.
	Bytes int64
}

// Fetch downloads the original files of the named tables (see Resolve:
// table names, folders or "all") from their repositories at the pinned
// commits, checks each file's size and sha256, rebuilds the tables
// (PROVENANCE.md T1–T9), checks each table's sha256 and writes it into
// the folder atomically (temporary file, fsync, rename), recording it in
// the folder's manifest.json. Nothing unverified is ever written.
//
// Tables built from the same files are fetched together. Concurrent
// fetches into one folder (other goroutines or processes) take turns
// through a lock file, so each table is downloaded once and both callers
// succeed. An error names every table that failed and why (which file,
// which URL, expected and actual size or sha256); the others are still
// written.
func Fetch(names []string, opt FetchOptions) (*FetchResult, error) {
	ctx := opt.Context
	if ctx == nil {
		ctx = context.Background()
	}
	if opt.Retries < 0 {
		return nil, fmt.Errorf("data: FetchOptions.Retries = %d, need >= 0 (0 means 2; NoRetry for none)", opt.Retries)
	}
	want, err := Resolve(names...)
	if err != nil {
		return nil, err
	}
	if opt.Dir == "" {
		if opt.Dir, err = CacheDir(); err != nil {
			return nil, err
		}
	}
	if opt.BaseURL == "" {
		opt.BaseURL = os.Getenv(EnvBaseURL)
	}
	if opt.BaseURL == "" {
		opt.BaseURL = DefaultBaseURL
	}
	if opt.Client == nil {
		opt.Client = defaultClient
	}
	if opt.StallTimeout <= 0 {
		opt.StallTimeout = 30 * time.Second
	}
	if opt.Retries == 0 {
		opt.Retries = 2
	}
	if opt.NoRetry {
		opt.Retries = 0
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if err := os.MkdirAll(opt.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("data: cache folder: %w", err)
	}
	unlock, err := lockDir(ctx, opt.Dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	removeTemps(opt.Dir)

	res := &FetchResult{Dir: opt.Dir}
	var todo []*Dataset
	for _, n := range want {
		d := byName[n]
		if !opt.Force && intact(filepath.Join(opt.Dir, filepath.FromSlash(d.Name)), d) == nil {
			res.Present = append(res.Present, n)
			continue
		}
		todo = append(todo, d)
	}
	if len(todo) == 0 {
		return res, nil
	}

	// Download every source once.
	var files []*SourceFile
	seen := map[*SourceFile]bool{}
	var total int64
	for _, d := range todo {
		for _, f := range d.Sources {
			if !seen[f] {
				seen[f] = true
				files = append(files, f)
				total += f.Size
			}
		}
	}
	var bar *byteProgress
	if (opt.Display != nil || opt.Progress != nil) && total > 0 {
		kib := int((total + 1023) / 1024)
		bar = &byteProgress{report: opt.Progress, total: kib}
		if opt.Display != nil {
			bar.p = opt.Display(kib, fetchLabel(todo, len(files), opt.BaseURL))
		}
	}
	set := newSourceSet()
	fileErr := map[*SourceFile]error{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for _, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			b, err := download(ctx, f, opt, bar)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				fileErr[f] = err
				return
			}
			set.raw[f] = b
			res.Bytes += int64(len(b))
		}()
	}
	wg.Wait()
	bar.done()

	// Build and check the tables whose files all arrived, in parallel.
	type built struct {
		d   *Dataset
		b   []byte
		err error
	}
	out := make([]built, len(todo))
	sem = make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, d := range todo {
		out[i].d = d
		var missing []error
		for _, f := range d.Sources {
			if e := fileErr[f]; e != nil {
				missing = append(missing, e)
			}
		}
		if missing != nil {
			out[i].err = errors.Join(missing...)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			b, err := d.buildFrom(set)
			if err == nil {
				err = checkTable(d, b)
			}
			out[i].b, out[i].err = b, err
		}()
	}
	wg.Wait()

	m, err := readManifest(opt.Dir)
	if err != nil {
		return nil, err
	}
	var errs []error
	now := opt.Now().UTC().Format(time.RFC3339)
	for _, o := range out {
		if o.err == nil {
			o.err = writeAtomic(filepath.Join(opt.Dir, filepath.FromSlash(o.d.Name)), o.b)
		}
		if o.err != nil {
			res.Failed = append(res.Failed, o.d.Name)
			errs = append(errs, fmt.Errorf("%s: %w", o.d.Name, o.err))
			continue
		}
		res.Fetched = append(res.Fetched, o.d.Name)
		m.Tables[o.d.Name] = manifestEntry(o.d, opt.BaseURL, now)
	}
	if b, ok := set.raw[srcObsLic]; ok {
		if err := writeAtomic(filepath.Join(opt.Dir, filepath.FromSlash(ObsScalingLicence)), b); err != nil {
			errs = append(errs, err)
		}
	}
	if len(res.Fetched) > 0 {
		if err := writeManifest(opt.Dir, m); err != nil {
			errs = append(errs, err)
		}
	}
	if errs != nil {
		if cause, ok := unreachable(errs); ok {
			return res, &unreachableError{
				short: fmt.Sprintf("cannot reach %s (%s)", hostOf(opt.BaseURL), cause),
				msg: fmt.Sprintf("data: cannot reach %s (%s), so %d of %d tables were not fetched. "+
					"With network access run the command again; or fetch from a mirror laid out like raw.githubusercontent.com "+
					"(--base-url URL, or $%s); or copy the tables into %s by hand (`gophernote data list` names each one's source)",
					hostOf(opt.BaseURL), cause, len(res.Failed), len(want), EnvBaseURL, opt.Dir),
				errs: errs,
			}
		}
		return res, fmt.Errorf("data: fetching into %s failed for %d of %d tables:\n  %w", opt.Dir, len(res.Failed), len(want), joinIndented(errs))
	}
	return res, nil
}

// unreachableError is a fetch in which no request reached the server: one
// message instead of the same network error once per table. It unwraps to
// every table's error.
type unreachableError struct {
	short, msg string // short: "cannot reach HOST (cause)", for a loader's message
	errs       []error
}

func (e *unreachableError) Error() string   { return e.msg }
func (e *unreachableError) Unwrap() []error { return e.errs }

// unreachable reports whether every error is a failure to connect (a
// name that does not resolve, a refused or timed-out dial) and returns
// the first one's cause. An HTTP status, a reset mid-transfer or a hash
// mismatch is not: those keep their per-table lines.
func unreachable(errs []error) (string, bool) {
	cause := ""
	for _, err := range errs {
		var dns *net.DNSError
		var op *net.OpError
		switch {
		case errors.As(err, &dns):
			if cause == "" {
				cause = "lookup " + dns.Name + ": " + dns.Err
			}
		case errors.As(err, &op) && op.Op == "dial":
			if cause == "" {
				cause = op.Error()
			}
		default:
			return "", false
		}
	}
	return cause, cause != ""
}

// hostOf is the host of a base URL, or the URL itself.
func hostOf(base string) string {
	if u, err := url.Parse(base); err == nil && u.Host != "" {
		return u.Host
	}
	return base
}

// joinIndented joins errors one per line.
func joinIndented(errs []error) error {
	return indentedErrors(errs)
}

// indentedErrors prints one error a line, indented, and unwraps to all of
// them, so errors.Is(err, context.Canceled) holds for a cancelled fetch.
type indentedErrors []error

func (e indentedErrors) Error() string {
	msgs := make([]string, len(e))
	for i, err := range e {
		msgs[i] = strings.ReplaceAll(err.Error(), "\n", "\n    ")
	}
	return strings.Join(msgs, "\n  ")
}

func (e indentedErrors) Unwrap() []error { return e }

func fetchLabel(todo []*Dataset, files int, base string) string {
	host := strings.TrimPrefix(strings.TrimPrefix(base, "https://"), "http://")
	if len(todo) == 1 {
		return fmt.Sprintf("fetching %s from %s", todo[0].Name, host)
	}
	if files == 1 {
		return fmt.Sprintf("fetching %d tables (1 file) from %s", len(todo), host)
	}
	return fmt.Sprintf("fetching %d tables (%d files) from %s", len(todo), files, host)
}

var defaultClient = &http.Client{Transport: &http.Transport{
	Proxy:                 http.ProxyFromEnvironment,
	DialContext:           (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
	TLSHandshakeTimeout:   30 * time.Second,
	ResponseHeaderTimeout: 30 * time.Second,
	MaxIdleConnsPerHost:   4,
	ForceAttemptHTTP2:     true,
}}

// errStalled is the cause of a download cancelled for receiving nothing.
var errStalled = errors.New("stalled")

// download fetches one source, retrying transient failures, and checks its
// size and sha256. It returns the bytes only when both match.
func download(ctx context.Context, f *SourceFile, opt FetchOptions, bar *byteProgress) ([]byte, error) {
	url := f.URL(opt.BaseURL)
	var counted int64 // bytes already shown by the progress bar
	var err error
	for attempt := 0; ; attempt++ {
		var b []byte
		var retry bool
		b, retry, err = get(ctx, url, f, opt, bar, &counted)
		if err == nil {
			return b, nil
		}
		if !retry || attempt >= opt.Retries || ctx.Err() != nil {
			break
		}
		select {
		case <-time.After(time.Duration(attempt+1) * 300 * time.Millisecond):
		case <-ctx.Done():
		}
	}
	return nil, fmt.Errorf("%s/%s: %w", f.Repo.Slug(), f.Path, err)
}

// get makes one attempt; retry says whether a failure is transient.
func get(ctx context.Context, url string, f *SourceFile, opt FetchOptions, bar *byteProgress, counted *int64) (b []byte, retry bool, err error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stall := time.AfterFunc(opt.StallTimeout, func() { cancel(errStalled) })
	defer stall.Stop()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, false, err
	}
	resp, err := opt.Client.Do(req)
	if err != nil {
		return nil, true, netErr(ctx, url, opt.StallTimeout, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, resp.StatusCode >= 500, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	// Read at most twice the expected size (plus slack), enough to report
	// the hash of a wrong file without letting a broken server fill memory.
	limit := 2*f.Size + 1<<20
	h := sha256.New()
	buf := make([]byte, 0, f.Size)
	chunk := make([]byte, 64<<10)
	for {
		n, rerr := resp.Body.Read(chunk)
		if n > 0 {
			stall.Reset(opt.StallTimeout)
			buf = append(buf, chunk[:n]...)
			h.Write(chunk[:n])
			if int64(len(buf)) > *counted && int64(len(buf)) <= f.Size {
				bar.add(int64(len(buf)) - *counted)
				*counted = int64(len(buf))
			}
			if int64(len(buf)) > limit {
				return nil, false, fmt.Errorf("size mismatch for %s: expected %d bytes, the server sent more than %d (%s)", f.Path, f.Size, limit, url)
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return nil, true, netErr(ctx, url, opt.StallTimeout, rerr)
		}
	}
	got := hex.EncodeToString(h.Sum(nil))
	if int64(len(buf)) != f.Size {
		return nil, false, fmt.Errorf("size mismatch for %s: expected %d bytes (sha256 %s), got %d bytes (sha256 %s) from %s", f.Path, f.Size, f.SHA256, len(buf), got, url)
	}
	if got != f.SHA256 {
		return nil, false, fmt.Errorf("sha256 mismatch for %s: expected %s, got %s (%d bytes from %s)", f.Path, f.SHA256, got, len(buf), url)
	}
	return buf, false, nil
}

// netErr words a transport error, naming a stall as such.
func netErr(ctx context.Context, url string, stall time.Duration, err error) error {
	if errors.Is(context.Cause(ctx), errStalled) {
		return fmt.Errorf("GET %s: no data for %v (stalled download abandoned)", url, stall)
	}
	return fmt.Errorf("GET %s: %w", url, unwrapURL(err))
}

// unwrapURL drops net/http's "Get URL:" prefix, which netErr adds itself.
func unwrapURL(err error) error {
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) && strings.HasPrefix(err.Error(), "Get ") {
		if inner := ue.Unwrap(); inner != nil {
			return inner
		}
	}
	return err
}

// checkTable compares a built table with the catalog's size and sha256.
func checkTable(d *Dataset, b []byte) error {
	sum := sha256.Sum256(b)
	got := hex.EncodeToString(sum[:])
	if int64(len(b)) != d.Size || got != d.SHA256 {
		return fmt.Errorf("the rebuilt table differs from the canonical one: expected %d bytes sha256 %s, got %d bytes sha256 %s (transformation %s); nothing was written", d.Size, d.SHA256, len(b), got, d.Transform)
	}
	return nil
}

// intact checks the file at p against d's size and sha256.
func intact(p string, d *Dataset) error {
	st, err := os.Stat(p)
	if err != nil {
		return err
	}
	if st.Size() != d.Size {
		return fmt.Errorf("%s: %d bytes, expected %d", p, st.Size(), d.Size)
	}
	got, err := fileSHA256(p)
	if err != nil {
		return err
	}
	if got != d.SHA256 {
		return fmt.Errorf("%s: sha256 %s, expected %s", p, got, d.SHA256)
	}
	return nil
}

func fileSHA256(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// writeAtomic writes b to path so that readers see the old file or the
// whole new one, never a part: a temporary file in the same folder,
// fsync, rename, then an fsync of the folder (best effort).
func writeAtomic(path string, b []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*"+tempSuffix)
	if err != nil {
		return err
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if _, err := f.Write(b); err != nil {
		return fail(err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// tempSuffix marks Fetch's temporary files; a fetch holding the lock
// removes any left by a killed process.
const tempSuffix = ".gophernote-tmp"

func removeTemps(dir string) {
	// Only where Fetch writes: the folder and the catalog's subfolders
	// (the folder may be a large one named by $GOPHERNOTE_DATA).
	patterns := []string{filepath.Join(dir, "*"+tempSuffix)}
	for _, f := range folders() {
		patterns = append(patterns, filepath.Join(dir, f, "*"+tempSuffix))
	}
	for _, p := range patterns {
		matches, _ := filepath.Glob(p)
		for _, m := range matches {
			os.Remove(m)
		}
	}
}

// siblings returns d's name and those of the tables built only from files
// d also needs: fetching them together costs no extra download.
func siblings(d *Dataset) []string {
	have := map[*SourceFile]bool{}
	for _, f := range d.Sources {
		have[f] = true
	}
	out := []string{d.Name}
	for _, t := range catalog {
		if t == d || len(t.Sources) == 0 {
			continue
		}
		all := true
		for _, f := range t.Sources {
			all = all && have[f]
		}
		if all {
			out = append(out, t.Name)
		}
	}
	sort.Strings(out[1:])
	return out
}
