package engine

import (
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"reflect"
	"strconv"
)

// Variables returns the children of a variables reference (from Scopes,
// a variable, Inspect or Evaluate): from start, at most count (0: all,
// bounded to 1,000).
func (d *Debugger) Variables(ref, start, count int) ([]DebugVar, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	r, ok := d.refs[ref]
	if !ok {
		return nil, fmt.Errorf("no variables reference %d (references are valid until the thread continues)", ref)
	}
	return d.childrenLocked(r, start, count), nil
}

// Inspect lists the session's variables with their types and short values
// (the variables panel while no cell is stopped). While a cell runs and
// is not stopped its variables may be changing: the listing of the last
// Inspect is returned again (ok false).
func (d *Debugger) Inspect() (vars []DebugVar, ok bool) {
	if !d.e.mu.TryLock() {
		d.mu.Lock()
		stopped := false
		for _, t := range d.threads {
			stopped = stopped || t.stopped != nil
		}
		if !stopped {
			defer d.mu.Unlock()
			return append([]DebugVar(nil), d.lastVars...), false
		}
		d.mu.Unlock()
	} else {
		defer d.e.mu.Unlock()
	}
	vals := d.e.sessionValues()
	d.mu.Lock()
	defer d.mu.Unlock()
	vars = make([]DebugVar, 0, len(vals))
	for _, nv := range vals {
		vars = append(vars, d.describeLocked(nv.name, nv.v))
	}
	d.lastVars = vars
	return vars, true
}

// Value returns the value of name in a stopped frame (0: the session's
// variables, when no cell runs or one is stopped), for a rich display.
func (d *Debugger) Value(frameID int, name string) (any, error) {
	unlock, err := d.quiet(frameID)
	if err != nil {
		return nil, err
	}
	defer unlock()
	d.mu.Lock()
	v, ok := d.lookupLocked(frameID, name)
	d.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("no variable %s", name)
	}
	v = readable(v)
	if !v.CanInterface() {
		return nil, fmt.Errorf("%s cannot be read", name)
	}
	return v.Interface(), nil
}

// quiet makes sure no cell changes the variables while they are read: a
// frame's thread is stopped, or no cell runs (the engine is locked until
// unlock).
func (d *Debugger) quiet(frameID int) (unlock func(), err error) {
	if frameID != 0 {
		d.mu.Lock()
		_, err := d.frame(frameID)
		d.mu.Unlock()
		return func() {}, err
	}
	if d.e.mu.TryLock() {
		return d.e.mu.Unlock, nil
	}
	if len(d.Stopped()) > 0 {
		return func() {}, nil
	}
	return nil, errors.New("a cell is running")
}

