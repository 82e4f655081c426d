import type { Locale } from "../../i18n";
import type { LanguageSwitchProps } from "./LanguageSwitch";

export interface LanguageSwitchExample {
  name: string;
  locale: Locale;
  props: LanguageSwitchProps;
}

export const languageSwitchExamples: LanguageSwitchExample[] = [
  { name: "English page", locale: "en", props: { returnTo: "/" } },
  { name: "Spanish page", locale: "es", props: { returnTo: "/activity/apply-for-a-homestead-deduction" } },
  {
    name: "kitchen sink: a page with a query string",
    locale: "en",
    props: { returnTo: "/search?term=property tax&limit=10" },
  },
];
