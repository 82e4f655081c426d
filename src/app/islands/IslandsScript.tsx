import type { Locale } from "../../domain/localize";
import { useTranslation } from "../i18n/use-translation";
import { ISLAND_NAMESPACES, ISLANDS_DATA_ID, type StringBundles, serializePageData } from "./page-data";

export interface IslandsScriptProps {
  /** The islands script's address (the load context's `islandsScript`). */
  src: string;
  locale: Locale;
}

/**
 * On pages React Router does not hydrate: the islands script, and the page's language with the
 * strings its islands use (one language, a couple of KB, instead of every string in both).
 */
export function IslandsScript({ src, locale }: IslandsScriptProps) {
  const { i18n } = useTranslation();
  const strings: StringBundles = {};
  for (const ns of ISLAND_NAMESPACES) strings[ns] = i18n.getResourceBundle(locale, ns) ?? {};
  return (
    <>
      <script
        type="application/json"
        id={ISLANDS_DATA_ID}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by serializePageData, not markup.
        dangerouslySetInnerHTML={{ __html: serializePageData({ locale, strings }) }}
      />
      <script type="module" src={src} />
    </>
  );
}
