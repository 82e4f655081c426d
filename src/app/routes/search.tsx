import { data } from "react-router";
import type { SearchResult } from "../../search/results";
import { searchResultLink } from "../../search/results";
import { cleanTerm, decodeTerm } from "../../search/term";
import { Alert } from "../components/Alert/Alert";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { NoResults } from "../components/NoResults/NoResults";
import { Pagination } from "../components/Pagination/Pagination";
import { SearchBox } from "../components/SearchBox/SearchBox";
import { SearchResultEntry } from "../components/SearchResultEntry/SearchResultEntry";
import { useTranslation } from "../i18n/use-translation";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/search";

const HITS_PER_PAGE = 50;

/** /search?term=…[&page=…][&limit=…]: the site's search results, server-rendered. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale } = context;
  const url = new URL(request.url);
  const term = cleanTerm(decodeTerm(url.searchParams.get("term") ?? ""));
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const limit = Math.min(
    HITS_PER_PAGE,
    Math.max(1, Number.parseInt(url.searchParams.get("limit") ?? "", 10) || HITS_PER_PAGE),
  );
  const site = await services.site();
  const base = { siteName: site?.name?.[locale], term, page, query: url.searchParams.toString() };
  if (!term)
    return {
      ...base,
      results: [] as (SearchResult & { href: string })[],
      total: 0,
      pages: 0,
      failed: false,
      crossLanguage: null as string | null,
    };
  try {
    const found = await services
      .search(url.hostname)
      .contentSearch(term, { locale, hitsPerPage: limit, page: page - 1 });
    return {
      ...base,
      results: found.results.map((r) => ({ ...r, href: searchResultLink(r) })),
      total: found.total,
      pages: found.pages,
      failed: false,
      // A search that found only English pages says so, and marks their language (see contentSearch).
      crossLanguage: found.foundIn !== locale ? (found.foundIn as string) : null,
    };
  } catch (error) {
    // The search backend being down must not take the page with it: say so, keep the rest working.
    console.error("search failed:", (error as Error).message);
    return data(
      { ...base, results: [], total: 0, pages: 0, failed: true, crossLanguage: null },
      { status: 503 },
    );
  }
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data: d }: Route.MetaArgs) => [
  { title: pageTitle(d?.term ? `“${d.term}”` : undefined, d?.siteName) },
  { name: "robots", content: "noindex" },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const { term, results, total, page, pages, failed, query, crossLanguage } = loaderData;
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(query);
    params.set("page", String(p));
    return `/search?${params}`;
  };
  return (
    <div className="cp-container">
      <Breadcrumbs items={[{ title: t("search.title") }]} />
      <h1>{t("search.title")}</h1>
      <SearchBox id="search-page" label={t("search.again")} defaultValue={term} />
      {failed && (
        <Alert
          alertType="error"
          title={t("search.failedTitle")}
          message={t("search.failed")}
          allowClose={false}
        />
      )}
      {!failed && term && results.length > 0 && (
        <>
          <p className="cp-search__count" role="status">
            {t("search.count", { count: total, term })}
          </p>
          {crossLanguage && (
            <Alert
              alertType="info"
              title={t("search.crossLanguageTitle")}
              message={t("search.crossLanguage", { term })}
              allowClose={false}
            />
          )}
          <ol className="cp-search__results" lang={crossLanguage ?? undefined}>
            {results.map((r) => (
              <li key={`${r.kind}:${r.id}`}>
                <SearchResultEntry
                  kind={r.kind}
                  title={r.title}
                  description={r.description ?? undefined}
                  href={r.href}
                />
              </li>
            ))}
          </ol>
          <Pagination page={page} pageCount={pages} hrefFor={hrefFor} />
        </>
      )}
      {!failed && results.length === 0 && <NoResults term={term || undefined} />}
    </div>
  );
}
