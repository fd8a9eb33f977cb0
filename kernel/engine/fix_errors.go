package engine

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/traefik/yaegi/interp"
)

// Workaround: custom error types in compiled code.
//
// A value of a type declared in a cell reaches compiled code without its
// methods. yaegi wraps it for a compiled parameter of an interface type
// (error, fmt.Stringer) in a generated struct holding the value (IValue)
// and its methods; for an `any` parameter it does so only for the
// interfaces its MapTypes table lists per compiled function, and that
// table lists fmt.Formatter and fmt.Stringer for fmt's functions but not
// error. So fmt.Println(&MyErr{}) printed the struct, fmt.Errorf("%w")
// gave %!w(...), and errors.As panicked ("*target must be interface or
// implement error": the target's compiled type has no Error method).
//
// The engine lists, for every compiled function with a final ...any
// parameter (fmt's and log's printing functions, and any like them):
// fmt.Formatter, an error with an Unwrap method, error, fmt.Stringer —
// in Go's order of preference, so fmt calls Error before String and %w
// can unwrap. errors.As, errors.Is and errors.Unwrap are replaced by
// versions that see the interpreted value inside a wrapper (IValue) and
// follow Unwrap methods; errors.As still panics as Go does for a target
// that is not a non-nil pointer.
//
// yaegi's wrapper of a struct value holds, instead of the value, its last
// field (interp.getConcreteValue looks for the value of an emulated
// interface there): so errors.As cannot find a value of a cell struct type
// whose Error method has a value receiver, and says so (a panic naming the
// type) where it finds no target, instead of answering false.
//
// Limits: a value stored in an `any` variable or container before it
// reaches compiled code is not wrapped (yaegi knows its type only where
// it is converted); two interpreted error types with the same underlying
// type are told apart by errors.As only through their values (their
// compiled types are the same).

// UnwrapError is the interface of an error that wraps one other error.
// It is exported only for yaegi, which finds an interface's wrapper type
// by the interface's package path and name (_UnwrapError below).
type UnwrapError interface {
	Error() string
	Unwrap() error
}

// _UnwrapError is yaegi's wrapper of an interpreted value implementing
// UnwrapError: IValue holds the value, W* its methods.
type _UnwrapError struct {
	IValue  any
	WError  func() string
	WUnwrap func() error
}

func (w _UnwrapError) Error() string { return w.WError() }
func (w _UnwrapError) Unwrap() error { return w.WUnwrap() }

// IsError is the interface of an error with its own Is method, and
// IsUnwrapError of one that also wraps another: yaegi's wrappers of
// error and UnwrapError lose the Is method, which errors.Is calls.
// Exported only for yaegi, like UnwrapError.
type IsError interface {
	Error() string
	Is(error) bool
}

// IsUnwrapError: see IsError.
type IsUnwrapError interface {
	Error() string
	Is(error) bool
	Unwrap() error
}

// _IsError is yaegi's wrapper of an interpreted value implementing IsError.
type _IsError struct {
	IValue any
	WError func() string
	WIs    func(error) bool
}

func (w _IsError) Error() string        { return w.WError() }
func (w _IsError) Is(target error) bool { return w.WIs(target) }

// Format formats as fmt does (errors_fmtverbs.go's _ErrorValue).
func (w _IsError) Format(f fmt.State, verb rune) { formatMethod(f, verb, w.IValue, "Error", w.WError) }

// _IsUnwrapError is yaegi's wrapper of an interpreted value implementing
// IsUnwrapError.
type _IsUnwrapError struct {
	IValue  any
	WError  func() string
	WIs     func(error) bool
	WUnwrap func() error
}

func (w _IsUnwrapError) Error() string        { return w.WError() }
func (w _IsUnwrapError) Is(target error) bool { return w.WIs(target) }
func (w _IsUnwrapError) Unwrap() error        { return w.WUnwrap() }

// Format formats as fmt does (errors_fmtverbs.go's _ErrorValue).
func (w _IsUnwrapError) Format(f fmt.State, verb rune) {
	formatMethod(f, verb, w.IValue, "Error", w.WError)
}

