import "./TopicCard.css";

export interface TopicCardProps {
  /** Already localized. `summary` is plain text (a topic's description is Markdown: pass a short excerpt). */
  topic: { title: string; summary?: string | null; image?: { url?: string | null } | null };
  href: string;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}

export function TopicCard({ topic, href, headingLevel = 3 }: TopicCardProps) {
  const Heading = `h${headingLevel}` as const;
  const imageUrl = topic.image?.url?.trim();
  return (
    <article className="cp-card cp-topic-card">
      {imageUrl ? (
        // Decorative: the topic's title says what the picture shows.
        <img className="cp-topic-card__image" src={imageUrl} alt="" width={96} height={96} loading="lazy" />
      ) : null}
      <Heading className="cp-topic-card__title">
        <a className="cp-card__link" href={href}>
          {topic.title}
        </a>
      </Heading>
      {topic.summary ? <p className="cp-topic-card__summary">{topic.summary}</p> : null}
    </article>
  );
}
