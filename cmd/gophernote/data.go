package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/kernel/display"
)

const dataUsage = `usage: gophernote data <list | fetch | verify | path> [arguments]

  list                      every dataset: rows, size, source repository @ commit,
                            licence, and where it is found (or "missing")
  fetch [NAME... | --all]   download the original files at their pinned commits,
                            check their size and sha256, rebuild the tables
                            (byte-identical to the canonical ones) into the cache
      --all                 every table (same as the name "all")
      --missing             only tables that no data folder holds yet
      --force               download again tables the cache holds intact
      --base-url URL        a mirror laid out like raw.githubusercontent.com
                            (also $GOPHERNOTE_DATA_URL)
      --dir DIR             write into DIR instead of the cache
  verify [--dir DIR]        re-hash the cached tables against the catalog and
                            the manifest; exit status 1 when one is corrupt
  path [NAME...]            print the cache folder, or where each table is found

NAME is a table (llmonkeys/pythia_math_avg_pass_at_k.csv, ".csv" optional) or a
folder (bnsl, chinchilla, epoch_benchmarks, leaderboard, llmonkeys,
pythia_checkpoints). The cache is $GOPHERNOTE_DATA when set, else the user
cache folder (~/.cache/gophernote/data on Linux). Loaders also look in ./data
and ../shared/data, and fetch a missing table on first use.
`

// dataCmd implements `gophernote data`.
func dataCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, dataUsage)
		return 2
	}
	switch sub, rest := args[0], args[1:]; sub {
	case "list":
		return dataList(rest, stdout, stderr)
	case "fetch":
		return dataFetch(rest, stdout, stderr)
	case "verify":
		return dataVerify(rest, stdout, stderr)
	case "path":
		return dataPath(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, dataUsage)
		return 0
	default:
		fmt.Fprintf(stderr, "gophernote data: unknown subcommand %q\n%s", sub, dataUsage)
		return 2
	}
}

// dataFlags parses flags anywhere among the names. bools and strings
// name the accepted flags.
func dataFlags(args []string, bools, strs []string) (names []string, b map[string]bool, s map[string]string, err error) {
	b, s = map[string]bool{}, map[string]string{}
	isBool := map[string]bool{}
	for _, f := range bools {
		isBool[f] = true
	}
	isStr := map[string]bool{}
	for _, f := range strs {
		isStr[f] = true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			names = append(names, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case isBool[name] && !hasVal:
			b[name] = true
		case isStr[name]:
			if !hasVal {
				if i+1 >= len(args) {
					return nil, nil, nil, fmt.Errorf("flag --%s needs a value", name)
				}
				i++
				val = args[i]
			}
			s[name] = val
		default:
			return nil, nil, nil, fmt.Errorf("unknown flag %s", a)
		}
	}
	return names, b, s, nil
}

func dataFail(stderr io.Writer, sub string, err error) int {
	fmt.Fprintf(stderr, "gophernote data %s: %v\n", sub, err)
	return 1
}

// dataFetch implements `gophernote data fetch`.
func dataFetch(args []string, stdout, stderr io.Writer) int {
	names, flags, opts, err := dataFlags(args, []string{"all", "missing", "force"}, []string{"base-url", "dir"})
	if err != nil {
		fmt.Fprintf(stderr, "gophernote data fetch: %v\n%s", err, dataUsage)
		return 2
	}
	if flags["all"] {
		names = append(names, "all")
	}
	if len(names) == 0 {
		fmt.Fprintf(stderr, "gophernote data fetch: name the tables to fetch, or --all\n%s", dataUsage)
		return 2
	}
	want, err := data.Resolve(names...)
	if err != nil {
		return dataFail(stderr, "fetch", err)
	}
	if flags["missing"] {
		found := map[string]string{}
		for _, w := range data.Status(false) {
			if w.Path != "" && w.Err == nil {
				found[w.Name] = w.Path
			}
		}
		var rest []string
		for _, n := range want {
			if found[n] == "" {
				rest = append(rest, n)
			}
		}
		if len(rest) == 0 {
			fmt.Fprintf(stdout, "all %d tables are already in a data folder (gophernote data list shows where)\n", len(want))
			return 0
		}
		want = rest
	}
	opt := data.FetchOptions{Dir: opts["dir"], BaseURL: opts["base-url"], Force: flags["force"], Display: data.TerminalProgress(stderr)}
	data.SetLockWaitLog(stderr)
	// Ctrl-C stops the download cleanly: nothing partial is written.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	t0 := time.Now()
	opt.Context = ctx
	res, err := data.Fetch(want, opt)
	if res != nil {
		for _, n := range res.Fetched {
			fmt.Fprintf(stdout, "fetched  %s\n", n)
		}
		for _, n := range res.Present {
			fmt.Fprintf(stdout, "present  %s (intact, kept)\n", n)
		}
		fmt.Fprintf(stdout, "%d tables in %s: %d fetched, %d already present, %d failed (%s downloaded in %v)\n",
			len(res.Fetched)+len(res.Present), res.Dir, len(res.Fetched), len(res.Present), len(res.Failed),
			size(res.Bytes), time.Since(t0).Round(10*time.Millisecond))
	}
	if err != nil {
		return dataFail(stderr, "fetch", err)
	}
	return 0
}

