import type { Locale } from "../../i18n";
import type { SkipLinkProps } from "./SkipLink";

export interface SkipLinkExample {
  locale: Locale;
  props: SkipLinkProps;
}

export const skipLinkExamples = {
  english: { locale: "en", props: {} },
  spanish: { locale: "es", props: {} },
  kitchenSink: { locale: "en", props: { targetId: "page-content" } },
} satisfies Record<string, SkipLinkExample>;
