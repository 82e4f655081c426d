import type { Locale } from "../domain/localize";
import { textFor } from "../i18n";

/**
 * What a client that went over a rate limit is told (src/server/rate-limits.ts): a plain page in
 * the fallback page's style (no scripts, nothing else to load, so it costs almost nothing to send)
 * or, for the APIs, one sentence for the JSON body. Strings: locales/{en,es}/rate-limits.json,
 * their plurals chosen by i18next; the link home is the error pages' (ui.json).
 */
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export function tooManyRequestsPage(locale: Locale, retryAfterSeconds: number): string {
  const text = textFor(locale, "rate-limits");
  const t = (key: string) => text(`page.${key}`);
  const retry = text("page.retry", { count: minutesOf(retryAfterSeconds) });
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t("title")}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b}a{color:#005ea2}</style></head>
<body><main><h1>${t("title")}</h1><p>${t("body")}</p><p>${retry}</p><p><a href="/">${textFor(locale, "ui")("errorPage.home")}</a></p><p>${t("emergency")}</p></main></body></html>`;
}

/** The `message` of an API's 429 answer. */
export function tooManyRequestsMessage(locale: Locale, retryAfterSeconds: number): string {
  return textFor(locale, "rate-limits")("api", { count: retryAfterSeconds });
}
