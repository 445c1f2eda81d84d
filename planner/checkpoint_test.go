package planner

import "testing"

func TestCheckpointPath(t *testing.T) {
	tests := []struct {
		root, id, version, profile, query, want string
	}{
		{"s3a://warehouse/checkpoints", "orders", "1.2.3", "prod", "windows", "s3a://warehouse/checkpoints/orders/v1/prod/windows"},
		{"s3a://warehouse/checkpoints/", "orders", "2.0.0", "prod", "windows", "s3a://warehouse/checkpoints/orders/v2/prod/windows"},
		{"/tmp/cp", "orders", "v3", "local", "q", "/tmp/cp/orders/v3/local/q"},
		{"/tmp/cp", "orders", "10.0.0-rc.1", "local", "q", "/tmp/cp/orders/v10/local/q"},
	}
	for _, tt := range tests {
		if got := CheckpointPath(tt.root, tt.id, tt.version, tt.profile, tt.query); got != tt.want {
			t.Errorf("CheckpointPath(%q, %q, %q) = %q, want %q", tt.root, tt.id, tt.version, got, tt.want)
		}
	}
}

func TestMajor(t *testing.T) {
	for in, want := range map[string]string{"1.0.0": "1", "v2": "2", "12.3": "12", "latest": "", "": "", "x1.0": ""} {
		if got := Major(in); got != want {
			t.Errorf("Major(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSafeSegment(t *testing.T) {
	for in, want := range map[string]bool{"orders": true, "customer_order_windows": true, "v1.2": true, "a/b": false, "..": false, "": false, "a b": false} {
		if got := safeSegment(in); got != want {
			t.Errorf("safeSegment(%q) = %t, want %t", in, got, want)
		}
	}
}
