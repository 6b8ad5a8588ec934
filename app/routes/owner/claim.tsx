import { turnstileSiteKey } from "#app/server/moderation/form-guard.server";
import type { MessageId } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react";
import { data, Form, Link } from "react-router";
import { GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import {
  buttonClass,
  inputClass,
  Notice,
  OwnerBar,
  OwnerPage,
  OwnersUnavailable,
  secondaryButtonClass,
  SignInForm,
} from "#app/components/owners/owner-ui";
import { i18nFor } from "#app/lib/i18n/i18n";
import { pageMeta } from "#app/lib/seo/meta";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import {
  askTeam,
  claimNeedsReview,
  checkWebsite,
  claimBusiness,
  emailMatchesWebsite,
  hasPendingClaim,
  VERIFICATION_FILE,
  VERIFICATION_META,
  verificationToken,
  verifyClaim,
  websiteUrl,
  type WebsiteCheck,
} from "#app/server/owners/claim.server";
import { getOwnerSession } from "#app/server/owners/owner-auth.server";
import {
  ownerBusinessId,
  ownerHeaders,
  ownerLocale,
  ownerPageHeaders,
  readOwnerForm,
  requireOwnerAccounts,
} from "#app/server/owners/owner-route.server";
import { ownsBusiness } from "#app/server/owners/ownership.server";
import type { Route } from "./+types/claim";

export const queryParams: QueryParams = [];

/**
 * /business/:id/claim: signed out, the e-mail form whose link brings the owner back here; signed in,
 * the three ways to prove control (claim.server.ts).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = getApp(context);
  requireOwnerAccounts(app);
  const id = ownerBusinessId(params);
  const business = await claimBusiness(app, id);
  if (!business) throw data(null, { status: 404, headers: ownerHeaders() });
  const next = ownerLocale(app, params).path(`/business/${id}/claim`);
  const site = websiteUrl(business.website);
  const shown = {
    id,
    name: business.name,
    origin: site?.origin ?? null,
    domain: site?.hostname.replace(/^www\./i, "") ?? null,
    // Worked out here: the component may not import the server module that names the file and the tag.
    fileUrl: site ? `${site.origin}${VERIFICATION_FILE}` : null,
    metaName: VERIFICATION_META,
  };
  const session = await getOwnerSession(request, app);
  if (!session)
    return data({ owner: null, next, business: shown, claim: null, turnstile: turnstileSiteKey(app) }, { headers: ownerHeaders() });
  const mine = await ownsBusiness(app.db, session.ownerId, id);
  const claim = {
    mine,
    claimedByOther: business.claimedAt !== null && !mine,
    emailMatches: emailMatchesWebsite(session.email, business.website),
    token: await verificationToken(app, id, session.ownerId),
    pending: mine ? false : await hasPendingClaim(app, id, session.ownerId),
  };
  return data({ owner: { email: session.email }, next, business: shown, claim, turnstile: null }, { headers: ownerHeaders() });
}

type ActionResult = {
  verified?: boolean;
  check?: Exclude<WebsiteCheck, "verified">;
  teamSent?: boolean;
  /** The proof passed but the claim goes to the team (claimNeedsReview). */
  reviewed?: boolean;
  error?: MessageId;
};

/** What the team reads for a claim proved by the domain or the website that still needs review. */
function provenEvidence(method: "email-domain" | "website-token"): string {
  return method === "email-domain"
    ? "Proved: the owner's e-mail address is at the business website's domain."
    : "Proved: the owner placed the verification token on the business website.";
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const app = getApp(context);
  requireOwnerAccounts(app);
  const id = ownerBusinessId(params);
  const form = await readOwnerForm(request, app);
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: ownerHeaders() });
  const session = await getOwnerSession(request, app);
  if (!session) return answer({ error: "owner.signInNeeded" }, 401);
  const business = await claimBusiness(app, id);
  if (!business) throw data(null, { status: 404, headers: ownerHeaders() });
  if (await ownsBusiness(app.db, session.ownerId, id)) return answer({});
  const intent = form.get("intent");
  // A proof by the domain or the website: verified at once, or sent to the team with the proof when
  // the business already has an owner or its website came from a visitor (claimNeedsReview).
  const proved = async (method: "email-domain" | "website-token") => {
    if (!claimNeedsReview(business)) {
      await verifyClaim(app, session, business, method);
      return answer({ verified: true });
    }
    await askTeam(app, request, session, business, provenEvidence(method));
    return answer({ teamSent: true, reviewed: true });
  };
  if (intent === "email-domain") {
    if (!emailMatchesWebsite(session.email, business.website)) return answer({ error: "claim.emailNotAtDomain" }, 400);
    return proved("email-domain");
  }
  if (intent === "website-token") {
    // Each check fetches the website: a few a minute per business and per owner.
    const limits = [`verify:${id}`, `verify-owner:${session.ownerId}`];
    for (const key of limits) if (!(await app.env.FORM_LIMIT_TARGET.limit({ key })).success) return answer({ error: "forms.tooMany" }, 429);
    const check = await checkWebsite(business.website, await verificationToken(app, id, session.ownerId), app.env);
    if (check !== "verified") return answer({ check }, 400);
    return proved("website-token");
  }
  if (intent === "ask-team") {
    if (!(await app.env.FORM_LIMIT_TARGET.limit({ key: `business:${id}` })).success) return answer({ error: "forms.tooMany" }, 429);
    if (!(await askTeam(app, request, session, business, form.get("evidence")))) return answer({ error: "claim.evidenceRequired" }, 400);
    return answer({ teamSent: true });
  }
  return answer({ error: "forms.unreadable" }, 400);
}

