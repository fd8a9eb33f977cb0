package engine

import (
	"fmt"
	"go/ast"
	"strings"
)

// A cell is prepared by the passes below, run in this order over one
// prep. Each pass declares the facts it needs (which earlier passes must
// provide) and the facts it provides; init checks the order, and each
// fact's accessor checks at run time that the running pass declared it.
// So an ordering dependency (indexdefine reads what stash decided) is
// written here, not implied by the order of calls.
//
// A pass that rewrites source registers edits with prep.r; edits are
// applied when the units pass renders the cell. Edits registered at the
// same offset nest in registration order (an earlier wrapper encloses a
// later one), which is why the wrappers fact exists.
var passes = []pass{
	{name: "imports", provides: []fact{factImports}, run: collectImports},
	{name: "names", needs: []fact{factImports}, provides: []fact{factNames}, run: collectNames},
	{name: "autoimport", needs: []fact{factNames}, provides: []fact{factPackages}, run: autoImports},
	{name: "types", needs: []fact{factNames, factPackages}, provides: []fact{factTypes}, run: checkTypes},
	{name: "checks", needs: []fact{factTypes}, run: checkGoRules},
	{name: "rangefunc", needs: []fact{factTypes}, provides: []fact{factLowered}, run: lowerRangeFuncs},
	{name: "hoisttypes", needs: []fact{factTypes}, provides: []fact{factLowered}, run: hoistLocalTypes},
	{name: "mono", needs: []fact{factNames, factTypes}, provides: []fact{factMono}, run: monomorphize},
	{name: "boxnamed", needs: []fact{factTypes, factMono}, run: lowerBoxes},
	{name: "recursivetypes", needs: []fact{factTypes}, run: lowerRecursiveTypes},
	{name: "structcycles", needs: []fact{factTypes}, run: structCycles},
	{name: "methodexpr", needs: []fact{factTypes, factMono}, run: rewriteMethodExprs},
	{name: "ifacecopy", needs: []fact{factTypes, factMono}, run: copyIntoIfaces},
	{name: "namedresults", needs: []fact{factTypes}, run: isolateNamedResults},
	{name: "funcreturn", needs: []fact{factTypes}, run: rewriteFuncReturns},
	{name: "addrindex", needs: []fact{factTypes}, run: rewriteAddrIndexes},
	{name: "cmpconv", needs: []fact{factTypes}, run: convertComparisons},
	{name: "unsafelen", needs: []fact{factTypes}, run: convertUnsafeLens},
	{name: "unsafebuiltins", needs: []fact{factTypes}, run: rewriteUnsafeBuiltins},
	{name: "makechan", needs: []fact{factTypes}, run: rewriteMakeChans},
	{name: "blankvars", run: dropBlankVars},
	{name: "blankassign", run: rewriteBlankAssigns},
	{name: "localtypes", needs: []fact{factTypes}, run: renameLocalTypes},
	{name: "hiddenmethods", needs: []fact{factTypes}, run: refuseHiddenMethods},
	{name: "selectrecv", needs: []fact{factTypes}, run: rewriteSelectRecvs},
	{name: "recvslot", run: parenthesizeReceives},
	{name: "ifaceplace", needs: []fact{factTypes}, run: convertIfacePlaces},
	{name: "namedassert", needs: []fact{factTypes}, run: refuseNamedAssertions},
	{name: "emptystructs", needs: []fact{factTypes}, run: refuseEmptyStructIdentity},
	{name: "introspect", needs: []fact{factTypes}, run: refuseIntrospection},
	{name: "symbols", needs: []fact{factTypes}, run: refuseMissingSymbols},
	{name: "ifacekeys", needs: []fact{factTypes}, run: refuseIfaceKeys},
	{name: "parens", run: dropNameParens},
	{name: "unnamedparams", run: nameUnnamedParams},
	{name: "blanktypes", provides: []fact{factBlankTypes}, run: dropBlankTypes},
	{name: "predeclared", needs: []fact{factTypes}, run: rewritePredeclared},
	{name: "offsetof", needs: []fact{factTypes}, run: rewriteOffsetof},
	{name: "newexpr", needs: []fact{factTypes}, run: rewriteNewExprs},
	{name: "promoted", needs: []fact{factTypes}, run: spellPromoted},
	{name: "selfref", needs: []fact{factTypes}, run: wrapSelfRefs},
	{name: "blankfields", needs: []fact{factTypes}, run: renameBlankFields},
	{name: "pkgvars", needs: []fact{factTypes}, run: rewritePkgVarAssigns},
	{name: "compound", needs: []fact{factNames}, provides: []fact{factWrappers}, run: wrapCompound},
	{name: "panicpos", needs: []fact{factNames, factTypes}, run: markPanicPositions},
	{name: "assignorder", needs: []fact{factTypes}, provides: []fact{factSplits}, run: orderAssignments},
	{name: "indexcheck", needs: []fact{factNames, factTypes, factSplits}, run: checkIndexes},
	{name: "slicecheck", needs: []fact{factNames, factTypes}, run: checkSlices},
	{name: "shiftcount", needs: []fact{factNames, factTypes}, run: checkShiftCounts},
	{name: "makeslice", needs: []fact{factNames, factTypes}, run: checkMakeSlices},
	{name: "methodvalue", needs: []fact{factNames, factTypes}, run: checkMethodValues},
	{name: "methodcopy", needs: []fact{factTypes}, run: copyMethodValues},
	{name: "unhashable", needs: []fact{factNames, factTypes}, run: checkUnhashableKeys},
	{name: "recursion", needs: []fact{factNames}, run: guardRecursion},
	{name: "defer", needs: []fact{factNames, factTypes}, provides: []fact{factHelpers}, run: deferTopLevel},
	{name: "deferargs", needs: []fact{factTypes}, run: rewriteDeferArgs},
	{name: "recover", needs: []fact{factNames}, run: rewriteRecover},
	{name: "main", needs: []fact{factNames, factTypes}, provides: []fact{factMain}, run: renameMain},
	{name: "commaokzero", needs: []fact{factTypes}, run: rewriteCommaOKZero},
	{name: "commaok", needs: []fact{factNames, factPackages, factTypes}, run: rewriteCommaOK},
	{name: "stash", needs: []fact{factNames, factPackages, factTypes}, provides: []fact{factStashes}, run: markStashes},
	{name: "indexdefine", needs: []fact{factNames, factPackages, factStashes}, run: markIndexDefines},
	{name: "finalshow", needs: []fact{factNames}, run: wrapFinalShow},
	{name: "builtins", needs: []fact{factNames, factTypes}, provides: []fact{factHelpers}, run: rewriteBuiltins},
	{name: "arraylen", needs: []fact{factNames, factTypes}, provides: []fact{factHelpers}, run: rewriteArrayLens},
	{name: "tuplebuiltin", needs: []fact{factTypes}, provides: []fact{factHelpers}, run: rewriteTupleBuiltins},
	{name: "slices", needs: []fact{factNames, factPackages, factTypes}, provides: []fact{factHelpers, factIterOK}, run: rewriteSlices},
	{name: "iterators", needs: []fact{factNames, factPackages, factIterOK}, run: rejectIterators},
	{name: "rangechans", needs: []fact{factTypes}, provides: []fact{factRangeVars}, run: rewriteRangeChans},
	{name: "rangestrings", needs: []fact{factTypes}, provides: []fact{factRangeVars}, run: rewriteRangeStrings},
	{name: "rangevars", needs: []fact{factTypes}, provides: []fact{factRangeVars}, run: rewriteRangeVars},
	{name: "rangeint", needs: []fact{factNames, factPackages, factTypes, factWrappers, factRangeVars}, provides: []fact{factHelpers}, run: rewriteRangeInt},
	{name: "loopvar", needs: []fact{factNames, factPackages, factTypes, factRangeVars}, run: perIterationLoopVars},
	{name: "fmt", needs: []fact{factNames, factPackages, factTypes}, provides: []fact{factFmtTypes}, run: rewriteFmt},
	{name: "spreadargs", needs: []fact{factTypes}, run: rewriteSpreadArgs},
	{name: "variadic", needs: []fact{factNames, factPackages}, run: fixVariadicIfaces},
	{name: "goroutine", needs: []fact{factNames, factTypes}, run: guardGoroutines},
	{name: "sleep", needs: []fact{factNames, factPackages}, run: interruptibleSleep},
	{name: "println", needs: []fact{factNames}, run: rewritePrintln},
	{name: "recvbool", run: rewriteRecvBool},
	{name: "blockpos", run: markBlockingStatements},
	{name: "logpos", run: markLogCalls},
	{name: "runeconst", run: rewriteRuneConsts},
	{name: "return", run: rewriteReturns},
	{name: "nilleft", needs: []fact{factNames}, run: swapNilComparisons},
	{name: "switchiface", needs: []fact{factTypes}, provides: []fact{factSwitches}, run: rewriteInterfaceSwitches},
	{name: "switchinit", needs: []fact{factSwitches, factTypes}, run: hoistSwitchInits},
	{name: "switchcases", run: joinSwitchCases},
	{name: "fallthrough", run: inlineDefaultFallthroughs},
	{name: "appendargs", needs: []fact{factTypes}, run: convertAppendArgs},
	{name: "selectorder", needs: []fact{factTypes}, run: orderSelects},
	{name: "selectjumps", run: rewriteSelectJumps},
	{name: "switchany", needs: []fact{factTypes}, provides: []fact{factAnySwitches}, run: lowerAnySwitches},
	{name: "typeswitch", needs: []fact{factTypes, factAnySwitches}, run: bindTypeSwitches},
	{name: "protocols", run: refuseNestedProtocolTypes},
	{name: "fastprint", needs: []fact{factNames, factPackages}, run: rewriteFastPrints},
	{name: "incdec", needs: []fact{factTypes}, run: rewriteIncDec},
	{name: "opconv", needs: []fact{factTypes}, run: convertOperators},
	{name: "consts", needs: []fact{factTypes}, provides: []fact{factConsts}, run: foldConstants},
	{name: "constrepeat", needs: []fact{factConsts}, run: repeatConstSpecs},
	{name: "initorder", needs: []fact{factTypes}, run: orderInitializers},
	{name: "erroreq", needs: []fact{factTypes}, run: rewriteErrorComparisons},
	{name: "embedencode", needs: []fact{factTypes}, run: refuseEmbeddedEncodes},
	{name: "xmlnames", needs: []fact{factTypes}, run: nameXMLElements},
	{name: "gobiface", needs: []fact{factTypes}, run: refuseGobInterfaces},
	{name: "fmtmethods", needs: []fact{factTypes}, run: printNestedFmtMethods},
	{name: "ifaceeq", needs: []fact{factTypes}, run: compareInterfaces},
	{name: "ifacevalues", needs: []fact{factTypes}, run: unwrapIfaceValues},
	// assertiface before reflectfields: an assertion on v.Field(i).Interface()
	// wraps the whole operand, and wrappers registered first enclose.
	{name: "assertiface", needs: []fact{factTypes}, run: rewriteIfaceAssertions},
	{name: "reflectfields", needs: []fact{factTypes}, run: rewriteReflectFields},
	{name: "reflectmethods", needs: []fact{factTypes}, run: refuseReflectMethods},
	{name: "convsel", needs: []fact{factTypes}, run: rewriteConvSelectors},
	{name: "units", needs: []fact{factNames, factPackages, factTypes, factHelpers, factStashes, factMain, factFmtTypes, factBlankTypes, factMono}, run: buildUnits},
}

