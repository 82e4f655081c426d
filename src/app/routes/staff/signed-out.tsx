import { data, redirect } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { STAFF_HEADERS } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/signed-out";

/**
 * After signing out of the console, with the city's identity provider: on to the provider's
 * end-session address (RP-initiated logout), so a shared computer is not left signed in there
 * either; the provider sends the browser back to the sign-in page. A page that moves on at once
 * rather than the sign-out's redirect: the site's `form-action 'self'` policy stops a form's
 * redirect from leading to another site. A provider without an end-session address: straight to
 * the sign-in page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { backOffice } = context.services;
  const idp = await backOffice.idpSignOutUrl(request.url, context.locale);
  if (!idp) throw redirect(withLang("/staff/login?signed-out", context.locale), { headers: STAFF_HEADERS });
  return data({ idp }, { headers: STAFF_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffSignedOut({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  return (
    <div className="cp-container cp-staff cp-staff--narrow">
      <title>{t("login.signedOut")}</title>
      <meta httpEquiv="refresh" content={`0;url=${loaderData.idp}`} />
      <h1>{t("login.signedOut")}</h1>
      <p>
        <a href={loaderData.idp}>{t("login.idpSignOut")}</a>
      </p>
    </div>
  );
}
