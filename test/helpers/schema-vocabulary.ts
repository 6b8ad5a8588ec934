/**
 * JSON-LD checked against the schema.org vocabulary the test pool carries (TEST_SCHEMA_VOCABULARY:
 * every type's parents and every property's domains): an unknown type, an unknown property, or a
 * property used on a type outside its domains is a problem, named by its path ("#0.amenityFeature[1]").
 */
import { env } from "cloudflare:workers";

export function schemaOrgProblems(docs: readonly unknown[]): string[] {
  const { classes, properties } = env.TEST_SCHEMA_VOCABULARY;
  const lineage = (type: string): Set<string> => {
    const out = new Set([type]);
    for (const parent of classes[type] ?? []) for (const t of lineage(parent)) out.add(t);
    return out;
  };
  const problems: string[] = [];
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}[${i}]`));
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const type = record["@type"];
    if (typeof type !== "string") return;
    if (!classes[type]) problems.push(`${where}: unknown type ${type}`);
    const types = lineage(type);
    for (const [key, value] of Object.entries(record)) {
      if (key.startsWith("@")) continue;
      const domains = properties[key];
      if (!domains) problems.push(`${where}.${key}: unknown property`);
      else if (!domains.some((d) => types.has(d))) problems.push(`${where}.${key}: not a property of ${type}`);
      visit(value, `${where}.${key}`);
    }
  };
  docs.forEach((d, i) => visit(d, `#${i}`));
  return problems;
}
