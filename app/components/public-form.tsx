/**
 * The parts every public form shares (docs/people.md): labelled fields with their error beside them
 * and the values sent kept after a refusal, the weekly hours, the honeypot a person never sees, the
 * Turnstile widget when the site has its keys, and the alert and thank-you states. Whatever a visitor
 * typed is shown as text or in a field, never as a link.
 */
import { useLingui } from "@lingui/react";
import type { MessageId } from "@lingui/core";
import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { cn } from "#app/components/ui/cn";
import { Button } from "#app/components/ui/button";
import { inputClass } from "#app/components/ui/field";
import { WEEKDAYS, weekdayName, weekdaysFor } from "#app/lib/business/hours";
import { hoursField, type FormOutcome } from "#app/lib/moderation/public-form";
import { HONEYPOT_FIELD } from "#app/lib/moderation/honeypot";

/** What a form shows of its last answer: each field's value (sent, else its default) and error. */
export type FormView = {
  value: (name: string, fallback?: string) => string;
  error: (name: string) => MessageId | undefined;
};

export function formView(outcome: FormOutcome | undefined): FormView {
  const invalid = outcome?.state === "invalid" ? outcome : null;
  return {
    value: (name, fallback = "") => invalid?.values[name] ?? fallback,
    error: (name) => invalid?.errors[name],
  };
}

type FieldProps = {
  view: FormView;
  name: string;
  label: string;
  hint?: string;
  defaultValue?: string;
  type?: "text" | "email" | "tel";
  /** Left to right whatever the page's direction (a web address, a number). */
  ltr?: boolean;
  inputMode?: "url" | "email" | "tel";
  required?: boolean;
  /** Said after the label ("(optional)"). */
  optional?: boolean;
  maxLength?: number;
  multiline?: boolean;
  autoComplete?: string;
  className?: string;
};

/** A labelled field, its hint and its error (read with it by a screen reader). */
export function FormField(props: FieldProps) {
  const {
    view,
    name,
    label,
    hint,
    defaultValue,
    type = "text",
    ltr,
    inputMode,
    required,
    optional,
    maxLength,
    multiline,
    autoComplete,
    className,
  } = props;
  const { _ } = useLingui();
  const id = `field-${name.replace(/\W/g, "-")}`;
  const error = view.error(name);
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    required,
    maxLength,
    autoComplete,
    defaultValue: view.value(name, defaultValue),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
  };
  return (
    <div className={cn("flex min-w-0 flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-600"> {_("forms.optional")}</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} rows={4} className={cn(inputClass, "h-auto py-2", error && "border-red-700")} />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          dir={ltr || type !== "text" ? "ltr" : undefined}
          className={cn(inputClass, error && "border-red-700")}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {_(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The seven days' hours, in the locale's week order, each with its current text as default. */
export function HoursFields({
  view,
  current,
  hint,
}: {
  view: FormView;
  current?: Partial<Record<(typeof WEEKDAYS)[number], string>> | null;
  hint: string;
}) {
  const { _, i18n } = useLingui();
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{_("forms.hoursHeading")}</legend>
      <p className="text-sm text-slate-600">{hint}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {weekdaysFor(i18n.locale).map((day) => (
          <FormField
            key={day}
            view={view}
            name={hoursField(day)}
            label={weekdayName(day, i18n.locale)}
            defaultValue={current?.[day] ?? ""}
            maxLength={100}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The field a person never fills: off-screen, hidden from assistive technology, out of the tab order. */
export function Honeypot() {
  const { _ } = useLingui();
  return (
    <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="field-honeypot">{_("forms.honeypot")}</label>
      <input id="field-honeypot" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

type TurnstileApi = { render: (element: HTMLElement, options: { sitekey: string }) => void };

/** Cloudflare Turnstile's widget, only when the site has its keys (the page's CSP then allows it). */
export function Turnstile({ siteKey }: { siteKey: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The script renders the widgets it finds when it loads; one loaded by an earlier page is asked to.
    const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
    if (siteKey && api && box.current && !box.current.hasChildNodes()) api.render(box.current, { sitekey: siteKey });
  }, [siteKey]);
  if (!siteKey) return null;
  return (
    <>
      <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer />
      <div ref={box} className="cf-turnstile" data-sitekey={siteKey} />
    </>
  );
}

/** A refusal or the form's own problem, said once above the form. */
export function FormAlert({ outcome }: { outcome: FormOutcome | undefined }) {
  const { _ } = useLingui();
  if (!outcome || outcome.state === "sent") return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
      {_(outcome.message)}
    </p>
  );
}

/** The state after a request was taken: what happens next, and a way on. */
export function ThankYou({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2">{text}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}

/** The send button, busy while the request is on its way. */
export function SendButton({ label }: { label: string }) {
  const { _ } = useLingui();
  const busy = useNavigation().state === "submitting";
  return (
    <Button type="submit" disabled={busy} aria-disabled={busy || undefined}>
      {busy ? _("forms.sending") : label}
    </Button>
  );
}
