/**
 * Header images are served resized 700 wide by 525 high, fit max (SPEC §9), as query parameters
 * the image host understands.
 */

export const HEADER_IMAGE_TRANSFORM = { w: "700", h: "525", fit: "max" } as const;

/**
 * The URL with `w=700&h=525&fit=max`, keeping its other parameters, its fragment and its form
 * (absolute, root-relative or relative). A transformation already on the URL is replaced.
 */
export function headerImageUrl(url: string): string {
  if (url.trim() === "") return url;
  const hashAt = url.indexOf("#");
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const queryAt = withoutHash.indexOf("?");
  const base = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? "" : withoutHash.slice(queryAt + 1));
  for (const [name, value] of Object.entries(HEADER_IMAGE_TRANSFORM)) params.set(name, value);
  return `${base}?${params.toString()}${hash}`;
}
