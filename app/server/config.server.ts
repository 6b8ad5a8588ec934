/** Site configuration from the environment (DESIGN.md): product name, contact, canonical host. */
export type SiteConfig = {
  siteName: string;
  siteUrl: string;
  contactPhone: string;
  contactEmail: string;
  adsenseClient: string;
  adSlots: { top: string; bottom: string };
  analyticsToken: string;
};

export function siteConfig(env: Env): SiteConfig {
  return {
    siteName: env.SITE_NAME || "LocalAtlas",
    siteUrl: (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    contactPhone: env.CONTACT_PHONE || "",
    contactEmail: env.CONTACT_EMAIL || "",
    adsenseClient: env.ADSENSE_CLIENT || "",
    adSlots: { top: env.ADSENSE_SLOT_TOP || "", bottom: env.ADSENSE_SLOT_BOTTOM || "" },
    analyticsToken: env.CF_ANALYTICS_TOKEN || "",
  };
}
