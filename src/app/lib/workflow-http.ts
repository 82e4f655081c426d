import { data, redirect } from "react-router";
import { isTool } from "../../workflow/service-kind";
import type { Workflow } from "../../workflow/types";
import type { AppServices } from "../services";
import { notFound } from "./http";

/** `/workflow/<name>/<screen>`, keeping `?lang=` when the address has it. */
export function screenHref(
  name: string,
  screen: string,
  request: Request,
  extra?: Record<string, string>,
): string {
  const params = new URLSearchParams();
  const lang = new URL(request.url).searchParams.get("lang");
  if (lang) params.set("lang", lang);
  for (const [k, v] of Object.entries(extra ?? {})) params.set(k, v);
  const qs = params.toString();
  return `/workflow/${encodeURIComponent(name)}/${encodeURIComponent(screen)}${qs ? `?${qs}` : ""}`;
}

/** `/workflow/<name>`, keeping `?lang=`. */
export function serviceHref(name: string, request: Request): string {
  const lang = new URL(request.url).searchParams.get("lang");
  return `/workflow/${encodeURIComponent(name)}${lang ? `?lang=${encodeURIComponent(lang)}` : ""}`;
}

/**
 * Where a resident follows what they sent, linked from the confirmation: the service's own status
 * tool when its file names one (the deduction applications), otherwise the status page every
 * application's reference works on (src/back-office/). A tool sends nothing to follow.
 */
export function statusPageOf(
  workflow: Workflow,
  request: Request,
): { href: string; label: "again.statusTool" | "again.requestStatus" } | null {
  if (workflow.statusTool)
    return { href: serviceHref(workflow.statusTool, request), label: "again.statusTool" };
  if (isTool(workflow)) return null;
  const lang = new URL(request.url).searchParams.get("lang");
  return { href: `/request-status${lang === "es" ? "?lang=es" : ""}`, label: "again.requestStatus" };
}

/** Journeys are personal: never cached by the browser, a proxy or the page cache. */
export const PRIVATE = { "Cache-Control": "private, no-store" };

export function redirectTo(href: string, cookie?: string): Response {
  const headers = new Headers(PRIVATE);
  if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(href, { status: 303, headers });
}

export function workflowOr404(services: AppServices, name: string) {
  const workflow = services.workflows.get(name);
  if (!workflow) throw notFound();
  return workflow;
}

/**
 * Why a workflow page cannot be used: the browser sends no cookies (a journey cannot be kept
 * without one), or a form's CSRF token is missing or wrong (an old page, or a post from another
 * site). Thrown as a 403 and shown by the route's error boundary with the site's layout.
 */
export type WorkflowProblem = "cookies" | "expired";

export const problem = (reason: WorkflowProblem) =>
  data({ problem: reason }, { status: 403, statusText: "Forbidden", headers: PRIVATE });

export function isWorkflowProblem(value: unknown): value is { problem: WorkflowProblem } {
  const reason = (value as { problem?: unknown } | null)?.problem;
  return reason === "cookies" || reason === "expired";
}
