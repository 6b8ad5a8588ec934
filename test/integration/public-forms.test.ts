import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "#app/lib/moderation/honeypot";
import { SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert, request } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { startOfRateWindow } from "../helpers/rate-window";
import { fetchWith } from "../helpers/worker";

// The visitor's forms (docs/people.md): what they send lands in the moderation queue as a pending
// submission and changes nothing until an admin approves it; every form stands behind the same
// walls (Origin, body size, rate limits, honeypot) and cleans text as imports do.

const run = crypto.randomUUID().slice(0, 6);
/** A fresh business per test, so the per-business rate limit never carries over. */
async function business(overrides: Parameters<typeof buildBusiness>[0] = {}): Promise<number> {
  const placeId = `form-${crypto.randomUUID().slice(0, 8)}-${run}`;
  await insert(
    buildBusiness({
      placeId,
      name: `Corner Bakery ${placeId}`,
      phone: "(217) 555-0100",
      website: "https://bakery.example",
      openingHours: { Monday: "9:00 AM - 5:00 PM" },
      ...overrides,
    }),
  );
  return idOf(placeId);
}

let address = 0;
/** A client address of its own for each call site, so the per-address limit never leaks between tests. */
const newAddress = () => `198.51.100.${++address}`;

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_ORIGIN, "CF-Connecting-IP": newAddress(), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

type SubmissionRow = {
  kind: string;
  status: string;
  payload: string;
  contact_email: string | null;
  business_id: number | null;
  locale?: string | null;
};

async function submissionsOf(businessId: number): Promise<SubmissionRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT kind, status, payload, contact_email, business_id FROM submissions WHERE business_id = ?1 ORDER BY id",
  )
    .bind(businessId)
    .all<SubmissionRow>();
  return results;
}

async function submissionsByEmail(email: string): Promise<SubmissionRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT kind, status, payload, contact_email, business_id, locale FROM submissions WHERE contact_email = ?1",
  )
    .bind(email)
    .all<SubmissionRow>();
  return results;
}

const THANKS = "Thanks — an editor will review it before anything changes.";

describe("the business page's Something wrong? block", () => {
  let id = 0;
  beforeAll(async () => {
    id = await business();
  });

  it("links the three suggestion forms and the claim, in the page's locale", async () => {
    const html = await (await request(`/business/${id}`)).text();
    const text = visibleText(html);
    expect(text).toContain("Something wrong?");
    for (const [label, href] of [
      ["Suggest an edit", `/business/${id}/suggest`],
      ["Report closed", `/business/${id}/suggest?kind=closed`],
      ["Report a duplicate", `/business/${id}/suggest?kind=duplicate`],
      ["Claim this business", `/business/${id}/claim`],
    ]) {
      expect(text).toContain(label);
      expect(html).toContain(`href="${href.replace("&", "&amp;")}"`);
    }
    const vi = await (await request(`/vi/business/${id}`)).text();
    expect(vi).toContain(`href="/vi/business/${id}/suggest?kind=closed"`);
    expect(visibleText(vi)).toContain("Đề xuất chỉnh sửa");
  });
});

describe("the suggestion page", () => {
  it("shows the form with the current facts, never indexed, in English, Vietnamese and Spanish", async () => {
    const id = await business();
    const en = await request(`/business/${id}/suggest`);
    expect(en.status).toBe(200);
    const html = await en.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(visibleText(html)).toContain("Suggest an edit");
    expect(html).toContain('value="(217) 555-0100"');
    expect(html).toContain('value="9:00 AM - 5:00 PM"');
    // The current website is a field's value, not a link.
    expect(html).not.toContain('href="https://bakery.example');
    // The honeypot: hidden from people and assistive technology, out of the tab order, never autofilled.
    const honeypot = /<div aria-hidden="true"[^>]*>(?:(?!<\/div>).)*<\/div>/.exec(html)?.[0] ?? "";
    expect(honeypot).toContain(`name="${HONEYPOT_FIELD}"`);
    expect(honeypot).toContain('tabindex="-1"');
    expect(honeypot).toContain('autoComplete="off"');
    for (const [locale, words] of [
      ["vi", ["Đề xuất chỉnh sửa", "Báo đã đóng cửa", "Giờ mở cửa", "Điện thoại", "Gửi"]],
      ["es", ["Sugerir un cambio", "Informar de cierre", "Horario", "Teléfono", "Enviar"]],
    ] as const) {
      const page = await request(`/${locale}/business/${id}/suggest`);
      expect(page.status).toBe(200);
      const text = visibleText(await page.text());
      for (const word of words) expect(text, `${locale}: ${word}`).toContain(word);
      expect(text).not.toContain("Suggest an edit");
    }
    const closed = visibleText(await (await request(`/es/business/${id}/suggest?kind=closed`)).text());
    expect(closed).toContain("Cerrado temporalmente");
  });

  it("answers 404 for a business that does not exist", async () => {
    expect((await request("/business/999999999/suggest")).status).toBe(404);
    expect((await post("/business/999999999/suggest", { kind: "edit", phone: "1" })).status).toBe(404);
  });
});

