import { pageNumbers } from "../../../domain/paging";
import { useTranslation } from "../../i18n/use-translation";
import "./Pagination.css";

export interface PaginationProps {
  /** The page shown, from 1. */
  page: number;
  pageCount: number;
  /** The address of a page, keeping the rest of the query. */
  hrefFor: (page: number) => string;
}

/** Previous, numbered pages and Next as plain links; nothing at all when there is one page. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  const { t } = useTranslation("components");
  if (pageCount <= 1) return null;
  const { previous, links, next } = pageNumbers(page, pageCount);
  return (
    <nav className="usa-pagination" aria-label={t("pagination.label")}>
      <ul className="usa-pagination__list">
        {previous !== null ? (
          <li className="usa-pagination__item usa-pagination__arrow">
            <a
              className="usa-pagination__link usa-pagination__previous-page"
              href={hrefFor(previous)}
              aria-label={t("pagination.previousPage")}
            >
              <span aria-hidden="true">‹ </span>
              <span className="usa-pagination__link-text">{t("pagination.previous")}</span>
            </a>
          </li>
        ) : null}
        {links.map((link) =>
          link.kind === "gap" ? (
            <li key={link.key} className="usa-pagination__item usa-pagination__overflow" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link.page} className="usa-pagination__item usa-pagination__page-no">
              <a
                className={link.current ? "usa-pagination__button usa-current" : "usa-pagination__button"}
                href={hrefFor(link.page)}
                aria-label={t("pagination.page", { page: link.page })}
                aria-current={link.current ? "page" : undefined}
              >
                {link.page}
              </a>
            </li>
          ),
        )}
        {next !== null ? (
          <li className="usa-pagination__item usa-pagination__arrow">
            <a
              className="usa-pagination__link usa-pagination__next-page"
              href={hrefFor(next)}
              aria-label={t("pagination.nextPage")}
            >
              <span className="usa-pagination__link-text">{t("pagination.next")}</span>
              <span aria-hidden="true"> ›</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
