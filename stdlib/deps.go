package stdlib

// The packages cells can import besides the Go standard library and fitlib
// (which is discovered with `go list ./fitlib/...`). The generator reads
// this import list; the blank imports also keep every dependency, such as
// golang.org/x/tools pulled in by gonum/stat/distmv, in go.mod and go.sum,
// which `yaegi extract` needs.
import (
	_ "github.com/gophernote/gophernote/kernel/display"
	_ "github.com/gophernote/gophernote/kernel/widgets"
	_ "gonum.org/v1/gonum/diff/fd"
	_ "gonum.org/v1/gonum/floats"
	_ "gonum.org/v1/gonum/integrate/quad"
	_ "gonum.org/v1/gonum/mat"
	_ "gonum.org/v1/gonum/mathext"
	_ "gonum.org/v1/gonum/optimize"
	_ "gonum.org/v1/gonum/stat"
	_ "gonum.org/v1/gonum/stat/distuv"
	_ "gonum.org/v1/plot"
	_ "gonum.org/v1/plot/plotter"
	_ "gonum.org/v1/plot/plotutil"
	_ "gonum.org/v1/plot/vg"
	_ "gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgimg"
	_ "gonum.org/v1/plot/vg/vgsvg"
)

//go:generate go run ./gen