// Evaluate evaluates a Go expression in a stopped frame (0: the session,
// as Value): names of the frame's and the session's variables, constants,
// package members of the compiled packages, field and index expressions,
// arithmetic, comparisons, len/cap, conversions to basic types and calls
// of compiled functions and methods. It does not run interpreted code.
func (d *Debugger) Evaluate(frameID int, expr string) (DebugVar, error) {
	x, err := parser.ParseExpr(expr)
	if err != nil {
		return DebugVar{}, fmt.Errorf("cannot parse %q: %v", expr, err)
	}
	unlock, err := d.quiet(frameID)
	if err != nil {
		return DebugVar{}, err
	}
	defer unlock()
	ev := &evaluator{d: d, frame: frameID}
	v, err := ev.eval(x)
	if err != nil {
		return DebugVar{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.describeLocked(expr, v), nil
}

type evaluator struct {
	d     *Debugger
	frame int
}

func (ev *evaluator) eval(x ast.Expr) (v reflect.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return ev.expr(x)
}

func (ev *evaluator) expr(x ast.Expr) (reflect.Value, error) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return ev.expr(x.X)
	case *ast.BasicLit:
		return literal(x)
	case *ast.Ident:
		switch x.Name {
		case "true", "false":
			return reflect.ValueOf(x.Name == "true"), nil
		case "nil":
			return reflect.Value{}, nil
		}
		ev.d.mu.Lock()
		v, ok := ev.d.lookupLocked(ev.frame, x.Name)
		ev.d.mu.Unlock()
		if !ok {
			return reflect.Value{}, fmt.Errorf("undefined: %s", x.Name)
		}
		return readable(v), nil
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			p, ok := ev.d.e.importNames[id.Name]
			if !ok {
				p, ok = ev.d.e.names[id.Name] // a package the cells did not import
			}
			if _, local := ev.d.lookupName(ev.frame, id.Name); ok && !local {
				s := ev.d.e.symbol(p, x.Sel.Name)
				if !s.IsValid() {
					return reflect.Value{}, fmt.Errorf("undefined: %s.%s", id.Name, x.Sel.Name)
				}
				return s, nil
			}
		}
		base, err := ev.expr(x.X)
		if err != nil {
			return base, err
		}
		return selectMember(base, x.Sel.Name)
	case *ast.IndexExpr:
		base, err := ev.expr(x.X)
		if err != nil {
			return base, err
		}
		idx, err := ev.expr(x.Index)
		if err != nil {
			return idx, err
		}
		base = indirectIface(base)
		for base.Kind() == reflect.Pointer && base.Elem().Kind() == reflect.Array {
			base = base.Elem()
		}
		switch base.Kind() {
		case reflect.Map:
			k, err := convertTo(idx, base.Type().Key())
			if err != nil {
				return k, err
			}
			r := base.MapIndex(k)
			if !r.IsValid() {
				return reflect.Zero(base.Type().Elem()), nil
			}
			return r, nil
		case reflect.Slice, reflect.Array, reflect.String:
			i, err := toInt(idx)
			if err != nil {
				return reflect.Value{}, err
			}
			if i < 0 || i >= base.Len() {
				return reflect.Value{}, fmt.Errorf("index out of range [%d] with length %d", i, base.Len())
			}
			return readable(base.Index(i)), nil
		}
		return reflect.Value{}, fmt.Errorf("cannot index %s", base.Type())
	case *ast.StarExpr:
		p, err := ev.expr(x.X)
		if err != nil {
			return p, err
		}
		p = indirectIface(p)
		if p.Kind() != reflect.Pointer {
			return reflect.Value{}, fmt.Errorf("invalid indirect of %s", p.Type())
		}
		if p.IsNil() {
			return reflect.Value{}, errors.New("invalid memory address or nil pointer dereference")
		}
		return p.Elem(), nil
	case *ast.UnaryExpr:
		a, err := ev.expr(x.X)
		if err != nil {
			return a, err
		}
		return unary(x.Op, indirectIface(a))
	case *ast.BinaryExpr:
		a, err := ev.expr(x.X)
		if err != nil {
			return a, err
		}
		if x.Op == token.LAND || x.Op == token.LOR {
			a = indirectIface(a)
			if a.Kind() != reflect.Bool {
				return reflect.Value{}, fmt.Errorf("operator %s not defined on %s", x.Op, a.Type())
			}
			if a.Bool() == (x.Op == token.LOR) {
				return a, nil
			}
			return ev.expr(x.Y)
		}
		b, err := ev.expr(x.Y)
		if err != nil {
			return b, err
		}
		return binary(x.Op, indirectIface(a), indirectIface(b))
	case *ast.CallExpr:
		return ev.call(x)
	}
	return reflect.Value{}, fmt.Errorf("%T expressions are not evaluated by the debugger", x)
}

var basicTypes = map[string]reflect.Type{
	"int": reflect.TypeFor[int](), "int64": reflect.TypeFor[int64](), "int32": reflect.TypeFor[int32](),
	"uint": reflect.TypeFor[uint](), "uint64": reflect.TypeFor[uint64](), "float64": reflect.TypeFor[float64](),
	"float32": reflect.TypeFor[float32](), "string": reflect.TypeFor[string](), "byte": reflect.TypeFor[byte](),
	"rune": reflect.TypeFor[rune](), "bool": reflect.TypeFor[bool](),
}

func (ev *evaluator) call(x *ast.CallExpr) (reflect.Value, error) {
	if id, ok := x.Fun.(*ast.Ident); ok && len(x.Args) == 1 {
		arg, err := ev.expr(x.Args[0])
		if err != nil {
			return arg, err
		}
		arg = indirectIface(arg)
		switch id.Name {
		case "len", "cap":
			switch arg.Kind() {
			case reflect.Slice, reflect.Array, reflect.Map, reflect.String, reflect.Chan:
				if id.Name == "cap" {
					return reflect.ValueOf(arg.Cap()), nil
				}
				return reflect.ValueOf(arg.Len()), nil
			}
			return reflect.Value{}, fmt.Errorf("invalid argument for %s: %s", id.Name, arg.Type())
		}
		if t, ok := basicTypes[id.Name]; ok {
			return convertTo(arg, t)
		}
	}
	f, err := ev.expr(x.Fun)
	if err != nil {
		return f, err
	}
	f = indirectIface(f)
	if f.Kind() != reflect.Func {
		return reflect.Value{}, fmt.Errorf("cannot call non-function %s", f.Type())
	}
	ft := f.Type()
	if !ft.IsVariadic() && len(x.Args) != ft.NumIn() || ft.IsVariadic() && len(x.Args) < ft.NumIn()-1 {
		return reflect.Value{}, fmt.Errorf("wrong number of arguments: want %d", ft.NumIn())
	}
	args := make([]reflect.Value, len(x.Args))
	for i, a := range x.Args {
		v, err := ev.expr(a)
		if err != nil {
			return v, err
		}
		want := ft.In(min(i, ft.NumIn()-1))
		if ft.IsVariadic() && i >= ft.NumIn()-1 {
			want = want.Elem()
		}
		if args[i], err = convertTo(v, want); err != nil {
			return args[i], err
		}
	}
	out := f.Call(args)
	switch len(out) {
	case 0:
		return reflect.Value{}, errors.New("the call has no value")
	case 1:
		return out[0], nil
	}
	if len(out) == 2 && out[1].Type() == reflect.TypeFor[error]() {
		if !out[1].IsNil() {
			return reflect.Value{}, out[1].Interface().(error)
		}
		return out[0], nil
	}
	return reflect.Value{}, fmt.Errorf("the call has %d values", len(out))
}

