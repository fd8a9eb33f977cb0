package data

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
)

// The catalog: every dataset table, the public files it is rebuilt from
// (repository, pinned commit, path, size, sha256) and the transformation
// that rebuilds it byte for byte. Every fact here comes from
// ../shared/data/PROVENANCE.md (§1 sources, §2 transformations T1–T9, §4
// licences); the sizes and sha256 of the tables are those of the files in
// ../shared/data, which `Fetch` must reproduce exactly.

// Repo is a public repository at a pinned commit.
type Repo struct {
	Owner, Name string
	Commit      string // full commit id
	// Licence is the SPDX id of the licence the repository grants, or ""
	// when it grants none.
	Licence string
	// LicenceNote says what was found (PROVENANCE.md §4).
	LicenceNote string
	// Cite is the work to cite when using the data.
	Cite string
}

// Slug returns "owner/name".
func (r *Repo) Slug() string { return r.Owner + "/" + r.Name }

// SourceFile is one original file of a repository at its pinned commit.
type SourceFile struct {
	Repo   *Repo
	Path   string // path inside the repository
	Size   int64  // bytes
	SHA256 string // hex
}

// DefaultBaseURL serves raw files of GitHub repositories at a commit:
// BASE/OWNER/REPO/COMMIT/PATH.
const DefaultBaseURL = "https://raw.githubusercontent.com"

// URL returns the download address of the file under base (DefaultBaseURL
// when empty): base/OWNER/REPO/COMMIT/PATH.
func (s *SourceFile) URL(base string) string {
	if base == "" {
		base = DefaultBaseURL
	}
	segs := []string{s.Repo.Owner, s.Repo.Name, s.Repo.Commit}
	for _, p := range strings.Split(s.Path, "/") {
		segs = append(segs, url.PathEscape(p))
	}
	return strings.TrimRight(base, "/") + "/" + strings.Join(segs, "/")
}

// Dataset is one table of the catalog.
type Dataset struct {
	// Name is the path of the table inside a data folder, e.g.
	// "llmonkeys/pythia_math_per_problem_counts.csv".
	Name  string
	About string
	Rows  int   // records after the header
	Size  int64 // bytes of the canonical table
	// SHA256 is the hex digest of the canonical table: a fetched table
	// that differs is rejected.
	SHA256 string
	// Sources are the files downloaded to build it (none for tables built
	// from published numbers, such as the BNSL points). A copied table is
	// its first source; ObsScaling's tables also bring the repository's
	// LICENSE, kept beside them (ObsScalingLicence).
	Sources []*SourceFile
	// Transform names the rebuilding step: "copy" (the source's bytes) or
	// T1–T9 of PROVENANCE.md §2.
	Transform string
	// Repo is the repository the table comes from.
	Repo *Repo

	build func(*sourceSet) ([]byte, error)
}

