import { sameSitePath } from "../../domain/return-path";

/** `?lang=es` kept on the console's own links and redirects, as the public pages keep it. */
export const withLang = (href: string, locale: string) =>
  locale === "es" ? `${href}${href.includes("?") ? "&" : "?"}lang=es` : href;

/** Where to go after signing in: a console page, never anywhere else (`/staff` otherwise). */
export function staffReturnPath(value: unknown): string {
  const path = sameSitePath(value, "/staff");
  return path === "/staff" || path.startsWith("/staff/") || path.startsWith("/staff?") ? path : "/staff";
}
