import { Breadcrumbs, type Crumb } from "../components/Breadcrumbs/Breadcrumbs";
import { LocationCard } from "../components/LocationCard/LocationCard";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { RichText } from "../components/RichText/RichText";
import { createI18n } from "../i18n";
import { useTranslation } from "../i18n/use-translation";
import { isElected, officialPage } from "../lib/elected-officials";
import { notFound, stageOf } from "../lib/http";
import { langQuery } from "../lib/person-links";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/person";
import "../components/Officials/Officials.css";

/**
 * A person's page (/person/<id>, the content item's default link; /persons/<id> and /people/<id>
 * lead here): their office, the whole biography and how to reach their office.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const content = services.content(draft);
  const [person, landing, site] = await Promise.all([
    content.person(params.id, stageOf(draft)),
    content.landingPage(stageOf(draft)),
    services.site(),
  ]);
  if (!person) throw notFound();
  const lang = langQuery(new URL(request.url));
  const t = createI18n(locale).getFixedT(locale, "officials");
  return {
    siteName: site?.name?.[locale],
    person: officialPage(person, locale, lang),
    elected: isElected(person.id, landing.labels, person),
    listTitle: t("list.title"),
    listHref: `/elected-officials${lang}`,
    findHref: `/find-my-representatives${lang}`,
  };
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data: d }: Route.MetaArgs) =>
  d
    ? [
        {
          title: pageTitle(
            d.person.title ? `${d.person.name}, ${d.person.title}` : d.person.name,
            d.siteName,
          ),
        },
        { name: "description", content: d.person.title ?? d.person.name },
      ]
    : [];

export default function PersonPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("officials");
  const { person } = d;
  const trail: Crumb[] = d.elected
    ? [{ title: d.listTitle, href: d.listHref }]
    : person.office
      ? [{ title: person.office.title, href: person.office.href }]
      : [];
  return (
    <div className="cp-container cp-person">
      <Breadcrumbs items={[...trail, { title: person.name }]} />
      <PageHeader title={person.name} subtitle={person.title} />
      <div className="cp-layout">
        <div className="cp-layout__main">
          {person.image ? (
            // The name is the page's heading, right above: the portrait needs no text of its own.
            <img className="cp-person__portrait" src={person.image.url} alt="" width={120} height={120} />
          ) : null}
          {person.biographyHtml ? (
            <section aria-labelledby="person-biography">
              <h2 id="person-biography">{t("person.biography")}</h2>
              <RichText html={person.biographyHtml} />
            </section>
          ) : null}
          {d.elected ? (
            <ul className="cp-person__links">
              <li>
                <a href={d.findHref}>{t("person.findYours")}</a>
              </li>
              <li>
                <a href={d.listHref}>{t("person.allOfficials")}</a>
              </li>
            </ul>
          ) : null}
        </div>
        {person.contact || person.office ? (
          <aside className="cp-layout__aside" aria-labelledby="person-contact">
            <h2 id="person-contact">{t("common:activity.contact")}</h2>
            {person.contact ? (
              // In a box of its own, which keeps the office's link below a gap away.
              <div className="cp-person__contact">
                <LocationCard location={person.contact} title={person.office?.title} headingLevel={3} />
              </div>
            ) : null}
            {person.office ? (
              <p>
                <a href={person.office.href}>{t("person.officePage", { office: person.office.title })}</a>
              </p>
            ) : null}
          </aside>
        ) : null}
      </div>
    </div>
  );
}
