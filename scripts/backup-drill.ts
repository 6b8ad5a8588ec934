/**
 * npm run backup:drill — the deploy guide's backup and restore (docs/deploying.md, "Backups and
 * restores") run end to end against local D1, timed: the same wrangler commands the guide gives with
 * `--remote`, here with `--local` and a state directory.
 *
 *   npm run backup:drill -- [--count 100000] [--reviews 100000] [--state-dir <tmp>/localatlas-backup-drill]
 *                           [--from <a migrated, seeded state directory, copied and never written>]
 *                           [--restore wrangler|sqlite]
 *
 * 1. A database of --count businesses and --reviews published reviews: migrated and seeded
 *    (`npm run db:seed`) once into <state-dir>/seeded-<count>-<reviews> and reused while it holds them,
 *    or copied from --from. It is copied to <state-dir>/drill/source, the database the drill backs up.
 * 2. The names to export: every table, index and trigger except the FTS5 search index's tables.
 *    `wrangler d1 export` refuses a database with virtual tables (FTS5) unless `--table` names what
 *    to export, and then writes only the schema objects named: so indexes and triggers are named too.
 * 3. `wrangler d1 export --table=<t>` once a table (its CREATE and rows), in creation order, then
 *    `--no-data` with the indexes and triggers: the restore creates them after the rows, so no trigger
 *    fires while they load. One export of everything at 100,000 businesses ran workerd (which builds
 *    the whole dump in memory locally) out of its 1.4 GB heap.
 * 4. A fresh empty state: `wrangler d1 execute … --file` for each file in order, then
 *    `--file db/restore-search-index.sql` (the FTS5 tables, rebuilt from the restored businesses).
 *    Remote D1 imports a file server-side; locally wrangler sends a file as one batch through the D1
 *    simulator, which ran ~125 statements/s here (2,000 businesses: 86 s), hours at 100,000. So by
 *    default (--restore sqlite) the drill loads the same files into the fresh local database with
 *    SQLite itself, statement by statement in one transaction; --restore wrangler runs wrangler.
 * 5. Checks: the same schema objects (name, type and SQL), then per table the row count and a SHA-256
 *    of its rows ordered by primary key (rowid where none), source against restore; FTS5's own
 *    integrity check on the restored index and the same businesses found for a few words; one
 *    business deleted on the restore (rolled back) moves the summaries and the index as on the source.
 * Every step's time is printed; the machine is shared, so times are noisy.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { DatabaseSync } from "node:sqlite";

const root = path.resolve(import.meta.dirname, "..");
const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at < 0 ? fallback : argv[at + 1];
};
const count = Number(option("count", "100000"));
const reviews = Number(option("reviews", String(count)));
const stateDir = path.resolve(option("state-dir", path.join(os.tmpdir(), "localatlas-backup-drill")));
const from = option("from", "");
const restoreWith = option("restore", "sqlite");
if (restoreWith !== "sqlite" && restoreWith !== "wrangler") throw new Error("--restore is wrangler or sqlite");

/** The guide's step 2: what `wrangler d1 export --table` must name (docs/deploying.md). */
const NAMES_SQL =
  "SELECT type, name FROM sqlite_schema WHERE sql NOT NULL AND name NOT GLOB '_cf_*' AND name NOT GLOB 'sqlite_stat*' " +
  "AND NOT (type = 'table' AND name GLOB 'businesses_fts*') ORDER BY name = 'sqlite_sequence', rowid";
const SEARCH_INDEX_SQL = path.join(root, "db/restore-search-index.sql");

const timings: Array<[string, number]> = [];
async function step<T>(label: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  timings.push([label, seconds]);
  console.log(`  ${label}: ${seconds.toFixed(1)} s`);
  return result;
}

function run(command: string, args: string[], env: Record<string, string> = {}): string {
  console.log(`$ ${[command, ...args].map((a) => (a.length > 60 ? `${a.slice(0, 57)}…` : a)).join(" ")}`);
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", ...env },
    encoding: "utf8",
    maxBuffer: 256 << 20,
  });
  if (result.status !== 0) throw new Error(`${command} ${args[0]} ${args[1] ?? ""} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
const wrangler = (args: string[]) => run(path.join(root, "node_modules/.bin/wrangler"), args);

/** The D1 database file miniflare keeps in a state directory (one database: the Worker's DB). */
function sqliteFile(state: string): string {
  const dir = path.join(state, "v3/d1/miniflare-D1DatabaseObject");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one database in ${dir}, found ${files.length}`);
  return path.join(dir, files[0]);
}