var (
	repoChinchilla = &Repo{Owner: "epoch-research", Name: "analyzing-chinchilla", Commit: "92258837425e1b5f2851d624287f0120583a3d0e",
		LicenceNote: "no licence file or statement in any commit",
		Cite:        `Besiroglu, Erdil, Barnett and You (2024), "Chinchilla Scaling: A replication attempt", arXiv:2404.10102 (runs digitized from Hoffmann et al. 2022, arXiv:2203.15556, Fig. 4)`}
	repoRobust = &Repo{Owner: "RylanSchaeffer", Name: "KoyejoLab-Robustness-Chinchilla-Compute-Optimal-Scaling", Commit: "ad412e61aa4c8e4247d4dbe6f9dab6380a2900bc",
		LicenceNote: "no licence for data/ (manuscript_tmlr/LICENSE covers the TMLR style files only)",
		Cite:        `Schaeffer, Levi, Kirsch, Guenais, Miranda, Obbad and Koyejo (2025), "Evaluating the Robustness of Chinchilla Compute-Optimal Scaling", arXiv:2509.23963 (architectures of Hoffmann et al. 2022, Table A9)`}
	repoMonkey = &Repo{Owner: "RylanSchaeffer", Name: "KoyejoLab-Large-How-Do-Language-Monkey-Power-Get-Their-Power", Commit: "cd078aef2a13e4310fab204860b99c4c39c25d40",
		LicenceNote: "no licence file or statement in any commit",
		Cite:        `Schaeffer, Kazdan, Hughes, Juravsky, Price, Lynch, Jones, Kirk, Mirhoseini and Koyejo (2025), "How Do Large Language Monkeys Get Their Power (Laws)?", ICML 2025, arXiv:2502.17578 (samples of Brown et al. 2024, arXiv:2407.21787, and Hughes et al. 2024, arXiv:2412.03556)`}
	repoPresc = &Repo{Owner: "hlzhang109", Name: "prescriptive-scaling", Commit: "5bdca776562c9b9cf716ec0179e284e93e622ce4",
		LicenceNote: "pyproject.toml and the README name a LICENSE file that no commit contains",
		Cite:        `Zhang, Jin, Syrgkanis and Kakade (2026), "Prescriptive Scaling Reveals the Evolution of Language Model Capabilities", arXiv:2602.15327`}
	repoObs = &Repo{Owner: "ryoungj", Name: "ObsScaling", Commit: "4d6e1e43fd2635d04654aa77d1df9d5266ea0382",
		Licence:     "Apache-2.0",
		LicenceNote: "LICENSE at the root; fetch keeps a copy beside the tables (" + ObsScalingLicence + "), as its §4 asks",
		Cite:        `Ruan, Maddison and Hashimoto (2024), "Observational Scaling Laws and the Predictability of Language Model Performance", arXiv:2405.10938`}
	repoBNSL = &Repo{Owner: "ethancaballero", Name: "broken_neural_scaling_laws", Commit: "ffa608f7ca7910b6f6bcbd39915491353ad5d600",
		LicenceNote: "no licence file or statement; the 17 points are published numbers, built in and cited, not downloaded",
		Cite:        `Caballero, Gupta, Rish and Krueger (2023), "Broken Neural Scaling Laws", ICLR 2023, arXiv:2210.14891, Figure 4 (left)`}
)

func src(r *Repo, path string, size int64, sha string) *SourceFile {
	return &SourceFile{Repo: r, Path: path, Size: size, SHA256: sha}
}

// The source files (PROVENANCE.md §1).
var (
	srcSVG      = src(repoChinchilla, "data/svg_extracted_data.csv", 23224, "193478df4e90f040016431996c45682659306840ecdadf83cfb9cd5ca0aa1b30")
	srcArch     = src(repoRobust, "data/chinchilla_model_parameters.csv", 7727, "77bfd71258eef9e27f87095cbd0821a7b0c487722c18fb108831d6b6c8cb8721")
	srcModels   = src(repoMonkey, "data/raw_data/gpt4_gsm8k/models_pythia.csv", 8909, "99605284fdbe0ba3787a1b4e7bda6d36e10409dc7eb2f6d47c2f6c79987b1f11")
	srcMathPass = src(repoMonkey, "data/processed_data/large_language_monkeys_original_pass_at_k.parquet", 901757, "2ca92cfcb9b074981b39ae3b6448bd7ae6b24e9db695e448b16eb7398dd41d15")
	srcBoN      = src(repoMonkey, "data/processed_data/bon_jailbreaking_pass_at_k.parquet", 575067, "40fe23e2f227aa458b00c99e6707bea499f7210ed1feba6733418347caae30c6")
	srcNLL      = src(repoMonkey, "data/processed_data/gpt4_gsm8k_neg_log_likelihood.parquet", 371944, "66f5741e21a3d870cecb8acb8771a25478483ae7d5b085987579c863ef29e17e")
	srcGSM8K    = src(repoMonkey, "data/raw_data/large_language_monkeys/gsm8k_pass_at_k.parquet", 3060808, "48a79ead300b0ac41db1b8091861ed6d4e3093d100514e6677482ca31e8f5e3d")
	srcMATH     = src(repoMonkey, "data/raw_data/large_language_monkeys/math_pass_at_k.parquet", 2449183, "2527fbab2e2467c9dc145a09235cc5b25c290b0cd35b63f1535bedb22696ee80")
	srcLB       = src(repoPresc, "tables/open_llm_leaderboard/new_eval_leaderboard.csv", 1324403, "0fa159eb9e5c7d034179fa7585f5839cb5cc6d56d7754fb5f712868553c43c5b")
	srcLBDated  = src(repoPresc, "tables/new_leaderboard_results_with_tokens.csv", 68010, "72d5aeecef709f740334e8b0aa469203cebd83c6e83de7fcef6d102f5048decf")
	srcObsV1    = src(repoObs, "eval_results/base_llm_benchmark_eval.csv", 28155, "511996815735a4c46251dc585dcc525e370d148201f86561e6f927f9df2d0db8")
	srcObsV2    = src(repoObs, "eval_results/base_llm_leaderboard_v2_eval.csv", 10098, "ace728c962dfb2b9133fe92081c818e3fba01391694c9590fa0198f850062563")
	srcObsLic   = src(repoObs, "LICENSE", 11357, "c71d239df91726fc519c6eb72d318ec65820627232b2f796219e87dcf35d0ab4")
)

