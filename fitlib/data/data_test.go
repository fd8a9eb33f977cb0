package data

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseErrorsNamePosition(t *testing.T) {
	src := "a,b,c\n1,2,3\n4,x,6\n"
	tb, err := Parse("t.csv", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Floats("a"); err != nil {
		t.Fatalf("column a: %v", err)
	}
	_, err = tb.Floats("b")
	if err == nil || !strings.Contains(err.Error(), "t.csv:3:3") || !strings.Contains(err.Error(), `"x"`) {
		t.Fatalf("want t.csv:3:3 and the bad text, got %v", err)
	}
	if _, err := tb.Floats("nope"); err == nil || !strings.Contains(err.Error(), `no column "nope"`) {
		t.Fatalf("unknown column: %v", err)
	}
	if _, err := Parse("q.csv", strings.NewReader("a,b\n\"1,2\n")); err == nil || !strings.HasPrefix(err.Error(), "q.csv:2:") {
		t.Fatalf("bad quote: %v", err)
	}
	if _, err := Parse("d.csv", strings.NewReader("a,a\n1,2\n")); err == nil || !strings.Contains(err.Error(), "duplicate") {
		t.Fatalf("duplicate header: %v", err)
	}
}

func TestIntsAndWhere(t *testing.T) {
	tb, err := Parse("t.csv", strings.NewReader("m,n\nx,10000\ny,1e4\nx,2.5\n"))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := tb.Where("m", "y")
	if err != nil || sub.Len() != 1 {
		t.Fatalf("where: %v %d", err, sub.Len())
	}
	n, err := sub.Ints("n")
	if err != nil || n[0] != 10000 {
		t.Fatalf("ints: %v %v", n, err)
	}
	_, err = tb.Ints("n")
	if err == nil || !strings.Contains(err.Error(), "t.csv:4:3") {
		t.Fatalf("2.5 must be rejected at line 4: %v", err)
	}
	u, _ := tb.Unique("m")
	if strings.Join(u, ",") != "x,y" {
		t.Fatalf("unique %v", u)
	}
}

func TestPathSearchOrderAndMissing(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "bnsl"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "bnsl", "bnsl_4digit_addition.csv")
	if err := os.WriteFile(p, []byte("dataset_size,test_loss,role\n1,2,fit\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvVar, dir)
	got, err := Path("bnsl/bnsl_4digit_addition.csv")
	if err != nil || got != p {
		t.Fatalf("Path = %q, %v; want %q", got, err, p)
	}
	t.Setenv(EnvVar, t.TempDir())
	old, _ := os.Getwd()
	defer os.Chdir(old)
	if err := os.Chdir(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	// A file the search cannot find names its public source. The real
	// files may lie in a shared/data beside any parent of the temporary
	// folder (e.g. /tmp/shared/data), so the test registers a source for a
	// name no folder holds.
	const ghost = "chinchilla/not_in_any_folder.csv"
	sources[ghost] = Source{"epoch-research/analyzing-chinchilla", "data/ghost.csv", "a test entry"}
	defer delete(sources, ghost)
	_, err = Path(ghost)
	if err == nil || !strings.Contains(err.Error(), "epoch-research/analyzing-chinchilla data/ghost.csv") {
		t.Fatalf("missing file must name its source: %v", err)
	}
	if _, ok := Sources()["chinchilla/svg_extracted_data.csv"]; !ok {
		t.Error("the Chinchilla file has no registered source")
	}
}

// TestSharedData reads the real Chinchilla file from ../shared/data (or
// $GOPHERNOTE_DATA): 245 runs, as the data README states.
func TestSharedData(t *testing.T) {
	tb, err := ReadCSV("chinchilla/svg_extracted_data.csv")
	if err != nil {
		t.Fatal(err)
	}
	if tb.Len() != 245 {
		t.Fatalf("chinchilla rows = %d, want 245", tb.Len())
	}
	loss, err := tb.Floats("loss")
	if err != nil || len(loss) != 245 {
		t.Fatal(err)
	}
	for rel := range Sources() {
		if _, err := Path(rel); err != nil {
			t.Errorf("source table names %s but: %v", rel, err)
		}
	}
}
