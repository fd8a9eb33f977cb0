// Package data finds the public scaling-law datasets gophernote's tests and
// notebooks use, fetches them from their original repositories, and reads
// them as CSV tables whose errors name the file, the line and the column.
//
// Datasets are never copied into the project. A relative name such as
// "llmonkeys/pythia_math_per_problem_counts.csv" is looked up, in order, in
// $GOPHERNOTE_DATA, then ./data and ../shared/data — relative to the
// working directory and to each of its parent directories, so a notebook
// run from notebooks/ finds the same files as a test run from a package
// folder — and last, when $GOPHERNOTE_DATA is not set, in the user cache
// (CacheDir: ~/.cache/gophernote/data on Linux).
//
//	t, err := data.ReadCSV("llmonkeys/pythia_math_per_problem_counts.csv")
//	if err != nil { ... }
//	n, err := t.Ints("num_samples")
//
// # Fetching
//
// The catalog (Datasets) lists the 21 tables: for each, the files it is
// rebuilt from — repository, pinned commit, path, size and sha256 — and the
// transformation (a byte copy, or T1–T9 of ../shared/data/PROVENANCE.md:
// parquet columns renamed, grouped, averaged and printed exactly as the
// canonical tables are). Fetch downloads the files from
// https://raw.githubusercontent.com/OWNER/REPO/COMMIT/PATH (or a mirror:
// FetchOptions.BaseURL, $GOPHERNOTE_DATA_URL), checks each file's size and
// sha256, rebuilds the tables, checks each table's sha256, and writes it
// atomically into CacheDir, recording its sources in manifest.json. The
// BNSL points are 17 published numbers, built in with their citation.
// Parquet is read with github.com/parquet-go/parquet-go.
//
//	res, err := data.Fetch(ctx, []string{"llmonkeys"}, data.FetchOptions{Progress: bar})
//
// A loader (ReadCSV, Path, and through them geneval, monkeys, frontier,
// chinchilla and catalog) that asks for a catalogued table no folder holds
// fetches it on first use with the SetAutoProgress display (a bar in the
// running cell under gophernote), together with the tables built from the
// same files. Offline ($GOPHERNOTE_DATA_OFFLINE=1, or when the download
// fails) it returns one error that names the command to run (`gophernote
// data fetch NAME`) and where to put the file by hand.
//
// The command line is `gophernote data list|fetch|verify|path`. Most
// source repositories grant no licence: Repo.LicenceNote says what was
// found and Repo.Cite the work to cite.
package data
