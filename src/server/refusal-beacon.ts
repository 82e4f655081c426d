import express, { type Request, type Response } from "express";
import type { BackOffice } from "../back-office/back-office";
import { isLocale } from "../domain/localize";
import type { Workflow } from "../workflow/types";

/**
 * POST /api/v1/metrics/refusals: which fields the browser's own check refused (the workflow page
 * sends a beacon, src/app/routes/workflow-screen.tsx), counted for the service's dashboard like the
 * server's refusals. Only names of fields the screen has are counted; a made-up one is ignored, so
 * the dashboard cannot be filled with noise. No cookie is read, nothing is answered but 204.
 */
const FIELD = /^(\/[A-Za-z0-9_-]{1,80}){1,8}$/;
const MAX_FIELDS = 30;

/** Whether `field` (a JSON pointer such as /applicant/email or /0/name) names a property of `schema`. */
function hasField(schema: unknown, field: string): boolean {
  let node = schema as { properties?: Record<string, unknown>; items?: unknown } | undefined;
  for (const part of field.split("/").slice(1)) {
    node = (/^\d+$/.test(part) ? node?.items : node?.properties?.[part]) as typeof node;
    if (!node) return false;
  }
  return true;
}

export function refusalBeacon(deps: {
  workflow: (name: string) => Workflow | undefined;
  backOffice: Pick<BackOffice, "track">;
}) {
  return [
    // Beacons are sent as text/plain (a JSON type would need a CORS preflight a beacon cannot make).
    express.text({ type: () => true, limit: "4kb" }),
    (req: Request, res: Response) => {
      res.status(204).set("Cache-Control", "no-store").end();
      let body: { service?: unknown; screen?: unknown; locale?: unknown; fields?: unknown };
      try {
        body = JSON.parse(typeof req.body === "string" ? req.body : "");
      } catch {
        return;
      }
      const workflow = typeof body.service === "string" ? deps.workflow(body.service) : undefined;
      const screen = workflow?.screens.find((s) => s.name === body.screen);
      if (!workflow || !screen?.schema || !isLocale(body.locale) || !Array.isArray(body.fields)) return;
      const fields = body.fields
        .slice(0, MAX_FIELDS)
        .filter((f): f is string => typeof f === "string" && FIELD.test(f) && hasField(screen.schema, f));
      const context = { workflow: workflow.name, locale: body.locale, js: true };
      for (const field of new Set(fields))
        deps.backOffice.track("error", context, { screen: screen.name, field });
    },
  ];
}
