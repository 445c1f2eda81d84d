package profile

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/diag"
)

// document returns the root node of the one YAML document in data, or nil
// after reporting why there is none: data over MaxBytes (checked before
// parsing), a syntax error, no document, or a second document.
func (d *decoder) document(data []byte) *yaml.Node {
	if len(data) > MaxBytes {
		d.diags.Add(diag.Diagnostic{Code: CodeTooLarge, Severity: diag.Error, Pos: diag.Position{File: d.file},
			Message: "the profile has more than " + byteText(MaxBytes),
			Hint:    "a profile binds assets and resources: keep data and generated content out of it"})
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc, next yaml.Node
	if err := dec.Decode(&doc); err != nil || len(doc.Content) == 0 {
		d.noDocument(err)
		return nil
	}
	switch err := dec.Decode(&next); {
	case err == nil:
		d.report(CodeMultipleDocuments, &next, "", "keep one document: remove the `---` line and what follows, or move it to a profile file of its own",
			"a profile is one YAML document; a second one starts here")
		return nil
	case !errors.Is(err, io.EOF):
		d.syntax(err)
		return nil
	}
	return doc.Content[0]
}

// noDocument reports a syntax error, or an empty profile when err is nil or
// io.EOF (nothing but comments and blank lines).
func (d *decoder) noDocument(err error) {
	if err != nil && !errors.Is(err, io.EOF) {
		d.syntax(err)
		return
	}
	d.diags.Add(diag.Diagnostic{Code: CodeSyntax, Severity: diag.Error, Pos: diag.Position{File: d.file},
		Message: "the profile is empty", Hint: "start from examples/order-streaming/profiles/local.yaml"})
}

// byteText renders a size in bytes as "262144 bytes (256 KiB)".
func byteText(n int) string { return fmt.Sprintf("%d bytes (%d KiB)", n, n>>10) }
