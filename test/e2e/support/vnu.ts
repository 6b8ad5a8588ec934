/** Runs the Nu HTML Checker (vnu.jar, Java 17) once over a set of HTML documents. */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type VnuMessage = { type: string; message: string; url: string; lastLine?: number; extract?: string };

export async function vnuErrors(pages: Array<{ name: string; html: string }>): Promise<VnuMessage[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "vnu-"));
  const files = pages.map((p, i) => {
    const file = path.join(dir, `${i}-${p.name.replace(/[^a-z0-9]+/gi, "_")}.html`);
    writeFileSync(file, p.html);
    return file;
  });
  const jar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
  let output: string;
  try {
    const result = await run("java", ["-jar", jar, "--format", "json", "--errors-only", "--stdout", ...files], {
      maxBuffer: 32 * 1024 * 1024,
    });
    output = result.stdout;
  } catch (error) {
    // vnu exits 1 when it found errors; the report is still on stdout.
    output = (error as { stdout?: string }).stdout ?? "";
    if (!output) throw error;
  }
  const report = JSON.parse(output) as { messages: VnuMessage[] };
  // The stylesheet is inlined (ADR 0004) and vnu's CSS checker predates what Tailwind 4 emits
  // (@property, margin-trim, …): its "CSS:" messages are about the checker, not the page.
  return report.messages.filter((m) => (m.type === "error" || m.type === "non-document-error") && !m.message.startsWith("CSS:"));
}