// dataVerify implements `gophernote data verify`.
func dataVerify(args []string, stdout, stderr io.Writer) int {
	names, _, opts, err := dataFlags(args, nil, []string{"dir"})
	if err != nil || len(names) > 0 {
		if err == nil {
			err = fmt.Errorf("unexpected argument %q", names[0])
		}
		fmt.Fprintf(stderr, "gophernote data verify: %v\n%s", err, dataUsage)
		return 2
	}
	dir := opts["dir"]
	if dir == "" {
		if dir, err = data.CacheDir(); err != nil {
			return dataFail(stderr, "verify", err)
		}
	}
	ok, problems, err := data.Verify(dir)
	if err != nil {
		return dataFail(stderr, "verify", err)
	}
	for _, n := range ok {
		fmt.Fprintf(stdout, "ok       %s\n", n)
	}
	for _, p := range problems {
		fmt.Fprintf(stdout, "PROBLEM  %v\n", p)
	}
	fmt.Fprintf(stdout, "%s: %d of %d tables intact, %d problems\n", dir, len(ok), len(data.Datasets()), len(problems))
	if len(ok) == 0 && len(problems) == 0 {
		fmt.Fprintln(stdout, "(nothing cached yet: gophernote data fetch --all)")
	}
	if len(problems) > 0 {
		return 1
	}
	return 0
}

// dataPath implements `gophernote data path`.
func dataPath(args []string, stdout, stderr io.Writer) int {
	names, _, _, err := dataFlags(args, nil, nil)
	if err != nil {
		fmt.Fprintf(stderr, "gophernote data path: %v\n%s", err, dataUsage)
		return 2
	}
	if len(names) == 0 {
		dir, err := data.CacheDir()
		if err != nil {
			return dataFail(stderr, "path", err)
		}
		fmt.Fprintln(stdout, dir)
		return 0
	}
	want, err := data.Resolve(names...)
	if err != nil {
		return dataFail(stderr, "path", err)
	}
	where := map[string]string{}
	for _, w := range data.Status(false) {
		where[w.Name] = w.Path
	}
	status := 0
	for _, n := range want {
		if where[n] == "" {
			fmt.Fprintf(stderr, "gophernote data path: %s: not found (gophernote data fetch %s)\n", n, n)
			status = 1
			continue
		}
		fmt.Fprintln(stdout, where[n])
	}
	return status
}

// dataList implements `gophernote data list`.
func dataList(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "gophernote data list: unexpected argument %q\n%s", args[0], dataUsage)
		return 2
	}
	cache, _ := data.CacheDir()
	wd, _ := os.Getwd()
	status := map[string]data.Where{}
	for _, w := range data.Status(false) {
		status[w.Name] = w
	}
	// Footnotes: one per repository, in order of first appearance.
	var repos []*data.Repo
	note := map[*data.Repo]int{}
	ds := data.Datasets()
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tROWS\tSIZE\tWHERE\tLICENCE\tSOURCE (repository @ commit)")
	cached := 0
	for _, d := range ds {
		if note[d.Repo] == 0 {
			repos = append(repos, d.Repo)
			note[d.Repo] = len(repos)
		}
		lic := "none"
		if d.Repo.Licence != "" {
			lic = d.Repo.Licence
		}
		w := status[d.Name]
		where := "missing"
		switch {
		case w.Path == "":
		case w.Err != nil:
			where = "DAMAGED " + shortPath(w.Path, wd)
		case w.Cached:
			where = "cache"
			cached++
		default:
			where = shortPath(filepath.Dir(strings.TrimSuffix(w.Path, filepath.FromSlash(d.Name))), wd)
			cached++
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s [%d]\t%s @ %s\n", d.Name, d.Rows, size(d.Size), where, lic, note[d.Repo], d.Repo.Slug(), d.Repo.Commit[:7])
	}
	tw.Flush()
	fmt.Fprintf(stdout, "\n%d of %d tables found; cache: %s\n", cached, len(ds), cache)
	fmt.Fprintln(stdout, "\nLicences and citations. Most sources grant no licence: the data may be read for research and")
	fmt.Fprintln(stdout, "testing, not redistributed; cite the work named for each.")
	for i, r := range repos {
		lic := "none granted"
		if r.Licence != "" {
			lic = r.Licence
		}
		fmt.Fprintf(stdout, "[%d] %s @ %s\n    Licence: %s — %s\n    Cite: %s\n", i+1, r.Slug(), r.Commit, lic, r.LicenceNote, r.Cite)
	}
	return 0
}

// shortPath writes p relative to wd when that is shorter.
func shortPath(p, wd string) string {
	if r, err := filepath.Rel(wd, p); err == nil && len(r) < len(p) {
		return r
	}
	return p
}

// size formats a byte count.
func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// useCellProgress makes tables that loaders fetch on first use show their
// download as a progress bar in the running cell (and on stderr when it is
// a terminal, as under `gophernote run`), and stop with the cell when it
// is interrupted.
func useCellProgress(stderr io.Writer, terminal bool) {
	data.SetAutoContext(display.Context)
	cell := func(total int, label string) data.Progress { return display.NewProgress(total, label+" (KiB)") }
	if terminal || isTerminal(stderr) {
		data.SetAutoProgress(data.Both(cell, data.TerminalProgress(stderr)))
		return
	}
	data.SetAutoProgress(cell)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