describe("a visitor's suggestion", () => {
  it("is stored pending, and nothing changes on the public page or in the API", async () => {
    const id = await business();
    const response = await post(`/business/${id}/suggest`, {
      kind: "edit",
      phone: "(217) 555-0199",
      website: "https://bakery.example",
      address: "",
      "openingHours.Monday": "9:00 AM - 5:00 PM",
      "openingHours.Tuesday": "8:00 AM - 4:00 PM",
      note: "New number since March",
      contactEmail: "Visitor@Example.com",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(visibleText(await response.text())).toContain(THANKS);
    const [stored, ...more] = await submissionsOf(id);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ kind: "edit", status: "pending", contact_email: "visitor@example.com" });
    // Only what changed: the website and Monday were sent as they are.
    expect(JSON.parse(stored.payload)).toEqual({
      phone: "(217) 555-0199",
      openingHours: { Tuesday: "8:00 AM - 4:00 PM" },
      note: "New number since March",
    });

    const page = visibleText(await (await request(`/business/${id}`)).text());
    expect(page).toContain("(217) 555-0100");
    expect(page).not.toContain("555-0199");
    const api = await getJson<{ phone: string; openingHours: Record<string, string> }>(`/api/businesses/${id}`);
    expect(api.body.phone).toBe("(217) 555-0100");
    expect(api.body.openingHours.Tuesday).toBeUndefined();
  });

  it("stores a closure report and a duplicate named by its page's address", async () => {
    const id = await business();
    const other = await business();
    const slug = (await env.DB.prepare("SELECT slug FROM businesses WHERE id = ?1").bind(other).first<{ slug: string }>())?.slug;
    expect((await post(`/business/${id}/suggest?kind=closed`, { kind: "closed", closure: "permanently" })).status).toBe(200);
    expect(
      (await post(`/business/${id}/suggest?kind=duplicate`, { kind: "duplicate", duplicateOf: `${SITE_ORIGIN}/vi/details/${slug}` }))
        .status,
    ).toBe(200);
    const unknown = await post(`/business/${id}/suggest?kind=duplicate`, {
      kind: "duplicate",
      duplicateOf: `${SITE_ORIGIN}/business/999999999`,
    });
    expect(unknown.status).toBe(400);
    expect(visibleText(await unknown.text())).toContain("We could not find that listing.");
    const stored = await submissionsOf(id);
    expect(stored.map((s) => [s.kind, JSON.parse(s.payload)])).toEqual([
      ["closed", { closure: "permanently" }],
      ["duplicate", { duplicateOfId: other }],
    ]);
  });

  it("keeps what was typed and says what to change when nothing changed", async () => {
    const id = await business();
    const response = await post(`/business/${id}/suggest`, { kind: "edit", phone: "(217) 555-0100", note: "Looks fine to me" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("Change at least one of the phone, website, address or hours.");
    expect(html).toContain("Looks fine to me");
    expect(await submissionsOf(id)).toEqual([]);
  });
});

describe("the walls of the public forms", () => {
  it("stores at most the per-address limit of 100 suggestions sent in a minute and answers the rest 429", async () => {
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    const ids = await Promise.all(Array.from({ length: 5 }, () => business()));
    await startOfRateWindow();
    for (let n = 0; n < 100; n++) {
      const response = await post(
        `/business/${ids[n % ids.length]}/suggest`,
        { kind: "edit", phone: `(217) 555-${1000 + n}` },
        { "CF-Connecting-IP": ip },
      );
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    const stored = (await Promise.all(ids.map(submissionsOf))).flat();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 200).length).toBe(stored.length);
    expect(statuses.filter((s) => s === 429).length).toBe(100 - stored.length);
    const refused = await post(`/business/${ids[0]}/suggest`, { kind: "edit", phone: "(217) 555-9999" }, { "CF-Connecting-IP": ip });
    expect(visibleText(await refused.text())).toContain("Too many requests in a short time.");
  });

  it("refuses a 10 MB body with 413 and stores nothing", async () => {
    const id = await business();
    const response = await post(`/business/${id}/suggest`, { kind: "edit", phone: "(217) 555-0111", note: "x".repeat(10 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(visibleText(await response.text())).toContain("That is more than this form takes.");
    expect(await submissionsOf(id)).toEqual([]);
  });

  it("cleans control characters out of a suggestion before storing it", async () => {
    const id = await business();
    const response = await post(`/business/${id}/suggest`, {
      kind: "edit",
      phone: "\u0000(217)\u0007 555-\u001b0122\u007f",
      note: "Closed\u0000 on\u0008 Mondays\u009b now",
    });
    expect(response.status).toBe(200);
    const [stored] = await submissionsOf(id);
    expect(JSON.parse(stored.payload)).toEqual({ phone: "(217) 555-0122", note: "Closed on Mondays now" });
    expect(stored.payload).not.toMatch(/[\u0000-\u001f\u007f-\u009f]|\\u00/);
  });

  it("refuses a javascript: website with a message beside the field and stores nothing", async () => {
    const id = await business();
    const response = await post(`/business/${id}/suggest`, { kind: "edit", website: "javascript:alert(document.cookie)" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="field-website-error"[^>]*>Enter a web address that starts with http:\/\/ or https:\/\/\.</);
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain('href="javascript:');
    expect(await submissionsOf(id)).toEqual([]);
  });

  it("refuses a request from another site with 403 and stores nothing", async () => {
    const id = await business();
    const body = new URLSearchParams({ kind: "edit", phone: "(217) 555-0133" }).toString();
    const form = { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": newAddress() };
    // A browser's cross-site form without an Origin header still says where it comes from.
    const unnamed = await request(`/business/${id}/suggest`, {
      method: "POST",
      headers: { ...form, "Sec-Fetch-Site": "cross-site" },
      body,
    });
    expect(unnamed.status).toBe(403);
    expect(unnamed.headers.get("Cache-Control")).toBe("no-store");
    expect(visibleText(await unnamed.text())).toContain("This form can only be sent from this site.");
    // With another site's Origin, React Router's own action origin check may answer first (400); ours says 403.
    const foreign = await request(`/business/${id}/suggest`, {
      method: "POST",
      headers: { ...form, Origin: "https://evil.example" },
      body,
    });
    expect([400, 403]).toContain(foreign.status);
    expect(await submissionsOf(id)).toEqual([]);
  });

  it("thanks a bot that filled the honeypot and stores nothing", async () => {
    const id = await business();
    const response = await post(`/business/${id}/suggest`, { kind: "edit", phone: "(217) 555-0144", [HONEYPOT_FIELD]: "555-0000" });
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain(THANKS);
    expect(await submissionsOf(id)).toEqual([]);
  });
});

describe("Add Your Business and Advertise", () => {
  it("keep their texts and the e-mail to the operator, and add a form", async () => {
    for (const [path, texts] of [
      ["/add-business", ["How to request a listing", "Request a listing online", "Your e-mail", "Opening hours"]],
      ["/advertise", ["Why advertise", "Get started", "Send us a request", "Your name"]],
    ] as const) {
      const html = await (await request(path)).text();
      expect(html).toContain('href="mailto:');
      for (const text of texts) expect(visibleText(html), `${path}: ${text}`).toContain(text);
    }
    const vi = visibleText(await (await request("/vi/add-business")).text());
    expect(vi).toContain("Gửi yêu cầu đăng ký trực tuyến");
  });

  it("store an addition request with its contact e-mail", async () => {
    const email = `owner-${run}@bakery.example`;
    const response = await post("/add-business", {
      name: `New Bakery ${run}`,
      category: "Bakery",
      address: "12 Elm St",
      city: "Springfield",
      state: "Illinois",
      zipCode: "62701",
      country: "United States",
      phone: "(217) 555-0155",
      website: "https://newbakery.example",
      "openingHours.Monday": "7:00 AM - 3:00 PM",
      description: "Bread and pastries",
      contactEmail: email,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(visibleText(await response.text())).toContain("Thanks — we received your request.");
    const [stored, ...more] = await submissionsByEmail(email);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ kind: "addition", status: "pending", business_id: null });
    expect(JSON.parse(stored.payload)).toMatchObject({
      name: `New Bakery ${run}`,
      city: "Springfield",
      openingHours: { Monday: "7:00 AM - 3:00 PM" },
    });
  });

  it("refuse an addition without its required fields, keeping what was typed", async () => {
    const response = await post("/add-business", { name: `Half Bakery ${run}`, contactEmail: "not an address" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`value="Half Bakery ${run}"`);
    expect(html).toMatch(/id="field-city-error"[^>]*>Please fill in this field\.</);
    expect(html).toMatch(/id="field-contactEmail-error"[^>]*>Enter a valid e-mail address\.</);
    expect(await submissionsByEmail("not an address")).toEqual([]);
  });

  it("store an advertising request with its contact e-mail", async () => {
    const email = `ads-${run}@bakery.example`;
    const response = await post("/es/advertise", {
      contactName: "Ana",
      contactEmail: email,
      businessName: "Corner Bakery",
      website: "https://bakery.example",
      message: "Featured on the city page",
    });
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain("Gracias: hemos recibido tu solicitud");
    const [stored] = await submissionsByEmail(email);
    // Sent from the Spanish page: the answer about it will be in Spanish.
    expect(stored).toMatchObject({ kind: "advertise", status: "pending", locale: "es" });
    expect(JSON.parse(stored.payload)).toEqual({
      contactName: "Ana",
      businessName: "Corner Bakery",
      website: "https://bakery.example",
      message: "Featured on the city page",
    });
  });
});

describe("the forms and the edge cache, and Turnstile", () => {
  it("never caches the answer to a form: no-store, and the page stays the form", async () => {
    const id = await business();
    const path = `/business/${id}/suggest`;
    const init = {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_ORIGIN, "CF-Connecting-IP": newAddress() },
      body: new URLSearchParams({ kind: "edit", phone: "(217) 555-0166" }).toString(),
    };
    const answer = await fetchWith({ EDGE_CACHE: "on" }, path, init);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(visibleText(await answer.text())).toContain(THANKS);
    for (const round of [1, 2]) {
      const page = await fetchWith({ EDGE_CACHE: "on" }, path);
      expect(page.headers.get("Cache-Control"), `GET ${round}`).toContain("public");
      expect(visibleText(await page.text()), `GET ${round}`).not.toContain(THANKS);
    }
  });

  it("shows Turnstile and lets the CSP load it only when its keys are set; a form without its token is refused", async () => {
    const id = await business();
    const off = await request(`/business/${id}/suggest`);
    expect(await off.text()).not.toContain("cf-turnstile");
    expect(off.headers.get("Content-Security-Policy")).not.toContain("challenges.cloudflare.com");

    const keys = {
      TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
      TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
    } as Partial<Env>;
    const on = await fetchWith(keys, `/business/${id}/suggest`);
    expect(await on.text()).toContain('class="cf-turnstile" data-sitekey="1x00000000000000000000AA"');
    const csp = on.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    const refused = await fetchWith(keys, `/business/${id}/suggest`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_ORIGIN, "CF-Connecting-IP": newAddress() },
      body: new URLSearchParams({ kind: "edit", phone: "(217) 555-0177" }).toString(),
    });
    expect(refused.status).toBe(400);
    expect(visibleText(await refused.text())).toContain("Please confirm you are human and send the form again.");
    expect(await submissionsOf(id)).toEqual([]);

    // The owners' sign-in form is public too: the same widget, the same refusal, no e-mail sent.
    expect(await (await fetchWith(keys, "/owner/sign-in")).text()).toContain(
      'class="cf-turnstile" data-sitekey="1x00000000000000000000AA"',
    );
    const address = `turnstile-${id}@example.com`;
    const signIn = await fetchWith(keys, "/owner/sign-in", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_ORIGIN, "CF-Connecting-IP": newAddress() },
      body: new URLSearchParams({ email: address, next: "/owner" }).toString(),
    });
    expect(signIn.status).toBe(400);
    expect(visibleText(await signIn.text())).toContain("Please confirm you are human and send the form again.");
    const mails = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE to_address = ?1").bind(address).first<{ n: number }>();
    expect(mails?.n).toBe(0);
  });
});
