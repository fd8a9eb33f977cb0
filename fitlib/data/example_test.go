package data_test

import (
	"fmt"
	"strings"

	"github.com/gophernote/gophernote/fitlib/data"
)

const runs = `model,N,D,loss
a,1e8,2e9,3.41
a,1e8,8e9,3.12
b,1e9,2e10,2.71
b,1e9,8e10,2.55
c,1e10,2e11,2.21
`

func ExampleReadCSV() {
	// A path relative to the working directory is read from there first
	// (data.ReadCSV("losses.csv") reads ./losses.csv); a dataset name
	// such as this one is then looked up in the shared data folders.
	t, err := data.ReadCSV("chinchilla/svg_extracted_data.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Len(), t.Names()[3:])
	fmt.Println(t.Kinds()[3:])
	// Output:
	// 245 [Model Size Training FLOP hex_color loss]
	// [float float string float]
}

func ExampleReadOptions_Parse() {
	src := "N,loss\n1e8,3.2\n1e9\n1e10,oops\n1e11,2.1\n"
	opt := data.ReadOptions{SkipBadRows: true, Types: map[string]data.Kind{"loss": data.KindFloat}}
	t, err := opt.Parse("losses.csv", strings.NewReader(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Len(), "rows kept")
	for _, b := range t.Skipped() {
		fmt.Println("skipped", b)
	}
	// Without SkipBadRows the first bad row is an error naming its line.
	_, err = data.Parse("losses.csv", strings.NewReader(src))
	fmt.Println(err)
	// Output:
	// 2 rows kept
	// skipped line 3: 1 fields, the header has 2
	// skipped line 4: column "loss": "oops" is not a number
	// losses.csv:3: row has 1 fields, the header has 2 (ReadOptions.SkipBadRows skips such rows)
}

func ExampleTable_Query() {
	t, _ := data.Parse("runs.csv", strings.NewReader(runs))
	big, err := t.Query("N >= 1e9 and loss < 2.6")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(big)
	_, err = t.Query("los < 3")
	fmt.Println(err)
	// Output:
	// runs.csv: 2 rows × 4 columns
	// model             N             D   loss
	// string        float         float  float
	// b        1000000000   80000000000   2.55
	// c       10000000000  200000000000   2.21
	// runs.csv: expression "los < 3": los: runs.csv: no column "los" (columns: model, N, D, loss)
}

func ExampleTable_Assign() {
	t, _ := data.Parse("runs.csv", strings.NewReader(runs))
	t, _ = t.Assign("C", "6 * N * D")
	c, _ := t.Floats("C")
	fmt.Println(c)
	// Output:
	// [1.2e+18 4.8e+18 1.2e+20 4.8e+20 1.2e+22]
}

func ExampleTable_GroupBy() {
	t, _ := data.Parse("runs.csv", strings.NewReader(runs))
	g, _ := t.GroupBy("model")
	// numpy: mean(log D) = 22.1096, 24.4121, 26.0216
	agg, err := g.Agg("count()", "best = min(loss)", "mean(log(D))")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(agg)
	// Output:
	// runs.csv: 3 rows × 4 columns
	// model   count   best  mean(log(D))
	// string    int  float         float
	// a           2   3.12       22.1096
	// b           2   2.55       24.4121
	// c           1   2.21       26.0216
}

func ExampleTable_Join() {
	t, _ := data.Parse("runs.csv", strings.NewReader(runs))
	sizes, _ := data.Parse("sizes.csv", strings.NewReader("model,layers\na,6\nb,12\n"))
	j, _ := t.LeftJoin(sizes, "model")
	layers, _ := j.FloatsOrNaN("layers")
	fmt.Println(j.Names(), layers)
	// Output:
	// [model N D loss layers] [6 6 12 12 NaN]
}

func ExampleTable_Sort() {
	t, _ := data.Parse("runs.csv", strings.NewReader(runs))
	s, _ := t.Sort("-loss")
	loss, _ := s.Floats("loss")
	fmt.Println(loss, "first row from file line", s.Line(0))
	// Output:
	// [3.41 3.12 2.71 2.55 2.21] first row from file line 2
}

func ExampleTable_Describe() {
	t, _ := data.Parse("runs.csv", strings.NewReader(runs))
	d := t.Describe() // numpy: mean 2.8, std(ddof=1) 0.47255, median 2.71
	loss, _ := d.Floats("loss")
	fmt.Printf("count %g mean %.3f std %.4f median %g\n", loss[0], loss[1], loss[2], loss[5])
	// Output:
	// count 5 mean 2.800 std 0.4725 median 2.71
}

func ExampleNewTable() {
	t := data.NewTable("fit")
	_ = t.AddFloats("N", []float64{1e8, 1e9})
	_ = t.AddStrings("name", []string{"small", "large"})
	fmt.Println(t.AddInts("k", []int{1}))
	var b strings.Builder
	_ = t.Write(&b)
	fmt.Print(b.String())
	// Output:
	// fit: column "k" has 1 values, the table has 2 rows
	// N,name
	// 1e+08,small
	// 1e+09,large
}

func ExampleTable_Columns() {
	// Named columns for a fit: the shape fit.Problem.Data and the fitlib
	// fits take.
	t, err := data.Parse("runs.csv", strings.NewReader("N,D,loss\n1e8,2e9,3.2\n1e9,2e10,2.6\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	cols, err := t.Columns("N", "D")
	fmt.Println(cols["N"], cols["D"], err)
	_, err = t.Columns("C")
	fmt.Println(err)
	// Output:
	// [1e+08 1e+09] [2e+09 2e+10] <nil>
	// runs.csv: no column "C" (columns: N, D, loss)
}
