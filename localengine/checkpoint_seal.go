package localengine

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
)

// sealKey is the field of an offsets or commits file that holds the
// SHA-256 of the rest of it: a byte changed inside a value that still
// decodes (a digit of a position or a watermark, a letter of a file name)
// fails the file's check instead of being resumed from.
const sealKey = "etlgenChecksum"

// sealed reports whether files of kind carry a checksum (offsets, commits
// and the rolling gates' metrics).
func sealed(kind string) bool { return kind == "offsets" || kind == "commits" || kind == rollingKind }

// seal appends the checksum field to the JSON object body.
func seal(body []byte) ([]byte, error) {
	sum, _, err := contentSum(body)
	if err != nil {
		return nil, err
	}
	end := bytes.LastIndexByte(body, '}')
	if end < 0 {
		return nil, errors.New("not a JSON object")
	}
	head := bytes.Clone(bytes.TrimRight(body[:end], " \n")) // body stays the caller's
	sep := ",\n"
	if bytes.HasSuffix(head, []byte("{")) {
		sep = "\n"
	}
	return append(append(head, sep+`  "`+sealKey+`": "`...), sum+"\"\n}"...), nil
}

// checkSeal checks the checksum of a sealed file's content; a file
// without one passes unless must (the checkpoint seals every file of its
// batch: the checksum was cut or overwritten).
func checkSeal(data []byte, must bool) error {
	sum, recorded, err := contentSum(data)
	if err != nil {
		return err
	}
	if recorded == "" {
		if must {
			return errNoSeal
		}
		return nil
	}
	if sum != recorded {
		return errors.New("its checksum does not match its content: it changed after it was written")
	}
	return nil
}

// unseal returns a sealed JSON object without its checksum field (the
// others compacted, keys sorted).
func unseal(data []byte) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	delete(m, sealKey)
	return json.Marshal(m)
}

// errNoSeal is a file without its checksum in a checkpoint that seals
// every file (its metadata's sealedFrom).
var errNoSeal = errors.New("it has no checksum, but the checkpoint's metadata says every file of its batch carries one: it was cut or overwritten after it was written")

// contentSum is the hex SHA-256 of a JSON object's fields but the
// checksum, compacted with sorted keys, and the checksum it records.
func contentSum(data []byte) (sum, recorded string, err error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return "", "", err
	}
	if r, ok := m[sealKey]; ok {
		if err := json.Unmarshal(r, &recorded); err != nil {
			return "", "", err
		}
		delete(m, sealKey)
	}
	canon, err := json.Marshal(m)
	if err != nil {
		return "", "", err
	}
	h := sha256.Sum256(canon)
	return hex.EncodeToString(h[:]), recorded, nil
}
