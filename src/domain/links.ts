/**
 * Where a content item links to, and which section of the site a path belongs to (SPEC §2).
 */

export interface LinkableItem {
  slug?: string | null;
  externalContentUrl?: string | null;
  external_content_url?: string | null;
  description?: string | { markdown?: string | null } | null;
}

// Stops at whitespace, the brackets and quotes that close Markdown and HTML links, and `<>`.
const URL_IN_TEXT = /https?:\/\/[^\s<>()[\]"'`]+/i;
// A sentence may end right after a bare URL: that full stop is not part of it.
const TRAILING_PUNCTUATION = /[.,;:!?*_~]+$/;

/** The first absolute http(s) URL in a piece of Markdown, if any. */
export function firstUrlIn(markdown: string | null | undefined): string | undefined {
  if (!markdown) return undefined;
  const match = URL_IN_TEXT.exec(markdown);
  if (!match) return undefined;
  const url = match[0].replace(TRAILING_PUNCTUATION, "");
  return /^https?:\/\/./i.test(url) ? url : undefined;
}

function descriptionMarkdown(description: LinkableItem["description"]): string | undefined {
  if (typeof description === "string") return description;
  return description?.markdown ?? undefined;
}

/**
 * The link of a content item: its external content URL, else the first URL in its Markdown
 * description, else `/{section}/{slug}`.
 */
export function contentLink(item: LinkableItem, section: string): string {
  const external = [item.externalContentUrl, item.external_content_url]
    .map((url) => url?.trim())
    .find(Boolean);
  if (external) return external;
  const inDescription = firstUrlIn(descriptionMarkdown(item.description));
  if (inDescription) return inDescription;
  const path = section.replace(/^\/+|\/+$/g, "");
  return item.slug ? `/${path}/${item.slug}` : `/${path}`;
}

/** The first segment of a path (`/activity/pay-taxes` → `activity`); 'home' when there is none. */
export function currentSection(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? "";
  const first = path.split("/").find((segment) => segment.length > 0);
  return first ?? "home";
}

/**
 * True for absolute http(s) and protocol-relative URLs, i.e. links that leave the current page's
 * origin by construction. With `siteHost`, links to that host (any case, with or without `www.`)
 * are not external. Relative paths, fragments, `mailto:` and `tel:` are never external.
 */
export function isExternal(url: string, siteHost?: string): boolean {
  const trimmed = url.trim();
  if (!/^(https?:)?\/\//i.test(trimmed)) return false;
  if (!siteHost) return true;
  let host: string;
  try {
    host = new URL(trimmed, "https://placeholder.invalid").host;
  } catch {
    return true;
  }
  return !sameHost(host, siteHost);
}

/**
 * Compares hosts case-insensitively, treating `www.example.gov` and `example.gov` as one site; a
 * port on only one side does not make them differ.
 */
export function sameHost(a: string, b: string): boolean {
  const [hostA, hostB] = [splitHost(a), splitHost(b)];
  if (hostA.name !== hostB.name) return false;
  return !hostA.port || !hostB.port || hostA.port === hostB.port;
}

function splitHost(host: string): { name: string; port?: string } {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^www\./, "");
  const match = /^(.*?)(?::(\d+))?$/.exec(bare);
  return { name: match?.[1] ?? bare, port: match?.[2] };
}
