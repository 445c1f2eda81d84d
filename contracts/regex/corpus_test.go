package regex

import (
	"encoding/json"
	"os"
	"regexp"
	"testing"
)

// corpus is testdata/corpus.json: patterns × subjects.
type corpus struct {
	Patterns []struct {
		Pattern string `json:"pattern"`
		Refused bool   `json:"refused"`
		// Unshown says why a refused pattern shows no difference here.
		Unshown string `json:"unshown"`
	} `json:"patterns"`
	Subjects []string `json:"subjects"`
}

// recorded is testdata/spark.json: Spark's answers, one per pattern in
// corpus order, each either an error or one answer per subject.
type recorded struct {
	SparkVersion string `json:"spark_version"`
	Answers      []struct {
		Error   string   `json:"error,omitempty"`
		Answers []answer `json:"answers,omitempty"`
	} `json:"answers"`
}

// answer is what one engine says for one pattern and subject: rlike,
// regexp_extract group 0 and 1 (nil when the pattern has no group) and
// regexp_replace with the literal replacement.
type answer struct {
	Rlike    bool    `json:"rlike"`
	Extract0 string  `json:"extract0"`
	Extract1 *string `json:"extract1,omitempty"`
	Replace  string  `json:"replace"`
}

// replacement is the literal replacement the corpus uses.
const replacement = "<>"

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
}

// goAnswer is the answer of a Go regexp, the way the local engine
// evaluates each function.
func goAnswer(re *regexp.Regexp, s string) answer {
	a := answer{Rlike: re.MatchString(s), Replace: re.ReplaceAllLiteralString(s, replacement)}
	m := re.FindStringSubmatch(s)
	if m != nil {
		a.Extract0 = m[0]
	}
	if re.NumSubexp() > 0 {
		g := ""
		if m != nil {
			g = m[1]
		}
		a.Extract1 = &g
	}
	return a
}

// TestCorpusAgreesWithSpark compares Go's answers with Spark's recorded
// ones: an accepted pattern must agree on every subject (regexp_replace
// only where CompileFindAll accepts it), a refused one must show why.
func TestCorpusAgreesWithSpark(t *testing.T) {
	var c corpus
	var r recorded
	readJSON(t, "testdata/corpus.json", &c)
	readJSON(t, "testdata/spark.json", &r)
	if len(r.Answers) != len(c.Patterns) {
		t.Fatalf("spark.json has %d answers for %d patterns: re-record with ETLGEN_STACK=1 go test -run TestCorpusLive -update", len(r.Answers), len(c.Patterns))
	}
	for i, p := range c.Patterns {
		t.Run(p.Pattern, func(t *testing.T) {
			spark := r.Answers[i]
			if p.Refused {
				checkRefused(t, p.Pattern, p.Unshown, spark.Error, spark.Answers, c.Subjects)
				return
			}
			if spark.Error != "" {
				t.Fatalf("Spark refuses an accepted pattern: %s", spark.Error)
			}
			re, err := Compile(p.Pattern)
			if err != nil {
				t.Fatal(err)
			}
			_, findAllErr := CompileFindAll(p.Pattern)
			replaceDiffers := false
			for j, s := range c.Subjects {
				got, want := goAnswer(re, s), sparkAnswer(re, spark.Answers[j])
				if findAllErr != nil {
					replaceDiffers = replaceDiffers || got.Replace != want.Replace
					got.Replace = want.Replace
				}
				if !sameAnswer(got, want) {
					t.Errorf("subject %q: Go %s, Spark %s", s, show(got), show(want))
				}
			}
			if findAllErr != nil && !replaceDiffers && p.Unshown == "" {
				t.Errorf("CompileFindAll refuses it, but no regexp_replace answer shows why")
			}
		})
	}
}

// sparkAnswer drops group 1 of a pattern without groups: Spark reports
// that regexp_extract error only on a match.
func sparkAnswer(re *regexp.Regexp, a answer) answer {
	if re.NumSubexp() == 0 {
		a.Extract1 = nil
	}
	return a
}

func sameAnswer(a, b answer) bool {
	return a.Rlike == b.Rlike && a.Extract0 == b.Extract0 && a.Replace == b.Replace &&
		(a.Extract1 == nil) == (b.Extract1 == nil) && (a.Extract1 == nil || *a.Extract1 == *b.Extract1)
}

func show(a answer) string {
	b, _ := json.Marshal(a)
	return string(b)
}

// checkRefused checks that Check refuses the pattern and that the record
// shows why: Spark or Go refuses it, or plain Go regexp answers differently
// from Spark on some subject.
func checkRefused(t *testing.T, pattern, unshown, sparkErr string, spark []answer, subjects []string) {
	t.Helper()
	if err := Check(pattern); err == nil {
		t.Fatalf("Check accepts a pattern the corpus says is refused")
	}
	if unshown != "" || sparkErr != "" {
		return
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return // Go refuses it
	}
	for j, s := range subjects {
		if !sameAnswer(goAnswer(re, s), sparkAnswer(re, spark[j])) {
			return
		}
	}
	t.Errorf("plain Go regexp agrees with Spark on every subject: add a subject that shows the difference, or say why in unshown")
}
