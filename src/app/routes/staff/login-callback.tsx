import { data, redirect } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { STAFF_HEADERS } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/login-callback";

/**
 * Where the city's identity provider sends the browser back (the redirect URI registered there:
 * <site>/staff/login/callback). The sign-in's cookie is removed whatever happens: it serves once.
 *
 * Refused: a redirect to the page that says why (/staff/login/failed), in the language the
 * sign-in started in. Signed in: a page that moves on at once to where the staff member was
 * going. Not a redirect, because the browser arrived here from the provider's site, and a
 * redirect would carry on that cross-site navigation: the session cookie is `SameSite=Strict`
 * and would not be sent with it, so the console would ask to sign in again. The page's own
 * refresh (or its link) is a navigation from this site, which does send it.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const outcome = await context.services.backOffice.finishIdpSignIn({
    requestUrl: request.url,
    cookieHeader: request.headers.get("cookie"),
  });
  const headers = new Headers(STAFF_HEADERS);
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  if (!outcome.ok)
    throw redirect(
      withLang(`/staff/login/failed?reason=${outcome.reason}`, outcome.locale ?? context.locale),
      { headers },
    );
  return data({ to: withLang(outcome.back, outcome.locale) }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffLoginCallback({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  return (
    <div className="cp-container cp-staff cp-staff--narrow">
      <title>{t("login.signedIn")}</title>
      <meta httpEquiv="refresh" content={`0;url=${loaderData.to}`} />
      <h1>{t("login.signedIn")}</h1>
      <p>
        <a href={loaderData.to}>{t("login.continue")}</a>
      </p>
    </div>
  );
}
