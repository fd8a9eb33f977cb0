package formula

import (
	"reflect"
	"testing"
)

func TestLinearParams(t *testing.T) {
	for _, c := range []struct {
		src  string
		vars []string
		want []string
	}{
		{"E + A*N^(-alpha) + B*D^(-beta)", []string{"N", "D"}, []string{"E", "A", "B"}},
		{"N^(-alpha)*A - B/D^beta + E", []string{"N", "D"}, []string{"A", "B", "E"}},
		{"-c*exp(-k*x) + 2*d*x/(1 + x)", []string{"x"}, []string{"c", "d"}},
		{"exp(a - alpha*log(N)) + exp(e)", []string{"N"}, nil},         // log form: nothing linear
		{"A*N^(-alpha) + A*D^(-alpha)", []string{"N", "D"}, nil},       // A twice
		{"c^2*x + d*x", []string{"x"}, []string{"d"}},                  // c squared
		{"x/c + c2*x", []string{"x"}, []string{"c2"}},                  // c in a denominator
		{"(a + b)*x", []string{"x"}, nil},                              // a sum as a factor
		{"L0 + A*(C/C0)^(-alpha)", []string{"C"}, []string{"L0", "A"}}, // C0 is nonlinear
	} {
		f, err := Parse(c.src, c.vars...)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.LinearParams(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: linear %v, want %v", c.src, got, c.want)
		}
	}
}
