/**
 * Checks JSON-LD against the schema.org vocabulary (test/fixtures/schema-org): expands it
 * with the `jsonld` package and a local document loader (no network), then checks that every type
 * and property exists, that each property's domain admits the node's type, and that a nested typed
 * node fits the property's range.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import jsonld from "jsonld";

const VOCABULARY = path.join(import.meta.dirname, "../../fixtures/schema-org");
const SCHEMA = "http://schema.org/";

type Vocab = { classes: Map<string, Set<string>>; properties: Map<string, { domain: Set<string>; range: Set<string> }> };

let vocab: Vocab | null = null;
let context: unknown = null;

function ids(value: unknown): string[] {
  if (!value) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => String((v as { "@id": string })["@id"]).replace(/^schema:/, ""));
}

function loadVocab(): Vocab {
  if (vocab) return vocab;
  const graph = (
    JSON.parse(readFileSync(path.join(VOCABULARY, "vocabulary.jsonld"), "utf8")) as { "@graph": Array<Record<string, unknown>> }
  )["@graph"];
  const classes = new Map<string, Set<string>>();
  const properties = new Map<string, { domain: Set<string>; range: Set<string> }>();
  for (const node of graph) {
    const id = String(node["@id"]).replace(/^schema:/, "");
    const types = Array.isArray(node["@type"]) ? node["@type"] : [node["@type"]];
    if (types.includes("rdfs:Class")) classes.set(id, new Set(ids(node["rdfs:subClassOf"])));
    if (types.includes("rdf:Property"))
      properties.set(id, { domain: new Set(ids(node["schema:domainIncludes"])), range: new Set(ids(node["schema:rangeIncludes"])) });
    // Enumeration members (schema:Monday) are typed by their enumeration.
    if (!classes.has(id) && types.some((t) => typeof t === "string" && t.startsWith("schema:"))) {
      classes.set(id, classes.get(id) ?? new Set());
    }
  }
  vocab = { classes, properties };
  return vocab;
}

function ancestors(type: string, v: Vocab): Set<string> {
  const out = new Set<string>([type]);
  const queue = [type];
  while (queue.length) {
    const t = queue.pop()!;
    for (const parent of v.classes.get(t) ?? []) {
      if (!out.has(parent)) {
        out.add(parent);
        queue.push(parent);
      }
    }
  }
  return out;
}

const documentLoader = async (url: string) => {
  if (/^https?:\/\/schema\.org\/?(docs\/jsonldcontext\.json(ld)?)?$/.test(url)) {
    context ??= JSON.parse(readFileSync(path.join(VOCABULARY, "schemaorgcontext.jsonld"), "utf8"));
    return { contextUrl: undefined, documentUrl: url, document: context };
  }
  throw new Error(`offline: refusing to load ${url}`);
};

/** Problems found in one JSON-LD document (empty when valid). */
export async function validateJsonLd(doc: unknown): Promise<string[]> {
  const v = loadVocab();
  const problems: string[] = [];
  const expanded = (await jsonld.expand(doc as jsonld.JsonLdDocument, { documentLoader: documentLoader as never })) as Array<
    Record<string, unknown>
  >;
  if (!expanded.length) problems.push("document expands to nothing (unknown context?)");
  const visit = (node: Record<string, unknown>, path: string) => {
    const types = ((node["@type"] as string[] | undefined) ?? []).map((t) => t.replace(SCHEMA, "").replace("https://schema.org/", ""));
    for (const t of types) if (!v.classes.has(t)) problems.push(`${path}: unknown type ${t}`);
    const all = new Set(types.flatMap((t) => [...ancestors(t, v)]));
    for (const [key, values] of Object.entries(node)) {
      if (key.startsWith("@")) continue;
      if (!key.startsWith(SCHEMA)) {
        problems.push(`${path}: property ${key} is not in the schema.org vocabulary`);
        continue;
      }
      const name = key.slice(SCHEMA.length);
      const prop = v.properties.get(name);
      if (!prop) {
        problems.push(`${path}: unknown property ${name}`);
        continue;
      }
      if (types.length && ![...prop.domain].some((d) => all.has(d))) problems.push(`${path}: ${name} does not apply to ${types.join(",")}`);
      for (const value of values as Array<Record<string, unknown>>) {
        // A typed literal ({"@value": "2026-12-24", "@type": "schema:Date"}) is a value, not a node.
        if (value && typeof value === "object" && "@type" in value && !("@value" in value)) {
          const vt = (value["@type"] as string[]).map((t) => t.replace(SCHEMA, ""));
          const vAll = new Set(vt.flatMap((t) => [...ancestors(t, v)]));
          if (![...prop.range].some((r) => vAll.has(r))) problems.push(`${path}.${name}: a ${vt.join(",")} is not in its range`);
          visit(value, `${path}.${name}`);
        }
      }
    }
  };
  expanded.forEach((node, i) => visit(node, `#${i}`));
  return problems;
}

/** The JSON-LD blocks of an HTML page. */
export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}
