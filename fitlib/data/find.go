package data

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// EnvVar names the environment variable that points at the dataset folder.
const EnvVar = "GOPHERNOTE_DATA"

// Source records where a dataset file was published (built from the
// catalog: see Datasets for sizes, hashes and transformations).
type Source struct {
	Repository string // owner/name @ commit
	Path       string // file path inside the repository, when known
	About      string // what the file holds
}

// sources maps a dataset file (relative to the data folder) to its origin.
var sources = map[string]Source{}

func init() {
	for _, d := range catalog {
		s := Source{Repository: d.Repo.Slug() + " @ " + d.Repo.Commit[:7], About: d.About}
		if len(d.Sources) > 0 {
			s.Path = d.Sources[0].Path
		}
		sources[d.Name] = s
	}
}

// Dirs returns the folders searched for datasets, in order: $GOPHERNOTE_DATA
// when set; ./data and ../shared/data of the working directory and of each
// of its parents; then, when $GOPHERNOTE_DATA is not set, the user cache
// folder that `gophernote data fetch` fills (see CacheDir).
func Dirs() []string {
	var dirs []string
	env := os.Getenv(EnvVar)
	if env != "" {
		dirs = append(dirs, env)
	}
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; {
			dirs = append(dirs, filepath.Join(dir, "data"), filepath.Join(dir, "..", "shared", "data"))
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	if env == "" {
		if c, err := CacheDir(); err == nil {
			dirs = append(dirs, c)
		}
	}
	return dirs
}

// find returns the first file named rel (slash-separated) in Dirs.
func find(rel string) (string, bool) {
	for _, d := range Dirs() {
		p := filepath.Join(d, filepath.FromSlash(rel))
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			if abs, err := filepath.Abs(p); err == nil {
				return abs, true
			}
			return p, true
		}
	}
	return "", false
}

// Path returns the absolute path of the dataset file rel (for example
// "chinchilla/svg_extracted_data.csv"), searching Dirs. A catalogued table
// that no folder holds is fetched into CacheDir on first use (with the
// SetAutoProgress bar) together with the tables built from the same files —
// unless $GOPHERNOTE_DATA_OFFLINE is set or the download fails; then the
// error says which command fetches it and where to put the file by hand.
func Path(rel string) (string, error) {
	if rel == "" {
		return "", errors.New("data: empty dataset name")
	}
	if filepath.IsAbs(rel) {
		if _, err := os.Stat(rel); err != nil {
			return "", fmt.Errorf("data: %w", err)
		}
		return rel, nil
	}
	clean := filepath.ToSlash(filepath.Clean(rel))
	if p, ok := find(clean); ok {
		return p, nil
	}
	if d, ok := byName[clean]; ok {
		return autoFetch(d)
	}
	dirs := Dirs()
	msg := fmt.Sprintf("data: %s not found (set $%s to the dataset folder; searched %s)", clean, EnvVar, strings.Join(shorten(dirs), ", "))
	if s, ok := sources[clean]; ok {
		where := s.Repository
		if s.Path != "" {
			where += " " + s.Path
		}
		msg += fmt.Sprintf("; it is published at %s (%s)", where, s.About)
	}
	return "", errors.New(msg)
}

// autoMu serializes first-use fetches within the process (the folder lock
// serializes them across processes).
var autoMu sync.Mutex

// autoFetch fetches d (and its siblings) into CacheDir for Path.
func autoFetch(d *Dataset) (string, error) {
	autoMu.Lock()
	defer autoMu.Unlock()
	if p, ok := find(d.Name); ok { // fetched meanwhile by another call
		return p, nil
	}
	dir, err := CacheDir()
	if err != nil {
		return "", err
	}
	dest := filepath.Join(dir, filepath.FromSlash(d.Name))
	if offline() {
		return "", missingError(d, dest, fmt.Errorf("$%s is set", EnvOffline))
	}
	auto.mu.Lock()
	prog, actx := auto.progress, auto.context
	auto.mu.Unlock()
	if prog == nil {
		prog = TerminalProgress(os.Stderr)
	}
	ctx := context.Background()
	if actx != nil {
		ctx = actx()
	}
	_, err = Fetch(siblings(d), FetchOptions{Context: ctx, Dir: dir, Display: prog, NoRetry: true})
	if st, serr := os.Stat(dest); serr == nil && !st.IsDir() {
		return dest, nil // d itself arrived even if a sibling failed
	}
	if err == nil {
		err = fmt.Errorf("%s was not written", dest)
	}
	return "", missingError(d, dest, err)
}

func offline() bool {
	switch strings.ToLower(os.Getenv(EnvOffline)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// missingError is the one message a loader gives for a table it can
// neither find nor download.
func missingError(d *Dataset, dest string, cause error) error {
	from := "it is built in"
	if len(d.Sources) > 0 {
		from = "it is rebuilt from " + d.Sources[0].URL(baseURL())
	}
	why := firstLine(cause)
	var ue *unreachableError
	if errors.As(cause, &ue) {
		why = ue.short
	}
	return fmt.Errorf("data: %s is not on this machine and was not downloaded (%v). "+
		"Run `gophernote data fetch %s` (or `gophernote data fetch --all`) with network access, "+
		"or put the file at %s by hand (or in a folder named by $%s); %s",
		d.Name, why, d.Name, dest, EnvVar, from)
}

func baseURL() string {
	if b := os.Getenv(EnvBaseURL); b != "" {
		return b
	}
	return DefaultBaseURL
}

// firstLine shortens a multi-line fetch error to its most specific line.
func firstLine(err error) string {
	lines := strings.Split(err.Error(), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// shorten keeps the error readable: $GOPHERNOTE_DATA, ./data and
// ../shared/data of the working directory, then "and parents".
func shorten(dirs []string) []string {
	if len(dirs) <= 4 {
		return dirs
	}
	return append(append([]string{}, dirs[:3]...), "and the same under each parent folder")
}

// List returns the dataset files (relative names) present in the first
// folder that exists among Dirs, sorted.
func List() ([]string, error) {
	for _, d := range Dirs() {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			continue
		}
		var out []string
		err := filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !e.IsDir() && strings.HasSuffix(p, ".csv") {
				r, _ := filepath.Rel(d, p)
				out = append(out, filepath.ToSlash(r))
			}
			return nil
		})
		sort.Strings(out)
		return out, err
	}
	return nil, fmt.Errorf("data: no dataset folder found (set $%s)", EnvVar)
}

// Sources returns where each dataset file (relative to the data folder) was
// published: a new map on every call, so a caller cannot change the
// package's table.
func Sources() map[string]Source {
	out := make(map[string]Source, len(sources))
	for k, v := range sources {
		out[k] = v
	}
	return out
}
