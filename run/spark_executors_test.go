package run

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/pyspark/events"
)

// TestExecutorsOf: the start line's ui leads to the driver's status API,
// whose session jobs give the report's executors; no ui, a bad port or an
// API that does not answer leave the executors unknown, saying why.
func TestExecutorsOf(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/v1/applications/app-9/jobs":
			_, _ = w.Write([]byte(`[{"jobId": 1, "stageIds": [7], "jobTags": ["SparkConnect_OperationTag_User__Session_sess-1_Operation_o"]}]`))
		case "/api/v1/applications/app-9/stages/7":
			_, _ = w.Write([]byte(`[{"status": "COMPLETE", "executorSummary": {"driver": {"succeededTasks": 3, "shuffleWrite": 20}}}]`))
		case "/api/v1/applications/app-9/allexecutors":
			_, _ = w.Write([]byte(`[{"id": "driver", "hostPort": "127.0.0.1:5", "isActive": true, "totalCores": 2}]`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	host, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))

	r := newEventsRig(t, profile.EnginePySpark)
	m := r.model("{type: available-now}", "")
	pp := &m.Pipelines[0]
	h := &Handle{id: "run", s: newStream(Options{})}
	lines := newSparkLines(m, pp, newReport(m, pp, h.ID()), Options{}, h)
	start, _ := json.Marshal(map[string]any{"event": "start", "session": "sess-1",
		"ui": map[string]string{"driver_host": host, "ui_port": port, "app": "app-9"}, "queries": []any{}})
	ev, ok := events.ParseEvent(start)
	if !ok || ev.Start == nil {
		t.Fatalf("start line %s: not parsed", start)
	}
	lines.event(ev)

	x := executorsOf(context.Background(), lines.ui, "sess-1")
	if x == nil || x.Unavailable != "" || len(x.Executors) != 1 || x.Executors[0].ID != "driver" ||
		x.Executors[0].Tasks != 3 || x.Executors[0].HostPort != "127.0.0.1:5" || x.Jobs != 1 || x.Stages != 1 {
		t.Errorf("executors %+v, want the driver's 3 tasks", x)
	}
	if x := executorsOf(context.Background(), lines.ui, "other"); x == nil || len(x.Executors) != 0 || x.Unavailable != "" {
		t.Errorf("another session: %+v, want no executors", x)
	}
	if x := executorsOf(context.Background(), nil, "sess-1"); x == nil || x.Unavailable == "" {
		t.Errorf("no ui: %+v, want unavailable", x)
	}
	if x := executorsOf(context.Background(), &driverUI{DriverHost: host, UIPort: "0", App: "app-9"}, "sess-1"); x == nil || x.Unavailable == "" {
		t.Errorf("port 0: %+v, want unavailable", x)
	}
	if x := executorsOf(context.Background(), &driverUI{DriverHost: host, UIPort: port, App: "gone"}, "sess-1"); x == nil || !strings.Contains(x.Unavailable, "404") {
		t.Errorf("unknown app: %+v, want unavailable with the 404", x)
	}
	if x := executorsOf(context.Background(), lines.ui, ""); x != nil {
		t.Errorf("no session: %+v, want nil", x)
	}
}
