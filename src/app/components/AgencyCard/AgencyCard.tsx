import "./AgencyCard.css";

export interface AgencyCardProps {
  /** Already localized. */
  agency: { title: string; subtitle?: string | null };
  href: string;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}

export function AgencyCard({ agency, href, headingLevel = 3 }: AgencyCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="cp-card cp-agency-card">
      <Heading className="cp-agency-card__title">
        <a className="cp-card__link" href={href}>
          {agency.title}
        </a>
      </Heading>
      {agency.subtitle ? <p className="cp-agency-card__subtitle">{agency.subtitle}</p> : null}
    </article>
  );
}
