package gen

import (
	"bytes"
	"debug/elf"
	"fmt"
	"io"
	"os"
)

// executableID identifies the running etlgen build, for caches of what it
// computed: the Go build ID the linker writes into the executable (it
// changes whenever the program does, and stays when `go build -o` finds the
// program up to date and only touches it), else the executable's path,
// size and modification time.
func executableID() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if id := goBuildID(exe); id != "" {
		return "buildid\x00" + id
	}
	info, err := os.Stat(exe)
	if err != nil {
		return exe
	}
	return fmt.Sprintf("%s\x00%d\x00%d", exe, info.Size(), info.ModTime().UnixNano())
}

// goBuildID reads the Go build ID of an executable: its ELF note, or the
// quoted ID after the marker the linker writes near the start of the text
// in other formats; "" when there is none.
func goBuildID(exe string) string {
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 32<<10)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if bytes.HasPrefix(head, []byte(elf.ELFMAG)) {
		return elfBuildID(f)
	}
	return markedBuildID(head)
}

// elfBuildID returns the description of the .note.go.buildid note: a
// 4-byte name size, description size and type, the name "Go\x00\x00", then
// the ID.
func elfBuildID(r io.ReaderAt) string {
	f, err := elf.NewFile(r)
	if err != nil {
		return ""
	}
	s := f.Section(".note.go.buildid")
	if s == nil {
		return ""
	}
	data, err := s.Data()
	if err != nil || len(data) < 16 {
		return ""
	}
	size := f.ByteOrder.Uint32(data[4:8])
	if uint64(size) > uint64(len(data)-16) {
		return ""
	}
	return string(data[16 : 16+size])
}

// buildIDMarker precedes the quoted build ID in the text of a Go
// executable.
var buildIDMarker = []byte("\xff Go build ID: \"")

// markedBuildID returns the quoted build ID after buildIDMarker in data.
func markedBuildID(data []byte) string {
	_, rest, ok := bytes.Cut(data, buildIDMarker)
	if !ok {
		return ""
	}
	id, _, ok := bytes.Cut(rest, []byte(`"`))
	if !ok {
		return ""
	}
	return string(id)
}
