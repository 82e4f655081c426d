/**
 * `Content-Disposition: attachment` for a file whose name someone else chose (a resident's upload):
 * the name as given, UTF-8 and percent-encoded (`filename*`, RFC 6266 / RFC 8187), and a plain
 * ASCII copy (`filename`) for the clients that read only that one. Neither can end the header
 * early or add a parameter, whatever the name holds.
 */
export function attachment(name: string): string {
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

/**
 * "Deed of María.pdf" → "Deed of Maria.pdf": accents dropped, any other character outside
 * printable ASCII, and the quote, backslash and percent (which some browsers decode), as "_".
 */
export function asciiFallback(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_")
    .trim();
  return ascii || "file";
}

/** Percent-encoding of RFC 8187's value-chars: encodeURIComponent leaves ' ( ) * as they are. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
