/**
 * The upload path of POST /api/admin/import: refused by its headers before a byte is read,
 * scanned as a stream, its file written to R2 part by part and validated there. Every refusal leaves
 * nothing behind: no R2 object, no `imports` row, no business.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_IMPORT_BYTES } from "#app/lib/import/import-plan";
import { R2_PART_BYTES, R2ObjectWriter, receiveFile, UploadError } from "#app/server/import/upload.server";
import { adminRequest } from "../helpers/admin";
import { multipartInit, writtenState } from "../helpers/import";
import { fileOf, fixtureBytes, VN_FIXTURE } from "../helpers/spreadsheets";

const ONE_MIB = 1024 * 1024;
const TWELVE_MIB = 12 * ONE_MIB;

/** Bytes that look random (so no stretch of them is mistaken for structure), the same each run. */
function noise(length: number, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

async function sha256(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(bytes));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A body that arrives in pieces of `size` bytes and records how far it was read. */
function trickle(bytes: Uint8Array, size: number) {
  const state = { pulled: 0 };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (at >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
        state.pulled = Math.min(at, bytes.byteLength);
      },
    },
    // No read ahead: a pull means someone asked for the body.
    { highWaterMark: 0 },
  );
  return { stream, state };
}

function excelForm(bytes: Uint8Array, name: string): FormData {
  const form = new FormData();
  form.set("excelFile", fileOf(bytes, name));
  return form;
}

async function upload(init: RequestInit) {
  const response = await adminRequest("/api/admin/import", { method: "POST", ...init });
  return { status: response.status, body: (await response.json()) as { message: string; stats?: { imported: number } } };
}

