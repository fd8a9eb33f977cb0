// Package progen generates random Go programs for differential testing
// of the engine against compiled Go (cmd/gophernote's TestGoFuzz, `make
// fuzz-go`).
//
// A program is a sequence of independent units. Unit i declares its own
// types, methods, constants and helper functions (names ending in its
// number) and one function ui, which main calls in order; ui first prints
// the marker line "== ui", then runs its statements, printing every value
// it computes. Units share no mutable state, so a unit can be dropped (a
// refused construct, a crash) and the compiled output of the remaining
// program is the original output without that unit's section.
//
// Generation is type-directed: every expression is generated for a type
// the generator tracks (basic kinds, declared types with methods, slices,
// arrays, maps, structs with embedding, pointers, interfaces, funcs,
// generic types and functions), constant expressions are evaluated
// exactly (go/constant) so that no typed constant overflows and no
// constant divisor is zero, and every statement is drawn from a weighted
// grammar (see Weights). Programs are deterministic (no map iteration
// order, addresses, time or goroutine scheduling is printed), terminate
// quickly (loops are bounded by constants) and are valid Go; an invalid
// one is a generator bug (the driver type-checks every program and counts
// them).
//
// The same seed and Config always give the same program.
package progen

import (
	"fmt"
	"math/rand"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Config says what to generate. The zero value means the defaults.
type Config struct {
	Units   int     // units per program (default 10)
	Stmts   int     // statements per unit, about (default 14)
	Depth   int     // expression depth (default 3)
	Weights Weights // statement weights (default DefaultWeights)
}

// FuzzConfig is the configuration of the differential fuzzer's programs
// (TestGoFuzz, cmd/progen): 8 units of about 10 statements, 300-600
// lines.
func FuzzConfig() Config { return Config{Units: 8, Stmts: 10} }

func (c Config) withDefaults() Config {
	if c.Units <= 0 {
		c.Units = 10
	}
	if c.Stmts <= 0 {
		c.Stmts = 14
	}
	if c.Depth <= 0 {
		c.Depth = 3
	}
	if c.Weights == nil {
		c.Weights = DefaultWeights()
	}
	return c
}

// Feature names a statement production of the grammar; a unit has one
// as its theme (drawn more often in that unit).
type Feature string

// The features. Their weights are in DefaultWeights.
const (
	FNumeric    Feature = "numeric"    // numeric declarations, assignments, op-assignments over all kinds
	FConst      Feature = "const"      // constant declarations, typed and untyped, iota
	FConvert    Feature = "convert"    // conversions between numeric kinds, strings, bytes, runes
	FFloat      Feature = "float"      // NaN, infinities, -0, math functions, float32 rounding
	FComposite  Feature = "composite"  // struct, slice, array, map literals, nested, in multi-value assignments
	FMulti      Feature = "multi"      // multi-value assignments, swaps, index/lhs evaluation order
	FOrder      Feature = "order"      // evaluation order of calls with side effects
	FControl    Feature = "control"    // if, for, switch, labeled break/continue, range over int
	FClosure    Feature = "closure"    // closures, captured variables, per-iteration loop variables
	FMethod     Feature = "method"     // methods, pointer/value receivers, embedding, method values/expressions
	FIface      Feature = "iface"      // interfaces, comparisons, type switches, assertions
	FDefer      Feature = "defer"      // defer, panic, recover, named results
	FMap        Feature = "map"        // maps: insert, delete, lookup, len, printing
	FSlice      Feature = "slice"      // append aliasing, copy, 3-index slices, slices of arrays
	FString     Feature = "string"     // strings: range over runes, bytes, invalid UTF-8, strings package
	FGeneric    Feature = "generic"    // generic functions, constraints, inference, generic types with methods
	FPrintf     Feature = "printf"     // fmt verbs over the values in scope
	FStringer   Feature = "stringer"   // types with String/Error methods printed by fmt
	FFunc       Feature = "func"       // helper functions with multiple results, variadics, recursion
	FPanicExit  Feature = "panicexit"  // (last unit only) an unrecovered panic ending the program
	FStructCmp  Feature = "structcmp"  // struct and array values: copies, comparison, as map keys
	FPointer    Feature = "pointer"    // pointers: aliasing, new, pointer to fields and elements
	FBlock      Feature = "block"      // nested blocks, shadowing
	FCompound   Feature = "compound"   // statements composed of other statements (if/for bodies)
	FLoopVar    Feature = "loopvar"    // Go 1.22 loop variables captured in closures, goroutine-free
	FBuiltin    Feature = "builtin"    // min, max, clear, len, cap, copy, append forms
	FInterfaceE Feature = "embediface" // embedded interfaces and interface-to-interface assertions
	FChan       Feature = "chan"       // channels and select in one goroutine: buffers, close, nil channels, jumps out of select
)

// Weights are the relative frequencies of the statement productions.
// A weight of 0 turns a feature off; generic types and calls then appear
// nowhere (also not inside other productions).
type Weights map[Feature]int

// ParseWeights changes DefaultWeights by a list "feature=N,..." (the
// fuzzer's GOPHERNOTE_FUZZ_WEIGHTS).
func ParseWeights(s string) (Weights, error) {
	w := DefaultWeights()
	for _, part := range strings.Split(s, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		name, val, ok := strings.Cut(part, "=")
		n, err := strconv.Atoi(strings.TrimSpace(val))
		if _, known := w[Feature(strings.TrimSpace(name))]; !ok || err != nil || n < 0 || !known {
			return nil, fmt.Errorf("progen: weight %q: want feature=N with a feature of DefaultWeights", part)
		}
		w[Feature(strings.TrimSpace(name))] = n
	}
	return w, nil
}

// DefaultWeights are the weights the fuzzer uses.
func DefaultWeights() Weights {
	return Weights{
		FNumeric: 14, FConst: 6, FConvert: 7, FFloat: 6, FComposite: 8, FMulti: 7, FOrder: 5,
		FControl: 6, FClosure: 5, FMethod: 8, FIface: 7, FDefer: 6, FMap: 6, FSlice: 7, FString: 6,
		FGeneric: 6, FPrintf: 4, FStringer: 4, FFunc: 4, FPanicExit: 0, FStructCmp: 4, FPointer: 4,
		FBlock: 2, FCompound: 4, FLoopVar: 4, FBuiltin: 4, FInterfaceE: 2, FChan: 3,
	}
}

// Program is a generated program.
type Program struct {
	Seed  int64
	Units []*Unit
}

// Unit is one independent part of a program.
type Unit struct {
	Index   int
	Feature Feature  // the unit's theme
	Decls   []string // top-level declarations, each complete
	Body    string   // the body of func uN (indented by one tab)
	// Inline: the unit's statements stand in main (a notebook's
	// statement cell) instead of in func uN.
	Inline  bool
	imports map[string]bool
	prelude map[string]bool
}

// Func is the name of the unit's function.
func (u *Unit) Func() string { return fmt.Sprintf("u%d", u.Index) }

// Marker is the line the unit prints first.
func (u *Unit) Marker() string { return "== " + u.Func() }

// Generate returns the program of a seed.
func Generate(seed int64, cfg Config) *Program {
	cfg = cfg.withDefaults()
	g := &gen{r: rand.New(rand.NewSource(seed)), cfg: cfg}
	p := &Program{Seed: seed}
	features := g.featureList()
	for i := 0; i < cfg.Units; i++ {
		theme := g.pickFeature(features, "")
		if i == cfg.Units-1 && g.r.Intn(8) == 0 {
			theme = FPanicExit
		}
		u := g.unit(i, theme)
		u.Inline = g.chance(3)
		p.Units = append(p.Units, u)
	}
	return p
}

// Source renders the program with the units keep accepts (nil: all).
func (p *Program) Source(keep func(i int) bool) []byte {
	src, _ := p.Render(keep)
	return src
}

// Span is the lines (1-based, inclusive) of a unit's part of a rendered
// program: its declarations and function, or its statements in main.
type Span struct {
	Unit     int
	From, To int
}

// Render renders the program with the units keep accepts and returns the
// line spans of each unit's parts.
func (p *Program) Render(keep func(i int) bool) ([]byte, []Span) {
	var units []*Unit
	for _, u := range p.Units {
		if keep == nil || keep(u.Index) {
			units = append(units, u)
		}
	}
	prelude := map[string]bool{}
	for _, u := range units {
		for k := range u.prelude {
			prelude[k] = true
		}
	}
	// The body after the imports, with spans relative to its first line.
	var body strings.Builder
	line := 1 // the line body's next text starts on (relative)
	var spans []Span
	write := func(unit int, text string) {
		if unit >= 0 {
			spans = append(spans, Span{Unit: unit, From: line, To: line + strings.Count(text, "\n") - 1})
		}
		body.WriteString(text)
		line += strings.Count(text, "\n")
	}
	for _, k := range sortedKeys(prelude) {
		write(-1, "\n"+preludeSrc[k]+"\n")
	}
	for _, u := range units {
		write(-1, fmt.Sprintf("\n// Unit %d: %s.\n", u.Index, u.Feature))
		for _, d := range u.Decls {
			write(-1, "\n")
			write(u.Index, d+"\n")
		}
		if !u.Inline {
			write(-1, "\n")
			write(u.Index, fmt.Sprintf("func %s() {\n\tfmt.Println(%q)\n%s}\n", u.Func(), u.Marker(), u.Body))
		}
	}
	write(-1, "\nfunc main() {\n")
	for _, u := range units {
		if u.Inline {
			write(u.Index, fmt.Sprintf("\tfmt.Println(%q)\n%s", u.Marker(), u.Body))
		} else {
			write(u.Index, fmt.Sprintf("\t%s()\n", u.Func()))
		}
	}
	write(-1, "}\n")
	var b strings.Builder
	fmt.Fprintf(&b, "// Code generated by progen (seed %d); DO NOT EDIT.\n\npackage main\n\nimport (\n", p.Seed)
	imports := Imports(body.String())
	for _, k := range imports {
		fmt.Fprintf(&b, "\t%q\n", k)
	}
	b.WriteString(")\n")
	head := strings.Count(b.String(), "\n")
	for i := range spans {
		spans[i].From += head
		spans[i].To += head
	}
	b.WriteString(body.String())
	return []byte(b.String()), spans
}

// UnitAt returns the unit whose part holds a line of a rendered program,
// or -1.
func UnitAt(spans []Span, line int) int {
	for _, sp := range spans {
		if line >= sp.From && line <= sp.To {
			return sp.Unit
		}
	}
	return -1
}

// packages are the packages generated code may use, by name.
var packages = map[string]string{"fmt": "fmt", "math": "math", "strings": "strings", "strconv": "strconv",
	"sort": "sort", "errors": "errors", "utf8": "unicode/utf8", "bits": "math/bits", "cmplx": "math/cmplx",
	"slices": "slices", "maps": "maps", "cmp": "cmp", "unicode": "unicode"}

var pkgRefRe = regexp.MustCompile(`\b(fmt|math|strings|strconv|sort|errors|utf8|bits|cmplx|slices|maps|cmp|unicode)\.[A-Z]`)

// Imports lists the import paths code refers to (a generated name never
// looks like a package reference, and string literals hold none).
func Imports(code string) []string {
	set := map[string]bool{}
	for _, m := range pkgRefRe.FindAllStringSubmatch(code, -1) {
		set[packages[m[1]]] = true
	}
	return sortedKeys(set)
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// preludeSrc are helpers shared by units (pure functions: no state).
var preludeSrc = map[string]string{
	// clampF makes a float conversion to an integer type defined: Go
	// leaves out-of-range and NaN conversions to the implementation.
	"clampF": `func clampF(f, lo, hi float64) float64 {
	if f != f {
		return 0
	}
	if f < lo {
		return lo
	}
	if f > hi {
		return hi
	}
	return f
}`,
}

var preludeImports = map[string][]string{}

// gen is the state of one program's generation.
type gen struct {
	r   *rand.Rand
	cfg Config
	u   *unitState
	// lastDynComparable: the value ifaceExpr returned last is comparable.
	lastDynComparable bool
}

// unitState is what the current unit has declared.
type unitState struct {
	unit     *Unit
	idx      int
	theme    Feature
	n        int     // name counter
	types    []*Type // declared named types (any kind)
	ifaces   []*Type // declared interfaces
	funcs    []*funcDecl
	gfuncs   []*genericFunc
	gtypes   []*genericType
	consts   []*variable // package-level constants
	stmts    int         // statements emitted (budget)
	inDecl   bool        // writing a declaration's body: declare few new things
	hasTrace bool        // the unit's trace helper is declared
}

// funcDecl is a declared (non-generic) helper function.
type funcDecl struct {
	name     string
	params   []*Type
	variadic bool // the last param is ...elem (params[last] is the slice type)
	results  []*Type
	pure     bool // no side effects (prints nothing)
}

func (g *gen) featureList() []Feature {
	var fs []Feature
	for f := range g.cfg.Weights {
		fs = append(fs, f)
	}
	slices.Sort(fs)
	return fs
}

// pickFeature draws a feature by weight; the theme counts four times.
func (g *gen) pickFeature(fs []Feature, theme Feature) Feature {
	total := 0
	w := func(f Feature) int {
		n := g.cfg.Weights[f]
		if f == theme && n > 0 {
			n = n*4 + 8
		}
		return n
	}
	for _, f := range fs {
		total += w(f)
	}
	if total == 0 {
		return FNumeric
	}
	x := g.r.Intn(total)
	for _, f := range fs {
		x -= w(f)
		if x < 0 {
			return f
		}
	}
	return fs[len(fs)-1]
}

// unit generates unit i with a theme.
func (g *gen) unit(i int, theme Feature) *Unit {
	u := &Unit{Index: i, Feature: theme, imports: map[string]bool{}, prelude: map[string]bool{}}
	g.u = &unitState{unit: u, idx: i, theme: theme}
	w := newWriter(1)
	s := newScope(nil)
	s.fn = &fnCtx{}
	fs := g.featureList()
	n := g.cfg.Stmts/2 + g.r.Intn(g.cfg.Stmts)
	if theme == FPanicExit {
		g.stmts(w, s, n/2, theme, fs)
		g.panicExit(w, s)
	} else {
		g.stmts(w, s, n, theme, fs)
	}
	u.Body = w.String()
	return u
}

// stmts emits about n statements drawn from the grammar.
func (g *gen) stmts(w *writer, s *scope, n int, theme Feature, fs []Feature) {
	for k := 0; k < n; k++ {
		f := g.pickFeature(fs, theme)
		if f == FPanicExit {
			continue
		}
		g.stmt(w, s, f)
	}
}

// name returns a fresh identifier with a prefix, unique in the unit.
func (g *gen) name(prefix string) string {
	g.u.n++
	return fmt.Sprintf("%s%d_%d", prefix, g.u.idx, g.u.n)
}

// local returns a fresh local variable name (unique in the program: an
// inline unit's variables live beside others in main).
func (g *gen) local(prefix string) string {
	g.u.n++
	return fmt.Sprintf("%s%d_%d", prefix, g.u.idx, g.u.n)
}

func (g *gen) imp(path string) { g.u.unit.imports[path] = true }

func (g *gen) usePrelude(name string) string {
	g.u.unit.prelude[name] = true
	return name
}

func (g *gen) decl(src string) { g.u.unit.Decls = append(g.u.unit.Decls, src) }

// writer accumulates indented source lines.
type writer struct {
	b      strings.Builder
	indent int
}

func newWriter(indent int) *writer { return &writer{indent: indent} }

func (w *writer) line(format string, args ...any) {
	w.b.WriteString(strings.Repeat("\t", w.indent))
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

func (w *writer) open(format string, args ...any) {
	w.line(format, args...)
	w.indent++
}

func (w *writer) close(text string) {
	w.indent--
	w.line("%s", text)
}

func (w *writer) String() string { return w.b.String() }

// variable is a name in scope with what the generator knows of it.
type variable struct {
	name string
	t    *Type
	// minLen: a slice's or string's length is at least this (slices and
	// strings only).
	minLen int
	// isConst: a constant (cv its value; untyped: an untyped constant
	// whose default type is t).
	isConst bool
	untyped bool
	cv      any // constant.Value
	// noAssign: not to be assigned (range keys of a map, loop counters
	// whose loop must end, function parameters captured by escaping
	// closures...).
	noAssign bool
	// dyn: for interface variables, the dynamic types it may hold are all
	// printable (fmt prints the same text in every run).
	dynPrintable bool
	// dynComparable: the dynamic values it may hold are comparable (==
	// on the interface does not panic).
	dynComparable bool
	used          bool
}

// scope is a block's variables.
type scope struct {
	parent *scope
	vars   []*variable
	loop   bool // break/continue allowed
	fn     *fnCtx
}

// fnCtx is the enclosing function.
type fnCtx struct {
	results []*Type
	named   []string // named results, if any
	inDefer bool     // in a deferred function literal (recover works)
}

func newScope(parent *scope) *scope {
	s := &scope{parent: parent}
	if parent != nil {
		s.loop = parent.loop
		s.fn = parent.fn
	}
	return s
}

func (s *scope) add(v *variable) *variable {
	s.vars = append(s.vars, v)
	return v
}

// all lists the variables visible in s, innermost first; a shadowed name
// is listed once (the inner one).
func (s *scope) all() []*variable {
	var out []*variable
	seen := map[string]bool{}
	for sc := s; sc != nil; sc = sc.parent {
		for i := len(sc.vars) - 1; i >= 0; i-- {
			v := sc.vars[i]
			if !seen[v.name] {
				seen[v.name] = true
				out = append(out, v)
			}
		}
	}
	return out
}

// find lists the variables of a type identical to t.
func (s *scope) find(t *Type, f func(*variable) bool) []*variable {
	var out []*variable
	for _, v := range s.all() {
		if identical(v.t, t) && (f == nil || f(v)) {
			out = append(out, v)
		}
	}
	return out
}

// pick helpers.
func (g *gen) chance(n int) bool { return g.r.Intn(n) == 0 }

func pick[T any](g *gen, xs []T) T { return xs[g.r.Intn(len(xs))] }

// option is a weighted alternative of a production: it returns false
// when it does not apply.
type option struct {
	w int
	f func() bool
}

// choose runs the options in random order by weight until one applies.
func (g *gen) choose(opts ...option) bool {
	for len(opts) > 0 {
		total := 0
		for _, o := range opts {
			total += o.w
		}
		if total <= 0 {
			return false
		}
		x := g.r.Intn(total)
		i := 0
		for ; i < len(opts); i++ {
			x -= opts[i].w
			if x < 0 {
				break
			}
		}
		if opts[i].f() {
			return true
		}
		opts = append(opts[:i:i], opts[i+1:]...)
	}
	return false
}
