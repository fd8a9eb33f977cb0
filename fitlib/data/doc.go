// Package data finds the public scaling-law datasets gophernote's tests and
// notebooks use and reads them as CSV tables whose errors name the file, the
// line and the column.
//
// Datasets are never copied into the project. A relative name such as
// "llmonkeys/pythia_math_per_problem_counts.csv" is looked up, in order, in
// $GOPHERNOTE_DATA, then ./data, then ../shared/data — the last two relative
// to the working directory and to each of its parent directories, so a
// notebook run from notebooks/ finds the same files as a test run from a
// package folder. When a file is missing the error names the public
// repository and path it comes from.
//
//	t, err := data.ReadCSV("llmonkeys/pythia_math_per_problem_counts.csv")
//	if err != nil { ... }
//	n, err := t.Ints("num_samples")
//	sub := t.Where("model", "Pythia 12B")
package data
