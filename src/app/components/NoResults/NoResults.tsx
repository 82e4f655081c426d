import { Trans } from "react-i18next";
import { useTranslation } from "../../i18n/use-translation";
import "./NoResults.css";

export interface NoResultsProps {
  /** The search term, shown after the message when there is one. */
  term?: string | null;
  /** Where residents can browse services by topic. */
  topicsHref?: string;
  headingLevel?: 2 | 3;
}

export function NoResults({ term, topicsHref = "/topics", headingLevel = 2 }: NoResultsProps) {
  const { t } = useTranslation("ui");
  const Heading = `h${headingLevel}` as const;
  const shownTerm = term?.trim();
  return (
    <section className="cp-no-results">
      <Heading className="cp-no-results__message">
        {t("noResults.message")}
        {shownTerm && (
          <>
            : <strong className="cp-no-results__term">{shownTerm}</strong>
          </>
        )}
      </Heading>
      <p>{t("noResults.suggestionsHeading")}</p>
      <ul className="cp-no-results__suggestions">
        <li>{t("noResults.spelling")}</li>
        <li>{t("noResults.fewerWords")}</li>
        <li>
          <Trans
            t={t}
            i18nKey="noResults.browseTopics"
            components={{ topics: <a href={topicsHref}>topics</a> }}
          />
        </li>
        <li>
          <Trans t={t} i18nKey="noResults.call311" components={{ phone: <a href="tel:311">311</a> }} />
        </li>
      </ul>
    </section>
  );
}
