// Reads {"patterns": [...], "subjects": [...]} on stdin and prints, for each
// pattern, whether it finds a match in each subject with ECMA-262 RegExp,
// without the u flag (5.1, ODCS) and with it (JSON Schema validators such
// as ajv): {"plain": [[bool]], "unicode": [[bool]]}.
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const run = (flags) => input.patterns.map((p) => {
  const re = new RegExp(p, flags);
  return input.subjects.map((s) => re.test(s));
});
process.stdout.write(JSON.stringify({ plain: run(""), unicode: run("u") }));
