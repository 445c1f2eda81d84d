package pyspark

import (
	"regexp"
	"strconv"
	"strings"
)

// pyKeywords are Python's keywords: no identifier PyName returns is one.
var pyKeywords = setOf("False None True and as assert async await break class continue def del elif else " +
	"except finally for from global if import in is lambda nonlocal not or pass raise return try while " +
	"with yield")

// pySoftKeywords are Python's soft keywords (3.12): valid identifiers, but
// a program never defines one from a user's name.
var pySoftKeywords = setOf("_ case match type")

// pyBuiltins are the names of Python's builtins module (3.11-3.13): a
// name the program defines must not shadow one.
var pyBuiltins = setOf("ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup " +
	"BlockingIOError BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError " +
	"ConnectionError ConnectionRefusedError ConnectionResetError DeprecationWarning EOFError Ellipsis " +
	"EncodingWarning EnvironmentError Exception ExceptionGroup FileExistsError FileNotFoundError " +
	"FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning IndentationError " +
	"IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError " +
	"ModuleNotFoundError NameError NotADirectoryError NotImplemented NotImplementedError OSError " +
	"OverflowError PendingDeprecationWarning PermissionError ProcessLookupError PythonFinalizationError " +
	"RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration " +
	"StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError TypeError " +
	"UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError " +
	"UnicodeWarning UserWarning ValueError Warning ZeroDivisionError abs aiter all anext any ascii bin " +
	"bool breakpoint bytearray bytes callable chr classmethod compile complex copyright credits delattr " +
	"dict dir divmod enumerate eval exec exit filter float format frozenset getattr globals hasattr hash " +
	"help hex id input int isinstance issubclass iter len license list locals map max memoryview min next " +
	"object oct open ord pow print property quit range repr reversed round set setattr slice sorted " +
	"staticmethod str sum super tuple vars zip")

// programNames are the names the program template itself defines at
// module level (imports, constants, functions) and the names the step
// functions read besides their parameters (F, the comprehension variable
// c; their locals df, df2, ... are matched by localName).
var programNames = setOf("argparse sys F rt PIPELINE_ID PIPELINE_VERSION PROFILE REMOTE SESSION_CONF " +
	"STOP_POLICY STOP_TIMEOUT_SECONDS SERVER_LOSS_TIMEOUT_SECONDS REPLAY_LEDGER REPLAY_LEDGER_APP_ID start main connect spark c")

// localName matches the variables a step function assigns.
var localName = regexp.MustCompile(`^df[0-9]*$`)

func setOf(words string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(words) {
		out[w] = true
	}
	return out
}

// reserved reports whether a name must not be defined by a program from a
// user's name: a keyword, a builtin, or a name of the program's own.
func reserved(name string) bool {
	return pyKeywords[name] || pySoftKeywords[name] || pyBuiltins[name] || programNames[name] || localName.MatchString(name)
}

// idents hands out the identifiers one scope of a program defines from
// users' names (assets, steps, queries, transformation inputs). Each is
// PyName of the name when all the identifiers derived from it (its forms,
// e.g. "step_%s" or "%S_OPTIONS", %S being the base in upper case) are
// free; otherwise the base gets a '_' suffix when a form is reserved
// (lambda_, F_, input_), then _2, _3, ... So two names that differ only in
// characters PyName replaces (a-b, a_b), or only in case where constants
// are upper case (a, A), get distinct identifiers, and none is a keyword or
// shadows a builtin or one of the program's own names.
type idents struct {
	taken map[string]bool
}

func newIdents() *idents { return &idents{taken: map[string]bool{}} }

// claim returns the base identifier for name and marks its forms taken;
// no forms means the base itself ("%s").
func (n *idents) claim(name string, forms ...string) string {
	if len(forms) == 0 {
		forms = []string{"%s"}
	}
	base := PyName(name)
	cands := []string{base}
	if n.reserves(base, forms) {
		cands = append(cands, base+"_")
	}
	for i := 2; ; i++ {
		for _, c := range cands {
			if n.free(c, forms) {
				for _, f := range forms {
					n.taken[form(f, c)] = true
				}
				return c
			}
		}
		cands = []string{base + "_" + strconv.Itoa(i)}
	}
}

// reserves reports whether a form of base is a reserved name.
func (n *idents) reserves(base string, forms []string) bool {
	for _, f := range forms {
		if reserved(form(f, base)) {
			return true
		}
	}
	return false
}

// free reports whether every form of base is neither reserved nor taken.
func (n *idents) free(base string, forms []string) bool {
	for _, f := range forms {
		if id := form(f, base); n.taken[id] || reserved(id) {
			return false
		}
	}
	return true
}

// form renders one form of base.
func form(f, base string) string {
	return strings.NewReplacer("%s", base, "%S", strings.ToUpper(base)).Replace(f)
}
