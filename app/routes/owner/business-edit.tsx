import { turnstileSiteKey } from "#app/server/moderation/form-guard.server";
import type { MessageId } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { data, Form, Link } from "react-router";
import { siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { buttonClass, inputClass, Notice, OwnerBar, OwnerErrorBoundary, OwnerPage, SignInForm } from "#app/components/owners/owner-ui";
import { weekdayName, WEEKDAYS } from "#app/lib/business/hours";
import { i18nFor } from "#app/lib/i18n/i18n";
import {
  OWNER_MAX_PHOTOS,
  ownerEditValues,
  parseOwnerEdit,
  SPECIAL_HOURS_NEW_ROWS,
  type OwnerEditValues,
} from "#app/lib/owners/owner-edit";
import { pageMeta } from "#app/lib/seo/meta";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { getOwnerSession } from "#app/server/owners/owner-auth.server";
import { ownedBusiness, saveOwnerEdit } from "#app/server/owners/owner-edit.server";
import { ownerBusinessId, ownerHeaders, ownerLocale, ownerPageHeaders, readOwnerForm } from "#app/server/owners/owner-route.server";
import { ownsBusiness } from "#app/server/owners/ownership.server";
import type { Route } from "./+types/business-edit";

export const queryParams: QueryParams = [];

/** /owner/businesses/:id: the edit form, for a verified owner of the business only (checked here and in the action). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const id = ownerBusinessId(params);
  const session = await getOwnerSession(request, app);
  const next = ownerLocale(app, params).path(`/owner/businesses/${id}`);
  if (!session) return data({ owner: null, next, business: null, turnstile: turnstileSiteKey(app) }, { headers: ownerHeaders() });
  if (!(await ownsBusiness(app.db, session.ownerId, id))) throw data(null, { status: 403, headers: ownerHeaders() });
  const business = await ownedBusiness(app.db, id);
  if (!business) throw data(null, { status: 404, headers: ownerHeaders() });
  return data({ owner: { email: session.email }, next, business, turnstile: null }, { headers: ownerHeaders() });
}

type ActionResult = {
  outcome: "saved" | "unchanged" | "invalid" | "tooMany";
  errors: Partial<Record<string, MessageId>>;
  values: OwnerEditValues | null;
};

/** Saves the owner's edit: live at once, audited, marked as the owner's (owner-edit.server.ts). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const app = getApp(context);
  const id = ownerBusinessId(params);
  const form = await readOwnerForm(request, app);
  const session = await getOwnerSession(request, app);
  if (!session) throw data(null, { status: 401, headers: ownerHeaders() });
  if (!(await ownsBusiness(app.db, session.ownerId, id))) throw data(null, { status: 403, headers: ownerHeaders() });
  const values = ownerEditValues(form);
  const parsed = parseOwnerEdit(values);
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: ownerHeaders() });
  // Every save bumps the data version (every cached page is then rendered again): a few a minute per owner.
  if (!(await app.env.FORM_LIMIT_TARGET.limit({ key: `owner-edit:${session.ownerId}` })).success) {
    return answer({ outcome: "tooMany", errors: {}, values }, 429);
  }
  if (!parsed.ok) return answer({ outcome: "invalid", errors: parsed.errors, values }, 400);
  const outcome = await saveOwnerEdit(app.db, session, id, parsed.edit);
  if (outcome === "notFound") throw data(null, { status: 404, headers: ownerHeaders() });
  if (outcome === "notOwner") throw data(null, { status: 403, headers: ownerHeaders() });
  if (outcome === "invalid") return answer({ outcome: "invalid", errors: {}, values }, 400);
  return answer({ outcome, errors: {}, values: null });
}

export const headers = ownerPageHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  const title = loaderData?.business ? i18n._("owner.editTitle", { name: loaderData.business.name }) : i18n._("owner.dashboardTitle");
  return pageMeta({ title: `${title} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
}

function FieldError({ id, error }: { id: string; error: MessageId | undefined }) {
  const { _ } = useLingui();
  return error ? (
    <span id={id} className="mt-1 block text-sm text-red-800">
      {_(error)}
    </span>
  ) : null;
}

export default function OwnerBusinessEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  const { owner, business, next } = loaderData;
  if (!owner || !business) {
    return (
      <OwnerPage title={_("owner.signInToContinue")}>
        <SignInForm next={next} intro={_("owner.signInNeeded")} turnstile={loaderData.turnstile} />
      </OwnerPage>
    );
  }
  const values = actionData?.values ?? business.values;
  const errors = actionData?.errors ?? {};
  const rows = [
    ...values.special,
    ...Array.from({ length: SPECIAL_HOURS_NEW_ROWS }, () => ({ from: "", to: "", closed: true, opens: "", closes: "" })),
  ];
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  return (
    <OwnerPage title={_("owner.editTitle", { name: business.name })} intro={<OwnerBar email={owner.email} />}>
      <p className="text-slate-700">{_("owner.editIntro")}</p>
      <p className="flex flex-wrap gap-4">
        <Link to={lp(`/details/${business.slug}`)} className="text-blue-800 underline">
          {_("owner.viewPage")}
        </Link>
        <Link to={lp(`/owner/businesses/${business.id}/reviews`)} className="text-blue-800 underline">
          {_("ownerReviews.manage")}
        </Link>
      </p>
      {actionData?.outcome === "saved" ? <Notice kind="success">{_("owner.saved")}</Notice> : null}
      {actionData?.outcome === "unchanged" ? <Notice kind="info">{_("owner.unchanged")}</Notice> : null}
      {actionData?.outcome === "invalid" ? <Notice kind="error">{_("owner.fixErrors")}</Notice> : null}
      {actionData?.outcome === "tooMany" ? <Notice kind="error">{_("forms.tooMany")}</Notice> : null}
      <Form method="post" key={JSON.stringify(values)} className="space-y-8">
        <fieldset className="space-y-3">
          <legend className="text-xl font-semibold text-slate-900">{_("owner.weeklyHours")}</legend>
          <p className="text-sm text-slate-700">{_("owner.hoursHint")}</p>
          {WEEKDAYS.map((day) => (
            <label key={day} className="block font-medium text-slate-900">
              {weekdayName(day, i18n.locale)}
              <input
                name={`hours.${day}`}
                defaultValue={values.hours[day]}
                maxLength={100}
                className={inputClass}
                {...described(`hours.${day}`)}
              />
              <FieldError id={`hours.${day}-error`} error={errors[`hours.${day}`]} />
            </label>
          ))}
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-xl font-semibold text-slate-900">{_("owner.specialHours")}</legend>
          <p className="text-sm text-slate-700">{_("owner.specialHoursHint")}</p>
          <FieldError id="special-error" error={errors.special} />
          <input type="hidden" name="specialRows" value={rows.length} />
          {rows.map((row, i) => (
            <fieldset key={i} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold text-slate-800">{_("owner.specialRow", { number: i + 1 })}</legend>
              <label className="block text-slate-900">
                {_("owner.specialFrom")}
                <input type="date" name={`special.${i}.from`} defaultValue={row.from} className={inputClass} />
              </label>
              <label className="block text-slate-900">
                {_("owner.specialTo")}
                <input type="date" name={`special.${i}.to`} defaultValue={row.to} className={inputClass} />
              </label>
              <label className="block text-slate-900">
                {_("owner.specialKind")}
                <select name={`special.${i}.kind`} defaultValue={row.closed ? "closed" : "open"} className={inputClass}>
                  <option value="closed">{_("owner.specialClosed")}</option>
                  <option value="open">{_("owner.specialOpen")}</option>
                </select>
              </label>
              <div className="grid grid-cols-2 gap-3">
                <label className="block text-slate-900">
                  {_("owner.specialOpens")}
                  <input type="time" name={`special.${i}.opens`} defaultValue={row.opens} className={inputClass} />
                </label>
                <label className="block text-slate-900">
                  {_("owner.specialCloses")}
                  <input type="time" name={`special.${i}.closes`} defaultValue={row.closes} className={inputClass} />
                </label>
              </div>
              {row.from ? (
                <label className="flex items-center gap-2 text-slate-900">
                  <input type="checkbox" name={`special.${i}.remove`} value="on" />
                  {_("owner.specialRemove")}
                </label>
              ) : null}
            </fieldset>
          ))}
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-xl font-semibold text-slate-900">{_("owner.status")}</legend>
          <label className="flex items-center gap-2 font-medium text-slate-900">
            <input type="checkbox" name="temporarilyClosed" value="on" defaultChecked={values.temporarilyClosed} />
            {_("owner.temporarilyClosed")}
          </label>
          <p className="text-sm text-slate-700">{_("owner.temporarilyClosedHint")}</p>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-xl font-semibold text-slate-900">{_("owner.contact")}</legend>
          <label className="block font-medium text-slate-900">
            {_("owner.phone")}
            <input
              type="tel"
              name="phone"
              defaultValue={values.phone}
              maxLength={50}
              autoComplete="tel"
              className={inputClass}
              {...described("phone")}
            />
            <FieldError id="phone-error" error={errors.phone} />
          </label>
          <label className="block font-medium text-slate-900">
            {_("owner.website")}
            <input
              type="url"
              name="website"
              defaultValue={values.website}
              maxLength={500}
              className={inputClass}
              {...described("website")}
            />
            <FieldError id="website-error" error={errors.website} />
          </label>
          <label className="block font-medium text-slate-900">
            {_("owner.description")}
            <textarea
              name="description"
              defaultValue={values.description}
              maxLength={5000}
              rows={6}
              className={inputClass}
              {...described("description")}
            />
            <FieldError id="description-error" error={errors.description} />
          </label>
          <label className="block font-medium text-slate-900">
            {_("owner.photos")}
            <textarea name="photos" defaultValue={values.photos} rows={4} className={inputClass} {...described("photos")} />
            <span className="mt-1 block text-sm font-normal text-slate-700">{_("owner.photosHint", { max: OWNER_MAX_PHOTOS })}</span>
            <FieldError id="photos-error" error={errors.photos} />
          </label>
        </fieldset>

        <button type="submit" className={buttonClass}>
          {_("owner.save")}
        </button>
      </Form>
    </OwnerPage>
  );
}

export function ErrorBoundary() {
  return <OwnerErrorBoundary forbidden="owner.forbidden" />;
}
