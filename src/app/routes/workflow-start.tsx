import { startJourney } from "../../workflow/journey";
import { redirectTo, screenHref, workflowOr404 } from "../lib/workflow-http";
import type { Route } from "./+types/workflow-start";

/** /workflow/<name>: continue the resident's journey, or start one, on its current screen. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, locale } = context;
  const workflow = workflowOr404(services, params.name);
  const open = await services.workflows.open(workflow.name, request.headers.get("cookie"));
  if (open) return redirectTo(screenHref(workflow.name, open.journey.screen, request));
  const started = await services.workflows.start(workflow.name, startJourney(workflow), locale);
  return redirectTo(screenHref(workflow.name, started.journey.screen, request), started.cookie);
}

export default function WorkflowStart() {
  return null;
}
