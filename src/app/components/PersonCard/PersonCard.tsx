import type { ReactNode } from "react";
import "./PersonCard.css";

export interface PersonCardProps {
  /** Already localized. */
  person: {
    name: string;
    /** The person's job title ('County Assessor'). */
    title?: string | null;
    image?: { url?: string | null } | null;
    /** A short biography: plain text, or rendered Markdown (e.g. a RichText element). */
    biography?: ReactNode;
  };
  /** When the person has a page of their own. */
  href?: string;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** More below the biography, such as how to reach the person's office (PersonContact). */
  children?: ReactNode;
}

export function PersonCard({ person, href, headingLevel = 3, children }: PersonCardProps) {
  const Heading = `h${headingLevel}` as const;
  const imageUrl = person.image?.url?.trim();
  const biography = person.biography;
  return (
    <article className="cp-card cp-person-card">
      {imageUrl ? (
        // The name is right beside the portrait, so it needs no text of its own.
        <img
          className="cp-person-card__image"
          src={imageUrl}
          alt=""
          width={120}
          height={120}
          loading="lazy"
        />
      ) : null}
      <div className="cp-person-card__body">
        <Heading className="cp-person-card__name">
          {href ? (
            <a className="cp-card__link" href={href}>
              {person.name}
            </a>
          ) : (
            person.name
          )}
        </Heading>
        {person.title ? <p className="cp-person-card__title">{person.title}</p> : null}
        {typeof biography === "string" ? (
          <p className="cp-person-card__bio">{biography}</p>
        ) : biography ? (
          <div className="cp-person-card__bio">{biography}</div>
        ) : null}
        {children ? <div className="cp-person-card__more">{children}</div> : null}
      </div>
    </article>
  );
}
