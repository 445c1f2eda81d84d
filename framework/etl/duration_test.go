package etl_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/etl"
)

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in      string
		want    time.Duration
		wantErr bool
	}{
		{"15m", 15 * time.Minute, false},
		{"1h30m", 90 * time.Minute, false},
		{"15 minutes", 15 * time.Minute, false},
		{"1 hour", time.Hour, false},
		{"2 days", 48 * time.Hour, false},
		{"1 hour 30 minutes", 90 * time.Minute, false},
		{"500 milliseconds", 500 * time.Millisecond, false},
		{"-10m", -10 * time.Minute, false},
		{"", 0, true},
		{"soon", 0, true},
		{"15 parsecs", 0, true},
		{"minutes 15", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			d := etl.ParseDuration(tt.in)
			if (d.Err() != nil) != tt.wantErr || d.Std() != tt.want || !d.IsSet() {
				t.Errorf("ParseDuration(%q) = %v, %v; want %v, error %t", tt.in, d.Std(), d.Err(), tt.want, tt.wantErr)
			}
		})
	}
	if (etl.Duration{}).IsSet() || !etl.DurationOf(0).IsSet() {
		t.Error("the zero Duration must be unset and DurationOf(0) set")
	}
}

type allParams struct {
	Delay   etl.Duration `default:"5m"`
	Name    string       `param:"label" default:"x"`
	Count   int64        `default:"3" validate:"gt=0"`
	Ratio   float64      `default:"0.5"`
	Enabled bool         `default:"true"`
}

func TestParamsDefaultsAndValues(t *testing.T) {
	tr := passThrough[allParams]("all-params")
	p := etl.NewPipeline("params", "1", func(p *etl.Builder) {
		etl.Load(p, "out", tr.Step(p, etl.Extract[OrderEvent](p, "in").Valid(), allParams{Count: 7}))
	})
	doc := etl.DocumentOf(p)
	if len(doc.Diagnostics) != 0 {
		t.Fatalf("diagnostics: %v", doc.Diagnostics)
	}
	var got []string
	for _, v := range doc.Pipelines[0].Steps[0].Params {
		got = append(got, v.Name+"="+v.Value)
	}
	want := []string{"delay=5m0s", "label=x", "count=7", "ratio=0.5", "enabled=true"}
	if !slices.Equal(got, want) {
		t.Errorf("step params = %v, want %v", got, want)
	}
	var types []string
	for _, d := range doc.Transformations[0].Params {
		types = append(types, d.Name+":"+d.Type+"="+d.Default)
	}
	wantTypes := []string{"delay:duration=5m", "label:string=x", "count:int=3", "ratio:float=0.5", "enabled:bool=true"}
	if !slices.Equal(types, wantTypes) {
		t.Errorf("declared params = %v, want %v", types, wantTypes)
	}
}

// TestParseDurationOverflow: for every Spark unit, the largest and smallest
// counts that fit time.Duration parse exactly and the next ones are errors;
// a sum past the range is an error; the reproducer of issue 14
// ("15250284452 weeks" parsed to −79h) is an error.
func TestParseDurationOverflow(t *testing.T) {
	units := map[string]time.Duration{"microsecond": time.Microsecond, "millisecond": time.Millisecond, "second": time.Second,
		"minute": time.Minute, "hour": time.Hour, "day": 24 * time.Hour, "week": 7 * 24 * time.Hour}
	for word, unit := range units {
		for _, limit := range []int64{math.MaxInt64 / int64(unit), math.MinInt64 / int64(unit)} {
			ok := fmt.Sprintf("%d %ss", limit, word)
			if d := etl.ParseDuration(ok); d.Err() != nil || d.Std() != time.Duration(limit)*unit {
				t.Errorf("ParseDuration(%q) = %v, %v; want %v", ok, d.Std(), d.Err(), time.Duration(limit)*unit)
			}
			next := limit + 1
			if limit < 0 {
				next = limit - 1
			}
			for _, bad := range []string{fmt.Sprintf("%d %ss", next, word), "99999999999999999999 " + word} {
				if d := etl.ParseDuration(bad); d.Err() == nil || !strings.Contains(d.Err().Error(), "out of range") || d.Std() != 0 {
					t.Errorf("ParseDuration(%q) = %v, %v; want an out-of-range error", bad, d.Std(), d.Err())
				}
			}
		}
	}
	for _, bad := range []string{"15250284452 weeks", "18446744074 seconds", "9223372036 seconds 1 second",
		"-9223372036 seconds -1 second", "2562048h"} {
		if d := etl.ParseDuration(bad); d.Err() == nil {
			t.Errorf("ParseDuration(%q) = %v, want an error", bad, d.Std())
		}
	}
}