// fact is something a pass decides that a later pass reads.
type fact string

const (
	factImports     fact = "imports"     // scope.imports, scope.newImports: the cell's own imports
	factNames       fact = "names"       // scope.declDefined, stmtDefined, funcs, values
	factPackages    fact = "packages"    // scope.imports completed with packages used by name only
	factWrappers    fact = "wrappers"    // statements wrapped in function literals (outer edits)
	factHelpers     fact = "helpers"     // prep.helpers: interpreted helpers the rewrites call
	factMain        fact = "main"        // prep.mainAt: the renamed func main
	factStashes     fact = "stashes"     // prep.stashes: top-level := run in two steps
	factIterOK      fact = "iterok"      // prep.iterOK: iterator calls a rewrite replaced
	factTypes       fact = "types"       // prep.ct: go/types' view of the cell (gotypes.go)
	factFmtTypes    fact = "fmttypes"    // prep.fmtTypes: struct types to register for fmt (fix_fmt.go)
	factBlankTypes  fact = "blanktypes"  // prep.blankTypes: top-level type _ specs left out (fix_blanktypes.go)
	factConsts      fact = "consts"      // prep.foldedConsts: const declarations written out with their values
	factRangeVars   fact = "rangevars"   // prep.rangeKeys: range loops over fresh variables, the fresh key
	factMono        fact = "mono"        // prep.mono, prep.orig: the cell specialized (fix_mono.go)
	factSwitches    fact = "switches"    // prep.tagless: switches on interface values made tagless (fix_switchiface.go)
	factAnySwitches fact = "anyswitches" // prep.anySwitches: type switches on an any lowered (fix_switchany.go)
	factLowered     fact = "lowered"     // prep.lowered: the cell with range over func lowered (fix_rangefunc.go)
	factSplits      fact = "splits"      // prep.splits: places of multiple assignments assigned one by one (fix_assignsplit.go)
)

