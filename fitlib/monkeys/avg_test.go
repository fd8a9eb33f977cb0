package monkeys

import "github.com/gophernote/gophernote/fitlib/data"

// readAvg reads a *_avg_pass_at_k.csv file into model -> k -> mean pass@k.
func readAvg(rel string) (map[string]map[int]float64, error) {
	t, err := data.ReadCSV(rel)
	if err != nil {
		return nil, err
	}
	ms, err := t.Strings("model")
	if err != nil {
		return nil, err
	}
	ks, err := t.Ints("k")
	if err != nil {
		return nil, err
	}
	ps, err := t.Floats("mean_pass_at_k")
	if err != nil {
		return nil, err
	}
	out := map[string]map[int]float64{}
	for i := range ms {
		if out[ms[i]] == nil {
			out[ms[i]] = map[int]float64{}
		}
		out[ms[i]][ks[i]] = ps[i]
	}
	return out, nil
}
