import type { Locale } from "../../i18n";
import type { TagLabelProps } from "./TagLabel";

export interface TagLabelExample {
  locale: Locale;
  props: TagLabelProps;
}

export const tagLabelExamples = {
  english: { locale: "en", props: { title: "Apply" } },
  spanish: { locale: "es", props: { title: "Solicitar" } },
  kitchenSink: { locale: "en", props: { title: "Request a public record or a certified copy" } },
} satisfies Record<string, TagLabelExample>;
