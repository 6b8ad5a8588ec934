/**
 * The i18n checks of `npm run lint` (docs/i18n.md). Fails when:
 * - a locale's catalog lacks a message of the English one, or has one the English lacks;
 * - a translation has other markup (<0>…</0>) than its English message, or is not valid ICU
 *   MessageFormat (a message's arguments may differ by language: the code passes what each needs);
 * - an interface or text message is used nowhere in app/ (labels of the data, keyed by slug, are
 *   looked up from the data: they are checked for completeness only);
 * - a component uses a physical left/right utility (ml-, pr-, left-, text-right, …): the logical
 *   ones (ms-, pe-, start-, text-end, …) mirror by themselves for a right-to-left locale.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "@messageformat/parser";

const root = join(import.meta.dirname, "..");
const localesDir = join(root, "app/locales");
/** Keys looked up by the data's own labels (app/lib/i18n/labels.ts), never spelled in the code. */
const DATA_LABEL_PREFIXES = ["category.", "aboutGroup.", "aboutAttribute."];

const problems: string[] = [];
const catalogNames = (locale: string) => readdirSync(join(localesDir, locale)).filter((f) => f.endsWith(".json"));
const read = (locale: string, file: string) => JSON.parse(readFileSync(join(localesDir, locale, file), "utf8")) as Record<string, string>;
const locales = readdirSync(localesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The markup tags (<0>…</0>) of an ICU message; parsing it throws when it is not ICU MessageFormat. */
function shape(message: string): { tags: string } {
  parse(message);
  return { tags: [...new Set([...message.matchAll(/<\/?(\d+)\/?>/g)].map((tag) => tag[1]))].sort().join(" ") };
}
const english: Record<string, Record<string, string>> = Object.fromEntries(catalogNames("en").map((file) => [file, read("en", file)]));
const catalogs = new Map<string, Record<string, string>>();

for (const locale of locales) {
  for (const file of new Set([...catalogNames(locale), ...Object.keys(english)])) {
    const where = `app/locales/${locale}/${file}`;
    if (!english[file]) {
      problems.push(`${where}: there is no English ${file}`);
      continue;
    }
    try {
      catalogs.set(where, read(locale, file));
    } catch {
      problems.push(`${where}: missing`);
    }
  }
}

// A translation keeps the English's markup exactly; its arguments may differ (the code passes each
// message the values any language needs: Spanish wants the hour for "a la 1" / "a las 7", Vietnamese
// no article).
const shapes = new Map<string, ReturnType<typeof shape>>();
for (const [where, catalog] of catalogs) {
  for (const [key, message] of Object.entries(catalog)) {
    try {
      shapes.set(`${where} ${key}`, shape(message));
    } catch (error) {
      problems.push(`${where}: "${key}" is not ICU MessageFormat: ${(error as Error).message}`);
    }
  }
}
for (const [where, catalog] of catalogs) {
  const file = where.split("/").at(-1) ?? "";
  const source = english[file];
  for (const key of Object.keys(source)) if (!(key in catalog)) problems.push(`${where}: "${key}" is missing`);
  for (const key of Object.keys(catalog)) {
    if (!(key in source)) {
      problems.push(`${where}: "${key}" is not in the English catalog`);
      continue;
    }
    const mine = shapes.get(`${where} ${key}`);
    const englishShape = shapes.get(`app/locales/en/${file} ${key}`);
    if (!mine || !englishShape) continue;
    if (mine.tags !== englishShape.tags) problems.push(`${where}: "${key}" has markup <${mine.tags}>, the English <${englishShape.tags}>`);
  }
}

/** Every .ts/.tsx file under app/ but the catalogs. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === localesDir ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const files = sources(join(root, "app")).map((path) => ({ path, text: readFileSync(path, "utf8") }));
const code = files.map((f) => f.text).join("\n");
// A key built in code from a prefix: `group.${slug}` uses every "group.…" key.
const builtPrefixes = [...code.matchAll(/`([A-Za-z]+\.)\$\{/g)].map((m) => m[1]);

for (const [file, catalog] of Object.entries(english)) {
  for (const key of Object.keys(catalog)) {
    if (DATA_LABEL_PREFIXES.some((p) => key.startsWith(p)) || builtPrefixes.some((p) => key.startsWith(p))) continue;
    if (!code.includes(`"${key}"`) && !code.includes(`'${key}'`)) problems.push(`app/locales/en/${file}: "${key}" is used nowhere in app/`);
  }
}

// Tailwind's physical left/right utilities, as a class name inside a string.
const PHYSICAL =
  /(?<=["'`\s:])(?:-?(?:m[lr]|p[lr]|scroll-[mp][lr]|left|right|inset-[lr]|border-[lr]|rounded-[lr]|rounded-[tb][lr])-[\w.[\]/%]+|text-left|text-right|float-left|float-right|border-[lr]|rounded-[lr])(?=["'`\s])/g;
for (const { path, text } of files) {
  if (!/\/app\/(components|routes)\/|\.tsx$/.test(path)) continue;
  for (const match of text.matchAll(PHYSICAL)) {
    const line = text.slice(0, match.index).split("\n").length;
    problems.push(
      `${relative(root, path)}:${line}: "${match[0]}" is a left/right class; use its logical form (ms-/me-, ps-/pe-, start-/end-, text-start/end, border-s/e, rounded-s/e)`,
    );
  }
}

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} i18n problem(s) (docs/i18n.md).`);
  process.exit(1);
}
console.log(
  `i18n: ${locales.length} locales, ${Object.values(english).reduce((n, c) => n + Object.keys(c).length, 0)} messages each, all used and complete.`,
);
