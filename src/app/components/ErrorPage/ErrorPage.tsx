import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { SearchBox } from "../SearchBox/SearchBox";
import "./ErrorPage.css";

export type ErrorStatus = 400 | 404 | 500;

/** The page for any HTTP status: 404 as itself, other client errors as 400, the rest as 500. */
export function errorStatusOf(code: number): ErrorStatus {
  if (code === 404) return 404;
  return code >= 400 && code < 500 ? 400 : 500;
}

export interface ErrorPageProps {
  status: ErrorStatus;
  /** The 404 page's search box; a plain search form when not given (e.g. one with quick results). */
  searchSlot?: ReactNode;
}

export function ErrorPage({ status, searchSlot }: ErrorPageProps) {
  const { t } = useTranslation("ui");
  return (
    <section className="cp-error-page">
      <p className="cp-error-page__label">{t("errorPage.label", { status })}</p>
      {/* The page's title, as its <title> says it (src/app/root.tsx). */}
      <h1 className="cp-error-page__title">{t(`common:errors.title${status}`)}</h1>
      <p className="cp-error-page__message">{t(`errorPage.${status}.message`)}</p>
      {status === 500 && <p>{t("errorPage.500.detail")}</p>}
      {status === 404 && (searchSlot ?? <SearchBox placeholder={t("search.placeholder")} />)}
      <p className="cp-error-page__home">
        <a href="/">{t("errorPage.home")}</a>
      </p>
    </section>
  );
}
