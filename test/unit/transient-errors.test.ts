import { describe, expect, it } from "vitest";
import { isTransient } from "#app/server/platform/unavailable.server";

describe("isTransient: D1 or R2 failing for a moment, not refusing for good", () => {
  it("D1's errors to retry, as D1 words them", () => {
    for (const message of [
      "D1_ERROR: Network connection lost.",
      "D1_ERROR: D1 DB reset because its code was updated.",
      "D1_ERROR: Internal error while starting up D1 DB storage caused object to be reset.",
      "D1_ERROR: Internal error in D1 DB storage caused object to be reset.",
      "D1_ERROR: Cannot resolve D1 DB due to transient issue on remote node.",
      "D1_ERROR: D1 DB is overloaded. Requests queued for too long.",
      "D1_ERROR: D1 DB is overloaded. Too many requests queued.",
    ]) {
      expect(isTransient(new Error(message)), message).toBe(true);
    }
  });

  it("R2's internal error and service unavailable", () => {
    expect(isTransient(new Error("put: We encountered an internal error. Please try again. (10001)"))).toBe(true);
    expect(isTransient(new Error("get: Service is temporarily unavailable. (10043)"))).toBe(true);
  });

  it("a bug or a refusal is not: a missing table, FTS5 syntax, too many variables, constraints, R2's own refusals", () => {
    for (const message of [
      "D1_ERROR: no such table: injected_fault_no_such_table: SQLITE_ERROR",
      'D1_ERROR: fts5: syntax error near "": SQLITE_ERROR',
      "D1_ERROR: too many SQL variables at offset 412: SQLITE_ERROR",
      "D1_ERROR: UNIQUE constraint failed: businesses.place_id: SQLITE_CONSTRAINT",
      "D1_ERROR: NOT NULL constraint failed: businesses.name: SQLITE_CONSTRAINT",
      "D1_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'",
      "D1_ERROR: D1 DB exceeded its CPU time limit and was reset.",
      "put: Your metadata headers exceed the maximum allowed metadata size. (10012)",
      "Cannot read properties of undefined (reading 'id')",
    ]) {
      expect(isTransient(new Error(message)), message).toBe(false);
    }
    expect(isTransient("not an error")).toBe(false);
  });
});
