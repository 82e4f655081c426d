import type { OfficialCard as OfficialCardData } from "../../lib/elected-officials";
import { PersonCard } from "../PersonCard/PersonCard";
import { PersonContact } from "../PersonCard/PersonContact";
import { RichText } from "../RichText/RichText";
import "./Officials.css";

export interface OfficialCardProps {
  /** Already localized (lib/elected-officials.ts, officialCard). */
  official: OfficialCardData;
  headingLevel?: 2 | 3 | 4;
}

/** An elected official: office, portrait, name linking to their page, short biography, contact. */
export function OfficialCard({ official, headingLevel = 3 }: OfficialCardProps) {
  return (
    <PersonCard
      person={{
        name: official.name,
        title: official.title,
        image: official.image,
        biography: official.biographyHtml ? <RichText html={official.biographyHtml} /> : undefined,
      }}
      href={official.href}
      headingLevel={headingLevel}
    >
      {official.contact ? <PersonContact contact={official.contact} /> : null}
    </PersonCard>
  );
}

/** Officials as a grid of cards, each a list item. */
export function OfficialCards({
  officials,
  headingLevel = 3,
}: {
  officials: readonly OfficialCardData[];
  headingLevel?: 2 | 3 | 4;
}) {
  return (
    <ul className="cp-grid cp-grid--cards cp-officials">
      {officials.map((official) => (
        <li key={official.id}>
          <OfficialCard official={official} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
