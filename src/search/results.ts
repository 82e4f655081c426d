/** Search hits (SPEC §3 Search hit) and the results the site shows (SPEC §3 Mapped result). */

export interface SearchHitLocalization {
  locale: string;
  title?: string | null;
  subtitle?: string | null;
  description?: string | null;
}

export interface SearchHit {
  objectID?: string;
  __typename?: string;
  id?: string;
  slug?: string;
  localizations?: SearchHitLocalization[] | null;
  external_content_url?: string | null;
}

export interface SearchResult {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  externalContentUrl: string | null;
  /** The lowercased type name: activity, agency, topic or service. */
  kind: string;
}

/** Maps a hit with the localization for the locale, else the first one (SPEC §3). */
export function mapHit(hit: SearchHit, locale: string): SearchResult {
  const localizations = Array.isArray(hit.localizations) ? hit.localizations : [];
  const localization = localizations.find((entry) => entry?.locale === locale) ?? localizations[0];
  return {
    id: String(hit.id ?? ""),
    slug: String(hit.slug ?? ""),
    title: localization?.title ?? "",
    subtitle: localization?.subtitle ?? null,
    description: localization?.description ?? null,
    externalContentUrl: hit.external_content_url ?? null,
    kind: String(hit.__typename ?? "").toLowerCase(),
  };
}

function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Where a result leads (SPEC §2): its external content URL when it has one, else its page:
 * /activity/<slug>, /agency/<slug>, /topic/<slug>, and /workflow/<name> for an online service.
 */
export function searchResultLink(result: Pick<SearchResult, "slug" | "kind" | "externalContentUrl">): string {
  if (result.externalContentUrl && isWebUrl(result.externalContentUrl)) return result.externalContentUrl;
  const slug = encodeURIComponent(result.slug);
  if (result.kind === "service") return `/workflow/${slug}`;
  return `/${encodeURIComponent(result.kind || "activity")}/${slug}`;
}
