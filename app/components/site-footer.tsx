import { Trans, useLingui } from "@lingui/react";
import { Link } from "react-router";
import { useLocalePath } from "#app/components/page-locale";
import { FOOTER_GROUPS, GROUP_MESSAGES } from "#app/lib/business/category-groups";
import { abbreviateNumber, formatCount } from "#app/lib/format";

type FooterProps = {
  siteName: string;
  phone: string;
  email: string;
  cities: Array<{ id: number; name: string; businessCount: number }>;
  statistics: { totalBusinesses: number; verifiedBusinesses: number; categories: number; totalCities: number } | null;
};

/** The footer's Quick Links, in this order, then Sitemap; like the header, they include /add-business and /advertise. */
const QUICK_LINKS = [
  ["/", "common.home"],
  ["/businesses", "footer.browseBusinesses"],
  ["/cities", "footer.allCities"],
  ["/about", "footer.about"],
  ["/contact", "footer.contact"],
  ["/add-business", "common.addYourBusiness"],
  ["/advertise", "common.advertise"],
  ["/privacy-policy", "footer.privacyPolicy"],
  ["/terms-of-service", "footer.termsOfService"],
] as const;

const SOCIAL = ["Facebook", "Twitter", "Instagram", "LinkedIn"] as const;

const linkClass = "footer-link";

export function SiteFooter({ siteName, phone, email, cities, statistics }: FooterProps) {
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 id="footer-about" className="text-lg font-bold text-white">
            {siteName}
          </h2>
          <p className="mt-3 text-sm text-slate-300">{_("footer.aboutText", { siteName })}</p>
          <ul className="mt-4 space-y-1 text-sm">
            {phone ? (
              <li>
                <Trans
                  id="footer.phone"
                  values={{ phone }}
                  components={{
                    0: (
                      <a className={linkClass} href={`tel:${phone.replace(/[^\d+]/g, "")}`}>
                        {phone}
                      </a>
                    ),
                  }}
                />
              </li>
            ) : null}
            {email ? (
              <li>
                <Trans
                  id="footer.email"
                  values={{ email }}
                  components={{
                    0: (
                      <a className={linkClass} href={`mailto:${email}`}>
                        {email}
                      </a>
                    ),
                  }}
                />
              </li>
            ) : null}
          </ul>
          <ul className="mt-4 flex gap-3" aria-label={_("footer.socialMedia")}>
            {SOCIAL.map((name) => (
              <li key={name}>
                {/* Placeholders (SPEC §2): the accounts do not exist yet. */}
                <a href="#top" className={linkClass}>
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn id="footer-categories" title={_("footer.popularCategories")}>
          {FOOTER_GROUPS.map((g) => (
            <li key={g.slug}>
              <Link to={lp(`/category/${g.slug}`)} className={linkClass}>
                {_(GROUP_MESSAGES[g.slug])}
              </Link>
            </li>
          ))}
        </LinkColumn>
        <LinkColumn id="footer-cities" title={_("common.popularCities")}>
          {cities.slice(0, 8).map((c) => (
            <li key={c.id}>
              <Link to={lp(`/city/${encodeURIComponent(c.name)}`)} className={linkClass}>
                {c.name} ({formatCount(c.businessCount, i18n.locale)})
              </Link>
            </li>
          ))}
        </LinkColumn>
        <LinkColumn id="footer-links" title={_("footer.quickLinks")}>
          {QUICK_LINKS.map(([href, label]) => (
            <li key={href}>
              <Link to={lp(href)} className={linkClass}>
                {_(label)}
              </Link>
            </li>
          ))}
          <li>
            <a href="/sitemap.xml" className={linkClass}>
              {_("footer.sitemap")}
            </a>
          </li>
        </LinkColumn>
      </div>
      {statistics ? (
        <div className="border-t border-slate-800">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-4 px-4 py-6 text-center sm:grid-cols-4" data-testid="footer-stats">
            {(
              [
                ["common.businesses", statistics.totalBusinesses],
                ["common.verified", statistics.verifiedBusinesses],
                ["common.categories", statistics.categories],
                ["common.cities", statistics.totalCities],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex flex-col-reverse">
                <dt className="text-xs uppercase tracking-wide text-slate-300">{_(label)}</dt>
                <dd className="text-xl font-bold text-white">{abbreviateNumber(value, i18n.locale)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-slate-300 sm:flex-row sm:justify-between">
          <p>{_("footer.copyright", { siteName })}</p>
          <p>{_("footer.disclaimer")}</p>
        </div>
      </div>
    </footer>
  );
}

/** A column of the footer: its heading (with its id) and its list of links. */
function LinkColumn({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 id={id} className="text-base font-semibold text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-1.5">{children}</ul>
    </div>
  );
}
