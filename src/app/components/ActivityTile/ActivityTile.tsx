import { type RefObject, useEffect, useRef, useState } from "react";
import { isTagOfType } from "../../../domain/filters";
import { useTranslation } from "../../i18n/use-translation";
import { StatusBadge, showsStatusBadge } from "../StatusBadge/StatusBadge";
import { TagLabel } from "../TagLabel/TagLabel";
import "./ActivityTile.css";

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface ActivityTileActivity {
  slug: string;
  title: string;
  card_title?: string | null;
  subtitle?: string | null;
  short_description?: string | null;
  /** 'Learn' or 'Payment'. */
  activity_type: string;
  status: string;
  agency?: { title?: string | null } | null;
  image?: { url?: string | null } | null;
  tags?: readonly { id: string; title?: string | null; type?: string | null }[] | null;
}

export interface ActivityTileProps {
  /** Already localized. */
  activity: ActivityTileActivity;
  href: string;
  headingLevel?: HeadingLevel;
}

/**
 * Just what a tile shows, for callers that pass a richer record: the islands script gets the
 * tile's props as JSON in the page, and every field left out is bytes not sent.
 */
export function tileActivity(activity: ActivityTileActivity): ActivityTileActivity {
  return {
    slug: activity.slug,
    title: activity.title,
    card_title: activity.card_title,
    subtitle: activity.subtitle,
    short_description: activity.short_description,
    activity_type: activity.activity_type,
    status: activity.status,
    agency: activity.agency?.title ? { title: activity.agency.title } : null,
    image: activity.image?.url ? { url: activity.image.url } : null,
    tags: activity.tags?.map(({ id, title, type }) => ({ id, title, type })),
  };
}

/** Below this much free space (px) in its parent, a tile shortens its description (SPEC §2). */
export const TRUNCATE_BELOW_PX = 70;

export function shouldTruncate(freeSpacePx: number): boolean {
  return freeSpacePx < TRUNCATE_BELOW_PX;
}

/** 'Start' for a payment, 'Learn more' for everything else. */
export function callToAction(activityType: string): "start" | "learnMore" {
  return activityType.trim().toLowerCase() === "payment" ? "start" : "learnMore";
}

/**
 * The description grows to fill what the rest of the tile leaves of its parent (see the CSS), so
 * the height of its box is the free space. Measuring it this way cannot oscillate: truncating
 * only ever shrinks the box, which keeps it under the threshold.
 */
function useTruncation(
  tileRef: RefObject<HTMLElement | null>,
  descriptionRef: RefObject<HTMLElement | null>,
) {
  const [truncate, setTruncate] = useState(false);
  useEffect(() => {
    const tile = tileRef.current;
    const description = descriptionRef.current;
    let parent = tile?.parentElement;
    // An island marker (display: contents) has no box to measure; its parent does.
    while (parent && getComputedStyle(parent).display === "contents") parent = parent.parentElement;
    if (!tile || !description || !parent || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      setTruncate(shouldTruncate(description.getBoundingClientRect().height));
    });
    observer.observe(parent);
    observer.observe(tile);
    return () => observer.disconnect();
  }, [tileRef, descriptionRef]);
  return truncate;
}

export function ActivityTile({ activity, href, headingLevel = 3 }: ActivityTileProps) {
  const { t } = useTranslation("components");
  const tileRef = useRef<HTMLElement>(null);
  const descriptionRef = useRef<HTMLParagraphElement>(null);
  const truncate = useTruncation(tileRef, descriptionRef);
  const Heading = `h${headingLevel}` as const;
  const title = activity.card_title?.trim() || activity.title;
  const verbTags = (activity.tags ?? []).filter((tag) => isTagOfType(tag, "verb") && tag.title);
  const imageUrl = activity.image?.url?.trim();
  return (
    <article ref={tileRef} className={truncate ? "cp-tile cp-tile--truncate" : "cp-tile"}>
      {imageUrl ? (
        // Decorative: the title beside it says everything the picture does.
        <img
          className="cp-tile__image"
          src={imageUrl}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <Heading className="cp-tile__title">
        <a className="cp-tile__link" href={href}>
          {title}
        </a>
      </Heading>
      {showsStatusBadge(activity.status) ? (
        <p className="cp-tile__status">
          <StatusBadge status={activity.status} />
        </p>
      ) : null}
      {activity.subtitle ? <p className="cp-tile__subtitle">{activity.subtitle}</p> : null}
      {activity.agency?.title ? (
        <p className="cp-tile__agency">
          <span className="usa-sr-only">{t("tile.agency")} </span>
          {activity.agency.title}
        </p>
      ) : null}
      {activity.short_description ? (
        <p ref={descriptionRef} className="cp-tile__desc">
          {activity.short_description}
        </p>
      ) : null}
      {verbTags.length > 0 ? (
        <ul className="cp-tile__tags" aria-label={t("tile.tags")}>
          {verbTags.map((tag) => (
            <li key={tag.id}>
              <TagLabel title={tag.title ?? tag.id} />
            </li>
          ))}
        </ul>
      ) : null}
      {/* The whole tile is the title link (see the CSS); this is the visible cue, not a second link. */}
      <span className="cp-tile__cta" aria-hidden="true">
        {t(`tile.${callToAction(activity.activity_type)}`)}
      </span>
    </article>
  );
}
