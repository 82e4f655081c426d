import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createI18n, type Locale } from "../../i18n";
import { MarkdownRichText } from "./MarkdownRichText";

/**
 * Content Markdown as sanitised HTML, for <RichText html>. Content changes rarely and the same
 * description is shown on many requests, so results are kept (bounded, least recently used first
 * out); a key holds the language because link hints and iframe titles are translated.
 */
const MAX_ENTRIES = 2_000;
const cache = new Map<string, string>();

export function renderRichText(
  markdown: string | null | undefined,
  locale: Locale,
  options: { headingOffset?: number; siteHost?: string } = {},
): string | null {
  if (!markdown?.trim()) return null;
  const key = `${locale}\u0000${options.headingOffset ?? 0}\u0000${options.siteHost ?? ""}\u0000${markdown}`;
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(locale)}>
      <MarkdownRichText markdown={markdown} {...options} />
    </I18nextProvider>,
  );
  cache.set(key, html);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return html;
}
