package progen

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// coverageSeeds is how many programs (of the fuzzer's configuration)
// TestGrammarCoverage inspects.
const coverageSeeds = 40

// TestGrammarCoverage: the programs of the first seeds, in the fuzzer's
// configuration, contain every construct issue 19 asks the fuzzer to
// exercise: numeric expressions over every integer, float and complex
// kind, typed and untyped constants, conversions, arithmetic that can
// overflow, shifts, division and remainder of negative operands, NaN and
// infinities; composite literals of each kind; multi-value assignment;
// closures capturing loop variables; methods on named struct and
// non-struct types, embedding, method values and expressions; interfaces,
// interface comparisons, type switches and assertions; defer, panic and
// recover; maps printed by fmt; slices (3-index too) and strings; generic
// functions and types. It inspects the type-checked syntax, so a grammar
// change that silently stops producing one of them fails here.
func TestGrammarCoverage(t *testing.T) {
	seen := map[string]int{}
	imp := importer.Default()
	for seed := int64(1); seed <= coverageSeeds; seed++ {
		src := Generate(seed, FuzzConfig()).Source(nil)
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "prog.go", src, 0)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
			Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
			Instances: map[*ast.Ident]types.Instance{}}
		conf := types.Config{Importer: imp, GoVersion: "go1.24"}
		if _, err := conf.Check("main", fset, []*ast.File{f}, info); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for c := range constructs(f, info) {
			seen[c]++
		}
	}
	var missing []string
	for _, c := range wantConstructs() {
		if seen[c] == 0 {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		t.Errorf("the programs of seeds 1..%d never contain: %s", coverageSeeds, strings.Join(missing, "; "))
	}
	var rare []string
	for _, c := range wantConstructs() {
		if n := seen[c]; n > 0 && n < 3 {
			rare = append(rare, c)
		}
	}
	sort.Strings(rare)
	t.Logf("constructs in fewer than 3 of %d programs: %v", coverageSeeds, rare)
}

// wantConstructs are the constructs TestGrammarCoverage requires.
func wantConstructs() []string {
	var w []string
	for _, k := range []string{"int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
		"uintptr", "float32", "float64", "complex64", "complex128"} {
		w = append(w, "arith "+k)
	}
	return append(w,
		"typed const", "untyped const", "iota", "conversion numeric", "conversion string<->bytes/runes",
		"overflowing arithmetic", "shift constant count", "shift variable count", "division of negative",
		"remainder of negative", "NaN", "Inf", "untyped const in float context",
		"struct literal", "slice literal", "array literal", "map literal", "nested composite literal",
		"multi-value assignment", "multi-value assignment with composite literal", "swap",
		"closure", "closure capturing loop variable",
		"method on struct type", "method on non-struct type", "pointer receiver", "embedded struct field",
		"promoted method call", "method value", "method expression",
		"interface type", "embedded interface", "interface comparison", "type switch", "type assertion",
		"comma-ok assertion",
		"defer", "panic", "recover", "named results",
		"map printed", "map delete", "map comma-ok", "slice expression", "3-index slice", "append", "copy",
		"range over string", "string indexing", "range over int",
		"generic function", "generic type", "generic method", "explicit instantiation", "inferred instantiation",
		"min/max", "clear",
		"comma-ok with =", "comma-ok receive", "if with init", "switch with init", "labelled branch",
		"type switch case with several types", "range over invalid UTF-8",
		"select with default", "break in select", "continue out of select", "labelled branch out of select", "range over channel")
}

