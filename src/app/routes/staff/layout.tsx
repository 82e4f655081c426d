import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { ErrorPage, errorStatusOf } from "../../components/ErrorPage/ErrorPage";
import { useTranslation } from "../../i18n/use-translation";
import { STAFF_HEADERS } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/layout";
import "../../../forms/theme/forms.css";
import "../workflow-screen.css";
import "./staff.css";

/**
 * The staff console's frame (/staff/...): who is signed in, the console's links and Sign out.
 * Its pages are plain server-rendered HTML with forms (no hydration, no staff code in the public
 * site's bundles) and work the same without JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await context.services.backOffice.session(request.headers.get("cookie"));
  return {
    locale: context.locale,
    who: session
      ? { email: session.account.email, admin: session.account.role === "admin", csrf: session.csrf }
      : undefined,
  };
}

export const handle = { hydrate: false };

export function headers() {
  return STAFF_HEADERS;
}

function StaffBar() {
  const { t } = useTranslation("staff");
  const d = useRouteLoaderData<typeof loader>("routes/staff/layout");
  if (!d?.who) return null;
  const href = (path: string) => withLang(path, d.locale);
  return (
    <nav className="cp-staff-bar" aria-label={t("console")}>
      <div className="cp-container cp-staff-bar__inner">
        <span className="cp-staff-bar__name">{t("console")}</span>
        <ul className="cp-staff-bar__links">
          <li>
            {/* Each link is named by its page's title. */}
            <a href={href("/staff")}>{t("home.title")}</a>
          </li>
          {d.who.admin && (
            <>
              <li>
                <a href={href("/staff/audit")}>{t("audit.title")}</a>
              </li>
              <li>
                <a href={href("/staff/deliveries")}>{t("deliveries.title")}</a>
              </li>
            </>
          )}
        </ul>
        <form method="post" action={href("/staff/logout")} className="cp-staff-bar__out">
          <span>{t("nav.signedInAs", { email: d.who.email })}</span>
          <input type="hidden" name="_csrf" value={d.who.csrf} />
          <button type="submit" className="usa-button usa-button--outline">
            {t("nav.signOut")}
          </button>
        </form>
      </div>
    </nav>
  );
}

export default function StaffLayout() {
  return (
    <>
      <StaffBar />
      <Outlet />
    </>
  );
}

/**
 * 403 (another service's submission, an expired form) in the console's words; the rest as the
 * site's. The bar stays: whoever is signed in with the wrong account sees which one, and can sign
 * out from here.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("staff");
  const d = useRouteLoaderData<typeof loader>("routes/staff/layout");
  if (isRouteErrorResponse(error) && error.status === 403) {
    const csrf = Boolean((error.data as { csrf?: boolean } | null)?.csrf);
    return (
      <>
        <StaffBar />
        <div className="cp-container cp-staff">
          <title>{t("forbidden.title")}</title>
          <h1>{t("forbidden.title")}</h1>
          <p>{csrf ? t("csrf") : t("forbidden.text")}</p>
          <p>
            <a href={withLang("/staff", d?.locale ?? "en")}>{t("home.title")}</a>
          </p>
        </div>
      </>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={errorStatusOf(status)} />;
}
