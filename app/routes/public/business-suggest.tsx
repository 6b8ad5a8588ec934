import { useLingui } from "@lingui/react";
import type { MessageId } from "@lingui/core";
import { data, Form, Link } from "react-router";
import { ErrorState, errorMeta, GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { FormAlert, FormField, formView, Honeypot, HoursFields, SendButton, ThankYou, Turnstile, type FormView } from "#app/components/public-form";
import { businessIdParamsSchema } from "#app/lib/api-schemas";
import { i18nFor } from "#app/lib/i18n/i18n";
import { SUGGESTION_KINDS, suggestionKindOf, type FormOutcome, type SuggestionKind } from "#app/lib/moderation/public-form";
import { pageMeta } from "#app/lib/seo/meta";
import { turnstileSiteKey } from "#app/server/moderation/form-guard.server";
import { receiveSuggestion, suggestionTarget } from "#app/server/moderation/public-forms.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { NO_STORE } from "#app/server/platform/http.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/business-suggest";

export const queryParams: QueryParams = ["kind"];

const KIND_TITLES = {
  edit: "contribute.suggestEdit",
  closed: "contribute.reportClosed",
  duplicate: "contribute.reportDuplicate",
} as const satisfies Record<SuggestionKind, MessageId>;

/** The business the form is about: one read by primary key; a missing one is the 404 page. */
async function targetOf(context: Route.LoaderArgs["context"], id: string | undefined) {
  const parsed = businessIdParamsSchema.safeParse({ id });
  const business = parsed.success ? await suggestionTarget(getApp(context).db, parsed.data.id) : null;
  if (!business) throw data(null, { status: 404 });
  return business;
}

/** /business/:id/suggest?kind=edit|closed|duplicate: what a visitor can tell about a listing, never indexed. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const config = siteConfig(app.env);
  const locale = loaderLocale(config.localeSettings, params);
  const business = await targetOf(context, params.id);
  const kind = suggestionKindOf(new URL(request.url).searchParams.get("kind"));
  const i18n = i18nFor(locale);
  const title = `${i18n._("contribute.metaTitle", { action: i18n._(KIND_TITLES[kind]), name: business.name })} | ${config.siteName}`;
  return { business, kind, title, turnstile: turnstileSiteKey(app) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const parsed = businessIdParamsSchema.safeParse({ id: params.id });
  const answer = parsed.success ? await receiveSuggestion(request, getApp(context), parsed.data.id) : null;
  if (!answer) throw data(null, { status: 404, headers: { "Cache-Control": NO_STORE } });
  return data<FormOutcome>(answer.outcome, { status: answer.status, headers: { "Cache-Control": NO_STORE } });
}

export function meta({ loaderData, error, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return errorMeta(error, i18nFor(pageLocaleOf(matches).locale)._("business.notFoundTitle"), matches);
  return pageMeta({ title: loaderData.title, robots: "noindex" });
}

function Note({ view }: { view: FormView }) {
  const { _ } = useLingui();
  return <FormField view={view} name="note" label={_("contribute.note")} optional multiline maxLength={1000} />;
}

function ContactEmail({ view }: { view: FormView }) {
  const { _ } = useLingui();
  return (
    <FormField
      view={view}
      name="contactEmail"
      type="email"
      label={_("forms.contactEmail")}
      optional
      hint={_("forms.contactEmailHint")}
      autoComplete="email"
      maxLength={254}
    />
  );
}

function EditFields({ view, business }: { view: FormView; business: Route.ComponentProps["loaderData"]["business"] }) {
  const { _ } = useLingui();
  return (
    <>
      <p className="text-slate-700">{_("contribute.editIntro")}</p>
      <FormField view={view} name="phone" type="tel" label={_("forms.phone")} defaultValue={business.phone} autoComplete="off" maxLength={40} />
      <FormField view={view} name="website" label={_("forms.website")} defaultValue={business.website} ltr inputMode="url" autoComplete="off" maxLength={500} />
      <FormField view={view} name="address" label={_("forms.address")} defaultValue={business.address} autoComplete="off" maxLength={300} />
      <HoursFields view={view} current={business.openingHours} hint={_("contribute.hoursHint")} />
    </>
  );
}

function ClosedFields({ view, name }: { view: FormView; name: string }) {
  const { _ } = useLingui();
  const error = view.error("closure");
  const chosen = view.value("closure");
  return (
    <>
      <p className="text-slate-700">{_("contribute.closedIntro", { name })}</p>
      <fieldset className="space-y-2" aria-describedby={error ? "closure-error" : undefined}>
        <legend className="text-sm font-semibold text-slate-900">{_("contribute.closureQuestion")}</legend>
        {(["temporarily", "permanently"] as const).map((closure) => (
          <label key={closure} className="flex items-center gap-2 text-slate-800">
            <input type="radio" name="closure" value={closure} defaultChecked={chosen === closure} required className="size-4" />
            {closure === "temporarily" ? _("contribute.closureTemporarily") : _("contribute.closurePermanently")}
          </label>
        ))}
        {error ? (
          <p id="closure-error" className="text-sm font-medium text-red-700">
            {_(error)}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

function DuplicateFields({ view, name }: { view: FormView; name: string }) {
  const { _ } = useLingui();
  return (
    <>
      <p className="text-slate-700">{_("contribute.duplicateIntro", { name })}</p>
      <FormField
        view={view}
        name="duplicateOf"
        label={_("contribute.duplicateOf")}
        hint={_("contribute.duplicateHint")}
        ltr
        inputMode="url"
        autoComplete="off"
        required
        maxLength={500}
      />
    </>
  );
}

export default function BusinessSuggest({ loaderData, actionData }: Route.ComponentProps) {
  const { business, kind, turnstile } = loaderData;
  const { _ } = useLingui();
  const lp = useLocalePath();
  const view = formView(actionData);
  const businessPath = lp(`/business/${business.id}`);
  const formPath = (k: SuggestionKind) => `${lp(`/business/${business.id}/suggest`)}${k === "edit" ? "" : `?kind=${k}`}`;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to={businessPath} className="text-sm font-medium text-blue-800 hover:underline">
        {_("contribute.backTo", { name: business.name })}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{_(KIND_TITLES[kind])}</h1>
      <p className="mt-1 text-lg text-slate-700">{business.name}</p>
      <nav aria-label={_("contribute.kindsLabel")} className="mt-6 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-4">
          {SUGGESTION_KINDS.map((k) => (
            <li key={k}>
              <Link
                to={formPath(k)}
                rel="nofollow"
                aria-current={k === kind ? "page" : undefined}
                className={`inline-block border-b-2 pb-2 text-sm font-medium ${k === kind ? "border-blue-700 text-blue-800" : "border-transparent text-slate-700 hover:text-blue-800"}`}
              >
                {_(KIND_TITLES[k])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {actionData?.state === "sent" ? (
        <div className="mt-6">
          <ThankYou title={_("contribute.thanksTitle")} text={_("contribute.thanksText")}>
            <Link to={businessPath} className="font-medium text-blue-800 underline">
              {_("contribute.backTo", { name: business.name })}
            </Link>
          </ThankYou>
        </div>
      ) : (
        <Form method="post" action={formPath(kind)} key={kind} className="relative mt-6 space-y-6">
          <FormAlert outcome={actionData} />
          <input type="hidden" name="kind" value={kind} />
          {kind === "edit" ? <EditFields view={view} business={business} /> : null}
          {kind === "closed" ? <ClosedFields view={view} name={business.name} /> : null}
          {kind === "duplicate" ? <DuplicateFields view={view} name={business.name} /> : null}
          <Note view={view} />
          <ContactEmail view={view} />
          <Honeypot />
          <Turnstile siteKey={turnstile} />
          <p className="text-sm text-slate-600">{_("contribute.reviewNote")}</p>
          <SendButton label={_("forms.send")} />
        </Form>
      )}
    </main>
  );
}

function NotFound() {
  const { _ } = useLingui();
  return <ErrorState title={_("business.notFoundTitle")} text={_("business.notFoundText")} homeLink />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFound /> }} />;
}
