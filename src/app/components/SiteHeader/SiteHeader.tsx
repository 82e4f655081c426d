import type { ReactNode } from "react";
import { currentSection } from "../../../domain/links";
import { useTranslation } from "../../i18n/use-translation";
import "./SiteHeader.css";

export interface SiteHeaderProps {
  /** Already localized ('Consolidated City and County of Cedarport'). */
  siteName: string;
  logoUrl?: string;
  /** The path of the page shown, to mark its section in the menu. */
  currentPath: string;
  /** The search box (SearchBox or Typeahead). */
  search?: ReactNode;
  /** The language switch. */
  languageSwitch?: ReactNode;
}

/** Each link is named by its page's own title (`label`, a key of the common namespace). */
const NAV = [
  { id: "home", href: "/", label: "common:nav.home", sections: ["home"] },
  {
    id: "activities",
    href: "/activities",
    label: "common:activities.title",
    sections: ["activities", "activity"],
  },
  { id: "agencies", href: "/agencies", label: "common:agencies.title", sections: ["agencies", "agency"] },
  { id: "topics", href: "/topics", label: "common:topics.title", sections: ["topics", "topic"] },
] as const;

/** 'page' on the section's own page, 'true' elsewhere in the section. */
export function navCurrent(
  item: { href: string; sections: readonly string[] },
  path: string,
): "page" | "true" | undefined {
  const pathname = path.split(/[?#]/)[0] || "/";
  if (pathname.replace(/\/+$/, "") === item.href.replace(/\/+$/, "")) return "page";
  return item.sections.includes(currentSection(pathname)) ? "true" : undefined;
}

/**
 * The city's name and logo, the search box and language switch, and the main menu. On small
 * screens the menu folds into a <details> element, so it opens without JavaScript. The layout
 * puts the SkipLink first in <body>, before any banner and this header.
 */
export function SiteHeader({ siteName, logoUrl, currentPath, search, languageSwitch }: SiteHeaderProps) {
  const { t } = useTranslation("components");
  return (
    <header className="cp-site-header">
      {languageSwitch ? (
        <div className="cp-site-header__utility">
          <div className="grid-container">{languageSwitch}</div>
        </div>
      ) : null}
      <div className="grid-container cp-site-header__bar">
        <a className="cp-site-header__brand" href="/">
          {logoUrl ? (
            <img className="cp-site-header__logo" src={logoUrl} alt="" width={48} height={48} />
          ) : null}
          <span>{siteName}</span>
        </a>
        <details className="cp-site-header__menu">
          <summary className="cp-site-header__menu-button">{t("header.menu")}</summary>
          <nav className="cp-site-header__nav" aria-label={t("header.primaryNav")}>
            <ul className="cp-site-header__nav-list">
              {NAV.map((item) => (
                <li key={item.id}>
                  <a
                    className="cp-site-header__nav-link"
                    href={item.href}
                    aria-current={navCurrent(item, currentPath)}
                  >
                    {t(item.label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </details>
        {search ? <div className="cp-site-header__search">{search}</div> : null}
      </div>
    </header>
  );
}
