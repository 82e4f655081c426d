import { useMemo } from "react";
import { toLocale } from "../../domain/localize";
import { SearchBox, type SearchBoxProps } from "../components/SearchBox/SearchBox";
import { useTranslation } from "../i18n/use-translation";
import { siteTypeahead } from "../lib/site-typeahead";

export type SiteSearchBoxProps = Omit<SearchBoxProps<object>, "typeahead">;

/** A search box with the site's quick results, in the page's language. */
export function SiteSearchBox(props: SiteSearchBoxProps) {
  const { i18n } = useTranslation("ui");
  const locale = toLocale(i18n.language);
  const typeahead = useMemo(() => siteTypeahead(locale), [locale]);
  return <SearchBox {...props} typeahead={typeahead} />;
}
