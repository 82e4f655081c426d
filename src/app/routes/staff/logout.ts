import { redirect } from "react-router";
import { STAFF_HEADERS, staffForm } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/logout";

/**
 * Sign out (a POST from the console's bar, with its CSRF token): the session ends on the server
 * too. With the city's identity provider, on to /staff/signed-out, which signs out there as well.
 */
export async function action({ context, request }: Route.ActionArgs) {
  await staffForm(context, request);
  const { backOffice } = context.services;
  const cookie = await backOffice.signOut(request.headers.get("cookie"));
  const next = backOffice.signInMethods().idp ? "/staff/signed-out" : "/staff/login?signed-out";
  return redirect(withLang(next, context.locale), {
    headers: { ...STAFF_HEADERS, "Set-Cookie": cookie },
  });
}

/** A GET (a bookmarked or typed address) signs nobody out: back to the console. */
export function loader() {
  return redirect("/staff", { headers: STAFF_HEADERS });
}