// epochPoints is the folder of the Epoch AI benchmark points in PRESC.
const epochPoints = "outputs_epoch_ai_benchmarks_runs/sigmoid/no_split/points/"

// ObsScalingLicence is where fetch keeps ObsScaling's Apache-2.0 licence,
// beside the two tables copied from that repository.
const ObsScalingLicence = "leaderboard/ObsScaling-LICENSE.txt"

var catalog = []*Dataset{
	{Name: "chinchilla/svg_extracted_data.csv", Rows: 245, Size: 23224, SHA256: srcSVG.SHA256, Sources: []*SourceFile{srcSVG}, Transform: "copy",
		About: "Hoffmann et al. 2022 Fig. 4 runs digitized by Besiroglu et al. 2024: Model Size, Training FLOP, loss"},
	{Name: "chinchilla/chinchilla_model_parameters.csv", Rows: 50, Size: 7727, SHA256: srcArch.SHA256, Sources: []*SourceFile{srcArch}, Transform: "copy",
		About: "Chinchilla Table A9 architectures with parameter counts under several conventions"},
	{Name: "pythia_checkpoints/models_pythia.csv", Rows: 81, Size: 8909, SHA256: srcModels.SHA256, Sources: []*SourceFile{srcModels}, Transform: "copy",
		About: "Pythia checkpoints: tokens, parameters, layers, width"},
	{Name: "llmonkeys/pythia_math_pass_at_k_per_problem.csv", Rows: 90496, Size: 3847670, SHA256: "1fc356946b3497ba4817463c155a2d5bef5cd14388e5af7b25f8d35b4ddb712f",
		Sources: []*SourceFile{srcMathPass}, Transform: "T1", build: buildT1,
		About: "pass_i@k of 7 Pythia models on 128 MATH problems for 101 values of k (Brown et al. 2024 samples)"},
	{Name: "llmonkeys/pythia_math_per_problem_counts.csv", Rows: 896, Size: 27769, SHA256: "3a650d835c576d9e35892e5afc9b7c3e38666b725142251191d41c0a3c0231c4",
		Sources: []*SourceFile{srcMathPass}, Transform: "T2", build: buildT2,
		About: "7 Pythia models x 128 MATH problems: n = 10,000 samples, c correct"},
	{Name: "llmonkeys/pythia_math_avg_pass_at_k.csv", Rows: 707, Size: 28090, SHA256: "d0bc0293dc497599b90084947b22c1e90d2b5e93b7ad0eac921a8846af97f8d0",
		Sources: []*SourceFile{srcMathPass}, Transform: "T3", build: buildT3,
		About: "mean pass@k over the 128 MATH problems per Pythia model and k"},
	{Name: "llmonkeys/bon_jailbreaking_text_per_problem_counts.csv", Rows: 1113, Size: 32761, SHA256: "de96ba3ce6e491f1ec24055d3af859fb2113460a56b96488f4790680a522b2ba",
		Sources: []*SourceFile{srcBoN}, Transform: "T4", build: buildT4,
		About: "Hughes et al. 2024 best-of-N jailbreaking: 7 models x 159 prompts, n and c"},
	{Name: "llmonkeys/bon_jailbreaking_text_avg_pass_at_k.csv", Rows: 707, Size: 29434, SHA256: "914cbfb3454d94901a0ac6defb7cd9a0ec10c11e451712afebdedfd8db715bd4",
		Sources: []*SourceFile{srcBoN}, Transform: "T5", build: buildT5,
		About: "mean pass@k over the 159 jailbreaking prompts per model and k"},
	{Name: "pythia_checkpoints/gsm8k_gold_answer_nll.csv", Rows: 11871, Size: 1181959, SHA256: "8175a197190349ca6d12e78fa9e924429fde0d25bb455d6dccb53e8783b5edcf",
		Sources: []*SourceFile{srcNLL}, Transform: "T6", build: buildT6,
		About: "negative log-likelihood of the reference answer of 1,319 GSM8K problems under 9 Pythia checkpoints"},
	{Name: "pythia_checkpoints/gsm8k_per_problem_counts.csv", Rows: 10273, Size: 905509, SHA256: "0fe061bc68f828645e5b737178978d8b5f18a8168b6379b4049fa516e318c0c5",
		Sources: []*SourceFile{srcGSM8K, srcModels}, Transform: "T7", build: buildT7,
		About: "81 Pythia checkpoints x ~128 GSM8K problems: samples n, correct c, params, tokens"},
	{Name: "pythia_checkpoints/math_per_problem_counts.csv", Rows: 9097, Size: 863251, SHA256: "2c12038f0b331b51b38e923228f58610aab463945f700688437911e478547531",
		Sources: []*SourceFile{srcMATH, srcModels}, Transform: "T8", build: buildT8,
		About: "72 Pythia checkpoints x ~128 MATH problems: samples n, correct c, level, params, tokens"},
	{Name: "leaderboard/open_llm_leaderboard_v2_with_compute.csv", Rows: 5679, Size: 1324403, SHA256: srcLB.SHA256, Sources: []*SourceFile{srcLB}, Transform: "copy",
		About: "Open LLM Leaderboard v2 post-trained models with base-model pre-training compute (1e21 FLOPs)"},
	{Name: "leaderboard/leaderboard_results_with_tokens_and_dates.csv", Rows: 123, Size: 68010, SHA256: srcLBDated.SHA256, Sources: []*SourceFile{srcLBDated}, Transform: "copy",
		About: "leaderboard results with pre-training tokens, parameters and lastModified dates"},
	{Name: "leaderboard/obsscaling_base_llm_benchmark_eval.csv", Rows: 148, Size: 28155, SHA256: srcObsV1.SHA256, Sources: []*SourceFile{srcObsV1, srcObsLic}, Transform: "copy",
		About: "base models with size, tokens, FLOPs (1E21) and v1 benchmark scores"},
	{Name: "leaderboard/obsscaling_base_llm_leaderboard_v2_eval.csv", Rows: 72, Size: 10098, SHA256: srcObsV2.SHA256, Sources: []*SourceFile{srcObsV2, srcObsLic}, Transform: "copy",
		About: "base models' Open LLM Leaderboard v2 scores (BBH, GPQA, IFEval, MATH hard, MMLU-PRO, MuSR)"},
	{Name: "epoch_benchmarks/FrontierMath-2025-02-28-Private.csv", Rows: 24, Size: 1339, SHA256: "aee28d2f59abda25088d0df983deda09abf4c786425796d855d10f8504605d23", Transform: "copy",
		About: "Epoch AI benchmark hub points: model, training compute, score"},
	{Name: "epoch_benchmarks/FrontierMath-2025-02-28-Public.csv", Rows: 28, Size: 1455, SHA256: "bf2fe85b0dd9ddb8b0e0b090eb30f16bee518638a1588ff13f3654b5ff2c45ed", Transform: "copy",
		About: "Epoch AI benchmark hub points: model, training compute, score"},
	{Name: "epoch_benchmarks/GPQA_diamond.csv", Rows: 65, Size: 3411, SHA256: "9bca7bc1bf503935ed50555e1ce816fa71d126d9ac6f782b6e23d53cf71babd1", Transform: "copy",
		About: "Epoch AI benchmark hub points: model, training compute, score"},
	{Name: "epoch_benchmarks/MATH_level_5.csv", Rows: 58, Size: 3069, SHA256: "c0c7bf5e81272bc97f4d590ee3bceb27127a987a3670e97979559fe48ba50bdd", Transform: "copy",
		About: "Epoch AI benchmark hub points: model, training compute, score"},
	{Name: "epoch_benchmarks/OTIS_Mock_AIME_2024-2025.csv", Rows: 49, Size: 2628, SHA256: "e302035017cefde84ad72520c274c54a5ff84978e440edd93b98041593589507", Transform: "copy",
		About: "Epoch AI benchmark hub points: model, training compute, score"},
	{Name: "bnsl/bnsl_4digit_addition.csv", Rows: 17, Size: 375, SHA256: "424a3e253aa8416e875f6a6aadb2674a5709a3e5782087907b88c0a83a51a6da", Transform: "T9", Repo: repoBNSL, build: buildT9,
		About: "Caballero et al. 4-digit addition: 17 (dataset size, test loss) points; role says fit or extrapolate"},
}

