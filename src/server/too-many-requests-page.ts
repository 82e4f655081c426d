import en from "../../locales/en/rate-limits.json";
import es from "../../locales/es/rate-limits.json";
import type { Locale } from "../domain/localize";

/**
 * What a client that went over a rate limit is told (src/server/rate-limits.ts): a plain page in
 * the fallback page's style (no scripts, nothing else to load, so it costs almost nothing to send)
 * or, for the APIs, one sentence for the JSON body. Strings: locales/{en,es}/rate-limits.json.
 */
const STRINGS = { en, es };

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const counted = (one: string, other: string, count: number) =>
  (count === 1 ? one : other).replace("{{count}}", String(count));

export function tooManyRequestsPage(locale: Locale, retryAfterSeconds: number): string {
  const t = STRINGS[locale].page;
  const retry = counted(t.retry_one, t.retry_other, minutesOf(retryAfterSeconds));
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b}a{color:#005ea2}</style></head>
<body><main><h1>${t.title}</h1><p>${t.body}</p><p>${retry}</p><p><a href="/">${t.home}</a></p><p>${t.emergency}</p></main></body></html>`;
}

/** The `message` of an API's 429 answer. */
export function tooManyRequestsMessage(locale: Locale, retryAfterSeconds: number): string {
  const t = STRINGS[locale];
  return counted(t.api_one, t.api_other, retryAfterSeconds);
}
