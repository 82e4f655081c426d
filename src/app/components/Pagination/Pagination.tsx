import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pageNumbers } from "../../../domain/paging";
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
            <Link
              className="usa-pagination__link usa-pagination__previous-page"
              to={hrefFor(previous)}
              aria-label={t("pagination.previousPage")}
            >
              <span aria-hidden="true">‹ </span>
              {t("pagination.previous")}
            </Link>
          </li>
        ) : null}
        {links.map((link) =>
          link.kind === "gap" ? (
            <li key={link.key} className="usa-pagination__item usa-pagination__overflow" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link.page} className="usa-pagination__item usa-pagination__page-no">
              <Link
                className={link.current ? "usa-pagination__button usa-current" : "usa-pagination__button"}
                to={hrefFor(link.page)}
                aria-label={t("pagination.page", { page: link.page })}
                aria-current={link.current ? "page" : undefined}
              >
                {link.page}
              </Link>
            </li>
          ),
        )}
        {next !== null ? (
          <li className="usa-pagination__item usa-pagination__arrow">
            <Link
              className="usa-pagination__link usa-pagination__next-page"
              to={hrefFor(next)}
              aria-label={t("pagination.nextPage")}
            >
              {t("pagination.next")}
              <span aria-hidden="true"> ›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