// pass is one step of preparing a cell.
type pass struct {
	name     string
	needs    []fact
	provides []fact
	run      func(*prep)
}

func (p *pass) declares(f fact) bool {
	for _, g := range p.needs {
		if g == f {
			return true
		}
	}
	for _, g := range p.provides {
		if g == f {
			return true
		}
	}
	return false
}

func init() {
	if err := checkPasses(passes); err != nil {
		panic("engine: " + err.Error())
	}
}

// checkPasses verifies that every fact a pass needs is provided by earlier
// passes only: every provider of a fact runs before every pass that needs
// it, and no fact is needed that nothing provides.
func checkPasses(ps []pass) error {
	names := map[string]bool{}
	providedBy := map[fact][]int{}
	for i, p := range ps {
		if names[p.name] {
			return fmt.Errorf("pass %q listed twice", p.name)
		}
		names[p.name] = true
		for _, f := range p.provides {
			providedBy[f] = append(providedBy[f], i)
		}
	}
	for i, p := range ps {
		for _, f := range p.needs {
			ids := providedBy[f]
			if len(ids) == 0 {
				return fmt.Errorf("pass %q needs %q, which no pass provides", p.name, f)
			}
			for _, j := range ids {
				if j >= i {
					return fmt.Errorf("pass %q needs %q but runs before pass %q, which provides it", p.name, f, ps[j].name)
				}
			}
		}
	}
	return nil
}

