/**
 * The data of the staff preview pages (routes/preview-workflows.tsx, routes/preview-workflow.tsx):
 * the services the site serves, the files it refused, each one's check results and map.
 *
 * Staff only: every loader first asks `staffOnly`, which answers 404 to anyone without the
 * editors' preview session: the site's own "page not found", the same as for any address that
 * does not exist, so the answer says nothing about what is there.
 */

import { localizeText } from "../../workflow/localize";
import { workflowMap } from "../../workflow/map";
import type { Locale, Workflow } from "../../workflow/types";
import type { RequestContext } from "../services";
import { notFound } from "./http";
import { checkWorkflowFile, shownFile } from "./workflow-lint.server";
import { screenPreviews } from "./workflow-preview";

/** Staff pages are for the one editor who asked: never stored by a browser or a proxy, never indexed. */
export const STAFF_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export function staffOnly(context: Pick<RequestContext, "staff">): void {
  if (!context.staff) throw notFound();
}

const both = (text: Parameters<typeof localizeText>[0]) => ({
  en: localizeText(text, "en"),
  es: localizeText(text, "es"),
});

/** `/preview/workflows`: every service with its check summary, then the files refused. */
export async function previewList(context: RequestContext) {
  const { workflows } = context.services;
  const services = await Promise.all(
    workflows
      .names()
      .sort()
      .map(async (name) => {
        const workflow = workflows.get(name) as Workflow;
        const check = await checkWorkflowFile(workflow.file);
        return {
          name,
          title: both(workflow.title),
          file: check.file,
          screens: workflow.screens.length,
          errors: check.errors,
          warnings: check.warnings,
        };
      }),
  );
  const refused = await Promise.all(
    [...new Set(workflows.problems().map((p) => p.file))].sort().map((file) => checkWorkflowFile(file)),
  );
  return { services, refused };
}

const maps = new WeakMap<Workflow, string>();

/** The map is drawn once per loaded service (a reload makes new Workflow objects). */
function mapOf(workflow: Workflow): string {
  let svg = maps.get(workflow);
  if (svg === undefined) {
    svg = workflowMap(workflow);
    maps.set(workflow, svg);
  }
  return svg;
}

/** `/preview/workflows/<name>`: the service's check results, map and screens in both languages. */
export async function previewService(context: RequestContext, name: string) {
  const workflow = context.services.workflows.get(name);
  if (!workflow) throw notFound();
  const locale: Locale = context.locale;
  return {
    name: workflow.name,
    title: both(workflow.title),
    description: workflow.description === undefined ? null : both(workflow.description),
    file: shownFile(workflow.file),
    mapFile: `docs/services/${workflow.name}.svg`,
    start: workflow.start,
    check: await checkWorkflowFile(workflow.file),
    map: mapOf(workflow),
    screens: screenPreviews(workflow, locale),
    href: `/workflow/${encodeURIComponent(workflow.name)}`,
  };
}
