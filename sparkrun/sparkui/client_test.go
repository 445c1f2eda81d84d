package sparkui

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEndpoint(t *testing.T) {
	for _, tt := range []struct {
		host, port, enabled, want string
		err                       bool
	}{
		{"127.0.0.1", "4040", "true", "http://127.0.0.1:4040", false},
		{"driver.local", "", "", "http://driver.local:4040", false},
		{"10.0.0.5", "<undefined>", "true", "http://10.0.0.5:4040", false},
		{"::1", "4041", "true", "http://[::1]:4041", false},
		{"127.0.0.1", "4040", "false", "", true},
		{"", "4040", "true", "", true},
		{"127.0.0.1", "http", "true", "", true},
		{"127.0.0.1", "70000", "true", "", true},
	} {
		got, err := Endpoint(tt.host, tt.port, tt.enabled)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("Endpoint(%q, %q, %q) = %q, %v; want %q, error %v", tt.host, tt.port, tt.enabled, got, err, tt.want, tt.err)
		}
	}
}

// fakeUI answers the API paths a Client reads with the shapes Spark 4.1's
// UI returns (trimmed to the fields read).
func fakeUI(t *testing.T) *httptest.Server {
	t.Helper()
	tag := func(s string) string { return `"SparkConnect_OperationTag_User__Session_` + s + `_Operation_x"` }
	paths := map[string]string{
		"/api/v1/applications/app-1/jobs": `[
			{"jobId": 4, "stageIds": [7], "jobTags": [` + tag("s1") + `]},
			{"jobId": 3, "stageIds": [5, 6], "jobTags": [` + tag("s1") + `, "spark-session-x"]},
			{"jobId": 2, "stageIds": [4], "jobTags": [` + tag("other") + `]},
			{"jobId": 1, "stageIds": [2, 3], "jobTags": [` + tag("s1") + `]}]`,
		"/api/v1/applications/app-1/stages/2": `[{"status": "COMPLETE", "executorSummary": {
			"0": {"succeededTasks": 2, "failedTasks": 0, "killedTasks": 0, "shuffleRead": 0, "shuffleWrite": 100},
			"1": {"succeededTasks": 1, "failedTasks": 1, "killedTasks": 0, "shuffleRead": 0, "shuffleWrite": 50}}}]`,
		"/api/v1/applications/app-1/stages/3": `[{"status": "COMPLETE", "executorSummary": {
			"0": {"succeededTasks": 1, "shuffleRead": 70}, "1": {"succeededTasks": 1, "shuffleRead": 80}}},
			{"status": "FAILED", "executorSummary": {"10": {"succeededTasks": 0, "failedTasks": 2}}}]`,
		"/api/v1/applications/app-1/stages/5": `[{"status": "SKIPPED", "executorSummary": {}}]`,
		"/api/v1/applications/app-1/stages/6": `[{"status": "COMPLETE", "executorSummary": {"0": {"succeededTasks": 0, "failedTasks": 0}}}]`,
		"/api/v1/applications/app-1/stages/4": `[{"status": "COMPLETE", "executorSummary": {"2": {"succeededTasks": 9}}}]`,
		"/api/v1/applications/app-1/allexecutors": `[
			{"id": "1", "hostPort": "h1:2", "isActive": true, "totalCores": 1},
			{"id": "driver", "hostPort": "h0:1", "isActive": true, "totalCores": 0},
			{"id": "10", "hostPort": "h3:4", "isActive": false, "totalCores": 1, "removeReason": "worker lost"},
			{"id": "0", "hostPort": "h2:3", "isActive": true, "totalCores": 1}]`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := paths[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if strings.Contains(r.URL.Path, "/stages/") && r.URL.Query().Get("details") != "true" {
			t.Errorf("%s read without details=true", r.URL)
		}
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestSessionTasks(t *testing.T) {
	c := Client{URL: fakeUI(t).URL, App: "app-1"}
	u, err := c.SessionTasks(context.Background(), "s1")
	if err != nil {
		t.Fatal(err)
	}
	// Stage 7 is gone from the UI (evicted): counted, not an error.
	want := Usage{Jobs: 3, Stages: 4, Evicted: 1, Executors: []ExecutorTasks{
		{ID: "0", HostPort: "h2:3", Tasks: 3, ShuffleReadBytes: 70, ShuffleWriteBytes: 100},
		{ID: "1", HostPort: "h1:2", Tasks: 3, FailedTasks: 1, ShuffleReadBytes: 80, ShuffleWriteBytes: 50},
		{ID: "10", HostPort: "h3:4", Tasks: 2, FailedTasks: 2},
	}}
	if diff := cmp.Diff(want, u); diff != "" {
		t.Errorf("SessionTasks (-want +got):\n%s", diff)
	}
	if _, err := c.SessionTasks(context.Background(), ""); err == nil {
		t.Error("no session: no error")
	}
	if _, err := (Client{URL: c.URL, App: "missing"}).SessionTasks(context.Background(), "s1"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("unknown app: %v, want a 404 error", err)
	}
}

func TestSessionTasksServerError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/jobs") {
			_, _ = w.Write([]byte(`[{"jobId": 1, "stageIds": [2], "jobTags": ["x_Session_s1_y"]}]`))
			return
		}
		http.Error(w, "boom", http.StatusInternalServerError)
	}))
	t.Cleanup(srv.Close)
	_, err := Client{URL: srv.URL, App: "a"}.SessionTasks(context.Background(), "s1")
	if err == nil || !strings.Contains(err.Error(), "500") {
		t.Errorf("a stage answering 500: %v, want the error (only 404 means evicted)", err)
	}
}

func TestExecutors(t *testing.T) {
	all, err := Client{URL: fakeUI(t).URL, App: "app-1"}.Executors(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range all {
		ids = append(ids, e.ID)
	}
	if got := strings.Join(ids, ","); got != "driver,0,1,10" {
		t.Errorf("order %s, want driver,0,1,10 (active first, the driver first, numeric)", got)
	}
	active := ActiveExecutors(all)
	if len(active) != 2 || active[0].ID != "0" || active[1].ID != "1" {
		t.Errorf("active %+v, want executors 0 and 1", active)
	}
}
