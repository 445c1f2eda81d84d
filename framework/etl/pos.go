package etl

import (
	"runtime"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// selfPrefix is the function-name prefix of this package's own frames.
const selfPrefix = "github.com/etlgen/etlgen/framework/etl."

// callerPos returns the position of the first stack frame outside package
// etl: the user's line that called the DSL.
func callerPos() diag.Position {
	f, ok := userFrame()
	if !ok {
		return diag.Position{}
	}
	return diag.Position{File: f.File, Line: f.Line}
}

// callerPackage returns the import path of the package whose code called the
// DSL, e.g. the package that declares a pipeline variable.
func callerPackage() string {
	f, ok := userFrame()
	if !ok {
		return ""
	}
	return packageOf(f.Function)
}

// userFrame finds the first frame whose function is not in package etl.
func userFrame() (runtime.Frame, bool) {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, selfPrefix) {
			return f, true
		}
		if !more {
			return runtime.Frame{}, false
		}
	}
}

// packageOf extracts the import path from a qualified function name such as
// "example.com/x/y.glob..func1" or "example.com/x/y.(*T).m".
func packageOf(fn string) string {
	slash := strings.LastIndex(fn, "/")
	dot := strings.Index(fn[slash+1:], ".")
	if dot < 0 {
		return fn
	}
	return fn[:slash+1+dot]
}
