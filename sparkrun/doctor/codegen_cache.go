package doctor

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// errWarning marks a probe's error as a warning: the check passes with
// Status Warning, its code and hint shown.
var errWarning = errors.New("warning")

// Spark's cache of compiled generated classes.
const (
	codegenCacheKey = "spark.sql.codegen.cache.maxEntries"
	// sparkCodegenCacheDefault is the size Spark uses when the server does
	// not set one (StaticSQLConf CODEGEN_CACHE_MAX_ENTRIES).
	sparkCodegenCacheDefault = 100
	// MinCodegenCacheEntries is the size below which doctor warns. One
	// micro-batch of the order example compiles ~180 distinct classes (a
	// hand-written program of the same pipeline ~150): with Spark's default
	// of 100 the least recently used are evicted before the next
	// micro-batch asks for them, and every micro-batch compiles them all
	// again (docs/spark-engine.md, "Compiled classes").
	MinCodegenCacheEntries = 1000
)

// probeCodegenCache reads the server's spark.sql.codegen.cache.maxEntries,
// a static conf (read when the server starts), and warns when it is below
// MinCodegenCacheEntries.
func probeCodegenCache(ctx context.Context, p *prober) (string, string, string, error) {
	v, err := confValue(ctx, p.session, codegenCacheKey)
	if err != nil { // a performance check: unreadable is a warning, not a failure
		detail := codegenCacheKey + " not readable (" + firstLine(err.Error()) + ")"
		return detail, CodeCodegenCache, "grant the session read access to " + codegenCacheKey + ", and check it is at least " +
			strconv.Itoa(MinCodegenCacheEntries), fmt.Errorf("%w: %s", errWarning, detail)
	}
	detail, problem := codegenCacheProblem(v)
	if !problem {
		return detail, "", "", nil
	}
	return detail, CodeCodegenCache, fmt.Sprintf("set %s to %d or more in the Spark Connect server's spark-defaults.conf "+
		"(or --conf when it starts; a static conf: it takes a restart); the local stack sets it (SPARK_CODEGEN_CACHE_ENTRIES)",
		codegenCacheKey, MinCodegenCacheEntries), fmt.Errorf("%w: %s", errWarning, detail)
}

// codegenCacheProblem describes the value SET returned for the cache size
// and says whether it is too small; a value the server does not define
// ("<undefined>", empty) is Spark's default.
func codegenCacheProblem(v string) (detail string, problem bool) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	switch {
	case err != nil:
		n = sparkCodegenCacheDefault
		detail = fmt.Sprintf("%s not set: Spark's default, %d", codegenCacheKey, n)
	default:
		detail = fmt.Sprintf("%s %d", codegenCacheKey, n)
	}
	if n < MinCodegenCacheEntries {
		return detail + fmt.Sprintf(": below %d, a micro-batch that compiles more distinct classes than the cache holds compiles them all again every micro-batch", MinCodegenCacheEntries), true
	}
	return detail, false
}
