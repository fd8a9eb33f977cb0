package data

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// EnvVar names the environment variable that points at the dataset folder.
const EnvVar = "GOPHERNOTE_DATA"

// Source records where a dataset file was published. Facts from
// ../shared/data/README.md (the data provenance table).
type Source struct {
	Repository string // owner/name @ commit
	Path       string // file path inside the repository, when known
	About      string // what the file holds
}

// sources maps a dataset file (relative to the data folder) to its origin.
var sources = map[string]Source{
	"chinchilla/svg_extracted_data.csv":                         {"epoch-research/analyzing-chinchilla @ 9225883", "data/svg_extracted_data.csv", "Hoffmann et al. 2022 Fig. 4 runs digitized by Besiroglu et al. 2024"},
	"chinchilla/chinchilla_model_parameters.csv":                {"RylanSchaeffer/KoyejoLab-Robustness-Chinchilla-Compute-Optimal-Scaling", "", "Chinchilla Table A9 architectures and parameter counts"},
	"llmonkeys/pythia_math_per_problem_counts.csv":              {"RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power @ cd078ae", "", "Brown et al. 2024 repeated sampling, 7 Pythia models x 128 MATH problems"},
	"llmonkeys/pythia_math_pass_at_k_per_problem.csv":           {"RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power @ cd078ae", "", "pass_i@k per problem for 101 values of k"},
	"llmonkeys/pythia_math_avg_pass_at_k.csv":                   {"RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power @ cd078ae", "", "mean pass@k over problems"},
	"llmonkeys/bon_jailbreaking_text_per_problem_counts.csv":    {"RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power @ cd078ae", "", "Hughes et al. 2024 best-of-N jailbreaking, 7 models x 159 prompts"},
	"llmonkeys/bon_jailbreaking_text_avg_pass_at_k.csv":         {"RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power @ cd078ae", "", "mean pass@k for best-of-N jailbreaking"},
	"pythia_checkpoints/gsm8k_per_problem_counts.csv":           {"RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power @ cd078ae", "", "Pythia checkpoints x GSM8K problems: samples and correct"},
	"pythia_checkpoints/math_per_problem_counts.csv":            {"RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power @ cd078ae", "", "Pythia checkpoints x MATH problems: samples and correct"},
	"pythia_checkpoints/gsm8k_gold_answer_nll.csv":              {"RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power @ cd078ae", "", "reference-answer negative log-likelihoods under 9 Pythia checkpoints"},
	"pythia_checkpoints/models_pythia.csv":                      {"RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power @ cd078ae", "", "Pythia checkpoints: tokens, parameters, layers, width"},
	"leaderboard/open_llm_leaderboard_v2_with_compute.csv":      {"hlzhang109/prescriptive-scaling @ 5bdca77", "", "Open LLM Leaderboard v2 post-trained models with base-model pre-training compute"},
	"leaderboard/leaderboard_results_with_tokens_and_dates.csv": {"hlzhang109/prescriptive-scaling @ 5bdca77", "", "leaderboard results with tokens, parameters and dates"},
	"leaderboard/obsscaling_base_llm_benchmark_eval.csv":        {"ryoungj/ObsScaling @ 4d6e1e4", "", "base models with size, tokens, FLOPs and v1 benchmark scores"},
	"leaderboard/obsscaling_base_llm_leaderboard_v2_eval.csv":   {"ryoungj/ObsScaling @ 4d6e1e4", "", "base models' Open LLM Leaderboard v2 scores"},
	"bnsl/bnsl_4digit_addition.csv":                             {"ethancaballero/broken_neural_scaling_laws", "", "4-digit addition: dataset size vs test loss"},
}

func init() {
	for _, f := range []string{"FrontierMath-2025-02-28-Private.csv", "FrontierMath-2025-02-28-Public.csv", "GPQA_diamond.csv", "MATH_level_5.csv", "OTIS_Mock_AIME_2024-2025.csv"} {
		sources["epoch_benchmarks/"+f] = Source{"hlzhang109/prescriptive-scaling", "", "Epoch AI benchmark hub points"}
	}
}

// Dirs returns the folders searched for datasets, in order.
func Dirs() []string {
	var dirs []string
	if d := os.Getenv(EnvVar); d != "" {
		dirs = append(dirs, d)
	}
	wd, err := os.Getwd()
	if err != nil {
		return dirs
	}
	for dir := wd; ; {
		dirs = append(dirs, filepath.Join(dir, "data"), filepath.Join(dir, "..", "shared", "data"))
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return dirs
}

// Path returns the absolute path of the dataset file rel (for example
// "chinchilla/svg_extracted_data.csv"). When no folder holds it, the error
// lists the folders searched and names the file's public source.
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
	dirs := Dirs()
	for _, d := range dirs {
		p := filepath.Join(d, clean)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			if abs, err := filepath.Abs(p); err == nil {
				return abs, nil
			}
			return p, nil
		}
	}
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