export const headers = ownerPageHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  const title = loaderData ? i18n._("claim.title", { name: loaderData.business.name }) : i18n._("claim.metaTitle");
  return pageMeta({ title: `${title} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
}

const CHECK_MESSAGES: Record<Exclude<WebsiteCheck, "verified">, MessageId> = {
  noWebsite: "claim.noWebsite",
  notFound: "claim.checkNotFound",
  notPublic: "claim.checkNotPublic",
  mismatch: "claim.checkMismatch",
  timeout: "claim.checkTimeout",
  unreachable: "claim.checkUnreachable",
};

const sectionClass = "space-y-3 rounded-lg border border-slate-200 bg-white p-5";
const codeClass = "block overflow-x-auto rounded bg-slate-100 p-2 font-mono text-sm break-all text-slate-900";

export default function Claim({ loaderData, actionData }: Route.ComponentProps) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  const { owner, business, claim, next } = loaderData;
  const title = _("claim.title", { name: business.name });
  if (!owner || !claim) {
    return (
      <OwnerPage title={title} intro={_("claim.intro")}>
        <SignInForm next={next} intro={_("claim.signInFirst")} turnstile={loaderData.turnstile} />
      </OwnerPage>
    );
  }
  if (claim.mine) {
    return (
      <OwnerPage title={title} intro={<OwnerBar email={owner.email} />}>
        <Notice kind="success">{actionData?.verified ? _("claim.verified") : _("claim.alreadyYours")}</Notice>
        <p>
          <Link to={lp(`/owner/businesses/${business.id}`)} className="font-semibold text-blue-800 underline">
            {_("claim.editLink")}
          </Link>
        </p>
      </OwnerPage>
    );
  }
  const fileUrl = business.fileUrl;
  const metaTag = `<meta name="${business.metaName}" content="${claim.token}">`;
  return (
    <OwnerPage title={title} intro={<OwnerBar email={owner.email} />}>
      <p className="text-slate-700">{_("claim.intro")}</p>
      {claim.claimedByOther ? <Notice kind="info">{_("claim.claimedByOther")}</Notice> : null}
      {actionData?.error ? <Notice kind="error">{_(actionData.error)}</Notice> : null}
      {actionData?.check ? <Notice kind="error">{_(CHECK_MESSAGES[actionData.check])}</Notice> : null}

      <section className={sectionClass} aria-labelledby="claim-email">
        <h2 id="claim-email" className="text-xl font-semibold text-slate-900">
          {_("claim.emailTitle")}
        </h2>
        {!business.domain ? (
          <p className="text-slate-700">{_("claim.noWebsite")}</p>
        ) : claim.emailMatches ? (
          <Form method="post" className="space-y-3">
            <p className="text-slate-700">{_("claim.emailText", { email: owner.email })}</p>
            <input type="hidden" name="intent" value="email-domain" />
            <button type="submit" className={buttonClass}>
              {_("claim.emailVerify")}
            </button>
          </Form>
        ) : (
          <p className="text-slate-700">{_("claim.emailUnavailable", { domain: business.domain })}</p>
        )}
      </section>

      <section className={sectionClass} aria-labelledby="claim-website">
        <h2 id="claim-website" className="text-xl font-semibold text-slate-900">
          {_("claim.websiteTitle")}
        </h2>
        {!fileUrl ? (
          <p className="text-slate-700">{_("claim.noWebsite")}</p>
        ) : (
          <Form method="post" className="space-y-3">
            <p className="text-slate-700">{_("claim.websiteText", { origin: business.origin ?? "" })}</p>
            <p className="font-medium text-slate-900">{_("claim.tokenLabel")}</p>
            <code className={codeClass} data-testid="claim-token">
              {claim.token}
            </code>
            <p className="text-slate-700">
              <Trans id="claim.websiteFile" values={{ url: fileUrl }} components={{ 0: <code className="break-all" /> }} />
            </p>
            <p className="text-slate-700">{_("claim.websiteMeta")}</p>
            <code className={codeClass}>{metaTag}</code>
            <input type="hidden" name="intent" value="website-token" />
            <button type="submit" className={buttonClass}>
              {_("claim.websiteCheck")}
            </button>
          </Form>
        )}
      </section>

      <section className={sectionClass} aria-labelledby="claim-team">
        <h2 id="claim-team" className="text-xl font-semibold text-slate-900">
          {_("claim.teamTitle")}
        </h2>
        {claim.pending || actionData?.teamSent ? (
          <Notice kind="info">
            {actionData?.reviewed ? _("claim.reviewNeeded") : actionData?.teamSent ? _("claim.teamSent") : _("claim.pending")}
          </Notice>
        ) : (
          <Form method="post" className="space-y-3">
            <p className="text-slate-700">{_("claim.teamText")}</p>
            <label className="block font-medium text-slate-900">
              {_("claim.evidenceLabel")}
              <textarea name="evidence" required maxLength={2000} rows={5} className={inputClass} />
            </label>
            <input type="hidden" name="intent" value="ask-team" />
            <button type="submit" className={secondaryButtonClass}>
              {_("claim.teamSend")}
            </button>
          </Form>
        )}
      </section>
    </OwnerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 503: () => <OwnersUnavailable /> }} />;
}
