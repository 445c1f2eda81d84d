package localengine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func appendFile(t *testing.T, dir, name, data string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(data); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// A file a batch read that changes afterwards is reported once by the
// next listing (CodeFileGrew), naming it and the bytes never read; a
// change the batch's read already reported (CodeFileChanged) is not
// reported again, and a source opened again over the logged offsets
// (a restart) reports a change made in between.
func TestFileSourceReadFileChanges(t *testing.T) {
	tests := []struct {
		name         string
		duringRead   string // appended between the listing and the read
		afterRead    func(t *testing.T, dir string)
		restart      bool
		want         string // in the one CodeFileGrew notice; "" for none
		readWarnings int
	}{
		{name: "unchanged"},
		{name: "appended after the read", afterRead: func(t *testing.T, dir string) { appendFile(t, dir, "a.jsonl", "{}\n{}\n{}\n") },
			want: "the 9 bytes appended since are never read"},
		{name: "rewritten shorter", afterRead: func(t *testing.T, dir string) { writeFile(t, dir, "a.jsonl", []byte("{}\n")) },
			want: "size 6 → 3 bytes"},
		{name: "appended during the read", duringRead: "{}\n", readWarnings: 1},
		{name: "appended before a restart", afterRead: func(t *testing.T, dir string) { appendFile(t, dir, "a.jsonl", "{}\n") },
			restart: true, want: "the 3 bytes appended since are never read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "a.jsonl", []byte("{}\n{}\n"))
			src := &FileSource{Dir: dir}
			end, _, err := src.Next(Offset{})
			if err != nil {
				t.Fatal(err)
			}
			if tt.duringRead != "" {
				appendFile(t, dir, "a.jsonl", tt.duringRead)
			}
			ws, err := src.Scan(Offset{}, end, func([]Payload) error { return nil })
			if err != nil || len(ws) != tt.readWarnings {
				t.Fatalf("read: warnings %v, %v; want %d warnings", ws, err, tt.readWarnings)
			}
			if tt.afterRead != nil {
				tt.afterRead(t, dir)
			}
			if tt.restart {
				src = &FileSource{Dir: dir}
				src.MarkSeen(end)
			}
			var got []Warning
			for range 2 { // the second listing reports nothing new
				if _, ok, err := src.Next(end); err != nil || ok {
					t.Fatalf("listing after the read: new data %v, %v; want none", ok, err)
				}
				got = append(got, src.TakeNotices()...)
			}
			if tt.want == "" {
				if len(got) != 0 {
					t.Errorf("notices %v; want none", got)
				}
				return
			}
			if len(got) != 1 || got[0].Code != CodeFileGrew || !strings.Contains(got[0].Text, tt.want) ||
				!strings.Contains(got[0].Text, filepath.Join(dir, "a.jsonl")) {
				t.Errorf("notices %v; want one %s naming the file and saying %q", got, CodeFileGrew, tt.want)
			}
		})
	}
}

// The engine hands a query's notices to the Notice hook, also when the
// listing finds nothing new to run.
func TestFileGrewNoticeHook(t *testing.T) {
	cp, in := t.TempDir(), t.TempDir()
	writeFile(t, in, "a.jsonl", []byte(fileEvent+"\n"))
	if err := runFiles(t, cp, in, "", nil); err != nil {
		t.Fatal(err)
	}
	appendFile(t, in, "a.jsonl", fileEvent+"\n")
	eng := openFiles(t, cp, in, "")
	defer eng.Close()
	var got []string
	eng.Hooks.Notice = func(query string, w Warning) { got = append(got, query+" "+w.Code) }
	if err := eng.RunAvailable(func(*Progress) { t.Error("a batch ran") }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !strings.HasSuffix(got[0], " "+CodeFileGrew) {
		t.Errorf("notices %v; want one %s", got, CodeFileGrew)
	}
}

// TestFileGrewDocumented: CodeFileGrew is in docs/diagnostics.md.
func TestFileGrewDocumented(t *testing.T) {
	docs, err := os.ReadFile("../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(docs), "`"+CodeFileGrew+"`") {
		t.Errorf("code %s is not documented in docs/diagnostics.md", CodeFileGrew)
	}
}
