/**
 * What a public form's action answers (docs/people.md), shared by the routes, their components and
 * the server module that reads the forms (app/server/moderation/public-forms.server.ts): sent (also
 * the answer to a trapped bot), refused by a wall (its forms.* message and status), or invalid (a
 * message per field, by the field's name, and the values sent, so the form is shown again as filled).
 * Messages are interface message ids: the page says them in its language.
 */
import type { MessageId } from "@lingui/core";
import type { z } from "zod";
import { WEEKDAYS } from "#app/lib/business/hours";

export type FormOutcome =
  | { state: "sent" }
  | { state: "refused"; message: MessageId }
  | { state: "invalid"; message: MessageId; errors: Record<string, MessageId>; values: Record<string, string> };

/** The three things a visitor can tell about a listing; `edit` when the URL names none. */
export const SUGGESTION_KINDS = ["edit", "closed", "duplicate"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export function suggestionKindOf(value: string | null | undefined): SuggestionKind {
  return SUGGESTION_KINDS.find((kind) => kind === value) ?? "edit";
}

/** The form field of each weekday's hours ("openingHours.Monday"), as a payload issue's path names it. */
export const hoursField = (day: (typeof WEEKDAYS)[number]) => `openingHours.${day}`;

/** The field of a payload issue's path ("website", "openingHours.Monday"). */
function fieldOf(path: ReadonlyArray<PropertyKey>): string {
  return path.map(String).join(".");
}

/** The message for a refused field, in words a visitor understands (the schemas' own texts are English). */
function messageFor(field: string, code: string): MessageId {
  if (code === "too_big") return "forms.errorTooLong";
  if (field === "website") return "forms.errorWebsite";
  if (field === "contactEmail") return "forms.errorEmail";
  if (field.startsWith("openingHours")) return "forms.errorHours";
  if (field === "closure") return "contribute.errorClosure";
  // editPayloadSchema's "at least one change" is reported on its first field.
  if (code === "custom" && field === "phone") return "contribute.errorNothing";
  return "forms.errorRequired";
}

/** A message per field of a payload's issues (the first issue of each field); `field` renames a path (contactEmail). */
export function fieldErrors(error: z.ZodError, field?: string): Record<string, MessageId> {
  const out: Record<string, MessageId> = {};
  for (const issue of error.issues) {
    const name = field ?? fieldOf(issue.path);
    out[name] ??= messageFor(name, issue.code);
  }
  return out;
}