func (d *Debugger) lookupName(frameID int, name string) (reflect.Value, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.lookupLocked(frameID, name)
}

// selectMember returns field or method name of v (through pointers and
// interfaces).
func selectMember(v reflect.Value, name string) (reflect.Value, error) {
	v = indirectIface(v)
	if !v.IsValid() {
		return v, errors.New("invalid memory address or nil pointer dereference")
	}
	if m := v.MethodByName(name); m.IsValid() {
		return m, nil
	}
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return v, errors.New("invalid memory address or nil pointer dereference")
		}
		v = v.Elem()
		if m := v.MethodByName(name); m.IsValid() {
			return m, nil
		}
	}
	if v.Kind() != reflect.Struct {
		return reflect.Value{}, fmt.Errorf("%s has no field or method %s", v.Type(), name)
	}
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		if fieldName(t.Field(i)) == name {
			return readable(v.Field(i)), nil
		}
	}
	return reflect.Value{}, fmt.Errorf("%s has no field or method %s", t, name)
}

func literal(x *ast.BasicLit) (reflect.Value, error) {
	c := constant.MakeFromLiteral(x.Value, x.Kind, 0)
	switch c.Kind() {
	case constant.Int:
		if i, ok := constant.Int64Val(c); ok {
			return reflect.ValueOf(int(i)), nil
		}
		f, _ := constant.Float64Val(c)
		return reflect.ValueOf(f), nil
	case constant.Float:
		f, _ := constant.Float64Val(c)
		return reflect.ValueOf(f), nil
	case constant.String:
		return reflect.ValueOf(constant.StringVal(c)), nil
	}
	if x.Kind == token.CHAR {
		r, _, _, err := strconv.UnquoteChar(x.Value[1:len(x.Value)-1], '\'')
		return reflect.ValueOf(r), err
	}
	return reflect.Value{}, fmt.Errorf("literal %s is not evaluated", x.Value)
}

func toInt(v reflect.Value) (int, error) {
	v = indirectIface(v)
	switch {
	case v.CanInt():
		return int(v.Int()), nil
	case v.CanUint():
		return int(v.Uint()), nil
	}
	return 0, fmt.Errorf("index of type %s is not an integer", v.Type())
}

// convertTo converts v to t where Go would (assignability, numeric
// conversions of untyped-looking literals).
func convertTo(v reflect.Value, t reflect.Type) (reflect.Value, error) {
	if !v.IsValid() {
		switch t.Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map, reflect.Func, reflect.Chan:
			return reflect.Zero(t), nil
		}
		return v, fmt.Errorf("cannot use nil as %s", t)
	}
	if v.Type().AssignableTo(t) {
		return v, nil
	}
	if isNumber(v.Kind()) && isNumber(t.Kind()) || v.Type().ConvertibleTo(t) && t.Kind() != reflect.String {
		return v.Convert(t), nil
	}
	return v, fmt.Errorf("cannot use %s as %s", v.Type(), t)
}

func isNumber(k reflect.Kind) bool {
	return k >= reflect.Int && k <= reflect.Float64
}

func unary(op token.Token, a reflect.Value) (reflect.Value, error) {
	switch {
	case op == token.NOT && a.Kind() == reflect.Bool:
		return reflect.ValueOf(!a.Bool()), nil
	case op == token.SUB && a.CanInt():
		return reflect.ValueOf(-a.Int()).Convert(a.Type()), nil
	case op == token.SUB && a.CanFloat():
		return reflect.ValueOf(-a.Float()).Convert(a.Type()), nil
	case op == token.ADD && isNumber(a.Kind()):
		return a, nil
	case op == token.XOR && a.CanInt():
		return reflect.ValueOf(^a.Int()).Convert(a.Type()), nil
	}
	return reflect.Value{}, fmt.Errorf("operator %s not defined on %s", op, a.Type())
}

