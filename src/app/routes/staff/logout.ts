import { redirect } from "react-router";
import { STAFF_HEADERS, staffForm } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/logout";

/** Sign out (a POST from the console's bar, with its CSRF token): the session ends on the server too. */
export async function action({ context, request }: Route.ActionArgs) {
  await staffForm(context, request);
  const cookie = await context.services.backOffice.signOut(request.headers.get("cookie"));
  return redirect(withLang("/staff/login?signed-out", context.locale), {
    headers: { ...STAFF_HEADERS, "Set-Cookie": cookie },
  });
}

/** A GET (a bookmarked or typed address) signs nobody out: back to the console. */
export function loader() {
  return redirect("/staff", { headers: STAFF_HEADERS });
}