var (
	errorType         = reflect.TypeFor[error]()
	unwrapErrorType   = reflect.TypeFor[UnwrapError]()
	isErrorType       = reflect.TypeFor[IsError]()
	isUnwrapErrorType = reflect.TypeFor[IsUnwrapError]()
	// error and fmt.Stringer under the engine's names: their wrappers
	// format non-string verbs as fmt does (errors_fmtverbs.go).
	fmtArgTypes = []reflect.Type{reflect.TypeFor[fmt.Formatter](), isUnwrapErrorType, unwrapErrorType, isErrorType,
		reflect.TypeFor[ErrorValue](), reflect.TypeFor[StringerValue]()}
	errorsArgTypes = []reflect.Type{isUnwrapErrorType, unwrapErrorType, isErrorType, errorType}
)

// errorSymbols are the exports that declare UnwrapError to yaegi and
// replace errors.As, Is and Unwrap.
func errorSymbols() interp.Exports {
	self := reflect.TypeFor[UnwrapError]().PkgPath()
	return interp.Exports{
		self + "/engine": {
			"UnwrapError":    reflect.ValueOf((*UnwrapError)(nil)),
			"_UnwrapError":   reflect.ValueOf((*_UnwrapError)(nil)),
			"IsError":        reflect.ValueOf((*IsError)(nil)),
			"_IsError":       reflect.ValueOf((*_IsError)(nil)),
			"IsUnwrapError":  reflect.ValueOf((*IsUnwrapError)(nil)),
			"_IsUnwrapError": reflect.ValueOf((*_IsUnwrapError)(nil)),
		},
		"errors/errors": {
			"As":     reflect.ValueOf(errorsAs),
			"Is":     reflect.ValueOf(errorsIs),
			"Unwrap": reflect.ValueOf(errorsUnwrap),
		},
	}
}

// mapTypes returns yaegi's MapTypes export for the compiled functions
// the interpreter holds now (after every table and override was loaded,
// so that yaegi's own stdout-bound fmt.Println and any later replacement
// of log's functions are covered): every function whose last parameter
// is ...any gets the fmt list, errors.As/Is/Unwrap the error list.
func (e *Engine) mapTypes() interp.Exports {
	m := map[reflect.Value][]reflect.Type{}
	anyType := reflect.TypeFor[any]()
	// The tables' values, and for fmt and log the values the
	// interpreter holds now: yaegi replaces their printing functions
	// with versions bound to the cell's streams, and the engine may
	// replace log's.
	var all []map[string]reflect.Value
	for p, syms := range e.syms {
		if !interpretedStd[p] {
			all = append(all, syms)
		}
	}
	for _, p := range []string{"fmt", "log"} {
		all = append(all, e.in.Symbols(p)[p])
	}
	for _, syms := range all {
		for _, v := range syms {
			if !v.IsValid() || v.Kind() != reflect.Func || v.IsNil() {
				continue
			}
			ft := v.Type()
			if ft.IsVariadic() && ft.In(ft.NumIn()-1).Elem() == anyType {
				m[v] = fmtArgTypes
			}
		}
	}
	for _, f := range []any{errorsAs, errorsIs, errorsUnwrap} {
		m[reflect.ValueOf(f)] = errorsArgTypes
	}
	if w, ok := errorWrapperKey(e.in); ok {
		// A value converted to error (var e error = T{}, a result of
		// type error) gets the wrapper with the methods errors calls.
		m[w] = []reflect.Type{reflect.TypeFor[_IsUnwrapError](), reflect.TypeFor[_UnwrapError](), reflect.TypeFor[_IsError]()}
	}
	return interp.Exports{".": {"MapTypes": reflect.ValueOf(m)}}
}

// errorWrapperKey returns the value under which yaegi keeps its wrapper
// type of error (binPkg[""]["_error"], not exported), which keys the
// wrappers it tries first (interp.getWrapper) when it converts a value to
// error.
func errorWrapperKey(in *interp.Interpreter) (reflect.Value, bool) {
	if in == nil {
		return reflect.Value{}, false
	}
	f := reflect.ValueOf(in).Elem().FieldByName("binPkg")
	if !f.IsValid() || !f.CanAddr() || f.Kind() != reflect.Map {
		return reflect.Value{}, false
	}
	bin, ok := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Interface().(interp.Exports)
	if !ok {
		return reflect.Value{}, false
	}
	w, ok := bin[""]["_error"]
	if !ok || !w.IsValid() || w.Kind() != reflect.Pointer || w.Type().Elem().Kind() != reflect.Struct {
		return reflect.Value{}, false
	}
	return w, true
}

// inner returns the interpreted value inside one of yaegi's interface
// wrappers (a struct whose first field is IValue), or nil.
func inner(v any) any {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Struct || rv.NumField() == 0 || rv.Type().Field(0).Name != "IValue" {
		return nil
	}
	return rv.Field(0).Interface()
}