describe("POST /api/admin/import through the Worker", () => {
  it("imports a real file sent as a trickle of small chunks", async () => {
    const { body, headers } = await multipartInit(excelForm(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
    const { stream } = trickle(body, 997);
    const { status, body: answer } = await upload({ body: stream, headers });
    expect(status).toBe(200);
    expect(answer.message).toMatch(/Imported \d+ businesses/);
    const record = await env.DB.prepare("SELECT r2_key, file_size FROM imports ORDER BY id DESC LIMIT 1").first<{
      r2_key: string;
      file_size: number;
    }>();
    const stored = await env.UPLOADS.get(String(record?.r2_key));
    expect(await sha256(await stored!.arrayBuffer())).toBe(await sha256(fixtureBytes(VN_FIXTURE)));
  });

  it("refuses an upload without a Content-Length, before reading it", async () => {
    const before = await writtenState();
    const { body, headers } = await multipartInit(excelForm(noise(ONE_MIB), "a.xlsx"));
    headers.delete("Content-Length");
    const { stream, state } = trickle(body, 4096);
    const { status, body: answer } = await upload({ body: stream, headers });
    expect(status).toBe(411);
    expect(answer.message).toMatch(/Content-Length header/);
    // The transport into the Worker takes a first chunk by itself; the handler reads none further.
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
    expect(await writtenState()).toEqual(before);
  });

  it("refuses a declared length over the limit, before reading it", async () => {
    const before = await writtenState();
    const { body, headers } = await multipartInit(excelForm(noise(ONE_MIB), "a.xlsx"));
    headers.set("Content-Length", String(MAX_IMPORT_BYTES + ONE_MIB));
    const { stream, state } = trickle(body, 4096);
    const { status, body: answer } = await upload({ body: stream, headers });
    expect(status).toBe(413);
    expect(answer.message).toBe("The upload is 101.0 MB; the largest file that can be imported is 100 MB.");
    // The transport into the Worker takes a first chunk by itself; the handler reads none further.
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
    expect(await writtenState()).toEqual(before);
  });

  it("refuses a body that is not multipart/form-data", async () => {
    const before = await writtenState();
    const { status, body } = await upload({
      body: new Uint8Array(fixtureBytes(VN_FIXTURE)),
      headers: { "Content-Type": "application/octet-stream" },
    });
    expect(status).toBe(400);
    expect(body.message).toBe("Send the file as multipart/form-data in the field excelFile.");
    expect(await writtenState()).toEqual(before);
  });

  it("refuses a body longer than its Content-Length, writing nothing", async () => {
    const before = await writtenState();
    const { body, headers } = await multipartInit(excelForm(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
    headers.set("Content-Length", String(body.byteLength - 100));
    const { status, body: answer } = await upload({ body, headers });
    expect(status).toBe(400);
    expect(answer.message).toMatch(/longer than its Content-Length/);
    expect(await writtenState()).toEqual(before);
  });

  it("refuses a multipart body cut off before its end, writing nothing", async () => {
    const before = await writtenState();
    const { body, headers } = await multipartInit(excelForm(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
    const cut = body.subarray(0, body.byteLength - 10);
    headers.set("Content-Length", String(cut.byteLength));
    const { status, body: answer } = await upload({ body: cut, headers });
    expect(status).toBe(400);
    expect(answer.message).toMatch(/incomplete or not valid multipart\/form-data/);
    expect(await writtenState()).toEqual(before);
  });

  it("streams a 12 MiB file through R2's multipart upload, then refuses it as no spreadsheet and deletes it", async () => {
    const before = await writtenState();
    const { body, headers } = await multipartInit(excelForm(noise(TWELVE_MIB), "junk.xlsx"));
    const { status, body: answer } = await upload({ body: trickle(body, 64 * 1024).stream, headers });
    expect(status).toBe(415);
    expect(answer.message).toMatch(/"junk.xlsx" is not a spreadsheet/);
    expect(await writtenState()).toEqual(before);
  });
});

describe("R2ObjectWriter and receiveFile", () => {
  it("lands a 12 MiB stream in R2 byte-exact, written in chunks that straddle its parts", async () => {
    const bytes = noise(TWELVE_MIB, 7);
    const key = `test/writer-${crypto.randomUUID()}`;
    const writer = new R2ObjectWriter(env.UPLOADS, key);
    // Uneven chunks: none lines up with a 5 MiB part edge.
    for (let at = 0, n = 0; at < bytes.byteLength; n++) {
      const size = [65_521, 1, 1_000_003, 7][n % 4];
      await writer.write(bytes.subarray(at, at + size));
      at += size;
    }
    expect(await writer.close()).toBe(TWELVE_MIB);
    expect(TWELVE_MIB).toBeGreaterThan(2 * R2_PART_BYTES);
    const stored = await env.UPLOADS.get(key);
    expect(stored?.size).toBe(TWELVE_MIB);
    expect(await sha256(await stored!.arrayBuffer())).toBe(await sha256(bytes));
    await env.UPLOADS.delete(key);
  });

  it("stores a file smaller than a part with one put, and an aborted one not at all", async () => {
    const small = noise(1000, 3);
    const key = `test/small-${crypto.randomUUID()}`;
    const writer = new R2ObjectWriter(env.UPLOADS, key);
    await writer.write(small);
    await writer.close();
    expect(new Uint8Array(await (await env.UPLOADS.get(key))!.arrayBuffer())).toEqual(small);
    await env.UPLOADS.delete(key);

    const abortedKey = `test/aborted-${crypto.randomUUID()}`;
    const aborted = new R2ObjectWriter(env.UPLOADS, abortedKey);
    await aborted.write(noise(R2_PART_BYTES + 10));
    await aborted.abort();
    expect(await env.UPLOADS.head(abortedKey)).toBeNull();
  });

  it("stops a file at its size limit mid-stream and leaves no object", async () => {
    const { body, headers } = await multipartInit(excelForm(noise(TWELVE_MIB, 11), "big.xlsx"));
    const key = `test/limit-${crypto.randomUUID()}`;
    const { stream, state } = trickle(body, 64 * 1024);
    const receiving = receiveFile(stream, {
      boundary: String(/boundary=(.+)$/.exec(headers.get("Content-Type") ?? "")?.[1]),
      declaredLength: body.byteLength,
      field: "excelFile",
      maxFileBytes: 11 * 1024 * 1024,
      open: () => new R2ObjectWriter(env.UPLOADS, key),
    });
    await expect(receiving).rejects.toSatisfy((error) => error instanceof UploadError && error.fault.kind === "file-too-large");
    // It stopped reading soon after the limit, not at the end of the body.
    expect(state.pulled).toBeLessThan(11 * ONE_MIB + 128 * 1024);
    expect(await env.UPLOADS.head(key)).toBeNull();
  });
});