// constructs lists the constructs a type-checked file contains.
func constructs(f *ast.File, info *types.Info) map[string]bool {
	out := map[string]bool{}
	typeOf := func(e ast.Expr) types.Type {
		if tv, ok := info.Types[e]; ok {
			return tv.Type
		}
		return nil
	}
	basic := func(e ast.Expr) *types.Basic {
		if t := typeOf(e); t != nil {
			b, _ := t.Underlying().(*types.Basic)
			return b
		}
		return nil
	}
	isConst := func(e ast.Expr) bool { tv, ok := info.Types[e]; return ok && tv.Value != nil }
	negative := func(e ast.Expr) bool {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.SUB {
			return true
		}
		tv, ok := info.Types[e]
		return ok && tv.Value != nil && strings.HasPrefix(tv.Value.ExactString(), "-")
	}
	var loopVars []types.Object
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			b := basic(x)
			switch x.Op {
			case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR:
				if b != nil && b.Info()&types.IsNumeric != 0 && b.Info()&types.IsUntyped == 0 {
					out["arith "+b.Name()] = true
					if b.Info()&types.IsInteger != 0 && !isConst(x) && (x.Op == token.ADD || x.Op == token.SUB || x.Op == token.MUL) &&
						b.Kind() != types.Int && b.Kind() != types.Int64 && b.Kind() != types.Uint64 && b.Kind() != types.Uint && b.Kind() != types.Uintptr {
						out["overflowing arithmetic"] = true
					}
				}
				if b != nil && b.Info()&types.IsInteger != 0 && (negative(x.X) || negative(x.Y)) {
					if x.Op == token.QUO {
						out["division of negative"] = true
					}
					if x.Op == token.REM {
						out["remainder of negative"] = true
					}
				}
			case token.SHL, token.SHR:
				if isConst(x.Y) {
					out["shift constant count"] = true
				} else {
					out["shift variable count"] = true
				}
			case token.EQL, token.NEQ:
				if t := typeOf(x.X); t != nil && types.IsInterface(t) {
					out["interface comparison"] = true
				}
				if t := typeOf(x.Y); t != nil && types.IsInterface(t) {
					out["interface comparison"] = true
				}
			}
		case *ast.CallExpr:
			if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
				to, from := tv.Type.Underlying(), typeOf(x.Args[0])
				if bt, ok := to.(*types.Basic); ok && from != nil {
					if bf, ok := from.Underlying().(*types.Basic); ok && bt.Info()&types.IsNumeric != 0 && bf.Info()&types.IsNumeric != 0 {
						out["conversion numeric"] = true
					}
					if bt.Info()&types.IsString != 0 {
						if _, ok := from.Underlying().(*types.Slice); ok {
							out["conversion string<->bytes/runes"] = true
						}
					}
				}
				if _, ok := to.(*types.Slice); ok && from != nil {
					if bf, ok := from.Underlying().(*types.Basic); ok && bf.Info()&types.IsString != 0 {
						out["conversion string<->bytes/runes"] = true
					}
				}
			}
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok {
					switch b.Name() {
					case "panic", "recover", "append", "copy", "clear", "delete":
						out[map[string]string{"panic": "panic", "recover": "recover", "append": "append", "copy": "copy",
							"clear": "clear", "delete": "map delete"}[b.Name()]] = true
					case "min", "max":
						out["min/max"] = true
					}
				}
				if inst, ok := info.Instances[id]; ok && inst.TypeArgs.Len() > 0 {
					out["inferred instantiation"] = true
				}
			}
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "math" {
					switch sel.Sel.Name {
					case "NaN":
						out["NaN"] = true
					case "Inf":
						out["Inf"] = true
					}
				}
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "fmt" {
					for _, a := range x.Args {
						if t := typeOf(a); t != nil {
							if _, ok := t.Underlying().(*types.Map); ok {
								out["map printed"] = true
							}
						}
					}
				}
				if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal && len(s.Index()) > 1 {
					out["promoted method call"] = true
				}
			}
		case *ast.SelectorExpr:
			if s := info.Selections[x]; s != nil {
				switch s.Kind() {
				case types.MethodExpr:
					out["method expression"] = true
				}
			}
		case *ast.IndexExpr, *ast.IndexListExpr:
			var fun ast.Expr
			if ix, ok := x.(*ast.IndexExpr); ok {
				fun = ix.X
			} else {
				fun = x.(*ast.IndexListExpr).X
			}
			if id, ok := fun.(*ast.Ident); ok {
				if _, ok := info.Instances[id]; ok {
					out["explicit instantiation"] = true
				}
			}
			if ix, ok := x.(*ast.IndexExpr); ok {
				if b := basic(ix.X); b != nil && b.Info()&types.IsString != 0 {
					out["string indexing"] = true
				}
			}
		case *ast.CompositeLit:
			if t := typeOf(x); t != nil {
				switch t.Underlying().(type) {
				case *types.Struct:
					out["struct literal"] = true
				case *types.Slice:
					out["slice literal"] = true
				case *types.Array:
					out["array literal"] = true
				case *types.Map:
					out["map literal"] = true
				}
			}
			for _, e := range x.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Value
				}
				if _, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
					out["nested composite literal"] = true
				}
			}
		case *ast.SliceExpr:
			out["slice expression"] = true
			if x.Slice3 {
				out["3-index slice"] = true
			}
		case *ast.AssignStmt:
			if len(x.Lhs) > 1 && len(x.Rhs) == len(x.Lhs) {
				out["multi-value assignment"] = true
				for _, r := range x.Rhs {
					if _, ok := ast.Unparen(r).(*ast.CompositeLit); ok {
						out["multi-value assignment with composite literal"] = true
					}
				}
				if x.Tok == token.ASSIGN && len(x.Lhs) == 2 && types.ExprString(x.Lhs[0]) == types.ExprString(x.Rhs[1]) &&
					types.ExprString(x.Lhs[1]) == types.ExprString(x.Rhs[0]) {
					out["swap"] = true
				}
			}
			if len(x.Lhs) == 2 && len(x.Rhs) == 1 && x.Tok == token.ASSIGN {
				out["comma-ok with ="] = true
			}
			if len(x.Lhs) == 2 && len(x.Rhs) == 1 {
				if u, ok := ast.Unparen(x.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
					out["comma-ok receive"] = true
				}
				switch r := ast.Unparen(x.Rhs[0]).(type) {
				case *ast.TypeAssertExpr:
					out["comma-ok assertion"] = true
				case *ast.IndexExpr:
					if t := typeOf(r.X); t != nil {
						if _, ok := t.Underlying().(*types.Map); ok {
							out["map comma-ok"] = true
						}
					}
				}
			}
			if x.Tok == token.DEFINE || x.Tok == token.ASSIGN {
				for _, r := range x.Rhs {
					m, okm := ast.Unparen(r).(*ast.SelectorExpr)
					if s := info.Selections[m]; okm && s != nil && s.Kind() == types.MethodVal {
						out["method value"] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, v := range x.Values {
				if x.Type != nil && isConst(v) {
					if bt, ok := typeOf(x.Type).Underlying().(*types.Basic); ok && bt.Info()&types.IsFloat != 0 {
						if bv := basic(v); bv != nil && bv.Info()&types.IsFloat != 0 {
							out["untyped const in float context"] = true
						}
					}
				}
			}
		case *ast.GenDecl:
			if x.Tok == token.CONST {
				for _, sp := range x.Specs {
					vs := sp.(*ast.ValueSpec)
					if vs.Type != nil {
						out["typed const"] = true
					} else if len(vs.Values) > 0 {
						out["untyped const"] = true
					}
					for _, v := range vs.Values {
						ast.Inspect(v, func(n ast.Node) bool {
							if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
								out["iota"] = true
							}
							return true
						})
					}
				}
			}
			if x.Tok == token.TYPE {
				for _, sp := range x.Specs {
					ts := sp.(*ast.TypeSpec)
					if ts.TypeParams != nil {
						out["generic type"] = true
					}
					switch tt := ts.Type.(type) {
					case *ast.InterfaceType:
						out["interface type"] = true
						for _, m := range tt.Methods.List {
							if len(m.Names) == 0 {
								out["embedded interface"] = true
							}
						}
					case *ast.StructType:
						for _, fl := range tt.Fields.List {
							if len(fl.Names) == 0 {
								out["embedded struct field"] = true
							}
						}
					}
				}
			}
		case *ast.FuncDecl:
			if x.Type.TypeParams != nil {
				out["generic function"] = true
			}
			if x.Type.Results != nil && len(x.Type.Results.List) > 0 && len(x.Type.Results.List[0].Names) > 0 {
				out["named results"] = true
			}
			if x.Recv != nil && len(x.Recv.List) == 1 {
				rt := x.Recv.List[0].Type
				if st, ok := rt.(*ast.StarExpr); ok {
					out["pointer receiver"] = true
					rt = st.X
				}
				switch r := rt.(type) {
				case *ast.IndexExpr, *ast.IndexListExpr:
					out["generic method"] = true
				case *ast.Ident:
					if obj := info.Uses[r]; obj != nil {
						if _, ok := obj.Type().Underlying().(*types.Struct); ok {
							out["method on struct type"] = true
						} else {
							out["method on non-struct type"] = true
						}
					}
				}
			}
		case *ast.FuncLit:
			out["closure"] = true
			ast.Inspect(x.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && slices.Contains(loopVars, info.Uses[id]) {
					out["closure capturing loop variable"] = true
				}
				return true
			})
		case *ast.ForStmt:
			if as, ok := x.Init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
				for _, l := range as.Lhs {
					if obj := info.Defs[l.(*ast.Ident)]; obj != nil {
						loopVars = append(loopVars, obj)
					}
				}
			}
		case *ast.RangeStmt:
			if t := typeOf(x.X); t != nil {
				if _, ok := t.Underlying().(*types.Chan); ok {
					out["range over channel"] = true
				}
			}
			for _, e := range []ast.Expr{x.Key, x.Value} {
				if id, ok := e.(*ast.Ident); ok && x.Tok == token.DEFINE {
					if obj := info.Defs[id]; obj != nil {
						loopVars = append(loopVars, obj)
					}
				}
			}
			if b := basic(x.X); b != nil {
				if b.Info()&types.IsString != 0 {
					out["range over string"] = true
					if tv := info.Types[x.X]; tv.Value != nil && !utf8.ValidString(constant.StringVal(tv.Value)) {
						out["range over invalid UTF-8"] = true
					}
				}
				if b.Info()&types.IsInteger != 0 {
					out["range over int"] = true
				}
			}
		case *ast.TypeSwitchStmt:
			out["type switch"] = true
			for _, c := range x.Body.List {
				if len(c.(*ast.CaseClause).List) > 1 {
					out["type switch case with several types"] = true
				}
			}
		case *ast.IfStmt:
			if x.Init != nil {
				out["if with init"] = true
			}
		case *ast.SwitchStmt:
			if x.Init != nil {
				out["switch with init"] = true
			}
		case *ast.BranchStmt:
			if x.Label != nil && (x.Tok == token.BREAK || x.Tok == token.CONTINUE) {
				out["labelled branch"] = true
			}
		case *ast.SelectStmt:
			for _, c := range x.Body.List {
				cc := c.(*ast.CommClause)
				if cc.Comm == nil {
					out["select with default"] = true
				}
				for _, st := range cc.Body {
					ast.Inspect(st, func(n ast.Node) bool {
						switch b := n.(type) {
						case *ast.FuncLit, *ast.SwitchStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SelectStmt:
							return false
						case *ast.BranchStmt:
							switch {
							case b.Label != nil:
								out["labelled branch out of select"] = true
							case b.Tok == token.BREAK:
								out["break in select"] = true
							case b.Tok == token.CONTINUE:
								out["continue out of select"] = true
							}
						}
						return true
					})
				}
			}
		case *ast.TypeAssertExpr:
			if x.Type != nil {
				out["type assertion"] = true
			}
		case *ast.DeferStmt:
			out["defer"] = true
		}
		return true
	})
	return out
}

