package frontier

import (
	"fmt"
	"math"
	"path"
	"strings"
	"time"

	"github.com/gophernote/gophernote/fitlib/data"
)

// Dataset files (relative to the shared data folder, see fitlib/data).
const (
	// LeaderboardFile: Open LLM Leaderboard v2 post-trained models, with the
	// base model's pre-training compute in 1e21 FLOPs.
	LeaderboardFile = "leaderboard/open_llm_leaderboard_v2_with_compute.csv"
	// DatedFile: leaderboard results with tokens, parameters and dates.
	DatedFile = "leaderboard/leaderboard_results_with_tokens_and_dates.csv"
)

// tasks are the six Open LLM Leaderboard v2 tasks of the paper, in order.
var tasks = [...]string{"IFEval", "BBH", "MATH Lvl 5", "GPQA", "MUSR", "MMLU-PRO"}

// Tasks returns the six Open LLM Leaderboard v2 tasks of the paper, in
// order (a new slice on every call: the package's list cannot be changed
// by a caller).
func Tasks() []string { return append([]string(nil), tasks[:]...) }

// taskColumns maps, for each leaderboard file, a task to its score column:
// the one place the long column names are spelled. The task -> column
// pairs are the authors' (hlzhang109/prescriptive-scaling,
// skill_frontier/io/task_mappings.py: the "Raw" scores). The 5,679-row
// file has no MMLU-PRO column.
var taskColumns = map[string]map[string]string{
	LeaderboardFile: {
		"IFEval":     "leaderboard_ifeval_inst_level_strict_acc_none",
		"BBH":        "leaderboard_bbh_acc_norm_none",
		"MATH Lvl 5": "leaderboard_math_hard_exact_match_none",
		"GPQA":       "leaderboard_gpqa_acc_norm_none",
		"MUSR":       "leaderboard_musr_acc_norm_none",
	},
	DatedFile: {
		"IFEval":     "leaderboard_ifeval_inst_level_strict_acc_none",
		"BBH":        "leaderboard_bbh_acc_norm_none",
		"MATH Lvl 5": "leaderboard_math_hard_exact_match_none",
		"GPQA":       "leaderboard_gpqa_acc_norm_none",
		"MUSR":       "leaderboard_musr_acc_norm_none",
		"MMLU-PRO":   "leaderboard_mmlu_pro_acc_none",
	},
}

// Other columns used from the files.
const (
	colModel     = "model_id"
	colZFLOPs    = "pretrain_compute_zflops"
	colTokensT   = "Pretraining tokens (T)"
	colParamsB   = "#Params (B)"
	colModified  = "lastModified"
	colEpochC    = "training_compute_flop"
	colEpochY    = "score"
	colEpochName = "model"
)

// Points is one task's data: z = log10(FLOPs), scores in [0,1], and per
// point the model, the CSV line, the compute in FLOPs and (when the file
// has one) the date.
type Points struct {
	Task    string
	File    string
	Z, Y    []float64
	FLOPs   []float64
	Names   []string
	Lines   []int
	Dates   []time.Time // zero time when the file has no date for the row
	Dropped int         // rows without a score (or without compute) for this task
}

// Len returns the number of points.
func (p *Points) Len() int { return len(p.Z) }

// Subset returns the points at the given indices.
func (p *Points) Subset(idx []int) *Points {
	q := &Points{Task: p.Task, File: p.File}
	for _, i := range idx {
		q.Z = append(q.Z, p.Z[i])
		q.Y = append(q.Y, p.Y[i])
		q.FLOPs = append(q.FLOPs, p.FLOPs[i])
		q.Names = append(q.Names, p.Names[i])
		q.Lines = append(q.Lines, p.Lines[i])
		if p.Dates != nil {
			q.Dates = append(q.Dates, p.Dates[i])
		}
	}
	return q
}

// TaskColumns returns a copy of the task -> score column map of a
// leaderboard file (LeaderboardFile or DatedFile; empty for other files).
func TaskColumns(file string) map[string]string {
	out := map[string]string{}
	for k, v := range taskColumns[file] {
		out[k] = v
	}
	return out
}

// column returns the score column of task in file, or an error listing
// the tasks the file has.
func column(file, task string) (string, error) {
	m := taskColumns[file]
	if c, ok := m[task]; ok {
		return c, nil
	}
	var have []string
	for _, t := range tasks {
		if _, ok := m[t]; ok {
			have = append(have, t)
		}
	}
	return "", fmt.Errorf("frontier: task %q not in %s (tasks: %s)", task, file, strings.Join(have, ", "))
}

