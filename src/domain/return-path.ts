/**
 * Where a "go back" redirect may send a resident: a path on this site, never another site.
 * Browsers treat a backslash like a slash, so `/\evil.example` is `//evil.example` to them, and
 * tabs and newlines inside a URL are dropped before it is read: the path is judged the way a
 * browser would resolve it.
 */
export function sameSitePath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  if ([...value].some((c) => c <= "\u001f" || c === "\u007f" || c === "\\")) return fallback;
  const base = "http://same.site.invalid";
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return fallback;
  }
  if (resolved.origin !== base || value.startsWith("//")) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
