package runner

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// notebook is an nbformat 4 notebook. Cells are kept as generic JSON
// objects so that fields the runner does not touch (attachments, cell
// metadata, ids) survive unchanged.
type notebook struct {
	Cells         []map[string]any `json:"cells"`
	Metadata      map[string]any   `json:"metadata"`
	NBFormat      int              `json:"nbformat"`
	NBFormatMinor int              `json:"nbformat_minor"`
}

// readNotebook parses and checks path: valid JSON, nbformat 4, cells with
// a cell_type and a source, and a Go kernel (when the notebook names one).
func readNotebook(path string) (*notebook, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var probe struct {
		NBFormat *int `json:"nbformat"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("%s: not a notebook: %v", path, jsonErr(data, err))
	}
	if probe.NBFormat == nil {
		return nil, fmt.Errorf("%s: not a notebook: no \"nbformat\" field", path)
	}
	if *probe.NBFormat != 4 {
		return nil, fmt.Errorf("%s: nbformat %d is not supported, only 4 (convert with `jupyter nbconvert --to notebook --nbformat 4`)", path, *probe.NBFormat)
	}
	nb := new(notebook)
	if err := json.Unmarshal(data, nb); err != nil {
		return nil, fmt.Errorf("%s: not an nbformat 4 notebook: %v", path, jsonErr(data, err))
	}
	for i, c := range nb.Cells {
		typ, _ := c["cell_type"].(string)
		switch {
		case c["cell_type"] == nil:
			return nil, fmt.Errorf("%s: cell %d: no cell_type", path, i+1)
		case typ != "code" && typ != "markdown" && typ != "raw":
			return nil, fmt.Errorf("%s: cell %d: cell_type %v, want code, markdown or raw", path, i+1, c["cell_type"])
		}
		if _, err := cellSource(c); err != nil {
			return nil, fmt.Errorf("%s: cell %d: %v", path, i+1, err)
		}
	}
	if err := checkKernel(nb.Metadata); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if nb.Metadata == nil {
		nb.Metadata = map[string]any{}
	}
	return nb, nil
}

// jsonErr adds the line:col of a syntax error.
func jsonErr(data []byte, err error) error {
	if se, ok := err.(*json.SyntaxError); ok {
		off := max(int(se.Offset)-1, 0) // index of the offending byte
		off = min(off, len(data))
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		col := off - bytes.LastIndexByte(data[:off], '\n')
		return fmt.Errorf("invalid JSON at line %d:%d: %v", line, col, err)
	}
	return err
}

// checkKernel fails for notebooks made for another language's kernel.
func checkKernel(md map[string]any) error {
	ks, _ := md["kernelspec"].(map[string]any)
	li, _ := md["language_info"].(map[string]any)
	lang, _ := ks["language"].(string)
	if lang == "" {
		lang, _ = li["name"].(string)
	}
	name, _ := ks["name"].(string)
	if lang != "" && !strings.EqualFold(lang, "go") {
		return fmt.Errorf("notebook is for kernel %q (language %s), not Go; gophernote runs Go notebooks only", name, lang)
	}
	return nil
}

// cellSource returns a cell's source, given as a string or a list of
// strings.
func cellSource(c map[string]any) (string, error) {
	switch s := c["source"].(type) {
	case string:
		return s, nil
	case []any:
		var b strings.Builder
		for i, line := range s {
			str, ok := line.(string)
			if !ok {
				return "", fmt.Errorf("source line %d is %T, want a string", i+1, line)
			}
			b.WriteString(str)
		}
		return b.String(), nil
	case nil:
		return "", fmt.Errorf("no source")
	default:
		return "", fmt.Errorf("source is %T, want a string or a list of strings", s)
	}
}

// lines splits text the way Jupyter stores multi-line strings: a list of
// lines, each but the last ending in "\n".
func lines(text string) []string {
	parts := strings.SplitAfter(text, "\n")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if parts == nil {
		parts = []string{}
	}
	return parts
}

// prepare makes the notebook valid for its minor version after execution:
// code cells get outputs and execution_count, and nbformat >= 4.5 cells get
// ids. A missing id is derived from the notebook's name, the cell's index
// and source, so that re-running an unchanged notebook writes the same
// file.
func (nb *notebook) prepare(name string) {
	used := map[string]bool{}
	for _, c := range nb.Cells {
		if id, _ := c["id"].(string); id != "" {
			used[id] = true
		}
	}
	for i, c := range nb.Cells {
		if c["metadata"] == nil {
			c["metadata"] = map[string]any{}
		}
		if nb.NBFormatMinor >= 5 {
			if id, _ := c["id"].(string); id == "" {
				src, _ := cellSource(c)
				for salt := 0; ; salt++ {
					sum := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d\x00%d\x00%s", name, i, salt, src)))
					if id := hex.EncodeToString(sum[:4]); !used[id] {
						c["id"], used[id] = id, true
						break
					}
				}
			}
		}
		if c["cell_type"] == "code" {
			if c["outputs"] == nil {
				c["outputs"] = []any{}
			}
			if _, ok := c["execution_count"]; !ok {
				c["execution_count"] = nil
			}
		}
	}
}

// writeAtomic writes data to path through a temporary file in the same
// directory and a rename, so readers never see a partial notebook.
func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// save writes nb to path as indented JSON, atomically.
func (nb *notebook) save(path string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(nb); err != nil {
		return fmt.Errorf("encoding notebook: %v", err)
	}
	return writeAtomic(path, buf.Bytes())
}

// crashLines is the start of a crashed cell's traceback: Go's words and
// report, without what follows the first blank line after the report
// (the kernel's advice about the lost state, which does not apply to a
// run that stops there).
func crashLines(tb []string) []string {
	for i := len(tb) - 1; i > 0; i-- {
		if tb[i] == "" {
			return tb[:i]
		}
	}
	return tb
}
