import { useTranslation } from "../../i18n/use-translation";

export interface Crumb {
  /** Already localized. */
  title: string;
  /** Omitted on the current page. */
  href?: string;
}

export interface BreadcrumbsProps {
  /** The trail after Home: the section, then the page itself (last, without href). */
  items: readonly Crumb[];
  homeHref?: string;
}

/** Home › section › page. */
export function Breadcrumbs({ items, homeHref = "/" }: BreadcrumbsProps) {
  const { t } = useTranslation("components");
  // Home is named as the main menu names it (SiteHeader).
  const trail: Crumb[] = [{ title: t("common:nav.home"), href: homeHref }, ...items];
  return (
    <nav className="usa-breadcrumb" aria-label={t("breadcrumbs.label")}>
      <ol className="usa-breadcrumb__list">
        {trail.map((crumb, index) => {
          const isLast = index === trail.length - 1;
          return (
            <li
              key={index}
              className="usa-breadcrumb__list-item"
              aria-current={isLast && !crumb.href ? "page" : undefined}
            >
              {crumb.href && !isLast ? (
                // USWDS underlines the span, so the phone's back arrow is not underlined with it.
                <a className="usa-breadcrumb__link" href={crumb.href}>
                  <span>{crumb.title}</span>
                </a>
              ) : (
                <span>{crumb.title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
