import type { Locale } from "../../i18n";
import type { StatusBadgeProps } from "./StatusBadge";

export interface StatusBadgeExample {
  locale: Locale;
  props: StatusBadgeProps;
  /** The visible text expected. */
  text: string;
}

export const statusBadgeExamples = {
  english: { locale: "en", props: { status: "draft" }, text: "Draft" },
  spanish: { locale: "es", props: { status: "draft" }, text: "Borrador" },
  unknownStatus: { locale: "es", props: { status: "Under review" }, text: "Under review" },
  kitchenSink: { locale: "en", props: { status: "Coming soon" }, text: "Coming soon" },
} satisfies Record<string, StatusBadgeExample>;
