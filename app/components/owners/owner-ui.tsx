/**
 * The pieces the owner pages share (docs/people.md): the page frame, the e-mail form that sends a
 * sign-in link, and the notices. Every form works without JavaScript (public pages hydrate late).
 */
import type { MessageId } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { useLocalePath } from "#app/components/page-locale";
import { Honeypot, Turnstile } from "#app/components/public-form";

export const inputClass = "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900";
export const buttonClass =
  "rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus:outline-none focus:ring-2 focus:ring-blue-500";
export const secondaryButtonClass = "rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50";

export function OwnerPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {/* A div: the intro may be a block (the owner bar, with its sign-out form). */}
      {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
      <div className="mt-6 space-y-6">{children}</div>
    </main>
  );
}

export function Notice({ kind, children }: { kind: "success" | "error" | "info"; children: ReactNode }) {
  const colors = {
    success: "border-green-700 bg-green-50 text-green-900",
    error: "border-red-700 bg-red-50 text-red-900",
    info: "border-slate-300 bg-slate-50 text-slate-800",
  }[kind];
  return (
    <p role={kind === "error" ? "alert" : "status"} className={`rounded-md border-s-4 p-3 ${colors}`}>
      {children}
    </p>
  );
}

/**
 * The e-mail form that sends a sign-in link leading to `next` (a path of this site, in the page's
 * locale). `sent`: the request was taken (the same answer whether or not the address exists).
 */
export function SignInForm({
  next,
  sent,
  error,
  intro,
  turnstile,
}: {
  next: string;
  sent?: boolean;
  error?: MessageId | null;
  intro?: string;
  /** Turnstile's site key when the site has its keys (turnstileSiteKey), else null. */
  turnstile: string | null;
}) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  if (sent) {
    return (
      <div className="space-y-2">
        <Notice kind="success">{_("signIn.sent")}</Notice>
        <p className="text-slate-700">{_("signIn.sentHint", { minutes: 30 })}</p>
      </div>
    );
  }
  return (
    <Form method="post" action={lp("/owner/sign-in")} className="relative space-y-4 rounded-lg border border-slate-200 bg-white p-5">
      <p className="text-slate-700">{intro ?? _("signIn.intro")}</p>
      {error ? <Notice kind="error">{_(error)}</Notice> : null}
      <input type="hidden" name="next" value={next} />
      <label className="block font-medium text-slate-900">
        {_("signIn.emailLabel")}
        <input type="email" name="email" required autoComplete="email" maxLength={254} className={inputClass} />
      </label>
      <Honeypot />
      <Turnstile siteKey={turnstile} />
      <button type="submit" className={buttonClass}>
        {_("signIn.send")}
      </button>
    </Form>
  );
}

/** "Signed in as …" with the sign-out button and the dashboard link. */
export function OwnerBar({ email }: { email: string }) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      <span>{_("signIn.signedInAs", { email })}</span>
      <Link to={lp("/owner")} className="text-blue-800 underline">
        {_("owner.dashboardTitle")}
      </Link>
      <Form method="post" action={lp("/owner/sign-out")}>
        <button type="submit" className="text-blue-800 underline">
          {_("signIn.signOut")}
        </button>
      </Form>
    </div>
  );
}

/** The 503 of an owner page while owner accounts are not configured (no SESSION_SECRET). */
export function OwnersUnavailable() {
  const { _ } = useLingui();
  return (
    <OwnerPage title={_("owner.unavailableTitle")}>
      <Notice kind="error">{_("owner.unavailable")}</Notice>
    </OwnerPage>
  );
}

/** An owner page's error boundary: a 401 or 403 says `forbidden` (the business is not theirs), the rest as everywhere. */
export function OwnerErrorBoundary({ forbidden }: { forbidden: MessageId }) {
  const { _ } = useLingui();
  const refused = () => (
    <OwnerPage title={_("owner.forbiddenTitle")}>
      <Notice kind="error">{_(forbidden)}</Notice>
    </OwnerPage>
  );
  return <GeneralErrorBoundary statusHandlers={{ 403: refused, 401: refused }} />;
}
