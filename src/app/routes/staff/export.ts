import { csvFileName } from "../../../back-office/csv";
import { notFound } from "../../lib/http";
import { orForbidden, requireStaff, STAFF_HEADERS } from "../../lib/staff.server";
import type { Route } from "./+types/export";
import { inboxParams } from "./inbox-params";

/** The inbox as shown (same tab and search), as CSV: a download, recorded in the audit log. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const workflow = context.services.workflows.get(params.name);
  if (!workflow) throw notFound();
  const csv = await orForbidden(() =>
    context.services.backOffice.exportCsv(
      session,
      params.name,
      inboxParams(new URL(request.url).searchParams),
      context.locale,
    ),
  );
  return new Response(csv, {
    headers: {
      ...STAFF_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(workflow, new Date())}"`,
    },
  });
}
