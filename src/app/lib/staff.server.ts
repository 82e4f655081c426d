import { data, redirect } from "react-router";
import { csrfMatches, type StaffSession } from "../../back-office/sessions";
import type { RequestContext } from "../services";

/**
 * What every staff route does first. Pages under /staff are never cached, by the CDN or the
 * browser's back button on a shared computer, and are left out of search engines.
 */
export const STAFF_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** The signed-in staff member, or a redirect to sign in that comes back here afterwards. */
export async function requireStaff(context: RequestContext, request: Request): Promise<StaffSession> {
  const session = await context.services.backOffice.session(request.headers.get("cookie"));
  if (session) return session;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/staff/login?return=${encodeURIComponent(back)}`, { headers: STAFF_HEADERS });
}

/** A staff POST: signed in, and its form made by this session (the hidden `_csrf` field). */
export async function staffForm(
  context: RequestContext,
  request: Request,
): Promise<{ session: StaffSession; form: FormData }> {
  const session = await requireStaff(context, request);
  const form = await request.formData();
  if (!csrfMatches(session, form.get("_csrf")))
    throw data({ csrf: true }, { status: 403, headers: STAFF_HEADERS });
  return { session, form };
}

/** Runs `work`; a Forbidden (another service's submission) becomes the 403 page, not a 500. */
export async function orForbidden<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // By name: the server build holds its own copy of the class the back office (run from source) throws.
    if (error instanceof Error && error.name === "Forbidden")
      throw data({ forbidden: true }, { status: 403, headers: STAFF_HEADERS });
    throw error;
  }
}
