import "./SearchResultEntry.css";
import { useKindLabel } from "./useKindLabel";

export interface SearchResultEntryProps {
  /** Activity, agency, topic or service (SPEC §3 mapped result `kind`). */
  kind: string;
  title: string;
  description?: string | null;
  /** The destination, built by the caller (the search client's `searchResultLink`). */
  href: string;
  headingLevel?: 2 | 3 | 4;
}

export function SearchResultEntry({
  kind,
  title,
  description,
  href,
  headingLevel = 2,
}: SearchResultEntryProps) {
  const kindLabel = useKindLabel();
  const Heading = `h${headingLevel}` as const;
  const label = kindLabel(kind);
  return (
    <article className="cp-search-result">
      <Heading className="cp-search-result__title">
        <a href={href}>{title}</a>
      </Heading>
      {/* After the title in reading order, so heading navigation lands on the title; shown above it. */}
      {label && <p className="cp-search-result__kind">{label}</p>}
      {description?.trim() && <p className="cp-search-result__description">{description}</p>}
    </article>
  );
}
