/**
 * Writes test/fixtures/schema-org/vocabulary.jsonld from a schema.org vocabulary release
 * (schemaorg-current-https.jsonld, https://schema.org/docs/developers.html): the same JSON-LD
 * graph with only what the tests read kept on each node (@id, @type, rdfs:subClassOf,
 * schema:domainIncludes, schema:rangeIncludes), one node a line. Labels, comments and the other
 * annotations are dropped (1.5 MB → 0.4 MB).
 *
 *   npx tsx scripts/schema-org-fixture.ts path/to/schemaorg-current-https.jsonld
 *
 * The release's JSON-LD context (schemaorgcontext.jsonld) is stored unchanged beside it.
 */
import fs from "node:fs";
import path from "node:path";

const KEEP = ["@id", "@type", "rdfs:subClassOf", "schema:domainIncludes", "schema:rangeIncludes"];

const source = process.argv[2];
if (!source) {
  console.error("usage: tsx scripts/schema-org-fixture.ts path/to/schemaorg-current-https.jsonld");
  process.exit(2);
}
const vocabulary = JSON.parse(fs.readFileSync(source, "utf8")) as {
  "@context": Record<string, unknown>;
  "@graph": Array<Record<string, unknown>>;
};
const nodes = vocabulary["@graph"].map((node) => Object.fromEntries(KEEP.filter((key) => key in node).map((key) => [key, node[key]])));
const out = path.join(import.meta.dirname, "../test/fixtures/schema-org/vocabulary.jsonld");
fs.writeFileSync(
  out,
  `{"@context":${JSON.stringify(vocabulary["@context"])},\n"@graph":[\n${nodes.map((node) => JSON.stringify(node)).join(",\n")}\n]}\n`,
);
console.log(`wrote ${path.relative(process.cwd(), out)} (${nodes.length} nodes)`);
