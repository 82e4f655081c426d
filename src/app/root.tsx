// Stylesheets first, so the production stylesheet holds them in this order: USWDS, then the tokens
// and base, then each component's own (imported with the components below), which win over both.
import "./styles/uswds.scss";
import "./styles/tokens.css";
import "./styles/base.css";
import { useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { localize } from "../domain/localize";
import type { Route } from "./+types/root";
import { bannerColors } from "./components/Alert/readableTextColor";
import { ErrorPage } from "./components/ErrorPage/ErrorPage";
import { SiteFooter } from "./components/SiteFooter/SiteFooter";
import { SiteHeader } from "./components/SiteHeader/SiteHeader";
import { SkipLink } from "./components/SkipLink/SkipLink";
import { createI18n, DEFAULT_LOCALE, type Locale } from "./i18n";
import { useTranslation } from "./i18n/use-translation";
import { pageHydrates } from "./islands/hydration";
import { Island } from "./islands/Island";
import { IslandsScript } from "./islands/IslandsScript";
import { useNonce } from "./lib/nonce";
import { siteChrome } from "./lib/view-models";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, draft, origin, islandsScript } = context;
  const [site, banners] = await Promise.all([
    services.site(),
    services.content(draft).banners(draft ? "DRAFT" : undefined),
  ]);
  return {
    locale,
    origin,
    draft,
    islandsScript,
    site,
    banners: banners.map((b) => {
      const { background_color, ...banner } = localize(b, locale);
      return { ...banner, colors: bannerColors(background_color) };
    }),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * The site's chrome (configuration, banners, language) changes with the language or the content
 * stage, not with an answer: a workflow screen moves on without asking the server for it again.
 */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return ["lang", "stage"].some((p) => currentUrl.searchParams.get(p) !== nextUrl.searchParams.get(p));
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** Absolute alternate-language links: each language has its own address (`?lang=`). */
function alternates(origin: string, pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete("lang");
  return (["en", "es"] as const).map((lang) => {
    const p = new URLSearchParams(params);
    if (lang !== DEFAULT_LOCALE) p.set("lang", lang);
    const qs = p.toString();
    return { lang, href: `${origin}${pathname}${qs ? `?${qs}` : ""}` };
  });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  // Content pages are HTML enhanced by the islands script; React Router hydrates the rest.
  const hydrate = pageHydrates(useMatches(), useRouteError());
  const locale: Locale = root?.locale ?? DEFAULT_LOCALE;
  const i18n = useMemo(() => createI18n(locale), [locale]);
  const nonce = useNonce();
  const site = root?.site;
  const chrome = siteChrome(site, locale);
  const returnTo = location.pathname + location.search;
  const colors = site?.colors ?? {};
  const themeStyle = Object.entries({
    "--color-primary": colors.primary,
    "--color-primary-dark": colors.primary_dark,
    "--color-accent": colors.accent,
    "--color-link": colors.link,
  })
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}:${v}`)
    .join(";");

  return (
    <Html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={colors.primary ?? "#1a4480"} />
        <link rel="icon" href={site?.logo ?? "/images/logo.svg"} type="image/svg+xml" />
        {root &&
          alternates(root.origin, location.pathname, location.search).map((a) => (
            <link key={a.lang} rel="alternate" hrefLang={a.lang} href={a.href} />
          ))}
        {themeStyle && <style>{`:root{${themeStyle}}`}</style>}
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <SkipLink />
          {root?.banners.map((banner) => (
            <Island
              key={banner.id}
              name="AlertBanner"
              props={{ title: banner.title, link: banner.link, colors: banner.colors }}
            />
          ))}
          <SiteHeader
            siteName={chrome.siteName}
            logoUrl={chrome.logo}
            currentPath={location.pathname}
            languageSwitch={<Island name="LanguageSwitch" props={{ returnTo }} />}
            search={<Island name="SearchBox" props={{}} />}
          />
          <main id="main-content" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter
            siteName={chrome.siteName}
            contact={chrome.contact}
            links={chrome.links}
            emergencyPhone={chrome.emergencyPhone}
          />
          {hydrate ? (
            <>
              <ScrollRestoration nonce={nonce} />
              <Scripts nonce={nonce} />
            </>
          ) : (
            root?.islandsScript && <IslandsScript src={root.islandsScript} locale={locale} />
          )}
        </I18nextProvider>
      </body>
    </Html>
  );
}

/**
 * `<html>` on the server. Preact, which runs the production browser build, hydrates into the
 * document's `<html>` element rather than the document (docs/adr/0004-preact-in-the-browser.md),
 * so there the root renders only what is inside it.
 */
function Html({ lang, children }: { lang: Locale; children: React.ReactNode }) {
  return import.meta.env.PREACT ? children : <html lang={lang}>{children}</html>;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const shown = status === 404 || status === 400 ? status : 500;
  return (
    <>
      <ErrorTitle status={shown} />
      <div className="cp-container">
        <ErrorPage status={shown} searchSlot={<NotFoundSearch />} />
      </div>
    </>
  );
}

/** The 404 page's search box, with quick results like the header's. */
function NotFoundSearch() {
  const { t } = useTranslation("ui");
  return (
    <Island
      name="SearchBox"
      props={{
        id: "not-found-search",
        label: t("search.notFoundLabel"),
        placeholder: t("search.placeholder"),
      }}
    />
  );
}

/** Error pages need a document title too (React hoists <title> into the head). */
function ErrorTitle({ status }: { status: 400 | 404 | 500 }) {
  const { t } = useTranslation("common");
  return <title>{t(`errors.title${status}`)}</title>;
}
