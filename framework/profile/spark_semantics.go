package profile

import "fmt"

// The session settings that give expressions their meaning: the local
// engine evaluates them as Spark does in ANSI mode with a UTC session time
// zone (the defaults of generated programs), and the function corpus
// (internal/funcverdicts) proves it in that setting only. A profile that
// changes them would make the engines answer differently.
var sparkSemantics = map[string]string{
	"spark.sql.session.timeZone": "UTC",
	"spark.sql.ansi.enabled":     "true",
}

// checkSessionTimezone accepts only UTC.
func checkSessionTimezone(v Value) error {
	return semanticsError("spark.sql.session.timeZone", v.Str)
}

// checkSparkConf refuses conf entries that change the meaning of
// expressions.
func checkSparkConf(v Value) error {
	for key, val := range v.Map {
		if err := semanticsError(key, val); err != nil {
			return err
		}
	}
	return nil
}

// semanticsError is the error of a setting whose value changes what
// expressions mean; nil when it keeps it.
func semanticsError(key, val string) error {
	want, ok := sparkSemantics[key]
	if !ok || val == want {
		return nil
	}
	return &checkError{Code: CodeBadValue,
		Hint: fmt.Sprintf("leave %s at %s (the default): convert times or handle errors in the pipeline instead", key, want),
		Message: fmt.Sprintf("%s must be %s: expressions mean what they mean with it on both engines (the local engine and the "+
			"function corpus assume it), another value would make Spark's answers differ", key, want)}
}