// byName indexes the catalog.
var byName = map[string]*Dataset{}

func init() {
	for _, d := range catalog {
		if d.Transform == "copy" && d.Sources == nil {
			// The Epoch AI points: byte copies from PRESC's points folder.
			base := strings.TrimPrefix(d.Name, "epoch_benchmarks/")
			d.Sources = []*SourceFile{src(repoPresc, epochPoints+base, d.Size, d.SHA256)}
		}
		if d.Repo == nil {
			d.Repo = d.Sources[0].Repo
		}
		byName[d.Name] = d
	}
}

// Datasets returns the catalog, sorted by name. The entries are copies:
// changing them changes nothing.
func Datasets() []*Dataset {
	out := make([]*Dataset, len(catalog))
	for i, d := range catalog {
		c := *d
		out[i] = &c
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the catalog entry of the table name (with or without
// ".csv").
func Lookup(name string) (*Dataset, bool) {
	d, ok := byName[canonName(name)]
	if !ok {
		return nil, false
	}
	c := *d
	return &c, true
}

func canonName(name string) string {
	name = strings.TrimPrefix(strings.ReplaceAll(name, "\\", "/"), "./")
	if _, ok := byName[name]; !ok {
		if _, ok := byName[name+".csv"]; ok {
			return name + ".csv"
		}
	}
	return name
}

// Resolve turns names into catalog tables: a table ("llmonkeys/
// pythia_math_avg_pass_at_k.csv", ".csv" optional), a folder
// ("llmonkeys": every table in it) or "all". Unknown names are an error
// that lists the folders.
func Resolve(names ...string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, raw := range names {
		n := strings.TrimSuffix(canonName(raw), "/")
		if n == "all" {
			for _, d := range catalog {
				add(d.Name)
			}
			continue
		}
		if _, ok := byName[n]; ok {
			add(n)
			continue
		}
		found := false
		for _, d := range catalog {
			if strings.HasPrefix(d.Name, n+"/") {
				add(d.Name)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("data: unknown dataset %q (want a table such as llmonkeys/pythia_math_avg_pass_at_k.csv, a folder (%s) or all; `gophernote data list` shows them)", raw, strings.Join(folders(), ", "))
		}
	}
	sort.Strings(out)
	return out, nil
}

// folders lists the catalog's top-level folders.
func folders() []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range catalog {
		f, _, _ := strings.Cut(d.Name, "/")
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}
