package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// CacheDir returns the folder Fetch writes to: $GOPHERNOTE_DATA when set,
// else os.UserCacheDir()/gophernote/data (~/.cache/gophernote/data on
// Linux, ~/Library/Caches/gophernote/data on macOS).
func CacheDir() (string, error) {
	if d := os.Getenv(EnvVar); d != "" {
		return filepath.Abs(d)
	}
	c, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("data: no user cache folder (%v); set $%s to a folder for the datasets", err, EnvVar)
	}
	return filepath.Join(c, "gophernote", "data"), nil
}

// ManifestFile is the name of the manifest in a data folder.
const ManifestFile = "manifest.json"

// Manifest records where each fetched table of a folder came from.
type Manifest struct {
	Comment string                   `json:"comment"`
	Tables  map[string]ManifestEntry `json:"tables"`
}

// ManifestEntry is one fetched table.
type ManifestEntry struct {
	SHA256    string           `json:"sha256"`
	Size      int64            `json:"size"`
	Transform string           `json:"transform"`
	FetchedAt string           `json:"fetched_at"` // RFC 3339, UTC
	Sources   []ManifestSource `json:"sources"`
	// Note says how a table without downloaded sources was made.
	Note string `json:"note,omitempty"`
}

// ManifestSource is one file a table was built from.
type ManifestSource struct {
	URL        string `json:"url"`
	Repository string `json:"repository"`
	Commit     string `json:"commit"`
	Path       string `json:"path"`
	Size       int64  `json:"size"`
	SHA256     string `json:"sha256"`
}

const manifestComment = "Written by gophernote (fitlib/data.Fetch): one entry per fetched table, with the files it was rebuilt from. Do not edit."

func manifestEntry(d *Dataset, base, now string) ManifestEntry {
	e := ManifestEntry{SHA256: d.SHA256, Size: d.Size, Transform: d.Transform, FetchedAt: now, Sources: []ManifestSource{}}
	for _, f := range d.Sources {
		e.Sources = append(e.Sources, ManifestSource{URL: f.URL(base), Repository: f.Repo.Slug(), Commit: f.Repo.Commit, Path: f.Path, Size: f.Size, SHA256: f.SHA256})
	}
	if len(d.Sources) == 0 {
		e.Note = "built from the published numbers cited in fitlib/data (" + d.Repo.Cite + "; " + d.Repo.Slug() + " @ " + d.Repo.Commit + ")"
	}
	return e
}

// ReadManifest reads dir's manifest; a folder without one has an empty
// manifest.
func ReadManifest(dir string) (*Manifest, error) { return readManifest(dir) }

func readManifest(dir string) (*Manifest, error) {
	m := &Manifest{Comment: manifestComment, Tables: map[string]ManifestEntry{}}
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("data: %s: %v (delete it and fetch again)", filepath.Join(dir, ManifestFile), err)
	}
	if m.Tables == nil {
		m.Tables = map[string]ManifestEntry{}
	}
	m.Comment = manifestComment
	return m, nil
}

func writeManifest(dir string, m *Manifest) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, ManifestFile), buf.Bytes())
}

// Where says where the lookup finds table name ("" when nowhere) and
// whether that copy is intact (its size and sha256 those of the catalog).
type Where struct {
	Name   string
	Path   string // "" when no folder holds it
	Cached bool   // the copy is in CacheDir
	Err    error  // why the copy is not intact (nil when intact or absent)
}

// Status reports, for every catalog table, where the lookup finds it and
// whether that copy is intact (verify=true re-hashes it; otherwise only
// the size is checked).
func Status(verify bool) []Where {
	cache, _ := CacheDir()
	var out []Where
	for _, d := range Datasets() {
		w := Where{Name: d.Name}
		if p, ok := find(d.Name); ok {
			w.Path = p
			w.Cached = cache != "" && filepath.Dir(p) == filepath.Join(cache, filepath.Dir(filepath.FromSlash(d.Name)))
			dd := byName[d.Name]
			if verify {
				w.Err = intact(p, dd)
			} else if st, err := os.Stat(p); err != nil || st.Size() != d.Size {
				w.Err = fmt.Errorf("%s: size differs from the catalog's %d bytes", p, d.Size)
			}
		}
		out = append(out, w)
	}
	return out
}

// Verify re-hashes every table in dir (default CacheDir) against the
// catalog and the folder's manifest. It returns one line per problem: a
// table whose bytes differ (name, expected and actual sha256), a table
// missing from the manifest or listed there but gone.
func Verify(dir string) (ok []string, problems []error, err error) {
	if dir == "" {
		if dir, err = CacheDir(); err != nil {
			return nil, nil, err
		}
	}
	m, err := readManifest(dir)
	if err != nil {
		return nil, nil, err
	}
	for _, d := range catalog {
		p := filepath.Join(dir, filepath.FromSlash(d.Name))
		_, statErr := os.Stat(p)
		e, listed := m.Tables[d.Name]
		switch {
		case statErr != nil && listed:
			problems = append(problems, fmt.Errorf("%s: listed in the manifest but missing from %s", d.Name, dir))
			continue
		case statErr != nil:
			continue
		}
		if err := intact(p, d); err != nil {
			problems = append(problems, fmt.Errorf("%s: corrupt: %v (run `gophernote data fetch --force %s`)", d.Name, err, d.Name))
			continue
		}
		if !listed {
			problems = append(problems, fmt.Errorf("%s: intact but not in %s (copied by hand?)", d.Name, ManifestFile))
			continue
		}
		if e.SHA256 != d.SHA256 {
			problems = append(problems, fmt.Errorf("%s: manifest says sha256 %s, the catalog %s", d.Name, e.SHA256, d.SHA256))
			continue
		}
		ok = append(ok, d.Name)
	}
	return ok, problems, nil
}
