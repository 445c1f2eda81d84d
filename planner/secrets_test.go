package planner

import (
	"strings"
	"testing"
)

// TestLiteralSecret: the first literal credential, maps in order and keys
// sorted, named by key and reason, never by value.
func TestLiteralSecret(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []map[string]string
		want string
	}{
		{"none", []map[string]string{{"connect_url": "sc://h:15002"}, {"spark.sql.session.timeZone": "UTC"}}, ""},
		{"env reference", []map[string]string{{"fs.s3a.secret.key": "${env:S3_SECRET}"}}, ""},
		{"url token", []map[string]string{{"connect_url": "sc://h:15002/;token=abc"}, {"fs.s3a.secret.key": "minio123"}}, "connect_url ("},
		{"conf key", []map[string]string{{"connect_url": "sc://h:15002"}, {"fs.s3a.secret.key": "minio123", "a": "b"}}, "fs.s3a.secret.key ("},
		{"sorted keys", []map[string]string{{"z.password": "x", "b.password": "y"}}, "b.password ("},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := literalSecret(tc.in...)
			if (tc.want == "") != (got == "") || !strings.HasPrefix(got, tc.want) {
				t.Errorf("literalSecret = %q, want a name starting %q", got, tc.want)
			}
			for _, m := range tc.in {
				for _, v := range m {
					if got != "" && len(v) > 3 && strings.Contains(got, v) {
						t.Errorf("literalSecret = %q quotes the value %q", got, v)
					}
				}
			}
		})
	}
}