// binary applies op to a and b; mixed int and float operands compute in
// float64 (the debugger has no untyped constants).
func binary(op token.Token, a, b reflect.Value) (reflect.Value, error) {
	if !a.IsValid() || !b.IsValid() {
		if op == token.EQL || op == token.NEQ {
			isNil := func(v reflect.Value) bool {
				if !v.IsValid() {
					return true
				}
				switch v.Kind() {
				case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map, reflect.Func, reflect.Chan:
					return v.IsNil()
				}
				return false
			}
			eq := isNil(a) && isNil(b)
			return reflect.ValueOf(eq == (op == token.EQL)), nil
		}
		return reflect.Value{}, fmt.Errorf("invalid operation: operator %s on nil", op)
	}
	switch {
	case a.Kind() == reflect.String && b.Kind() == reflect.String:
		x, y := a.String(), b.String()
		switch op {
		case token.ADD:
			return reflect.ValueOf(x + y), nil
		case token.EQL:
			return reflect.ValueOf(x == y), nil
		case token.NEQ:
			return reflect.ValueOf(x != y), nil
		case token.LSS:
			return reflect.ValueOf(x < y), nil
		case token.GTR:
			return reflect.ValueOf(x > y), nil
		case token.LEQ:
			return reflect.ValueOf(x <= y), nil
		case token.GEQ:
			return reflect.ValueOf(x >= y), nil
		}
	case a.Kind() == reflect.Bool && b.Kind() == reflect.Bool:
		switch op {
		case token.EQL:
			return reflect.ValueOf(a.Bool() == b.Bool()), nil
		case token.NEQ:
			return reflect.ValueOf(a.Bool() != b.Bool()), nil
		}
	case (a.CanInt() || a.CanUint()) && (b.CanInt() || b.CanUint()):
		x, y := intOf(a), intOf(b)
		t := a.Type()
		wrap := func(r int64) reflect.Value { return reflect.ValueOf(r).Convert(t) }
		switch op {
		case token.ADD:
			return wrap(x + y), nil
		case token.SUB:
			return wrap(x - y), nil
		case token.MUL:
			return wrap(x * y), nil
		case token.QUO, token.REM:
			if y == 0 {
				return reflect.Value{}, errors.New("integer divide by zero")
			}
			if op == token.QUO {
				return wrap(x / y), nil
			}
			return wrap(x % y), nil
		case token.AND:
			return wrap(x & y), nil
		case token.OR:
			return wrap(x | y), nil
		case token.XOR:
			return wrap(x ^ y), nil
		case token.SHL:
			return wrap(x << uint(y)), nil
		case token.SHR:
			return wrap(x >> uint(y)), nil
		}
		return compare(op, float64(x), float64(y))
	case isNumber(a.Kind()) && isNumber(b.Kind()):
		x, y := floatOf(a), floatOf(b)
		t := a.Type()
		if !a.CanFloat() {
			t = b.Type()
		}
		wrap := func(r float64) reflect.Value { return reflect.ValueOf(r).Convert(t) }
		switch op {
		case token.ADD:
			return wrap(x + y), nil
		case token.SUB:
			return wrap(x - y), nil
		case token.MUL:
			return wrap(x * y), nil
		case token.QUO:
			return wrap(x / y), nil
		}
		return compare(op, x, y)
	}
	return reflect.Value{}, fmt.Errorf("invalid operation: %s %s %s", a.Type(), op, b.Type())
}

func compare(op token.Token, x, y float64) (reflect.Value, error) {
	switch op {
	case token.EQL:
		return reflect.ValueOf(x == y), nil
	case token.NEQ:
		return reflect.ValueOf(x != y), nil
	case token.LSS:
		return reflect.ValueOf(x < y), nil
	case token.GTR:
		return reflect.ValueOf(x > y), nil
	case token.LEQ:
		return reflect.ValueOf(x <= y), nil
	case token.GEQ:
		return reflect.ValueOf(x >= y), nil
	}
	return reflect.Value{}, fmt.Errorf("operator %s not defined on numbers", op)
}

func intOf(v reflect.Value) int64 {
	if v.CanUint() {
		return int64(v.Uint())
	}
	return v.Int()
}

func floatOf(v reflect.Value) float64 {
	switch {
	case v.CanFloat():
		return v.Float()
	case v.CanUint():
		return float64(v.Uint())
	}
	return float64(v.Int())
}
