import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { businessEditSchema, editFieldErrors, editValues, type BusinessEditInput, type FieldErrors } from "#app/lib/admin/admin-businesses";
import type { Business } from "#app/lib/business/business";
import { WEEKDAYS } from "#app/lib/business/hours";
import { toast } from "#app/lib/toast";

/** What the edit route's action answers when it does not redirect back to the list. */
export type EditActionResult = { message: string; fieldErrors: FieldErrors };

/** `action` is the edit route's address; `cancelHref` the list the admin came from. */
type Props = { business: Business; action: string; cancelHref: string };

type TextField = Exclude<keyof BusinessEditInput, "openingHours" | "isVerified">;

const FIELDS: Array<{ name: TextField; label: string; type?: string; multiline?: boolean; hint?: string }> = [
  { name: "name", label: "Name" },
  { name: "category", label: "Category" },
  { name: "address", label: "Address" },
  { name: "city", label: "City" },
  { name: "state", label: "State" },
  { name: "zipCode", label: "ZIP code" },
  { name: "country", label: "Country" },
  { name: "phone", label: "Phone", type: "tel" },
  { name: "email", label: "E-mail", type: "email" },
  { name: "website", label: "Website", type: "url" },
  { name: "rating", label: "Rating (0–5)", type: "number" },
  { name: "reviewCount", label: "Review count", type: "number" },
  { name: "photos", label: "Photos", multiline: true, hint: "One image address per line" },
  { name: "description", label: "Description", multiline: true },
  { name: "seoTitle", label: "SEO title" },
  { name: "seoDescription", label: "SEO description", multiline: true },
  { name: "canonicalUrl", label: "Canonical URL" },
  { name: "slug", label: "Page address (/details/…)", hint: "Changing it keeps the old address working: it redirects here" },
  { name: "uniqueContent", label: "Detailed information (SEO content)", multiline: true },
];

const inputClass =
  "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-600";

/**
 * Edit form for one business; validated by the same zod schema as the server (businessEditSchema),
 * in the browser first, then saved through a fetcher to the edit route's action, which answers
 * field errors (400) or redirects to the list with 'Business updated'.
 */
export function BusinessEditForm({ business, action, cancelHref }: Props) {
  const fetcher = useFetcher<EditActionResult>();
  const formId = useId();
  const [values, setValues] = useState<BusinessEditInput>(() => editValues(business));
  // The browser's check of the last Save (null: it passed); after it, the server's answer, if any.
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const saving = fetcher.state !== "idle";
  const errors: FieldErrors = clientErrors ?? (saving ? undefined : fetcher.data?.fieldErrors) ?? {};
  const formRef = useRef<HTMLFormElement>(null);

  // After a failed save, the first invalid field gets focus (it may be far above the Save button).
  useEffect(() => {
    if (!saving && (clientErrors || fetcher.data)) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [clientErrors, fetcher.data, saving]);

  // The server refused the save: its message as a toast (its field errors show at their fields).
  useEffect(() => {
    if (fetcher.data) toast({ title: "Update failed", description: fetcher.data.message, variant: "destructive" });
  }, [fetcher.data]);

  const set = <K extends keyof BusinessEditInput>(key: K, value: BusinessEditInput[K]) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = businessEditSchema.safeParse(values);
    if (!parsed.success) {
      setClientErrors(editFieldErrors(parsed.error));
      return;
    }
    setClientErrors(null);
    // The form holds plain JSON (text, numbers, a flag, the weekday texts).
    void fetcher.submit(values as Parameters<typeof fetcher.submit>[0], { method: "post", encType: "application/json", action });
  }

  const errorOf = (key: string) => errors[key]?.[0];

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${formId}-title`} className="space-y-4">
      <h2 id={`${formId}-title`} className="text-xl font-semibold">
        Edit Business
      </h2>
      <p className="text-sm text-slate-600">
        {business.name} · <span className="font-mono">/business/{business.id}</span>
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {FIELDS.map((f) => {
          const id = `${formId}-${f.name}`;
          const error = errorOf(f.name);
          const common = {
            id,
            name: f.name,
            value: String(values[f.name] ?? ""),
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? `${id}-error` : f.hint ? `${id}-hint` : undefined,
            className: inputClass,
          };
          return (
            <div key={f.name} className={f.multiline ? "md:col-span-2" : undefined}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-700">
                {f.label}
              </label>
              {f.multiline ? (
                <textarea {...common} rows={f.name === "uniqueContent" ? 6 : 3} onChange={(e) => set(f.name, e.target.value)} />
              ) : (
                <input
                  {...common}
                  type={f.type ?? "text"}
                  step={f.name === "rating" ? "0.1" : undefined}
                  onChange={(e) => set(f.name, e.target.value)}
                />
              )}
              {f.hint && !error ? (
                <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                  {f.hint}
                </p>
              ) : null}
              <FieldError id={id} error={error} />
            </div>
          );
        })}
      </div>
      <fieldset className="rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">Opening hours</legend>
        <p className="mb-2 text-xs text-slate-500">
          For example “9:00 AM - 5:00 PM”, “Closed” or “Open 24 hours”; leave all empty when unknown.
        </p>
        <div className="grid gap-3 md:grid-cols-2">
          {WEEKDAYS.map((day) => {
            const id = `${formId}-hours-${day}`;
            const error = errorOf(`openingHours.${day}`);
            return (
              <div key={day}>
                <label htmlFor={id} className="block text-sm text-slate-700">
                  {day}
                </label>
                <input
                  id={id}
                  value={values.openingHours[day]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => set("openingHours", { ...values.openingHours, [day]: e.target.value })}
                  className={inputClass}
                />
                <FieldError id={id} error={error} />
              </div>
            );
          })}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={values.isVerified} onChange={(e) => set("isVerified", e.target.checked)} />
        Verified business
      </label>
      {Object.keys(errors).length ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          Please correct the highlighted fields.
        </p>
      ) : null}
      <div className="flex gap-3">
        <button
          type="submit"
          disabled={saving}
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {saving ? "Saving..." : "Save Changes"}
        </button>
        <Link to={cancelHref} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** A field's error under it, `${id}-error` (the field's aria-describedby names it); nothing without one. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}