// unwrapAll returns the errors err wraps directly.
func unwrapAll(err error) []error {
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		if e := u.Unwrap(); e != nil {
			return []error{e}
		}
	case interface{ Unwrap() []error }:
		return u.Unwrap()
	}
	return nil
}

// errorsUnwrap is errors.Unwrap.
func errorsUnwrap(err error) error {
	u, ok := err.(interface{ Unwrap() error })
	if !ok {
		return nil
	}
	return u.Unwrap()
}

// errorsIs is errors.Is, comparing the values inside yaegi's wrappers.
func errorsIs(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	tv := any(target)
	if in := inner(target); in != nil {
		tv = in
	}
	return inTree(err, func(err error) bool {
		ev := any(err)
		if in := inner(err); in != nil {
			ev = in
		}
		if reflect.TypeOf(ev) == reflect.TypeOf(tv) && reflect.TypeOf(ev).Comparable() && ev == tv {
			return true
		}
		x, ok := err.(interface{ Is(error) bool })
		return ok && x.Is(target)
	})
}

// inTree reports whether match holds for an error of err's tree, visited
// depth first as errors.Is and errors.As do.
func inTree(err error, match func(error) bool) bool {
	for err != nil {
		if match(err) {
			return true
		}
		next := unwrapAll(err)
		if len(next) == 1 {
			err = next[0]
			continue
		}
		for _, e := range next {
			if inTree(e, match) {
				return true
			}
		}
		return false
	}
	return false
}

// errorsAs is errors.As, matching the values inside yaegi's wrappers.
func errorsAs(err error, target any) bool {
	if err == nil {
		return false
	}
	if target == nil {
		panic("errors: target cannot be nil")
	}
	if in := inner(target); in != nil {
		// yaegi wraps the target too when it wrongly thinks that a
		// pointer to an error implements error.
		target = in
	}
	val := reflect.ValueOf(target)
	typ := val.Type()
	if typ.Kind() != reflect.Pointer || val.IsNil() {
		panic("errors: target must be a non-nil pointer")
	}
	targetType := typ.Elem()
	if isValueInterface(targetType) {
		// A cell's interface type: yaegi's run-time form of it is a
		// struct, which says nothing of the methods an error must have
		// to match.
		panic(runtimeError{msg: "errors.As with a target of an interface type declared in a cell is refused in a gophernote cell: " +
			"the interpreter's compiled form of the interface has no methods to match; assert the error to the interface instead (err.(I)), after errors.Unwrap where it wraps", plain: true})
	}
	if targetType.Kind() != reflect.Interface && !targetType.Implements(errorType) && !interpretedType(targetType) {
		panic("errors: *target must be interface or implement error")
	}
	unsure := false // a wrapper whose IValue may stand for a cell struct value
	found := inTree(err, func(err error) bool {
		if in := inner(err); in != nil {
			if it := reflect.TypeOf(in); it != targetType && it.Kind() != reflect.Pointer {
				unsure = true
			}
			if reflect.TypeOf(in).AssignableTo(targetType) && targetType.Kind() != reflect.Interface {
				val.Elem().Set(reflect.ValueOf(in))
				return true
			}
		}
		if reflect.TypeOf(err).AssignableTo(targetType) {
			val.Elem().Set(reflect.ValueOf(err))
			return true
		}
		x, ok := err.(interface{ As(any) bool })
		return ok && x.As(val.Interface())
	})
	if !found && unsure && targetType.Kind() == reflect.Struct && targetType.NumField() > 0 && interpretedType(targetType) {
		// yaegi keeps, in a wrapper of a struct value (IValue), not the
		// value but its last field: the tree may hold a target Go finds.
		name := "struct"
		if tag, ok := targetType.Field(0).Tag.Lookup("_gnT"); ok {
			name = "main." + tag
		}
		panic(runtimeError{msg: "errors.As cannot tell whether this error holds a " + name + " as Go does: the interpreter keeps a value of a struct type " +
			"whose Error method has a value receiver without the value once it is converted to error; declare Error with a pointer receiver " +
			"and use pointers (&T{...}, a target of type *T)", plain: true})
	}
	return found
}

// interpretedType reports whether t may be the compiled form of a type
// declared in a cell: yaegi builds those from unnamed types (a struct
// type, or the basic type under a named one), which have lost their
// methods.
func interpretedType(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name() == "" || t.PkgPath() == ""
}
