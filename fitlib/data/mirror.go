package data

import (
	"net/http"
	"path/filepath"
	"strings"
)

// SourcesHandler serves a folder of source copies as a mirror that Fetch
// can use (FetchOptions.BaseURL, $GOPHERNOTE_DATA_URL): a request for
// /OWNER/REPO/COMMIT/PATH of a catalogued source file is answered with
// dir/REPO/PATH — the layout of ../shared/data/_sources. Anything else is
// 404. The files are served as they are; Fetch checks their hashes.
func SourcesHandler(dir string) http.Handler {
	files := map[string]string{}
	for _, d := range catalog {
		for _, f := range d.Sources {
			files["/"+f.Repo.Owner+"/"+f.Repo.Name+"/"+f.Repo.Commit+"/"+f.Path] =
				filepath.Join(dir, f.Repo.Name, filepath.FromSlash(f.Path))
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := files[strings.TrimSuffix(r.URL.Path, "/")]
		if !ok || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			http.NotFound(w, r)
			return
		}
		http.ServeFile(w, r, p)
	})
}
