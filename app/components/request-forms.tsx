/**
 * The request forms of Add Your Business and Advertise (docs/people.md): each lands in the
 * moderation queue with the e-mail address the answer goes to; the pages keep offering an e-mail
 * to the operator beside them.
 */
import type { MessageId } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Form } from "react-router";
import { useLocalePath } from "#app/components/page-locale";
import {
  FormAlert,
  FormField,
  formView,
  Honeypot,
  HoursFields,
  SendButton,
  ThankYou,
  Turnstile,
  type FormView,
} from "#app/components/public-form";
import type { FormOutcome } from "#app/lib/moderation/public-form";

type RequestFormProps = { outcome: FormOutcome | undefined; turnstile: string | null };

/**
 * A request form's section on its page: heading, intro, and the form (or its thank-you once sent). The
 * form posts to the page's own path in its locale, without the query it was opened with (so the page
 * is one for any query).
 */
function RequestSection({
  path,
  heading,
  intro,
  thanks,
  outcome,
  children,
}: {
  path: string;
  heading: MessageId;
  intro: MessageId;
  thanks: MessageId;
  outcome: FormOutcome | undefined;
  children: React.ReactNode;
}) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="request-heading">
      <h2 id="request-heading">{_(heading)}</h2>
      <p>{_(intro)}</p>
      <div className="mt-4">
        {outcome?.state === "sent" ? (
          <ThankYou title={_("forms.thanksTitle")} text={_(thanks)} />
        ) : (
          <Form method="post" action={lp(path)} className="relative space-y-6">
            <FormAlert outcome={outcome} />
            {children}
          </Form>
        )}
      </div>
    </section>
  );
}

/** The address the operator's answer goes to (both forms require it). */
function ContactEmailField({ view }: { view: FormView }) {
  const { _ } = useLingui();
  return (
    <FormField
      view={view}
      name="contactEmail"
      type="email"
      label={_("forms.contactEmail")}
      hint={_("forms.contactEmailHint")}
      required
      maxLength={254}
      autoComplete="email"
    />
  );
}

/** Add Your Business: a new listing's facts, as a directory lists them, and the contact e-mail. */
export function AddBusinessRequest({ outcome, turnstile }: RequestFormProps) {
  const { _ } = useLingui();
  const view = formView(outcome);
  return (
    <RequestSection
      path="/add-business"
      heading="addBusiness.formHeading"
      intro="addBusiness.formIntro"
      thanks="addBusiness.thanksText"
      outcome={outcome}
    >
      <FormAlert outcome={outcome} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField view={view} name="name" label={_("forms.businessName")} required maxLength={300} autoComplete="organization" />
        <FormField view={view} name="category" label={_("forms.category")} hint={_("addBusiness.categoryHint")} required maxLength={200} />
        <FormField
          view={view}
          name="address"
          label={_("forms.address")}
          required
          maxLength={500}
          autoComplete="address-line1"
          className="sm:col-span-2"
        />
        <FormField view={view} name="city" label={_("forms.city")} required maxLength={200} autoComplete="address-level2" />
        <FormField view={view} name="state" label={_("forms.state")} optional maxLength={200} autoComplete="address-level1" />
        <FormField view={view} name="zipCode" label={_("forms.zipCode")} optional maxLength={30} autoComplete="postal-code" />
        <FormField view={view} name="country" label={_("forms.country")} required maxLength={200} autoComplete="country-name" />
        <FormField view={view} name="phone" type="tel" label={_("forms.phone")} optional maxLength={40} autoComplete="tel" />
        <FormField view={view} name="website" label={_("forms.website")} optional ltr inputMode="url" maxLength={500} autoComplete="url" />
      </div>
      <HoursFields view={view} hint={_("forms.hoursHint")} />
      <FormField view={view} name="description" label={_("forms.description")} optional multiline maxLength={2000} />
      <ContactEmailField view={view} />
      <Honeypot />
      <Turnstile siteKey={turnstile} />
      <SendButton label={_("addBusiness.send")} />
    </RequestSection>
  );
}

/** Advertise: who asks, for which business, and what they would like. */
export function AdvertiseRequest({ outcome, turnstile }: RequestFormProps) {
  const { _ } = useLingui();
  const view = formView(outcome);
  return (
    <RequestSection
      path="/advertise"
      heading="advertise.formHeading"
      intro="advertise.formIntro"
      thanks="advertise.thanksText"
      outcome={outcome}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField view={view} name="contactName" label={_("advertise.contactName")} required maxLength={200} autoComplete="name" />
        <ContactEmailField view={view} />
        <FormField view={view} name="businessName" label={_("forms.businessName")} required maxLength={300} autoComplete="organization" />
        <FormField view={view} name="website" label={_("forms.website")} optional ltr inputMode="url" maxLength={500} autoComplete="url" />
      </div>
      <FormField view={view} name="message" label={_("advertise.message")} optional multiline maxLength={2000} />
      <Honeypot />
      <Turnstile siteKey={turnstile} />
      <SendButton label={_("forms.send")} />
    </RequestSection>
  );
}
