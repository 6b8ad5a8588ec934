/**
 * `npm run db:new -- <name>`: creates db/migrations/<UTC time as YYYYMMDDHHMMSS>_<name>.sql, an empty
 * migration to write by hand (docs/decisions/0028-hand-written-migrations.md). wrangler and the test
 * pool apply migrations in the order of that leading number, so the time is moved past the latest
 * migration's when the clock is behind it: a new file always sorts last.
 *
 * Then: write the SQL, make db/schema.ts say the same, `npm run db:migrate` (the local D1),
 * `npm run db:schema` (db/schema.sql), and run test/integration/schema-agreement.test.ts and
 * schema-sql.test.ts.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const dir = path.join(root, "db/migrations");

const name = (process.argv[2] ?? "")
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "_")
  .replace(/^_+|_+$/g, "");
if (!name || process.argv.length > 3) {
  console.error("Usage: npm run db:new -- <name>   (one word or snake_case, e.g. business_notes)");
  process.exit(1);
}

/** YYYYMMDDHHMMSS in UTC. */
const stamp = (time: Date) => time.toISOString().replace(/\D/g, "").slice(0, 14);
const parse = (digits: string) => new Date(digits.replace(/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/, "$1-$2-$3T$4:$5:$6Z"));

const latest = fs
  .readdirSync(dir)
  .filter((file) => /^\d{14}_.+\.sql$/.test(file))
  .sort()
  .at(-1);
let time = new Date();
if (latest && parse(latest.slice(0, 14)) >= time) time = new Date(parse(latest.slice(0, 14)).getTime() + 1000);

const file = path.join(dir, `${stamp(time)}_${name}.sql`);
fs.writeFileSync(
  file,
  [
    "-- What this migration changes and why, for a reader of db/schema.sql who wonders where it came from.",
    "-- Append-only: once merged, a migration is never edited (databases that applied it never read it again);",
    "-- a correction is a new migration. Mirror every table, column and index change in db/schema.ts.",
    "",
  ].join("\n"),
  { flag: "wx" },
);
console.log(`created ${path.relative(root, file)}`);
console.log("next: write the SQL, mirror it in db/schema.ts, then `npm run db:migrate` and `npm run db:schema`");