function businessesIn(state: string): number {
  try {
    const db = new DatabaseSync(sqliteFile(state), { readOnly: true });
    const n = (
      db.prepare("SELECT (SELECT count(*) FROM businesses) * 1000000000 + (SELECT count(*) FROM reviews) AS n").get() as { n: number }
    ).n;
    db.close();
    return n;
  } catch {
    return -1;
  }
}

// ── 1. The database to back up ───────────────────────────────────────────────

console.log(`backup drill: ${count.toLocaleString("en-US")} businesses, ${reviews.toLocaleString("en-US")} reviews, in ${stateDir}`);
const seeded = from ? path.resolve(from) : path.join(stateDir, `seeded-${count}-${reviews}`);
if (!from && businessesIn(seeded) !== count * 1e9 + reviews) {
  await step(`seed ${count.toLocaleString("en-US")} businesses (once; reused by later drills)`, () => {
    fs.rmSync(seeded, { recursive: true, force: true });
    run("npm", ["run", "db:migrate"], { LOCALATLAS_STATE: seeded });
    run("npm", ["run", "db:seed", "--", "--count", String(count), "--reviews", String(reviews)], { LOCALATLAS_STATE: seeded });
  });
}
const drill = path.join(stateDir, "drill");
fs.rmSync(drill, { recursive: true, force: true });
// `wrangler d1 export --local` reads the state beside its configuration file (.wrangler/state): the
// source is a folder with the project's wrangler.toml and the copied state.
const sourceState = path.join(drill, "source/.wrangler/state");
await step("copy the database to back up", () => {
  fs.cpSync(seeded, sourceState, { recursive: true });
  fs.copyFileSync(path.join(root, "wrangler.toml"), path.join(drill, "source/wrangler.toml"));
});

// ── 2–3. Export ──────────────────────────────────────────────────────────────

const backupDir = path.join(drill, "backup");
fs.mkdirSync(backupDir, { recursive: true });
const names = await step("list what to export (wrangler d1 execute --json)", () => {
  const out = wrangler(["d1", "execute", "localatlas", "--local", "--persist-to", sourceState, "--json", "--command", NAMES_SQL]);
  return (JSON.parse(out) as Array<{ results: Array<{ type: string; name: string }> }>)[0].results;
});
const tableNames = names.filter((r) => r.type === "table").map((r) => r.name);
const otherNames = names.filter((r) => r.type !== "table").map((r) => r.name);
console.log(`  ${tableNames.length} tables, ${otherNames.length} indexes and triggers`);
const exportTo = (file: string, args: string[]) =>
  wrangler(["d1", "export", "localatlas", "--local", "--config", path.join(drill, "source/wrangler.toml"), "--output", file, ...args]);
/** The backup's files in the order they restore: one a table (creation order), then the indexes and triggers. */
const backupFiles = tableNames.map((name, i) => path.join(backupDir, `${String(i).padStart(3, "0")}-${name}.sql`));
backupFiles.push(path.join(backupDir, "999-indexes-and-triggers.sql"));
await step(`export (wrangler d1 export: ${tableNames.length} tables one by one, then the rest)`, () => {
  tableNames.forEach((name, i) => exportTo(backupFiles[i], [`--table=${name}`]));
  exportTo(backupFiles.at(-1)!, ["--no-data", ...otherNames.map((n) => `--table=${n}`)]);
});
const backupBytes = backupFiles.reduce((sum, f) => sum + fs.statSync(f).size, 0);
console.log(`  ${backupFiles.length} files, ${(backupBytes / 1024 / 1024).toFixed(1)} MB`);

// ── 4. Restore into a fresh state ────────────────────────────────────────────

const restored = path.join(drill, "restored");
/**
 * A backup file's statements one at a time: a row's INSERT is one line (the export escapes line breaks
 * in values); a CREATE statement may span lines, a trigger up to its `END;`.
 */