// passClosure returns the names of the passes that pass name needs,
// transitively, with name itself: what a golden test runs.
func passClosure(name string) map[string]bool {
	byFact := map[fact][]string{}
	byName := map[string]*pass{}
	for i := range passes {
		p := &passes[i]
		byName[p.name] = p
		for _, f := range p.provides {
			byFact[f] = append(byFact[f], p.name)
		}
	}
	out := map[string]bool{}
	var add func(n string)
	add = func(n string) {
		if out[n] {
			return
		}
		out[n] = true
		for _, f := range byName[n].needs {
			for _, m := range byFact[f] {
				add(m)
			}
		}
	}
	if byName[name] != nil {
		add(name)
	}
	return out
}

// prep is one cell in preparation: the names it defines and the first
// error (scope, through typer), type queries (typer), the edits registered
// so far (r), the plan being built (pl), and the facts the passes provide.
// Only the passes write it.
type prep struct {
	*typer
	r  *renderer
	pl *plan

	cur *pass // the running pass

	helpers    map[string]bool           // factHelpers
	mainAt     int                       // factMain: offset of a renamed func main, or -1
	stashes    map[ast.Stmt][]*ast.Ident // factStashes: top-level := of generic calls, the variables they define
	iterOK     map[ast.Node]bool         // factIterOK: iterator calls replaced by a rewrite
	blankTypes map[*ast.TypeSpec]bool    // factBlankTypes: top-level type _ specs dropped

	foldedConsts map[*ast.GenDecl]bool     // factConsts: const declarations the consts pass wrote out
	rangeKeys    map[*ast.RangeStmt]string // factRangeVars: range loops over fresh variables, the fresh key ("" for _)

	tagEdits map[*ast.Field]*tagEdit // struct tags the fmt pass rewrites
	fmtTypes []string                // factFmtTypes: top-level struct types to register

	tagless     map[*ast.SwitchStmt]bool     // factSwitches
	anySwitches map[*ast.TypeSwitchStmt]bool // factAnySwitches

	mono    *monoResult                    // factMono, first run: the specialized cell to start over with
	lowered *monoResult                    // factLowered: the cell lowered, to start over with (text and smap only)
	boxed   *monoResult                    // boxnamed: the cell with its boxes, to start over with (fix_boxnamed.go)
	boxDone bool                           // the text is boxnamed's: the pass has run
	orig    *prep                          // factMono, second run: the first run, over the cell as written
	splits  map[*ast.IndexExpr]*splitPlace // factSplits
}

// use checks that the running pass declared the fact it reads or writes.
func (p *prep) use(f fact) {
	if p.cur != nil && !p.cur.declares(f) {
		panic(fmt.Sprintf("engine: pass %q uses fact %q without declaring it", p.cur.name, f))
	}
}

func (p *prep) needHelper(name string) { p.use(factHelpers); p.helpers[name] = true }

func (p *prep) stashed(s ast.Stmt) []*ast.Ident { p.use(factStashes); return p.stashes[s] }

// splitAt returns the place ix of a multiple assignment the pass
// assignorder assigns one by one, or nil.
func (p *prep) splitAt(ix *ast.IndexExpr) *splitPlace { p.use(factSplits); return p.splits[ix] }

