import { startJourney } from "../../workflow/journey";
import { redirectTo, screenHref, workflowOr404 } from "../lib/workflow-http";
import type { Route } from "./+types/workflow-start";

/**
 * /workflow/<name>: the resident's journey on its current screen, else the first screen. A visit
 * stores nothing: the journey begins with the first answer (routes/workflow-screen.tsx).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services } = context;
  const workflow = workflowOr404(services, params.name);
  const open = await services.workflows.open(workflow.name, request.headers.get("cookie"));
  return redirectTo(screenHref(workflow.name, (open?.journey ?? startJourney(workflow)).screen, request));
}

export default function WorkflowStart() {
  return null;
}
