package data

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// BenchmarkFetchAll measures `fetch --all` from a local server (the 8.4 MiB
// of ../shared/data/_sources over loopback HTTP): download, size and
// sha256 checks, parquet decoding, the T1–T9 conversions, the table
// hashes and the atomic writes of all 21 tables into an empty folder. The
// baseline, run side by side, is the raw byte copy of the same 18 files
// through the same server and client with the same concurrency (GET, write,
// fsync; no hashing, decoding or converting): the floor a downloader
// cannot beat. It prints
//
//	BENCH data-fetch-all gophernote=<s> rawcopy=<s> ratio=<x>
//
// with the fastest of 5 interleaved runs of each (the least noisy
// estimate on a shared machine). Goal (issue 11): gophernote < 2 s.
func BenchmarkFetchAll(b *testing.B) {
	srv := newSourceServer(b, nil)
	var files []*SourceFile
	seen := map[*SourceFile]bool{}
	for _, d := range catalog {
		for _, f := range d.Sources {
			if !seen[f] {
				seen[f] = true
				files = append(files, f)
			}
		}
	}
	ours, raw := time.Duration(1<<62), time.Duration(1<<62)
	for i := 0; i < 5; i++ {
		dir := b.TempDir()
		t0 := time.Now()
		res, err := Fetch([]string{"all"}, FetchOptions{Dir: dir, BaseURL: srv.URL})
		if err != nil || len(res.Fetched) != 21 {
			b.Fatal(res, err)
		}
		ours = min(ours, time.Since(t0))

		dir = b.TempDir()
		t0 = time.Now()
		if err := rawCopy(srv.URL, dir, files); err != nil {
			b.Fatal(err)
		}
		raw = min(raw, time.Since(t0))
	}
	fmt.Printf("BENCH data-fetch-all gophernote=%.3f rawcopy=%.3f ratio=%.2f\n", ours.Seconds(), raw.Seconds(), ours.Seconds()/raw.Seconds())
}

// rawCopy downloads files into dir as they are, four at a time.
func rawCopy(base, dir string, files []*SourceFile) error {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	errs := make([]error, len(files))
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = func() error {
				resp, err := defaultClient.Get(f.URL(base))
				if err != nil {
					return err
				}
				defer resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					return fmt.Errorf("%s: %s", f.Path, resp.Status)
				}
				p := filepath.Join(dir, f.Repo.Name, filepath.FromSlash(f.Path))
				os.MkdirAll(filepath.Dir(p), 0o755)
				out, err := os.Create(p)
				if err != nil {
					return err
				}
				defer out.Close()
				if _, err := io.Copy(out, resp.Body); err != nil {
					return err
				}
				return out.Sync()
			}()
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