// cellTypes returns go/types' view of the cell.
func (p *prep) cellTypes() *cellTypes { p.use(factTypes); return p.ct }

// checkTypes is the pass "types": it type-checks the cell with go/types
// (gotypes.go). The typer consults the result too.
func checkTypes(p *prep) {
	p.use(factTypes)
	if p.e.types == nil {
		p.e.types = newTypesSession(p.e)
	}
	p.ct = p.e.types.checkCell(p.scope, p.orig != nil)
}

// prepare parses and rewrites code into a plan, running every pass.
func (e *Engine) prepare(code string) (*plan, *cellError) {
	p, err := e.prepareWith(code, nil)
	if err != nil {
		return nil, err
	}
	return p.pl, nil
}

// prepareWith runs the passes named in only (all when nil) in order.
func (e *Engine) prepareWith(code string, only map[string]bool) (*prep, *cellError) {
	return e.prepareText(code, nil, nil, only)
}

// prepareText runs the passes over code, whose source map is smap (nil:
// the cell as written). When the pass mono specializes the cell, the
// passes start over with the specialized text, orig being the first run.
func (e *Engine) prepareText(code string, smap *sourceMap, orig *prep, only map[string]bool) (*prep, *cellError) {
	return e.prepareTextBoxed(code, smap, orig, only, false)
}

// prepareTextBoxed is prepareText; boxDone says code is the text of the
// pass boxnamed, which does not run again.
func (e *Engine) prepareTextBoxed(code string, smap *sourceMap, orig *prep, only map[string]bool, boxDone bool) (*prep, *cellError) {
	pc, err := splitCell(code)
	if err != nil {
		ce := err.(*cellError)
		if smap != nil {
			// The specialized cell does not parse: a bug of the engine;
			// say where in the user's code.
			return nil, monoSyntaxError(e, code, smap, ce)
		}
		return nil, ce
	}
	pc.smap = smap
	s := newScope(e, pc)
	p := &prep{
		orig:        orig,
		typer:       &typer{scope: s},
		r:           &renderer{src: code, file: cellFile(e.cellN), smap: smap},
		pl:          &plan{},
		helpers:     map[string]bool{},
		mainAt:      -1,
		stashes:     map[ast.Stmt][]*ast.Ident{},
		iterOK:      map[ast.Node]bool{},
		tagless:     map[*ast.SwitchStmt]bool{},
		anySwitches: map[*ast.TypeSwitchStmt]bool{},
		splits:      map[*ast.IndexExpr]*splitPlace{},

		foldedConsts: map[*ast.GenDecl]bool{},
		rangeKeys:    map[*ast.RangeStmt]string{},

		tagEdits: map[*ast.Field]*tagEdit{},
		boxDone:  boxDone,
	}
	p.pl.diagnose = s.undefinedIdent
	p.pl.retains = retainedNames(pc)
	for i := range passes {
		ps := &passes[i]
		if only != nil && !only[ps.name] {
			continue
		}
		p.cur = ps
		runPass(ps, p)
		p.cur = nil
		if s.err != nil {
			if orig != nil || p.mono != nil {
				s.err.msg = monoUnmangle(p, s.err.msg)
			}
			s.err.msg = hoistedDisplay(s.err.msg)
			return nil, s.err
		}
		if p.lowered != nil {
			return e.prepareText(p.lowered.text, p.lowered.smap, nil, only)
		}
		if p.mono != nil && orig == nil {
			return e.prepareText(p.mono.text, p.mono.smap, p, only)
		}
		if p.boxed != nil {
			return e.prepareTextBoxed(p.boxed.text, p.boxed.smap, orig, only, true)
		}
	}
	if orig != nil {
		p.pl.declsDone = monoDeclsDone(p)
		p.pl.unmangle = orig.mono.unmangle
		p.pl.reflectNames = orig.mono.reflect
		p.pl.frames = orig.mono.frames
	}
	return p, nil
}

// runPass runs one pass; a panic in it (a bug of the engine, not of the
// cell nor of the interpreter) carries the pass's name up to the cell's
// InternalError (internalError).
func runPass(ps *pass, p *prep) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(passPanic); ok {
				panic(r)
			}
			panic(passPanic{pass: ps.name, value: r})
		}
	}()
	ps.run(p)
}

// passPanic is a panic of the engine's pass named pass.
type passPanic struct {
	pass  string
	value any
}

// passNames lists the passes in order, for the package documentation test.
func passNames() string {
	var b strings.Builder
	for i, p := range passes {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(p.name)
	}
	return b.String()
}