async function* statements(file: string): AsyncGenerator<string> {
  let pending = "";
  for await (const line of readline.createInterface({ input: fs.createReadStream(file, "utf8"), crlfDelay: Infinity })) {
    pending = pending ? `${pending}\n${line}` : line;
    const end = /^CREATE TRIGGER/i.test(pending) ? /\bEND;\s*$/i.test(line) : /;\s*$/.test(line);
    if (end) {
      yield pending;
      pending = "";
    }
  }
  if (pending.trim()) throw new Error(`${path.basename(file)} ends inside a statement: ${pending.slice(0, 80)}`);
}

if (restoreWith === "wrangler") {
  await step("restore (wrangler d1 execute --file, each file in order)", () => {
    for (const file of backupFiles) wrangler(["d1", "execute", "localatlas", "--local", "--persist-to", restored, "--yes", "--file", file]);
  });
} else {
  await step("restore (the files in order into a fresh local D1 database, by SQLite)", async () => {
    // An empty database where wrangler keeps it (and as it makes one), then the file's statements.
    wrangler(["d1", "execute", "localatlas", "--local", "--persist-to", restored, "--yes", "--command", "SELECT 1"]);
    const db = new DatabaseSync(sqliteFile(restored));
    let n = 0;
    db.exec("BEGIN");
    for (const file of backupFiles) {
      for await (const sql of statements(file)) {
        db.exec(sql);
        n += 1;
      }
    }
    db.exec("COMMIT");
    db.close();
    console.log(`  ${n.toLocaleString("en-US")} statements`);
  });
}
await step("rebuild the search index (--file db/restore-search-index.sql)", () =>
  wrangler(["d1", "execute", "localatlas", "--local", "--persist-to", restored, "--yes", "--file", SEARCH_INDEX_SQL]),
);

// ── 5. Compare ───────────────────────────────────────────────────────────────

const source = new DatabaseSync(sqliteFile(sourceState));
const copy = new DatabaseSync(sqliteFile(restored));
const problems: string[] = [];

type SchemaRow = { type: string; name: string; tbl_name: string; sql: string };
const schemaOf = (db: DatabaseSync) =>
  db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql NOT NULL AND name NOT GLOB '_cf_*' AND name NOT GLOB 'sqlite_*' ORDER BY type, name",
    )
    .all() as SchemaRow[];
/** `CREATE TABLE IF NOT EXISTS` (the export's spelling) and whitespace aside, the same statement. */
const normalSql = (sql: string) => sql.replace(/^CREATE TABLE IF NOT EXISTS /, "CREATE TABLE ").replace(/\s+/g, " ");

await step("compare schema objects", () => {
  const a = schemaOf(source);
  const b = new Map(schemaOf(copy).map((r) => [`${r.type} ${r.name}`, r]));
  for (const r of a) {
    const other = b.get(`${r.type} ${r.name}`);
    if (!other) problems.push(`${r.type} ${r.name} is missing from the restore`);
    else if (normalSql(other.sql) !== normalSql(r.sql)) problems.push(`${r.type} ${r.name} differs`);
    b.delete(`${r.type} ${r.name}`);
  }
  for (const key of b.keys()) problems.push(`${key} is in the restore only`);
  const kinds = (t: string) => a.filter((r) => r.type === t).length;
  console.log(`  ${kinds("table")} tables, ${kinds("index")} indexes, ${kinds("trigger")} triggers: same name, type and SQL`);
});