// TestWeightZeroTurnsOff: a feature of weight 0 appears nowhere (the
// fuzzer's GOPHERNOTE_FUZZ_WEIGHTS=generic=0 looks past generics), as
// constructs sees it: the control of TestGrammarCoverage's detector.
func TestWeightZeroTurnsOff(t *testing.T) {
	w, err := ParseWeights("generic=0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := FuzzConfig()
	cfg.Weights = w
	imp := importer.Default()
	others := map[string]int{}
	for seed := int64(1); seed <= 10; seed++ {
		src := Generate(seed, cfg).Source(nil)
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "prog.go", src, 0)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
			Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
			Instances: map[*ast.Ident]types.Instance{}}
		conf := types.Config{Importer: imp, GoVersion: "go1.24"}
		if _, err := conf.Check("main", fset, []*ast.File{f}, info); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		cs := constructs(f, info)
		for _, c := range []string{"generic function", "generic type", "generic method", "explicit instantiation"} {
			if cs[c] {
				t.Errorf("seed %d with generic=0 contains a %s", seed, c)
			}
		}
		for _, c := range []string{"closure", "defer"} {
			if cs[c] {
				others[c]++
			}
		}
	}
	if others["closure"] < 5 || others["defer"] < 5 {
		t.Errorf("with generic=0 the other features are gone too: of 10 seeds, %d have a closure, %d a defer", others["closure"], others["defer"])
	}
	if _, err := ParseWeights("nosuch=1"); err == nil {
		t.Error("ParseWeights accepts an unknown feature")
	}
}