// LoadLeaderboard reads one task from the 5,679-row leaderboard file;
// rows without a score for the task are dropped (counted in Dropped).
func LoadLeaderboard(task string) (*Points, error) {
	col, err := column(LeaderboardFile, task)
	if err != nil {
		return nil, err
	}
	t, err := data.ReadCSV(LeaderboardFile)
	if err != nil {
		return nil, err
	}
	c, err := t.FloatsOrNaN(colZFLOPs)
	if err != nil {
		return nil, err
	}
	for i := range c {
		c[i] *= 1e21
	}
	return collect(t, task, col, c, "")
}

// LoadDated reads one task from the dated leaderboard file, with compute
// C = 6 N D from `Pretraining tokens (T)` and `#Params (B)` and the date
// from `lastModified`; rows without a score, tokens or parameters are
// dropped (counted in Dropped).
func LoadDated(task string) (*Points, error) {
	col, err := column(DatedFile, task)
	if err != nil {
		return nil, err
	}
	t, err := data.ReadCSV(DatedFile)
	if err != nil {
		return nil, err
	}
	d, err := t.FloatsOrNaN(colTokensT)
	if err != nil {
		return nil, err
	}
	n, err := t.FloatsOrNaN(colParamsB)
	if err != nil {
		return nil, err
	}
	c := make([]float64, len(d))
	for i := range d {
		c[i] = 6 * d[i] * 1e12 * n[i] * 1e9
	}
	return collect(t, task, col, c, colModified)
}

// LoadEpoch reads an Epoch AI benchmark file (for example
// "epoch_benchmarks/GPQA_diamond.csv"); the task is the file's base name.
func LoadEpoch(rel string) (*Points, error) {
	t, err := data.ReadCSV(rel)
	if err != nil {
		return nil, err
	}
	c, err := t.FloatsOrNaN(colEpochC)
	if err != nil {
		return nil, err
	}
	task := strings.TrimSuffix(path.Base(rel), ".csv")
	return collectNamed(t, task, colEpochY, colEpochName, c, "")
}

func collect(t *data.Table, task, col string, flops []float64, dateCol string) (*Points, error) {
	return collectNamed(t, task, col, colModel, flops, dateCol)
}

// collectNamed keeps rows with a score and compute; a score outside [0,1]
// or a non-positive compute on a scored row is an error naming file:line.
func collectNamed(t *data.Table, task, col, nameCol string, flops []float64, dateCol string) (*Points, error) {
	y, err := t.FloatsOrNaN(col)
	if err != nil {
		return nil, err
	}
	names, err := t.Strings(nameCol)
	if err != nil {
		return nil, err
	}
	var dates []string
	if dateCol != "" {
		if dates, err = t.Strings(dateCol); err != nil {
			return nil, err
		}
	}
	p := &Points{Task: task, File: t.File}
	for i := range y {
		if math.IsNaN(y[i]) || math.IsNaN(flops[i]) {
			p.Dropped++
			continue
		}
		where := fmt.Sprintf("%s:%d", t.File, t.Line(i))
		if y[i] < 0 || y[i] > 1 {
			return nil, fmt.Errorf("frontier: task %s: %s: score %v outside [0,1]", task, where, y[i])
		}
		if !(flops[i] > 0) || math.IsInf(flops[i], 0) {
			return nil, fmt.Errorf("frontier: task %s: %s: compute %v FLOPs must be positive", task, where, flops[i])
		}
		p.Z = append(p.Z, math.Log10(flops[i]))
		p.Y = append(p.Y, y[i])
		p.FLOPs = append(p.FLOPs, flops[i])
		p.Names = append(p.Names, names[i])
		p.Lines = append(p.Lines, t.Line(i))
		if dates != nil {
			var d time.Time
			if s := strings.TrimSpace(dates[i]); s != "" {
				if d, err = time.Parse(time.RFC3339, s); err != nil {
					return nil, fmt.Errorf("frontier: task %s: %s: date %q: %v", task, where, s, err)
				}
			}
			p.Dates = append(p.Dates, d)
		}
	}
	if len(p.Z) == 0 {
		return nil, fmt.Errorf("frontier: task %s: no scored rows in %s", task, t.File)
	}
	return p, nil
}