/** Rows in a table and the SHA-256 of them all, ordered by primary key (rowid where none is declared). */
function tableDigest(db: DatabaseSync, table: string): { rows: number; sha256: string } {
  const columns = db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string; pk: number }>;
  const key = columns
    .filter((c) => c.pk > 0)
    .sort((x, y) => x.pk - y.pk)
    .map((c) => `"${c.name}"`);
  const order = key.length ? key.join(", ") : "rowid";
  const hash = createHash("sha256");
  let rows = 0;
  for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY ${order}`).iterate()) {
    hash.update(JSON.stringify(Object.values(row as object), (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString("hex") : v)));
    hash.update("\n");
    rows += 1;
  }
  return { rows, sha256: hash.digest("hex") };
}

const tables = (
  source
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT NULL AND name NOT GLOB '_cf_*' AND name NOT GLOB 'sqlite_*' AND name NOT GLOB 'businesses_fts*' ORDER BY name",
    )
    .all() as Array<{ name: string }>
).map((r) => r.name);
const digests: Array<{ table: string; rows: number; sha256: string; same: boolean }> = [];
await step(`row counts and SHA-256 of ${tables.length} tables, both sides`, () => {
  for (const table of tables) {
    const a = tableDigest(source, table);
    const b = tableDigest(copy, table);
    const same = a.rows === b.rows && a.sha256 === b.sha256;
    if (!same) problems.push(`${table}: ${a.rows} rows ${a.sha256.slice(0, 12)} → ${b.rows} rows ${b.sha256.slice(0, 12)}`);
    digests.push({ table, rows: a.rows, sha256: a.sha256, same });
  }
});
for (const d of digests)
  console.log(`  ${d.same ? "=" : "≠"} ${d.table.padEnd(28)} ${String(d.rows).padStart(9)} rows  ${d.sha256.slice(0, 16)}`);

/** The rowids a search finds: the same words must find the same businesses in both indexes. */
const WORDS = ["pizza", "coffee", "new", "york", "dentist", "bakery", "salon", "hotel"];
const found = (db: DatabaseSync, word: string) =>
  createHash("sha256")
    .update(
      (db.prepare("SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ? ORDER BY rowid").all(word) as Array<{ rowid: number }>)
        .map((r) => r.rowid)
        .join(","),
    )
    .digest("hex");
await step("search index: FTS5 integrity check, same matches", () => {
  // 'integrity-check' with rank 1 also compares the index with its content table (the businesses).
  copy.exec("INSERT INTO businesses_fts (businesses_fts, rank) VALUES ('integrity-check', 1)");
  const counted = (db: DatabaseSync, word: string) =>
    (db.prepare("SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH ?").get(word) as { n: number }).n;
  const summary = WORDS.map((w) => {
    if (found(source, w) !== found(copy, w)) problems.push(`the search index finds other businesses for "${w}"`);
    return `${w} ${counted(copy, w)}`;
  });
  console.log(`  integrity check passed; matches equal: ${summary.join(", ")}`);
});

/** What one deletion moves: the statistics, its city's and category's counts, and the index. */
function afterDelete(db: DatabaseSync, id: number) {
  const business = db.prepare("SELECT name, city_slug, category_slug FROM businesses WHERE id = ?").get(id) as {
    name: string;
    city_slug: string;
    category_slug: string;
  };
  const word = `"${business.name.split(/\s+/)[0].replace(/"/g, '""')}"`;
  const matches = () => (db.prepare("SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH ?").get(word) as { n: number }).n;
  const before = matches();
  db.exec("BEGIN");
  try {
    db.prepare("DELETE FROM businesses WHERE id = ?").run(id);
    return JSON.stringify({
      stats: db.prepare("SELECT total_businesses, verified_businesses FROM site_stats WHERE id = 1").get(),
      city: db.prepare("SELECT business_count FROM cities WHERE slug = ?").get(business.city_slug),
      category: db.prepare("SELECT business_count FROM categories WHERE slug = ?").get(business.category_slug),
      reviews: db.prepare("SELECT count(*) AS n FROM reviews WHERE business_id = ?").get(id),
      searchIndex: `${word} ${before} → ${matches()} matches`,
    });
  } finally {
    db.exec("ROLLBACK");
  }
}
await step("triggers: one deletion moves the same summaries (rolled back)", () => {
  const id = (
    source.prepare("SELECT business_id AS id FROM reviews GROUP BY business_id ORDER BY count(*) DESC LIMIT 1").get() as { id: number }
  ).id;
  const a = afterDelete(source, id);
  const b = afterDelete(copy, id);
  if (a !== b) problems.push(`deleting business ${id}: ${a} on the source, ${b} on the restore`);
  console.log(`  business ${id} deleted: ${b}`);
});
source.close();
copy.close();

const total = timings.filter(([label]) => !label.startsWith("seed")).reduce((s, [, t]) => s + t, 0);
console.log(`\n| step | seconds |\n| --- | ---: |`);
for (const [label, seconds] of timings) console.log(`| ${label} | ${seconds.toFixed(1)} |`);
console.log(`| the drill (without the seed) | ${total.toFixed(1)} |`);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
if (problems.length) {
  console.log(`\nTHE RESTORE DIFFERS:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(`\nrestored exactly: ${digests.reduce((s, d) => s + d.rows, 0).toLocaleString("en-US")} rows in ${digests.length} tables`);
