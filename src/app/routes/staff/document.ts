import { notFoundPage } from "../../../server/fallback-page";
import { normalizeReference } from "../../../workflow/reference";
import { attachment } from "../../lib/content-disposition";
import { orForbidden, requireStaff, STAFF_HEADERS } from "../../lib/staff.server";
import type { Route } from "./+types/document";

/**
 * A document the resident uploaded with a submission, for staff who may open that submission: the
 * bytes as the resident sent them, always as a download, written to the audit log. Signed out: to
 * sign in; another service's submission: 403, as its page is. An unknown submission or document,
 * one sent with another submission, or a file no longer in storage: a 404 page in the staff
 * member's language (a download has no page of its own, and React Router's answer for a resource
 * route would be JSON).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const reference = normalizeReference(params.reference);
  if (!reference) return notFoundPage(context.locale, STAFF_HEADERS);
  const file = await orForbidden(() => context.services.backOffice.document(session, reference, params.id));
  if (!file) return notFoundPage(context.locale, STAFF_HEADERS);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      ...STAFF_HEADERS,
      // The type the store found in the bytes (PDF, JPG or PNG only), never one the browser guesses.
      "Content-Type": file.ref.type,
      "Content-Length": String(file.bytes.length),
      "Content-Disposition": attachment(file.ref.name),
      "X-Content-Type-Options": "nosniff",
      // Should a browser show it anyway, nothing in it runs or loads anything (a crafted PDF).
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
