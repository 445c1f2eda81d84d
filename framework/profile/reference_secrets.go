package profile

import (
	"bytes"
	"fmt"
	"strings"
)

// secretsSection renders how a profile references credentials and what
// the parser refuses, from the same tables the parser checks with.
func secretsSection(b *bytes.Buffer) {
	b.WriteString(quoted(secretsIntro))
	b.WriteString("\n| key pattern (case-insensitive, anywhere in the key) | from |\n|---|---|\n")
	for _, s := range sensitiveKeys {
		fmt.Fprintf(b, "| `%s` | %s |\n", strings.ReplaceAll(s.pattern.String(), "|", `\|`), s.source)
	}
	fmt.Fprintf(b, "\nA key ending like a setting is not a credential key: `%s`; nor is an `…_env` option.\n",
		strings.ReplaceAll(nonSecretKey.String(), "|", `\|`))
	b.WriteString(quoted(secretsValues))
	for _, v := range valueShapes {
		fmt.Fprintf(b, "- %s\n", v.reason)
	}
}

const secretsIntro = `
## Secrets

Credentials are never written in a profile, and never reach a generated program, plan, doc or
message: the profile names the environment variable that holds each one, and the program reads
it where it runs, when it starts. The references:

| mechanism | where | reaches the Spark program as |
|---|---|---|
| «credential_env: NAME» | kafka resource | «kafka.sasl.jaas.config» built from NAME (user:password) when a query starts |
| «token_env: NAME» | spark resource | «;token=» added to the Connect URL when the program connects |
| «access_key_env» / «secret_key_env» | s3 resource | session conf «fs.s3a.access.key» / «fs.s3a.secret.key» (with «fs.s3a.aws.credentials.provider» = SimpleAWSCredentialsProvider) at session start |
| «${env:NAME}» as a whole value | spark «conf» | the session conf value, set at session start |
| «;name=${env:NAME}» | spark «connect_url» parameter | the parameter's value when the program connects |

A variable that is not set when the program starts stops it with exit 16 (environment), naming
the variable. NAME matches «^[A-Z_][A-Z0-9_]*$» (ETL-P312); «${env:…}» inside a longer value is
refused (ETL-P312). A literal credential is ETL-P313, at its position; the message says why
(which key, or which part of the value) and never quotes the value.

No diagnostic quotes a value written in a profile: it names the key and what is wrong with
the value, and the hint lists what is allowed (a "did you mean" is taken from that list).
Names are quoted: keys, and a value once it is known to name something (a declared resource,
a contract column).

A literal is refused under a key that names a credential — conf keys, option names, a key no
spec declares:
`

const secretsValues = `
and, whatever its key, a string value that carries one:

- a URL with a password in its user info («scheme://user:password@host»), or «user:password@host» in a host list
- a credential parameter («?name=», «&name=», «;name=», JAAS «name="…"», JVM «-Dname=») whose name is a credential key or one of «pwd», «pass», «sig», «key», «auth», «AccountKey», «SharedAccessKey»: JDBC «password=», «token=», «api-key=», «secret=», signed-URL «sig=»
- in a Spark Connect URL («sc://host:port/;name=value»), a «token» parameter (use «token_env») and any parameter but «use_ssl», «user_id», «user_agent» and «session_id»: the Python client sends the others as gRPC headers with every request, where gateways take API keys — write them «${env:NAME}»
`

// quoted turns «x» into Markdown code.
func quoted(s string) string { return strings.NewReplacer("«", "`", "»", "`").Replace(s) }
