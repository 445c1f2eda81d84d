// mermaid-parse.mjs FILE... — parses each Mermaid file with mermaid's own
// parser (mermaid.parse) under node, with jsdom as the DOM mermaid expects.
// Modules are resolved from ETLGEN_NODE_DIR (.cache/node, see
// scripts/docs-tools.sh). Prints "ok FILE TYPE" per file; exits 1 on the
// first file that does not parse.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const nodeDir = process.env.ETLGEN_NODE_DIR;
if (!nodeDir) {
  console.error("ETLGEN_NODE_DIR is not set");
  process.exit(2);
}
const require = createRequire(join(nodeDir, "package.json"));
const { JSDOM } = require("jsdom");
const dom = new JSDOM("<!DOCTYPE html><html><body></body></html>", { pretendToBeVisual: true });
globalThis.window = dom.window;
globalThis.document = dom.window.document;
for (const k of ["Element", "HTMLElement", "SVGElement", "Node", "DOMParser", "XMLSerializer", "MutationObserver"]) {
  if (!(k in globalThis) && dom.window[k]) globalThis[k] = dom.window[k];
}
const mermaidEntry = join(nodeDir, "node_modules", "mermaid", "dist", "mermaid.core.mjs");
const { default: mermaid } = await import(pathToFileURL(mermaidEntry).href);
mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });

let failed = false;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, "utf8");
  try {
    const res = await mermaid.parse(text);
    if (!res || !res.diagramType) throw new Error("no diagram recognised");
    console.log(`ok ${file} ${res.diagramType}`);
  } catch (e) {
    console.error(`FAIL ${file}: ${e && e.message ? e.message : e}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
