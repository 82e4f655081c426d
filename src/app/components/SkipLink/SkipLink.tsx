import { useTranslation } from "../../i18n/use-translation";

/** The id the layout gives its <main>, so the skip link has somewhere to land. */
export const MAIN_CONTENT_ID = "main-content";

export interface SkipLinkProps {
  /** The id of the element to skip to (without '#'). */
  targetId?: string;
}

export function SkipLink({ targetId = MAIN_CONTENT_ID }: SkipLinkProps) {
  const { t } = useTranslation("components");
  return (
    <a className="usa-skipnav" href={`#${targetId}`}>
      {t("skipLink")}
    </a>
  );
}
