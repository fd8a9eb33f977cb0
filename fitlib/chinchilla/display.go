package chinchilla

import (
	"fmt"
	"math"
	"strconv"

	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// This file gives the package's results their rich form in a notebook
// (rule R3 of fitlib/doc.go): MIMEBundle returns text/html and a text/plain
// table, which gophernote's display layer shows when the value ends a cell.

func (f *LawFit) table() *report.Table {
	t := &report.Table{Title: "Chinchilla law L(N, D) = E + A N^-alpha + B D^-beta",
		Header: []string{"parameter", "value", "log form"}}
	p := f.Params
	names := []string{"A", "B", "E", "alpha", "beta"}
	vals := []float64{p.A, p.B, p.E, p.Alpha, p.Beta}
	logNames := []string{"a", "b", "e", "alpha", "beta"}
	for j := range names {
		lf := ""
		if j < len(f.Theta) {
			lf = logNames[j] + " = " + report.Num(f.Theta[j])
			if j < len(f.ThetaSE) {
				lf += " ± " + report.Num(f.ThetaSE[j])
			}
		}
		t.Add(names[j], report.Num(vals[j]), lf)
	}
	if f.Sigma > 0 {
		t.Add("sigma", report.Num(f.Sigma), "")
	}
	t.Note("objective %s; %d starts in %.1f s; converged: %v", report.Num(f.Objective), f.Starts, f.Seconds, f.Converged)
	t.Note("%s", f.Status)
	t.Note("N_opt ∝ C^%.4f, D_opt ∝ C^%.4f", p.ExponentA(), p.ExponentB())
	return t
}

// MIMEBundle shows the fit as a table (text/html and text/plain) when it
// ends a notebook cell.
func (f *LawFit) MIMEBundle() map[string]string { return report.Bundle(f.table()) }

// String is the text table.
func (f *LawFit) String() string { return f.table().Text() }

func (b *BootstrapResult) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("Bootstrap of the Chinchilla law: %d resamples, %g%% percentile intervals", b.Resamples, 100*b.Level),
		Header: []string{"parameter", "estimate", "SE", "interval", "median"}}
	for j, n := range b.Names {
		t.Add(n, report.Num(at(b.Estimate, j)), report.Num(at(b.SE, j)), report.Interval(at(b.Lo, j), at(b.Hi, j)), report.Num(at(b.Median, j)))
	}
	t.Note("%d resample fits did not converge (kept, as Besiroglu et al. keep them); %.1f s", b.Failed, b.Seconds)
	return t
}

// MIMEBundle shows the bootstrap as a table when it ends a notebook cell.
func (b *BootstrapResult) MIMEBundle() map[string]string { return report.Bundle(b.table()) }

// String is the text table.
func (b *BootstrapResult) String() string { return b.table().Text() }

func (f *IsoFLOPFit) table() *report.Table {
	t := &report.Table{Title: "Approach 2: IsoFLOP parabolas", Header: []string{"budget C", "runs", "N_opt", "D_opt", "min loss"}}
	for _, b := range f.Budgets {
		t.Add(report.Num(b.C), strconv.Itoa(len(b.N)), report.Num(b.NOpt), report.Num(b.DOpt), report.Num(b.MinLoss))
	}
	t.Note("N_opt ∝ C^a: a = %.4f ± %.4f (jackknife); D_opt ∝ C^b: b = %.4f ± %.4f; a + b = %.6f", f.A, f.ASE, f.B, f.BSE, f.SumAB)
	return t
}

// MIMEBundle shows the IsoFLOP fit as a table when it ends a notebook cell.
func (f *IsoFLOPFit) MIMEBundle() map[string]string { return report.Bundle(f.table()) }

// String is the text table.
func (f *IsoFLOPFit) String() string { return f.table().Text() }

func (f *EnvelopeFit) table() *report.Table {
	t := &report.Table{Title: "Approach 1: lower envelope of the training curves", Header: []string{"statistic", "value"}}
	interior := 0
	for _, in := range f.Interior {
		if in {
			interior++
		}
	}
	t.Add("a (N_opt ∝ C^a)", report.Num(f.A))
	t.Add("grid points", strconv.Itoa(len(f.C)))
	t.Add("interior points regressed", strconv.Itoa(interior))
	return t
}

// MIMEBundle shows the envelope fit as a table when it ends a notebook cell.
func (f *EnvelopeFit) MIMEBundle() map[string]string { return report.Bundle(f.table()) }

// String is the text table.
func (f *EnvelopeFit) String() string { return f.table().Text() }

func at(x []float64, i int) float64 {
	if i < len(x) {
		return x[i]
	}
	return math.NaN()
}
