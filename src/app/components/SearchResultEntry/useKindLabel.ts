import { useTranslation } from "../../i18n/use-translation";

const KNOWN_KINDS = new Set(["activity", "agency", "topic", "service"]);

/** The translated name of a search result's kind; an unknown kind is shown as written, capitalised. */
export function useKindLabel(): (kind: string) => string {
  const { t } = useTranslation("ui");
  return (kind) => {
    const key = kind.trim().toLowerCase();
    if (KNOWN_KINDS.has(key)) return t(`searchResult.kind.${key}`);
    return key ? key[0]!.toUpperCase() + key.slice(1) : "";
  };
}
