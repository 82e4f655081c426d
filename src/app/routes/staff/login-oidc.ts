import { redirect } from "react-router";
import { STAFF_HEADERS } from "../../lib/staff.server";
import { staffReturnPath, withLang } from "../../lib/staff-links";
import type { Route } from "./+types/login-oidc";

/**
 * "Sign in with <the city's identity provider>" (the sign-in page's button): off to the provider,
 * with the sign-in's sealed cookie (src/back-office/oidc-flow.ts). A provider that cannot be
 * reached gets the console's page that says so, not an error.
 *
 * A link (GET), not a form: the site's Content-Security-Policy says `form-action 'self'`, which
 * browsers also apply to where a form's redirect leads, so a posted form could not go on to the
 * provider. Starting a sign-in changes nothing on the server; a sign-in started by another site's
 * link cannot be finished by it (the state is bound to this browser's cookie).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const started = await context.services.backOffice.startIdpSignIn({
    requestUrl: request.url,
    back: staffReturnPath(new URL(request.url).searchParams.get("return")),
    locale: context.locale,
  });
  if (!started.ok) {
    const to = started.reason === "off" ? "/staff/login" : "/staff/login/failed?reason=unavailable";
    return redirect(withLang(to, context.locale), { headers: STAFF_HEADERS });
  }
  return redirect(started.location, { headers: { ...STAFF_HEADERS, "Set-Cookie": started.cookie } });
}
